import CalgenCore
import CalgenModel
import Foundation

/// Finds internal links of the generated pages that point at nothing: a missing page or file,
/// or a `#fragment` that names no `id` in its page.
package enum LinkCheck {
    /// - Parameters:
    ///   - sitePath: the path part of the base URL, which absolute links start with.
    ///   - sources: the content file a page comes from (a note's page → its Markdown file).
    ///   - noteLinks: the links written in notes, with their files: a note's body also appears on
    ///     month pages, and a broken link there is the note's.
    package static func problems(
        in files: [OutputFile], sitePath: String, sources: [String: String], noteLinks: [String: String] = [:]
    ) -> [Diagnostic] {
        var byPath = [String: OutputFile]()
        for file in files { byPath[file.path] = file }
        var ids = [String: Set<String>]()
        func idsOf(_ path: String) -> Set<String> {
            if let cached = ids[path] { return cached }
            let found = Set(attributes("id", in: byPath[path]?.bytes ?? []))
            ids[path] = found
            return found
        }
        // One problem per broken link and source: a template bug repeats on every page.
        var broken = [String: (pages: [String], reason: String)]()
        for file in files where file.path.hasSuffix(".html") {
            let directory = file.path.contains("/") ? String(file.path[..<file.path.lastIndex(of: "/")!]) : ""
            for link in attributes("href", in: file.bytes) + attributes("src", in: file.bytes) {
                if link.isEmpty || link.contains(":") && !link.hasPrefix("/") && !link.hasPrefix(".") && !link.hasPrefix("#") {
                    continue  // https:, webcal:, mailto:, data:
                }
                var target = link
                var fragment: String?
                if let hash = target.firstIndex(of: "#") {
                    fragment = String(target[target.index(after: hash)...])
                    target = String(target[..<hash])
                }
                if let query = target.firstIndex(of: "?") { target = String(target[..<query]) }
                var resolved: String
                if target.isEmpty {
                    resolved = file.path
                } else if target.hasPrefix("/") {
                    guard target.hasPrefix(sitePath) else {
                        broken[link + "\n" + (sources[file.path] ?? noteLinks[link] ?? ""), default: ([], "is outside the site")]
                            .pages.append(file.path)
                        continue
                    }
                    resolved = normalize(String(target.dropFirst(sitePath.count)))
                } else {
                    resolved = normalize(directory.isEmpty ? target : directory + "/" + target)
                }
                if target.hasSuffix("/") || resolved.isEmpty
                    || (!target.isEmpty && byPath[resolved] == nil && byPath[resolved + "/index.html"] != nil)
                {
                    resolved += resolved.isEmpty ? "index.html" : "/index.html"
                }
                let key = link + "\n" + (sources[file.path] ?? noteLinks[link] ?? "")
                if byPath[resolved] == nil {
                    broken[key, default: ([], "points at nothing in the site")].pages.append(file.path)
                } else if let fragment, !fragment.isEmpty, resolved.hasSuffix(".html"),
                    !idsOf(resolved).contains(fragment.removingPercentEncoding ?? fragment)
                {
                    broken[key, default: ([], "names #\(fragment), which \(resolved) does not have")].pages.append(file.path)
                }
            }
        }
        return broken.map { key, value in
            let parts = key.split(separator: "\n", omittingEmptySubsequences: false)
            let link = String(parts[0])
            let source = parts.count > 1 && !parts[1].isEmpty ? String(parts[1]) : nil
            let pages = value.pages.sorted()
            let onPages = pages.count == 1 ? pages[0] : "\(pages[0]) and \(pages.count - 1) more pages"
            return Diagnostic(
                file: source ?? pages[0], location: source.flatMap { place(of: link, in: $0) },
                message: "the link \"\(link)\" on \(onPages) \(value.reason)",
                fix: source != nil ? "correct the link in the note" : "correct the template or content that makes this link")
        }.sorted()
    }

    /// Where `text` first appears in a file, as line and column.
    static func place(of text: String, in file: String) -> Diagnostic.Location? {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        let source = String(decoding: data, as: UTF8.self)
        for (i, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: text) {
                return .line(i + 1, column: line.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return nil
    }

    /// The values of one attribute (`href="…"`) in an HTML document, entity-decoded for `&amp;`.
    package static func attributes(_ name: String, in bytes: [UInt8]) -> [String] {
        let needle = Array((" " + name + "=\"").utf8)
        var values = [String]()
        var i = 0
        let count = bytes.count
        while i + needle.count < count {
            if bytes[i] == needle[0] && Array(bytes[i..<(i + needle.count)]) == needle {
                let start = i + needle.count
                var end = start
                while end < count && bytes[end] != UInt8(ascii: "\"") { end += 1 }
                values.append(String(decoding: bytes[start..<end], as: UTF8.self).replacingOccurrences(of: "&amp;", with: "&"))
                i = end
            } else {
                i += 1
            }
        }
        return values
    }

    /// Resolves `.` and `..` in a relative path.
    static func normalize(_ path: String) -> String {
        var parts = [Substring]()
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }
}

/// Checks the structure of every generated feed: CRLF line ends, lines of at most 75 octets,
/// balanced components, and one UID per event within a feed.
package enum FeedCheck {
    /// What is wrong with the feeds among `files`, one diagnostic each.
    package static func problems(in files: [OutputFile]) -> [Diagnostic] {
        var problems = [Diagnostic]()
        for file in files where file.path.hasSuffix(".ics") {
            // A personal feed's folder is its secret: never print it.
            let name = file.path.split(separator: "/").count == 3 ? "feeds/…/" + file.path.split(separator: "/").last! : file.path
            var stack = [Substring]()
            var uids = Set<Substring>()
            let text = String(decoding: file.bytes, as: UTF8.self)
            let lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
            func report(_ line: Int, _ message: String) {
                problems.append(
                    Diagnostic(
                        file: name, location: .line(line, column: 1), message: message,
                        fix: "this is a bug in calgen: please report it"))
            }
            if lines.last != "" { report(lines.count, "the feed does not end with CRLF") }
            for (i, line) in lines.enumerated() where !line.isEmpty {
                if line.utf8.count > 75 { report(i + 1, "the line has \(line.utf8.count) octets, more than 75") }
                if line.contains("\n") || line.contains("\r") { report(i + 1, "a line break without CRLF") }
                if line.hasPrefix("BEGIN:") { stack.append(line.dropFirst(6)) }
                if line.hasPrefix("END:") {
                    if stack.popLast() != line.dropFirst(4) { report(i + 1, "\(line) does not close the open component") }
                }
            }
            for line in text.replacingOccurrences(of: "\r\n ", with: "").split(separator: "\r\n") where line.hasPrefix("UID:") {
                if !uids.insert(line.dropFirst(4)).inserted {
                    problems.append(
                        Diagnostic(
                            file: name, message: "two events share the UID \(line.dropFirst(4))",
                            fix: "give each reminder its own id"))
                }
            }
            if !stack.isEmpty { report(lines.count, "unclosed \(stack.joined(separator: ", "))") }
        }
        return problems
    }
}
