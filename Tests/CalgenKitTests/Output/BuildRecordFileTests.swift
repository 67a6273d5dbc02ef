import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenKit
@testable import CalgenPublish
@testable import CalgenSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The record a build keeps beside its output is written through temporary names no one could
/// have prepared, and nothing at all is written beside an output that is refused.
@Suite struct BuildRecordFileTests {
    /// A link planted at the old predictable temporary name (`<file>.tmp-<pid>`) is left alone,
    /// and so is the file it points to.
    @Test func aLinkAtThePredictableTemporaryNameIsNotFollowed() throws {
        let fixture = try Fixture(.mini)
        try fixture.write("outside.txt", "precious")
        let path = fixture.root.appendingPathComponent(".public.calgen-record").path
        let planted = path + ".tmp-\(getpid())"
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: "outside.txt")
        BuildRecordFile.write(Array("calgen-record 1\n".utf8), to: path)
        #expect(fixture.read("outside.txt") == "precious")
        #expect(fixture.read(".public.calgen-record") == "calgen-record 1\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: planted)) == "outside.txt")
        let left = try FileManager.default.contentsOfDirectory(atPath: fixture.root.path).filter { $0.contains("calgen-record.") }
        #expect(left == [".public.calgen-record.tmp-\(getpid())"], "\(left)")
    }

    /// A link at the final name is replaced by the new file, never written through; a taken
    /// random name (a link or a file) is passed over for another.
    @Test func aLinkAtTheFinalOrARandomNameIsNeverWrittenThrough() throws {
        let fixture = try Fixture(.mini)
        try fixture.write("outside.txt", "precious")
        let path = fixture.root.appendingPathComponent(".public.calgen-record").path
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "outside.txt")
        BuildRecordFile.write(Array("calgen-record 1\n".utf8), to: path)
        #expect(fixture.read("outside.txt") == "precious")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil)
        #expect(fixture.read(".public.calgen-record") == "calgen-record 1\n")

        try FileManager.default.createSymbolicLink(
            atPath: fixture.root.appendingPathComponent(".x.tmp-a").path, withDestinationPath: "outside.txt")
        try fixture.write(".x.tmp-b", "stale")
        let folder = open(fixture.root.path, O_RDONLY | O_DIRECTORY)
        defer { close(folder) }
        var names = ["a", "b", "c"].makeIterator()
        let name = try ExclusiveTemporaryFile.create(Array("new".utf8), in: folder, beside: "x", tag: "tmp") { names.next()! }
        #expect(name == ".x.tmp-c" && fixture.read(".x.tmp-c") == "new" && fixture.read(".x.tmp-b") == "stale")
        #expect(fixture.read("outside.txt") == "precious")
    }

    /// A build refused by the output guard (here an output inside the content) leaves no file
    /// anywhere: not the record, nor anything else.
    @Test(arguments: ["Content/notes", "Templates", "www"])
    func aRefusedBuildWritesNothing(_ output: String) throws {
        let fixture = try Fixture(.mini)
        try fixture.write("www/keep.txt", "precious")
        let before = Fixture.fingerprint(fixture.root.path)
        let options = fixture.options(output: fixture.root.appendingPathComponent(output).path)
        #expect(throws: OutputError.self) { try SiteBuilder(options: options).build() }
        #expect(Fixture.differences(before, Fixture.fingerprint(fixture.root.path)).isEmpty)
    }
}
