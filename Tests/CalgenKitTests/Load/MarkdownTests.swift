import CalgenModel
import Testing

@testable import CalgenLoad

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

    /// Emphasis next to full-width punctuation, as Chinese authors write it: the cases CommonMark's
    /// flanking rules refuse, and the ones that must stay as they are.
    @Test(arguments: [
        (
            "按规定**提前到2月14日（周六，补班日）**发放。",
            "<p>按规定<strong>提前到2月14日（周六，补班日）</strong>发放。</p>\n"
        ),
        ("**“春节”**假期", "<p><strong>“春节”</strong>假期</p>\n"),
        ("请在*（周五）*前报名", "<p>请在<em>（周五）</em>前报名</p>\n"),
        ("注意：**「值班表」**已更新", "<p>注意：<strong>「值班表」</strong>已更新</p>\n"),
        ("请看*《通知》*全文", "<p>请看<em>《通知》</em>全文</p>\n"),
        ("**已**报名（**截止**）", "<p><strong>已</strong>报名（<strong>截止</strong>）</p>\n"),
        ("链接**[（通知）](https://www.gov.cn/x)**见此", "<p>链接<strong><a href=\"https://www.gov.cn/x\">（通知）</a></strong>见此</p>\n"),
        // Untouched: what cmark matched, code, Latin text, and runs with white space inside.
        ("**bold** and *em*", "<p><strong>bold</strong> and <em>em</em></p>\n"),
        ("代码`**（x）**发`不变", "<p>代码<code>**（x）**发</code>不变</p>\n"),
        ("5 * 3 * 2 等于三十", "<p>5 * 3 * 2 等于三十</p>\n"),
        ("a**（b）**c", "<p>a<strong>（b）</strong>c</p>\n"),
        ("x**(y)**z", "<p>x**(y)**z</p>\n"),
        ("只有一个**星号", "<p>只有一个**星号</p>\n"),
    ])
    func emphasisNextToFullWidthPunctuation(markdown: String, html: String) {
        #expect(Markdown.html(from: markdown) == html)
    }

    @Test func plainTextLosesTheAsterisksToo() {
        #expect(Markdown.plainText(from: "按规定**提前到2月14日（周六，补班日）**发放。") == "按规定提前到2月14日（周六，补班日）发放。")
    }

    /// One parse gives the links, the HTML and the text each function alone gives.
    @Test(arguments: [
        "# 国庆\n\n*值班*", "按规定**提前到2月14日（周六，补班日）**发放。", "链接**[（通知）](https://www.gov.cn/x)**见此",
        "- [a](javascript:x)\n- ![b](data:x) **[c](/d)**\n\n```\ncode *x*\n```\n", "", "<b>raw</b> 5 * 3 * 2",
    ])
    func oneParseGivesWhatEachFunctionGives(markdown: String) {
        let rendered = Markdown.rendered(from: markdown)
        #expect(rendered.html == Markdown.html(from: markdown))
        #expect(rendered.text == Markdown.plainText(from: markdown))
        let links = { (links: [(url: String, line: Int, column: Int)]) in links.map { "\($0.url) \($0.line):\($0.column)" } }
        #expect(links(rendered.links) == links(Markdown.links(in: markdown)))
    }
}
