import CalgenCore
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenSync

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
        let big = fixture.root.appendingPathComponent("big.json").path
        do {
            _ = try SyncState.read(big)
            Issue.record("a state past the limit was read")
        } catch {
            let problem = error.diagnostics.first
            #expect(problem?.file == big && problem?.message.contains("the limit for this kind of file is 67108864") == true)
            #expect(problem?.fix?.contains("move it away") == true)
        }
    }

    /// A state that is not one calgen wrote is named with the JSON path of what is wrong and a
    /// fix; a pipe in its place is refused at once, never waited on.
    @Test func aBrokenStateIsToldWhereAndAPipeIsNotWaitedOn() throws {
        let fixture = try Fixture()
        try fixture.write("kind.json", Data(#"{"format": "one"}"#.utf8))
        try fixture.write("cut.json", Data(#"{"format": 1, "events": {"#.utf8))
        for (name, place, why) in [
            ("kind.json", Diagnostic.Location.jsonPath("format"), "a value of the wrong kind"),
            ("cut.json", nil, "not JSON, or cut short"),
        ] {
            let path = fixture.root.appendingPathComponent(name).path
            do {
                _ = try SyncState.read(path)
                Issue.record("\(name) was read")
            } catch {
                let problem = error.diagnostics.first
                #expect(problem?.file == path && problem?.location == place, "\(error.diagnostics)")
                #expect(problem?.message == "is not a sync state calgen wrote: \(why)")
                #expect(problem?.fix?.contains("move it away") == true)
            }
        }
        let pipe = fixture.root.appendingPathComponent("pipe.json").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let started = ContinuousClock.now
        #expect(throws: ContentErrors.self) { try SyncState.read(pipe) }
        #expect(ContinuousClock.now - started < .seconds(5))
    }
}
