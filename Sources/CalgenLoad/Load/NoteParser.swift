import CalgenCore
import Yams

/// Parses one note file: YAML front matter between `---` lines, then Markdown.
enum NoteParser {
    static let allowedKeys = [
        "title", "date", "start", "end", "time", "duration", "tags", "draft", "slug", "audience", "visibility", "minor",
    ]

    /// `file` is the path used in messages; `fileName` the last path component, which gives the
    /// default slug.
    static func parse(_ text: String, file: String, fileName: String) throws(ContentErrors) -> Note {
        func failure(_ line: Int, _ message: String, fix: String) -> ContentErrors {
            ContentErrors(Diagnostic(file: file, location: .line(line, column: 1), message: message, fix: fix))
        }
        let skeleton = "start the file with a line `---`, then `title: …` and `date: YYYY-MM-DD`, then a line `---`"
        var lines = NoteParser.lines(of: text)
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
        guard let first = lines.first, first.trimmingTrailingSpaces == "---" else {
            throw failure(1, "the note has no front matter", fix: skeleton)
        }
        guard let close = lines.indices.dropFirst().first(where: { ["---", "..."].contains(lines[$0].trimmingTrailingSpaces) })
        else {
            throw failure(1, "the front matter opened on line 1 is never closed", fix: "add a line `---` after its last key")
        }
        let (yaml, body) = NoteParser.parts(of: text, lines: lines, close: close)

        var problems = DiagnosticCollector()
        guard let node = try YAMLDocument.parse(yaml, file: file, lineOffset: 1) else {
            throw failure(2, "the front matter is empty: missing required key \"title\"", fix: skeleton)
        }
        var fields = try YAMLFields(node, file: file, what: "the front matter", lineOffset: 1)
        fields.rejectUnknownKeys(allowed: allowedKeys)
        let title = fields.string("title", required: true, example: "国庆值班安排")
        let (start, end) = dates(&fields)
        let time = fields.time("time")
        let duration = fields.span("duration")
        if let duration, duration.minutes > Limits.durationMinutes {
            fields.report(
                "duration", "\"duration\" must be at most 31d, found \(duration)",
                fix: "use a range of days (`start`/`end`) instead")
        }
        if duration != nil && time == nil && fields.has("duration") {
            fields.report("duration", "\"duration\" needs a \"time\"", fix: "add `time: \"09:00\"` or remove the duration")
        }
        var tags = [String]()
        for tag in fields.strings("tags") ?? [] {
            let clean = tag.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !tags.contains(clean) { tags.append(clean) }
        }
        let draft = fields.bool("draft") ?? false
        var audience = [String]()
        for name in fields.strings("audience") ?? [] where !audience.contains(name) {
            if Identifier.isValid(name) {
                audience.append(name)
            } else {
                fields.report(
                    "audience", "\"\(name)\" in \"audience\" is not `public`, a subscriber id or a group name",
                    fix: "use lowercase letters, digits and hyphens, e.g. `audience: [public, team-a]`")
            }
        }
        var feedsOnly = false
        if let visibility = fields.string("visibility") {
            switch visibility {
            case "public": break
            case "feeds": feedsOnly = true
            default:
                fields.report(
                    "visibility", "\"visibility\" is `public` (the default) or `feeds`, found \"\(visibility)\"",
                    fix: "write `visibility: feeds` to keep the note off the public site, or leave the key out")
            }
        }
        if feedsOnly && audience.contains("public") {
            fields.report(
                "audience", "a note with `visibility: feeds` cannot be addressed to `public`, whose feed is public",
                fix: "address it to subscriber ids or group names, or remove `visibility: feeds`")
        }
        if feedsOnly && audience.isEmpty && fields.has("visibility") {
            fields.report(
                "visibility", "a note with `visibility: feeds` and no \"audience\" would be published nowhere",
                fix: "add `audience: [team-a]` (subscriber ids or group names), or remove `visibility: feeds`")
        }
        let minor = fields.bool("minor") ?? false
        var slug: String?
        if let given = fields.string("slug") {
            if Identifier.isSlug(given) {
                slug = given
            } else {
                fields.report(
                    "slug", "\"slug\" must be URL-safe: lowercase letters, digits and hyphens, found \"\(given)\"",
                    fix: "write e.g. `slug: national-day-duty`")
            }
        } else {
            let stem = fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName
            let lowered = stem.lowercased()
            if Identifier.isSlug(lowered) {
                slug = lowered
            } else {
                problems.add(
                    Diagnostic(
                        file: file, location: .line(1, column: 1),
                        message: "the file name \"\(fileName)\" does not give a URL-safe slug",
                        fix: "rename the file using lowercase letters, digits and hyphens, or add `slug: some-words`"))
            }
        }
        let markdown = Markdown.rendered(from: body)
        for link in markdown.links where !TextRules.isSafeLink(link.url) {
            problems.add(
                Diagnostic(
                    file: file, location: .line(close + 1 + link.line, column: link.column),
                    message:
                        "the link \"\(link.url.count > 80 ? link.url.prefix(80) + "…" : Substring(link.url))\" is not an http(s) or relative link",
                    fix: TextRules.linkFix))
        }
        problems.add(contentsOf: fields.problems)
        try problems.throwIfAny()
        guard let title, let start, let end, let slug else { throw ContentErrors(problems.diagnostics) }
        return Note(
            slug: slug, title: title, start: start, end: end, time: time, duration: time == nil ? nil : duration,
            tags: tags, draft: draft, audience: audience, html: markdown.html,
            text: markdown.text, file: file, feedsOnly: feedsOnly, minor: minor)
    }

