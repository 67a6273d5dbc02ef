import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// `changes/`: the news for people, linked from every page's footer; `changes.xml` stays for
/// feed readers.
@Suite(.endToEnd) struct ChangesPageTests {
    @Test func listsEveryVersionNewestFirstAndLinksOnlyPagesThatExist() throws {
        let fixture = try Fixture()
        let first = try SmallSite.get()
        let page = "Content/notes/2026/lantern.md"
        try fixture.write(page, "---\ntitle: 元宵灯会\ndate: 2026-03-03\n---\n一起去看灯。\n")
        let second = try fixture.buildInMemory(previous: first.output)
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent(page))
        let third = try fixture.buildInMemory(previous: second.output)
        let html = try #require(third.read("changes/index.html"))
        #expect(html.contains(#"<a href="../changes.xml" type="application/atom+xml">"#))
        // Version 3 first: the note removed links to the notes; version 2's added note is gone,
        // so its item is text; version 1 links to the home page.
        let v3 = try #require(html.range(of: "第 3 版"))
        let v2 = try #require(html.range(of: "第 2 版"))
        let v1 = try #require(html.range(of: "第 1 版"))
        #expect(v3.lowerBound < v2.lowerBound && v2.lowerBound < v1.lowerBound)
        #expect(html.contains(#"<li><a href="../notes/">记事删除：元宵灯会</a></li>"#))
        #expect(html.contains("<li>新记事：元宵灯会</li>"))
        #expect(second.read("changes/index.html")?.contains(#"<a href="../notes/lantern/">新记事：元宵灯会</a>"#) == true)
        #expect(html.contains(#"<time datetime="2026-11-21">2026年11月21日 星期六</time>"#))
        // Every page's footer leads here, not to the XML.
        #expect(third.read("2026/index.html")?.contains(#"<a href="../changes/">更新记录</a>"#) == true)
    }
}
