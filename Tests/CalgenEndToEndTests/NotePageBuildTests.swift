import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// Notes on the pages of whole builds of a small site: drafts only when asked; hostile notes inert.
/// (The notes of the bundled site's pages: `NotePageTests`.)
@Suite(.endToEnd) struct NotePageBuildTests {
    @Test func draftsOnlyWithTheDraftsOption() throws {
        let site = try SmallSite.get()
        #expect(site.read("notes/team-outing/index.html") == nil)
        #expect(site.read("notes/index.html")?.contains("部门团建") == false)
        let fixture = try Fixture()
        let drafts = try fixture.buildInMemory(previous: site.output) { $0.includeDrafts = true }
        #expect(drafts.read("notes/team-outing/index.html")?.contains(#"<span class="draft">草稿</span>"#) == true)
    }

    /// Hostile input never reaches the page as live markup: cmark drops raw HTML, and templates
    /// escape everything from front matter. (A Markdown link to `javascript:` is an error: see
    /// the bad-input catalogue.)
    @Test func hostileNotesStayInert() throws {
        let fixture = try Fixture()
        try fixture.write(
            "Content/notes/evil.md",
            """
            ---
            title: <img src=x onerror=alert(1)>
            date: 2026-10-08
            tags: ['"><script>alert(2)</script>']
            ---
            <script>alert(3)</script>

            [x](https://example.com/) <a href="javascript:alert(5)">y</a> ![i](../pic.png)

            <img src=x onerror=alert(7)>
            """)
        let site = try fixture.buildInMemory()
        for page in ["notes/evil/index.html", "2026/10/index.html", "notes/index.html", "2026/index.html"] {
            let html = site.read(page) ?? ""
            #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"), "\(page)")
            for live in ["<img src=x", "<script>alert", "javascript:", "onerror=alert(7)", #""><script>"#] {
                #expect(!html.contains(live), "\(page) contains \(live)")
            }
        }
    }
}
