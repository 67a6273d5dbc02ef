import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// Good input that used to be refused: what Windows editors write.
@Suite(.endToEnd) struct LineEndingTests {
    /// Windows editors write CRLF and often a byte order mark: every kind of file accepts both.
    @Test func acceptsCRLFAndAByteOrderMarkEverywhere() throws {
        let fixture = try Fixture(.mini)
        for path in [
            "Content/site.yml", "Content/notes/2026/year-end-party.md", "Content/users/zhang-san.yml",
            "Content/holidays/2026.json",
        ] {
            let original = fixture.read(path)
            let text = try #require(original)
            try fixture.write(path, "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n"))
        }
        let site = try fixture.buildInMemory()
        #expect(site.read("notes/year-end-party/index.html")?.contains("<h1>2026 年会</h1>") == true)
        #expect(site.read("2026/index.html")?.contains("国庆节") == true)
    }
}
