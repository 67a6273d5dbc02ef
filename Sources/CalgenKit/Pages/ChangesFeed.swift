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
        xml += "  <title>\(escape(siteTitle + " · " + strings.ui["changesFeed"]!))</title>\n"
        xml += "  <subtitle>\(escape(strings.ui["changesSubtitle"]!))</subtitle>\n"
        xml += "  <link rel=\"self\" type=\"application/atom+xml\" href=\"\(escape(feedID))\"/>\n"
        xml += "  <link rel=\"alternate\" type=\"text/html\" href=\"\(escape(baseURL))\"/>\n"
        xml += "  <id>\(escape(feedID))</id>\n"
        xml += "  <updated>\(news.first?.date ?? fallbackDate)</updated>\n"
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
            xml += "    <updated>\(items[0].date)</updated>\n"
            xml += "    <content type=\"html\">\(escape(html))</content>\n"
            xml += "  </entry>\n"
        }
        xml += "</feed>\n"
        return OutputFile(path: path, bytes: Array(xml.utf8))
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
