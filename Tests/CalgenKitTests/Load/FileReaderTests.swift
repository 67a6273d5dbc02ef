import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenLoad
@testable import CalgenSupport

/// Reading input files with a limit: the reader of every file of `Content/`.
@Suite struct FileReaderTests {
    /// FileReader checks the opened file's size and never reads past the limit; the streamed
    /// digest agrees with the one of the bytes in memory.
    @Test func theFileReaderReadsAtMostTheLimit() throws {
        let fixture = try Fixture(.mini)
        let path = fixture.content + "/notes/huge.md"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("---\n".utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 400_000_000)
        try handle.close()
        let error = #expect(throws: ContentErrors.self) {
            try FileReader.readBytes(path, root: fixture.content, limit: Limits.noteFileBytes)
        }
        #expect(error?.diagnostics.first?.message == "the file has 400000000 bytes; the limit for this kind of file is 1048576")
        let site = fixture.content + "/site.yml"
        let bytes = try FileReader.readBytes(site, root: fixture.content, limit: Limits.siteFileBytes)
        #expect(bytes == Array(try #require(FileManager.default.contents(atPath: site))))
        #expect(FileReader.sha256(ofFileAt: site) == Digest.sha256(bytes))
        #expect(FileReader.sha256(ofFileAt: fixture.content + "/notes") == nil)
    }
}
