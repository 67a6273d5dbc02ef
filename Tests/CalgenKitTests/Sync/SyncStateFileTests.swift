import CalgenKit
import CalgenTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The sync state on disk: written whole through a name no one could have prepared, readable by
/// its owner only, and read back only when it is of a size calgen writes.
@Suite struct SyncStateFileTests {
    @Test func aPlantedLinkIsNeverFollowedAndTheStateIsPrivate() throws {
        let fixture = try Fixture()
        let path = fixture.root.appendingPathComponent("state.json").path
        let victim = fixture.root.appendingPathComponent("victim.txt").path
        try fixture.write("victim.txt", "precious")
        // The names the state was once written through, planted as links to another file.
        for name in ["state.json.tmp-\(getpid())", ".state.json.tmp-0"] {
            try FileManager.default.createSymbolicLink(
                atPath: fixture.root.appendingPathComponent(name).path, withDestinationPath: victim)
        }
        let state = SyncState(collection: "https://dav.example/cal/", sourceVersion: 3)
        try state.write(path)
        #expect(fixture.read("victim.txt") == "precious")
        #expect(try SyncState.read(path)?.sourceVersion == 3)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.root.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.sorted() == [".state.json.tmp-0", "state.json.tmp-\(getpid())"])
    }

    @Test func aStateOfASizeCalgenNeverWritesIsRefused() throws {
        let fixture = try Fixture()
        try fixture.write("big.json", Data(count: (64 << 20) + 1))
        #expect(throws: SyncState.FileError.self) { try SyncState.read(fixture.root.appendingPathComponent("big.json").path) }
    }
}
