import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// Notes on the pages: in the day cells, on the month and year pages, on their own pages and in
/// the index. (Drafts only when asked and hostile notes inert: `NotePageBuildTests`, end to end.)
@Suite struct NotePageTests {
    @Test func notesAppearOnCellsMonthPagesTheirOwnPagesAndTheIndex() throws {
        let site = try BundledSite.get()
        let month = site.read("2026/10/index.html") ?? ""
        #expect(month.contains(##"<a class="nm" href="#note-national-day-duty">国庆值班安排</a>"##))
        #expect(month.components(separatedBy: ##"href="#note-national-day-duty""##).count - 1 == 7)
        #expect(month.contains(#"<article class="note" id="note-national-day-duty">"#))
        #expect(month.contains("2026年10月1日（周四）至10月7日（周三） 每天 09:00–18:00"))
        let year = site.read("2026/index.html") ?? ""
        #expect(year.contains(#"<a class="nm" href="../notes/payday-moved/" title="二月发薪日提前">"#))
        let page = site.read("notes/national-day-duty/index.html") ?? ""
        #expect(page.contains("<h1>国庆值班安排</h1>"))
        #expect(page.contains(#"<a href="../../2026/10/">2026年10月</a>"#))
        #expect(page.contains(#"<a class="tag" href="../../notes/#tag-值班">值班</a>"#))
        let index = site.read("notes/index.html") ?? ""
        #expect(index.contains(#"<h3 id="tag-值班">值班 <span class="count">(2)</span></h3>"#))
        #expect(site.read("index.html")?.contains("2026 年会") == true)  // upcoming after 2026-11-21
    }
}
