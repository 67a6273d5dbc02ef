import CalgenCore
import CalgenModel
import Foundation
import Yams

extension SiteConfig {
    static let keys = [
        "title", "base-url", "language", "timezone", "week-start", "description", "feed-years-before", "feed-years-after",
        "feed-refresh", "holidays-source", "observances",
    ]

    /// Reads `site.yml`, reporting every problem with line and column.
    package static func parse(_ text: String, file: String) throws(ContentErrors) -> SiteConfig {
        guard let node = try YAMLDocument.parse(text, file: file) else {
            throw ContentErrors(
                Diagnostic(file: file, message: "the file is empty", fix: "add at least `title:` and `base-url:`"))
        }
        var fields = try YAMLFields(node, file: file, what: "the site settings")
        fields.rejectUnknownKeys(allowed: keys)
        let title = fields.string("title", required: true, example: "中国法定节假日")
        var baseURL = fields.string("base-url", required: true, example: "https://calendar.example.com/")
        if let url = baseURL {
            if let normalized = SiteConfig.normalizedBaseURL(url) {
                baseURL = normalized
            } else {
                fields.report(
                    "base-url", "\"\(url)\" is not an absolute http(s) URL",
                    fix: "write e.g. `base-url: https://calendar.example.com/`")
                baseURL = nil
            }
        }
        var language = SiteLanguage.chinese
        if let value = fields.string("language") {
            if let l = SiteLanguage(rawValue: value) {
                language = l
            } else {
                fields.report(
                    "language", "unsupported language \"\(value)\"",
                    fix: "use one of: \(SiteLanguage.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        var timeZone = Calgen.defaultTimeZone
        if let value = fields.string("timezone") {
            if TimeZone(identifier: value) != nil {
                timeZone = value
            } else {
                fields.report("timezone", "unknown time zone \"\(value)\"", fix: "use an IANA name such as Asia/Shanghai")
            }
        }
        var weekStart = Weekday.monday
        if let value = fields.string("week-start") {
            if let w = Weekday.allCases.first(where: { $0.key == value.lowercased() }) {
                weekStart = w
            } else {
                fields.report("week-start", "\"\(value)\" is not a weekday", fix: "write `week-start: monday` or `sunday`")
            }
        }
        let description = fields.string("description", maxLength: Limits.textCharacters)
        let before = fields.int("feed-years-before", in: 0...Limits.feedYears) ?? 1
        let after = fields.int("feed-years-after", in: 0...Limits.feedYears) ?? 1
        var refresh = fields.span("feed-refresh") ?? TimeSpan(minutes: 12 * 60)
        if refresh.minutes < 15 || refresh.minutes > 31 * 24 * 60 {
            fields.report(
                "feed-refresh", "\"feed-refresh\" must be from 15m to 31d, found \(refresh)",
                fix: "write e.g. `feed-refresh: 12h`")
            refresh = TimeSpan(minutes: 15)
        }
        let source = fields.string("holidays-source")
        if let source, !(TextRules.isWebURL(source) && (source.hasSuffix("/") || source.contains("{year}"))) {
            fields.report(
                "holidays-source", "\"\(source)\" is not a URL of a folder of YYYY.json files",
                fix: "write an http(s) URL ending in `/`, or one with `{year}` where the year goes")
        }
        var observances = [ObservanceSet]()
        for name in fields.strings("observances") ?? [] {
            if let set = ObservanceSet(rawValue: name) {
                if !observances.contains(set) { observances.append(set) }
            } else {
                fields.report(
                    "observances", "\"\(name)\" is not a set of observances",
                    fix: "use one of: \(ObservanceSet.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        try fields.throwIfAny()
        guard let title, let baseURL else { throw ContentErrors(fields.problems) }
        return SiteConfig(
            title: title, baseURL: baseURL, language: language, timeZone: timeZone, weekStart: weekStart,
            description: description, feedYearsBefore: before, feedYearsAfter: after, feedRefresh: refresh,
            holidaysSource: source, observances: observances)
    }
}
