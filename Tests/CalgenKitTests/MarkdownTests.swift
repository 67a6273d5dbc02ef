import CalgenKit
import Testing

@Suite struct MarkdownTests {
    @Test func rendersCommonMark() {
        #expect(Markdown.html(from: "# 国庆\n\n*值班*") == "<h1>国庆</h1>\n<p><em>值班</em></p>\n")
    }

    @Test func dropsRawHTMLAndScriptLinks() {
        let html = Markdown.html(from: "<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>")
        #expect(!html.contains("<script"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("onerror"))
    }
}
