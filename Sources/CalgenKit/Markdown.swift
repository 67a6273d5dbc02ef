import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// CommonMark rendering through the cmark C library.
public enum Markdown {
    /// Renders Markdown to HTML in cmark's safe default: raw HTML is replaced by a comment and
    /// `javascript:`, `vbscript:`, `file:` and most `data:` links are dropped.
    public static func html(from markdown: String) -> String {
        var source = markdown
        return source.withUTF8 { buffer -> String in
            guard let base = buffer.baseAddress,
                let rendered = base.withMemoryRebound(to: CChar.self, capacity: buffer.count, { chars in
                    cmark_markdown_to_html(chars, buffer.count, CMARK_OPT_DEFAULT)
                })
            else { return "" }
            defer { free(rendered) }
            return String(cString: rendered)
        }
    }
}
