/// `changes.xml`: the site's news as an Atom feed (RFC 4287), one entry per site version that
/// changed holiday data or notes, so that feed readers learn of a new State Council notice.
enum ChangesFeed {
    static let path = "changes.xml"

    static func file(news: [NewsItem], baseURL: String, siteTitle: String, strings: SiteStrings, fallbackDate: String)
        -> OutputFile
    {
        var versions = [Int]()
        var byVersion = [Int: [NewsItem]]()
        for item in news {
            if byVersion[item.version] == nil { versions.append(item.version) }
            byVersion[item.version, default: []].append(item)
        }
        let feedID = baseURL + path
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        xml += "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(strings.language.rawValue)\">\n"
        xml += "  <title>\(escape(siteTitle + " · " + strings.ui.changesFeed))</title>\n"
        xml += "  <subtitle>\(escape(strings.ui.changesSubtitle))</subtitle>\n"
        xml += "  <link rel=\"self\" type=\"application/atom+xml\" href=\"\(escape(feedID))\"/>\n"
        xml += "  <link rel=\"alternate\" type=\"text/html\" href=\"\(escape(baseURL))\"/>\n"
        xml += "  <id>\(escape(feedID))</id>\n"
        xml += "  <updated>\(escape(news.first?.date ?? fallbackDate))</updated>\n"
        xml += "  <author><name>\(escape(siteTitle))</name></author>\n"
        xml += "  <generator>calgen</generator>\n"
        for version in versions {
            let items = byVersion[version]!
            let title = items.map(\.title).joined(separator: strings.isChinese ? "；" : "; ")
            var html = "<ul>"
            for item in items {
                html += "<li><a href=\"\(escape(baseURL + item.path))\">\(escape(item.title))</a></li>"
            }
            html += "</ul>"
            xml += "  <entry>\n"
            xml += "    <title>\(escape(title))</title>\n"
            xml += "    <link rel=\"alternate\" type=\"text/html\" href=\"\(escape(baseURL + items[0].path))\"/>\n"
            xml += "    <id>\(escape(feedID))#version-\(version)</id>\n"
            xml += "    <updated>\(escape(items[0].date))</updated>\n"
            xml += "    <content type=\"html\">\(escape(html))</content>\n"
            xml += "  </entry>\n"
        }
        xml += "</feed>\n"
        return OutputFile(path: path, bytes: Array(xml.utf8))
    }

    /// Text for element content and attribute values. Every field of the feed goes through
    /// here, those from the previous manifest's news above all: `& < > "` are escaped, and
    /// characters XML 1.0 does not allow (control characters but tab and line breaks,
    /// U+FFFE, U+FFFF) are dropped, so that no value can add markup or make the file invalid.
    static func escape(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "\t", "\n", "\r": out.append(scalar)
            default:
                let v = scalar.value
                if v < 0x20 || v == 0xFFFE || v == 0xFFFF { continue }
                out.append(scalar)
            }
        }
        return String(out)
    }
}