    /// The lines of a note's text, without their line feeds and a carriage return before one.
    static func lines(of text: String) -> [Substring] {
        // Without a carriage return each line feed is a character of its own (only `\r\n` joins one
        // into a character): the same lines come from splitting the bytes, without reading characters.
        guard text.utf8.contains(UInt8(ascii: "\r")) else {
            return text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Substring.init)
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            line.hasSuffix("\r") ? line.dropLast() : line
        }
    }

    /// The front matter (the lines between the first and the closing one) and the body (the
    /// lines after that), each joined by line feeds. Without a carriage return the lines lie one
    /// after another in the text, a line feed between each two: that is the text between them.
    static func parts(of text: String, lines: [Substring], close: Int) -> (yaml: String, body: String) {
        guard !text.utf8.contains(UInt8(ascii: "\r")) else {
            return (lines[1..<close].joined(separator: "\n"), lines[(close + 1)...].joined(separator: "\n"))
        }
        let yaml = close > 1 ? String(text[lines[1].startIndex..<lines[close - 1].endIndex]) : ""
        let body = close + 1 < lines.count ? String(text[lines[close + 1].startIndex...]) : ""
        return (yaml, body)
    }

    /// `date`, or an inclusive `start`/`end` range.
    private static func dates(_ fields: inout YAMLFields) -> (CivilDate?, CivilDate?) {
        let hasRange = fields.has("start") || fields.has("end")
        if fields.has("date") {
            if hasRange {
                fields.report(
                    "date", "a note has either \"date\" or \"start\" and \"end\", not both",
                    fix: "keep `date:` for one day, or `start:` and `end:` for a range")
                return (nil, nil)
            }
            let date = fields.date("date")
            return (date, date)
        }
        guard hasRange else {
            fields.report(nil, "missing required key \"date\"", fix: "add `date: 2026-10-01`, or `start:` and `end:` for a range")
            return (nil, nil)
        }
        let start = fields.date("start")
        let end = fields.date("end")
        if !fields.has("start") { fields.report(nil, "\"end\" needs a \"start\"", fix: "add `start: YYYY-MM-DD`") }
        if !fields.has("end") {
            fields.report("start", "\"start\" needs an \"end\"", fix: "add `end: YYYY-MM-DD` (the last day, inclusive)")
        }
        if let start, let end, end < start {
            fields.report(
                "end", "\"end\" (\(end.iso8601)) is before \"start\" (\(start.iso8601))",
                fix: "swap them: the range runs from start to end, both included")
            return (nil, nil)
        }
        if let start, let end, end.dayNumber - start.dayNumber + 1 > Limits.noteDays {
            fields.report(
                "end", "the note spans \(end.dayNumber - start.dayNumber + 1) days; the limit is \(Limits.noteDays)",
                fix: "split it into one note per year, or correct \"end\"")
            return (nil, nil)
        }
        return (start, end)
    }
}

extension Substring {
    fileprivate var trimmingTrailingSpaces: Substring {
        var s = self
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return s
    }
}
