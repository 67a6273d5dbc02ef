import CalgenModel
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bad inputs of the catalogue (`BadInputCatalogue` runs each through the command line;
/// `SiteCheckTests` runs the content cases through `SiteBuilder.check()`), over every input kind
/// and the command line.
///
/// Every case starts from a copy of one small site (a few holiday years, the bundled notes of
/// 2026, one subscriber).
public enum BadInputCases {
    /// What a case does to the copy before the failing run.
    public enum Change: Sendable {
        case write(String, Data)
        case remove(String)
        case link(String, to: String)
        case mkdir(String)
        /// A named pipe in place of whatever is at the path.
        case fifo(String)
    }

    public struct Case: CustomStringConvertible, Sendable {
        public let description: String
        public var changes: [Change] = []
        public var arguments: [String] = []
        public var environment: [String: String?] = [:]
        public let expected: [String]
        /// The command run (`build` when `nil`).
        public var command: String? = nil
    }

    public static let secret = "catalogue-test-secret-0123456789"

    // MARK: Helpers that make cases

    static func write(_ name: String, _ path: String, _ text: String, _ expected: String...) -> Case {
        Case(description: name, changes: [.write(path, Data(text.utf8))], expected: expected)
    }

    static func bytes(_ name: String, _ path: String, _ bytes: Data, _ expected: String...) -> Case {
        Case(description: name, changes: [.write(path, bytes)], expected: expected)
    }

    static func cli(
        _ name: String, _ arguments: [String], env: [String: String?] = [:], changes: [Change] = [], _ expected: String...
    )
        -> Case
    {
        Case(description: name, changes: changes, arguments: arguments, environment: env, expected: expected)
    }

    static func holiday(_ json: String) -> String {
        #"{"year": 2026, "papers": [], "days": ["# + json + "]}"
    }

    static func note(_ front: String, _ body: String = "正文。\n") -> String {
        "---\ntitle: 年会\n" + front + "---\n" + body
    }

    static func subscriber(_ reminder: String, top: String = "") -> String {
        "name: 测试\n" + top + "reminders:\n  - id: a\n    title: 提醒\n" + reminder
    }

    static let site = "title: 日历\nbase-url: https://example.com/\n"
    /// A shard's listing as calgen writes it, but not signed.
    static let unsignedShard = """
        {
          "calgen-shard" : 2,
          "feeds" : [],
          "generator" : "\(Calgen.generator)",
          "inputs" : {},
          "of" : 1,
          "pages" : [],
          "shard" : 1
        }

        """

    /// A "billion laughs" (ten levels of ten aliases, 10^9 nodes expanded) whose last alias is
    /// used as a key: ten lines, then `? *l9` on the eleventh. The sixth line is where the
    /// aliases pass `Limits.yamlNodes` (at its eighth `*l4`, column 45).
    public static let laughsAsKey: String = {
        var text = "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            text += "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        return text + "? *l9\n: boom\n"
    }()
    static let day = #"{"name": "春节", "date": "2026-02-17", "isOffDay": true}"#

    // MARK: The catalogue

    public static let holidayCases: [Case] = [
        write(
            "invalid JSON", "Content/holidays/2026.json", "{\n  \"year\": 2026,\n  \"days\": [,]\n}",
            "2026.json:3:12: error: invalid JSON"),
        write(
            "a missing field", "Content/holidays/2026.json", holiday(#"{"name": "春节", "date": "2026-02-17"}"#),
            #"days[0]: missing required field "isOffDay""#),
        write(
            "a wrong type", "Content/holidays/2026.json", holiday(#"{"name": "春节", "date": "2026-02-17", "isOffDay": "yes"}"#),
            #"days[0].isOffDay: expected true or false"#),
        write(
            "an impossible date", "Content/holidays/2026.json",
            holiday(#"{"name": "春节", "date": "2026-02-30", "isOffDay": true}"#),
            #"days[0].date: "2026-02-30" is not a valid date"#),
        write(
            "a date listed twice with different statuses", "Content/holidays/2026.json",
            holiday(day + #", {"name": "春节", "date": "2026-02-17", "isOffDay": false}"#),
            "days[1]: 2026-02-17 is listed as a workday here"),
        write(
            "a date that disagrees with another file", "Content/holidays/2007.json",
            #"{"year": 2007, "papers": [], "days": [{"name": "元旦", "date": "2007-12-29", "isOffDay": true}]}"#,
            "2008.json: days[0]: 2007-12-29 is listed as a workday here but as an off day in"),
        write(
            "a file name that disagrees with its year", "Content/holidays/2021.json",
            #"{"year": 2012, "papers": [], "days": []}"#, "2021.json: year: 2012 does not match the file name"),
        write(
            "a key twice", "Content/holidays/2026.json", #"{"year":2026,"year":2025,"papers":[],"days":[]}"#,
            #"2026.json:1:14: error: invalid JSON: the key "year" appears twice"#),
        write(
            "a javascript: notice link", "Content/holidays/2026.json",
            #"{"year": 2026, "papers": ["javascript:alert(1)"], "days": []}"#,
            "2026.json: papers[0]: the string \"javascript:alert(1)\" is not an http(s) URL"),
        write(
            "a data: notice link", "Content/holidays/2026.json", #"{"year": 2026, "papers": ["data:text/html,x"], "days": []}"#,
            "papers[0]: the string \"data:text/html,x\" is not an http(s) URL"),
        write(
            "a notice link with a space", "Content/holidays/2026.json",
            #"{"year": 2026, "papers": ["https://www.gov.cn/a b"], "days": []}"#, "papers[0]:", "is not an http(s) URL"),
        write(
            "a notice link without a host", "Content/holidays/2026.json",
            #"{"year": 2026, "papers": ["https:///x"], "days": []}"#, "papers[0]:", "is not an http(s) URL"),
        write(
            "a year far out of range", "Content/holidays/2026.json", #"{"year": 99999, "papers": [], "days": []}"#,
            "2026.json: year: 99999 is outside the years calgen knows"),
        write(
            "a huge number", "Content/holidays/2026.json", #"{"year": 1e999, "papers": [], "days": []}"#,
            "2026.json:1:10: error: invalid JSON: the number is too large"),
        write(
            "nesting 100 deep", "Content/holidays/2026.json",
            #"{"year": 2026, "papers": [], "days": [], "x": "# + String(repeating: "[", count: 100)
                + String(repeating: "]", count: 100) + "}",
            "invalid JSON: arrays and objects are nested more than 64 deep"),
        write(
            "a control character in a name", "Content/holidays/2026.json",
            holiday(#"{"name": "春\u0007节", "date": "2026-02-17", "isOffDay": true}"#),
            "days[0].name: the name contains the control character U+0007"),
        write(
            "an escape sequence in a name", "Content/holidays/2026.json",
            holiday(#"{"name": "\u001b[31m春节", "date": "2026-02-17", "isOffDay": true}"#),
            "days[0].name: the name contains the control character U+001B"),
        write(
            "a name of 300 characters", "Content/holidays/2026.json",
            holiday(#"{"name": ""# + String(repeating: "节", count: 300) + #"", "date": "2026-02-17", "isOffDay": true}"#),
            "days[0].name: the name is longer than 200 characters"),
        write(
            "a holiday file over 1 MB", "Content/holidays/2026.json",
            #"{"year": 2026, "papers": [], "days": [], "pad": ""# + String(repeating: "x", count: 1_100_000) + #""}"#,
            "2026.json: the file has 1100", "the limit for this kind of file is 1048576"),
        write("a root that is not an object", "Content/holidays/2026.json", "[]", "2026.json: (root): expected an object"),
        write(
            "papers that are not a list", "Content/holidays/2026.json", #"{"year": 2026, "papers": "x", "days": []}"#,
            "papers: expected an array of URLs"),
        write(
            "days that are not a list", "Content/holidays/2026.json", #"{"year": 2026, "papers": [], "days": {}}"#,
            "days: expected an array of days"),
        write(
            "a date of another year", "Content/holidays/2026.json",
            holiday(#"{"name": "劳动节", "date": "2024-05-01", "isOffDay": true}"#), "days[0].date: 2024-05-01 is outside 2026"),
        write(
            "text after the document", "Content/holidays/2026.json", #"{"year": 2026, "papers": [], "days": []} x"#,
            "invalid JSON: unexpected text after the end of the document"),
        write(
            "a lone surrogate", "Content/holidays/2026.json",
            holiday(#"{"name": "\ud800", "date": "2026-02-17", "isOffDay": true}"#),
            "invalid JSON: a high surrogate must be followed by a low surrogate"),
        bytes(
            "invalid UTF-8 in a string", "Content/holidays/2026.json",
            Data(#"{"year": 2026, "papers": [], "days": [{"name": ""#.utf8) + Data([0xC4, 0xEA])
                + Data(#"", "date": "2026-02-17", "isOffDay": true}]}"#.utf8),
            "invalid JSON: the file is not valid UTF-8"),
        Case(
            description: "a holiday file linked from outside",
            changes: [.remove("Content/holidays/2026.json"), .link("Content/holidays/2026.json", to: "/etc/hostname")],
            expected: ["2026.json: the file is a symbolic link to /etc/hostname, outside"]),
        Case(
            description: "no holiday files",
            changes: ["2008", "2025", "2026", "2027"].map { .remove("Content/holidays/\($0).json") },
            expected: ["Content/holidays: no holiday data files"]),
        write(
            "a raw control character in a string", "Content/holidays/2026.json",
            "{\"year\": 2026, \"papers\": [\"\u{7}\"], \"days\": []}",
            "invalid JSON: a control character must be escaped inside a string"),
        write(
            "a notice link with a user and password", "Content/holidays/2026.json",
            #"{"year": 2026, "papers": ["https://user:pw@www.gov.cn/x"], "days": []}"#,
            "2026.json: papers[0]: the URL carries a user name or password"),
        write(
            "a notice link with a user name", "Content/holidays/2026.json",
            #"{"year": 2026, "papers": ["http://www.gov.cn@evil.example/x"], "days": []}"#,
            "2026.json: papers[0]: the URL carries a user name or password"),
        Case(
            description: "a folder link in holidays/", changes: [.mkdir("old"), .link("Content/holidays/old", to: "../../old")],
            expected: ["Content/holidays/old: is a symbolic link to a folder, which calgen does not follow"]),
    ]

    public static let siteCases: [Case] = [
        write(
            "aliases as keys in site.yml", "Content/site.yml", site + laughsAsKey,
            "site.yml:8:45: error: with the alias *l4, the document has more than 1,000,000 values"),
        write(
            "an unknown key in site.yml", "Content/site.yml", site + "timezon: Asia/Shanghai\n",
            #"site.yml:3:1: error: unknown key "timezon""#, #"did you mean "timezone"?"#),
        write(
            "a bad time zone", "Content/site.yml", site + "timezone: Mars/Olympus\n",
            #"site.yml:3:11: error: unknown time zone "Mars/Olympus""#),
        write("no base-url", "Content/site.yml", "title: 日历\n", #"site.yml:1:1: error: missing required key "base-url""#),
        write(
            "an unknown set of observances", "Content/site.yml", site + "observances: [christian]\n",
            #"site.yml:3:14: error: "christian" is not a set of observances"#, "fix: use one of: western"),
        write(
            "a javascript: base-url", "Content/site.yml", "title: 日历\nbase-url: javascript:alert(1)\n",
            #"site.yml:2:11: error: "javascript:alert(1)" is not an absolute http(s) URL"#),
        write(
            "a base-url with a space", "Content/site.yml", "title: 日历\nbase-url: \"https://example.com/a b/\"\n",
            "site.yml:2:11: error:", "is not an absolute http(s) URL"),
        write(
            "a base-url with CR LF", "Content/site.yml", "title: 日历\nbase-url: \"https://example.com/\\r\\nDisallow: /\"\n",
            "site.yml:2:11: error: \"base-url\" contains the control character U+000D"),
        write(
            "a base-url with angle brackets", "Content/site.yml", "title: 日历\nbase-url: \"https://example.com/<script>/\"\n",
            "site.yml:2:11: error:", "is not an absolute http(s) URL"),
        write(
            "a base-url with user info", "Content/site.yml", "title: 日历\nbase-url: https://user:pw@example.com/\n",
            "site.yml:2:11: error:", "is not an absolute http(s) URL"),
        write(
            "a site title of 300 characters", "Content/site.yml",
            "title: " + String(repeating: "长", count: 300) + "\nbase-url: https://example.com/\n",
            #"site.yml:1:8: error: "title" has 300 characters; the limit is 200"#),
        write(
            "a 1 MB title", "Content/site.yml",
            "title: " + String(repeating: "x", count: 1_000_000) + "\nbase-url: https://example.com/\n",
            "site.yml: the file has 10000", "the limit for this kind of file is 65536"),
        write(
            "feed-years-before 99", "Content/site.yml", site + "feed-years-before: 99\n",
            #"site.yml:3:20: error: "feed-years-before" must be from 0 to 10, found 99"#),
        write(
            "an integer that overflows", "Content/site.yml", site + "feed-years-after: 99999999999999999999\n",
            #"site.yml:3:19: error: "feed-years-after" must be a whole number"#),
        write(
            "feed-refresh 5m", "Content/site.yml", site + "feed-refresh: 5m\n",
            #""feed-refresh" must be from 15m to 31d, found 5m"#),
        write(
            "feed-refresh 100d", "Content/site.yml", site + "feed-refresh: 100d\n",
            #""feed-refresh" must be from 15m to 31d, found 100d"#),
        write(
            "a huge feed-refresh", "Content/site.yml", site + "feed-refresh: 99999999999999w\n",
            #""feed-refresh" must be a length such as 10m"#),
        write(
            "a holidays-source that is no folder URL", "Content/site.yml", site + "holidays-source: ftp://mirror/x.json\n",
            #"site.yml:3:18: error: "ftp://mirror/x.json" is not a URL of a folder of YYYY.json files"#),
        write(
            "a holidays-source with a password", "Content/site.yml",
            site + "holidays-source: https://user:pw@mirror.example.com/\n",
            #"site.yml:3:18: error: "https://user:pw@mirror.example.com/" is not a URL of a folder of YYYY.json files"#),
        write(
            "an unsupported language", "Content/site.yml", site + "language: fr\n",
            #"site.yml:3:11: error: unsupported language "fr""#),
        write(
            "a week starting on funday", "Content/site.yml", site + "week-start: funday\n",
            #"site.yml:3:13: error: "funday" is not a weekday"#),
        write(
            "invalid YAML", "Content/site.yml", "title: [unclosed\nbase-url: https://example.com/\n", "site.yml:",
            "error: invalid YAML"),
        write("an empty site.yml", "Content/site.yml", "\n", "site.yml: the file is empty"),
        write(
            "a site.yml that is a list", "Content/site.yml", "- title\n",
            "site.yml:1:1: error: expected the site settings as a mapping"),
        write(
            "an escape sequence in the title", "Content/site.yml", "title: \"\\e[2J日历\"\nbase-url: https://example.com/\n",
            #"site.yml:1:8: error: "title" contains the control character U+001B"#),
        write("a duplicated key", "Content/site.yml", site + "title: 又一个\n", "site.yml:", #"the key "title" appears twice"#),
        write(
            "a site description of 5000 characters", "Content/site.yml",
            site + "description: " + String(repeating: "字", count: 5000) + "\n",
            #""description" has 5000 characters; the limit is 4000"#),
        Case(
            description: "a site.yml linked from outside",
            changes: [.remove("Content/site.yml"), .link("Content/site.yml", to: "/etc/hostname")],
            expected: ["site.yml: the file is a symbolic link to /etc/hostname, outside"]),
        Case(
            description: "site.yml is a folder", changes: [.remove("Content/site.yml"), .mkdir("Content/site.yml")],
            expected: ["site.yml: not a regular file"]),
    ]

    public static let noteCases: [Case] = [
        write(
            "aliases as keys in a note's front matter", "Content/notes/bad.md", note("date: 2026-10-01\n" + laughsAsKey),
            "notes/bad.md:9:45: error: with the alias *l4, the document has more than 1,000,000 values"),
        write(
            "a note link with a user and password", "Content/notes/bad.md",
            note("date: 2026-10-01\n", "[点我](https://user:pw@example.com/)\n"),
            #"notes/bad.md:5:1: error: the link "https://user:pw@example.com/" is not an http(s) or relative link"#),
        Case(
            description: "a folder link in notes/ to a folder outside",
            changes: [
                .mkdir("elsewhere"), .write("elsewhere/more.md", Data(note("date: 2026-12-01\n").utf8)),
                .link("Content/notes/more", to: "../../elsewhere"),
            ],
            expected: ["Content/notes/more: is a symbolic link to a folder, which calgen does not follow"]),
        Case(
            description: "a folder link in notes/ to a folder inside",
            changes: [.link("Content/notes/2026/again", to: "..")],
            expected: ["Content/notes/2026/again: is a symbolic link to a folder", "fix: move or copy the files into"]),
        write(
            "a note without front matter", "Content/notes/bad.md", "# 年会\n\n在一楼。\n",
            "notes/bad.md:1:1: error: the note has no front matter"),
        write(
            "a note whose front matter is not closed", "Content/notes/bad.md", "---\ntitle: 年会\ndate: 2026-12-30\n在一楼。\n",
            "notes/bad.md:1:1: error: the front matter opened on line 1 is never closed"),
        write(
            "a note without a title", "Content/notes/bad.md", "---\ndate: 2026-12-30\n---\n在一楼。\n",
            #"notes/bad.md:2:1: error: missing required key "title""#),
        write(
            "a note on an impossible date", "Content/notes/bad.md", note("date: 2026-02-30\n"),
            #"notes/bad.md:3:7: error: "date" must be a real date written YYYY-MM-DD, found "2026-02-30""#),
        write(
            "a note ending before it starts", "Content/notes/bad.md", note("start: 2026-10-07\nend: 2026-10-01\n"),
            #"notes/bad.md:4:6: error: "end" (2026-10-01) is before "start" (2026-10-07)"#),
        write(
            "two notes with one slug", "Content/notes/2026/copy.md", note("date: 2026-02-13\nslug: payday-moved\n"),
            #"error: the slug "payday-moved" is already used by"#),
        bytes(
            "a note that is not UTF-8", "Content/notes/bad.md",
            Data("---\ntitle: ".utf8) + Data([0xC4, 0xEA, 0xBB, 0xE1]) + Data("\ndate: 2026-12-30\n---\n".utf8),
            "notes/bad.md:2:8: error: the file is not valid UTF-8"),
        write(
            "a note over 367 days", "Content/notes/bad.md", note("start: 2026-01-01\nend: 2027-01-03\n"),
            "notes/bad.md:4:6: error: the note spans 368 days; the limit is 366"),
        write(
            "a note 4,000 years long", "Content/notes/bad.md", note("start: 2026-10-01\nend: 6026-10-07\ntime: \"09:00\"\n"),
            #"notes/bad.md:4:6: error: "end" (6026-10-07) is outside the years calgen knows"#),
        write(
            "a duration of 10000000w", "Content/notes/bad.md", note("date: 2026-10-01\ntime: \"09:00\"\nduration: 10000000w\n"),
            #"notes/bad.md:5:11: error: "duration" must be at most 31d, found 70000000d"#),
        write(
            "a duration of 40d", "Content/notes/bad.md", note("date: 2026-10-01\ntime: \"09:00\"\nduration: 40d\n"),
            #"notes/bad.md:5:11: error: "duration" must be at most 31d, found 40d"#),
        write(
            "a duration without a time", "Content/notes/bad.md", note("date: 2026-10-01\nduration: 1h\n"),
            #"notes/bad.md:4:11: error: "duration" needs a "time""#),
        write(
            "a javascript: link", "Content/notes/bad.md", note("date: 2026-10-01\n", "正文\n\n[点我](javascript:alert(1))\n"),
            #"notes/bad.md:7:1: error: the link "javascript:alert(1)" is not an http(s) or relative link"#),
        write(
            "a data: image", "Content/notes/bad.md",
            note("date: 2026-10-01\n", "![x](data:image/svg+xml,<svg/onload=alert(1)>)\n"),
            #"notes/bad.md:5:1: error: the link "data:image/svg+xml,"#),
        write(
            "a vbscript: reference link", "Content/notes/bad.md", note("date: 2026-10-01\n", "[a][r]\n\n[r]: vbscript:msgbox\n"),
            #"error: the link "vbscript:msgbox" is not an http(s) or relative link"#),
        write(
            "a file: link", "Content/notes/bad.md", note("date: 2026-10-01\n", "<file:///etc/passwd>\n"),
            #"error: the link "file:///etc/passwd" is not an http(s) or relative link"#),
        write(
            "a title of 300 characters", "Content/notes/bad.md",
            "---\ntitle: " + String(repeating: "长", count: 300) + "\ndate: 2026-10-01\n---\n",
            #"notes/bad.md:2:8: error: "title" has 300 characters; the limit is 200"#),
        write(
            "a tag with a control character", "Content/notes/bad.md", note("date: 2026-10-01\ntags: [\"a\\x07b\"]\n"),
            #"notes/bad.md:4:8: error: "tags" contains the control character U+0007"#),
        write(
            "an audience that is no name", "Content/notes/bad.md", note("date: 2026-10-01\naudience: [Team A]\n"),
            #"error: "Team A" in "audience" is not `public`"#),
        write(
            "a feeds-only note addressed to public", "Content/notes/bad.md",
            note("date: 2026-10-01\naudience: [public]\nvisibility: feeds\n"),
            "error: a note with `visibility: feeds` cannot be addressed to `public`"),
        write(
            "a feeds-only note with no audience", "Content/notes/bad.md", note("date: 2026-10-01\nvisibility: feeds\n"),
            "error: a note with `visibility: feeds` and no \"audience\" would be published nowhere"),
        write(
            "a visibility that is neither public nor feeds", "Content/notes/bad.md",
            note("date: 2026-10-01\naudience: [team-a]\nvisibility: private\n"),
            #"notes/bad.md:5:13: error: "visibility" is `public` (the default) or `feeds`, found "private""#),
        write(
            "a slug with spaces", "Content/notes/bad.md", note("date: 2026-10-01\nslug: A B\n"),
            #"notes/bad.md:4:7: error: "slug" must be URL-safe"#),
        write(
            "draft: maybe", "Content/notes/bad.md", note("date: 2026-10-01\ndraft: maybe\n"),
            #"notes/bad.md:4:8: error: "draft" must be true or false"#),
        write(
            "a time of 24:00", "Content/notes/bad.md", note("date: 2026-10-01\ntime: \"24:00\"\n"),
            #"notes/bad.md:4:7: error: "time" must be a time from 00:00 to 23:59"#),
        write(
            "a note over 1 MB", "Content/notes/bad.md", note("date: 2026-10-01\n", String(repeating: "很长的正文。", count: 70_000)),
            "notes/bad.md: the file has", "the limit for this kind of file is 1048576"),
        Case(
            description: "a note linked from outside", changes: [.link("Content/notes/bad.md", to: "/etc/hostname")],
            expected: ["notes/bad.md: the file is a symbolic link to /etc/hostname, outside"]),
        bytes(
            "a NUL byte in a note", "Content/notes/bad.md", Data(note("date: 2026-10-01\n", "正文\u{0}\n").utf8),
            "notes/bad.md:5:3: error: the file contains the control character U+0000"),
        write(
            "an escape sequence in a note", "Content/notes/bad.md", note("date: 2026-10-01\n", "正文\u{1B}]8;;https://evil\u{7}\n"),
            "notes/bad.md:5:3: error: the file contains the control character U+001B"),
        write(
            "date and start together", "Content/notes/bad.md", note("date: 2026-10-01\nstart: 2026-10-01\nend: 2026-10-02\n"),
            #"error: a note has either "date" or "start" and "end", not both"#),
        write(
            "an unknown key in a note", "Content/notes/bad.md", note("date: 2026-10-01\ntitel: x\n"),
            #"notes/bad.md:4:1: error: unknown key "titel""#),
        write(
            "front matter that is a list", "Content/notes/bad.md", "---\n- a\n---\n",
            "notes/bad.md:2:1: error: expected the front matter as a mapping"),
        write(
            "a file name that gives no slug", "Content/notes/Über uns.md", note("date: 2026-10-01\n"),
            #"error: the file name "Über uns.md" does not give a URL-safe slug"#),
        write(
            "a date outside the known years", "Content/notes/bad.md", note("date: 1850-01-01\n"),
            #"notes/bad.md:3:7: error: "date" (1850-01-01) is outside the years calgen knows"#),
        write(
            "invalid YAML in front matter", "Content/notes/bad.md", "---\ntitle: [x\n---\n", "notes/bad.md:",
            "error: invalid YAML"),
    ]

    public static let subscriberCases: [Case] = [
        write(
            "aliases as keys in a subscriber", "Content/users/x.yml", "name: 测试\n" + laughsAsKey,
            "users/x.yml:7:45: error: with the alias *l4, the document has more than 1,000,000 values"),
        write(
            "an alias of a mapping as a key in a subscriber", "Content/users/x.yml", "name: 测试\nx: &m {a: b}\n? *m\n: y\n",
            "users/x.yml:3:3: error: the alias *m names a list or mapping and is used as a key",
            "fix: keys are plain text"),
        Case(
            description: "a folder link in users/", changes: [.link("Content/users/team", to: "../notes")],
            expected: ["Content/users/team: is a symbolic link to a folder, which calgen does not follow"]),
        write(
            "an unknown reminder kind", "Content/users/x.yml", subscriber("    kind: workday\n    time: \"08:50\"\n"),
            #"users/x.yml:5:11: error: unknown reminder kind "workday""#, #"did you mean "workdays"?"#),
        write(
            "an unknown key in a subscriber", "Content/users/x.yml", "name: 测试\ntimezon: Asia/Shanghai\n",
            #"users/x.yml:2:1: error: unknown key "timezon""#),
        write(
            "festivals that is not true or false", "Content/users/x.yml", "name: 测试\nfestivals: some\n",
            #"users/x.yml:2:12: error: "festivals" must be true or false"#),
        write(
            "a misspelt solar-terms key", "Content/users/x.yml", "name: 测试\nsolar_terms: true\n",
            #"users/x.yml:2:1: error: unknown key "solar_terms""#, #"did you mean "solar-terms"?"#),
        write(
            "a key another kind of reminder has", "Content/users/x.yml",
            subscriber("    kind: workdays\n    day: 15\n    all-day: true\n"),
            #"users/x.yml:6:5: error: unknown key "day" for a workdays reminder"#),
        write(
            "a time of 25:00", "Content/users/x.yml", subscriber("    kind: workdays\n    time: \"25:00\"\n"),
            #"users/x.yml:6:11: error: "time" must be a time from 00:00 to 23:59, found "25:00""#),
        write(
            "an unknown time zone", "Content/users/x.yml",
            subscriber("    kind: workdays\n    all-day: true\n", top: "timezone: Asia/Beijing\n"),
            #"users/x.yml:2:11: error: unknown time zone "Asia/Beijing""#),
        write(
            "an unsupported subscriber language", "Content/users/x.yml",
            subscriber("    kind: workdays\n    all-day: true\n", top: "language: fr\n"),
            #"users/x.yml:2:11: error: unsupported language "fr""#, "use one of: zh-CN, en"),
        write(
            "lunar month 13", "Content/users/x.yml",
            subscriber("    kind: lunar-yearly\n    month: 13\n    day: 1\n    all-day: true\n"),
            #"users/x.yml:6:12: error: "month" must be from 1 to 12, found 13"#),
        write(
            "day 32", "Content/users/x.yml", subscriber("    kind: monthly\n    day: 32\n    all-day: true\n"),
            #"users/x.yml:6:10: error: "day" must be from 1 to 31, or -1"#),
        write(
            "two reminders with one id", "Content/users/x.yml",
            subscriber(
                "    kind: workdays\n    all-day: true\n  - id: a\n    kind: makeup-eve\n    title: 补班\n    time: \"21:00\"\n"),
            #"users/x.yml:7:9: error: the reminder id "a" is already used on line 3"#),
        write(
            "a subscriber file name that is not an id", "Content/users/Zhang San.yml",
            subscriber("    kind: workdays\n    all-day: true\n"),
            #"users/Zhang San.yml:1:1: error: the file name "Zhang San.yml" is not a subscriber id"#),
        write(
            "a file name with two dots", "Content/users/a..b.yml", subscriber("    kind: workdays\n    all-day: true\n"),
            #"users/a..b.yml:1:1: error: the file name "a..b.yml" is not a subscriber id"#),
        write(
            "a reminder without a time", "Content/users/x.yml", subscriber("    kind: makeup-eve\n"),
            #"users/x.yml:3:5: error: a reminder needs a "time" or `all-day: true`"#),
        write(
            "a duration of 100d", "Content/users/x.yml",
            subscriber("    kind: workdays\n    time: \"09:00\"\n    duration: 100d\n"),
            #"users/x.yml:7:15: error: "duration" must be at most 31d, found 100d"#),
        write(
            "an alarm 40 days ahead", "Content/users/x.yml",
            subscriber("    kind: workdays\n    all-day: true\n    alarms: [40d]\n"),
            #"users/x.yml:7:13: error: the alarm "40d" is more than 31 days before its event"#),
        write(
            "eleven alarms", "Content/users/x.yml",
            subscriber("    kind: workdays\n    all-day: true\n    alarms: [0m, 1m, 2m, 3m, 4m, 5m, 6m, 7m, 8m, 9m, 10m]\n"),
            "users/x.yml:7:13: error: 11 alarms; the limit is 10"),
        write(
            "a sequence of 5000", "Content/users/x.yml",
            subscriber("    kind: sequence\n    start: 2026-03-01\n    every: 1d\n    count: 5000\n    all-day: true\n"),
            #"users/x.yml:8:12: error: "count" must be from 1 to 1000, found 5000"#),
        write(
            "a sequence every 0d", "Content/users/x.yml",
            subscriber("    kind: sequence\n    start: 2026-03-01\n    every: 0d\n    count: 5\n    all-day: true\n"),
            #"users/x.yml:7:12: error: "every" must be a whole number of days from 1d"#),
        write(
            "a sequence every 10000d", "Content/users/x.yml",
            subscriber("    kind: sequence\n    start: 2026-03-01\n    every: 10000d\n    count: 5\n    all-day: true\n"),
            #"users/x.yml:7:12: error: "every" must be a whole number of days from 1d to 3660d"#),
        write(
            "an interval of 5000d", "Content/users/x.yml",
            subscriber("    kind: sequence\n    start: 2026-03-01\n    intervals: [1d, 5000d]\n    all-day: true\n"),
            #"error: "5000d" in "intervals" is longer than 3660 days"#),
        write(
            "101 reminders", "Content/users/x.yml",
            "name: 测试\nreminders:\n"
                + (0..<101).map { "  - id: r\($0)\n    kind: workdays\n    title: t\n    all-day: true\n" }.joined(),
            "users/x.yml:3:3: error: 101 reminders; the limit is 100 per subscriber"),
        write(
            "years-before 50", "Content/users/x.yml",
            subscriber("    kind: workdays\n    all-day: true\n", top: "years-before: 50\n"),
            #"users/x.yml:2:15: error: "years-before" must be from 0 to 10, found 50"#),
        write(
            "a token epoch too large", "Content/users/x.yml",
            subscriber("    kind: workdays\n    all-day: true\n", top: "token-epoch: 99999999999\n"),
            #"users/x.yml:2:14: error: "token-epoch" must be from 0 to 1000000"#),
        write(
            "a token epoch that overflows", "Content/users/x.yml",
            subscriber("    kind: workdays\n    all-day: true\n", top: "token-epoch: 99999999999999999999999\n"),
            #"users/x.yml:2:14: error: "token-epoch" must be a whole number"#),
        write(
            "a once date in 9999", "Content/users/x.yml", subscriber("    kind: once\n    date: 9999-01-01\n    all-day: true\n"),
            #"users/x.yml:6:11: error: "date" (9999-01-01) is outside the years calgen knows"#),
        write(
            "a description of 5000 characters", "Content/users/x.yml",
            subscriber("    kind: workdays\n    all-day: true\n    description: " + String(repeating: "字", count: 5000) + "\n"),
            #"users/x.yml:7:18: error: "description" has 5000 characters; the limit is 4000"#),
        write(
            "an escape sequence in a title", "Content/users/x.yml",
            "name: 测试\nreminders:\n  - id: a\n    title: \"\\e[31m红\"\n    kind: workdays\n    all-day: true\n",
            #"users/x.yml:4:12: error: "title" contains the control character U+001B"#),
        write(
            "a colour that is a word", "Content/users/x.yml",
            subscriber("    kind: workdays\n    all-day: true\n", top: "color: red\n"),
            #"users/x.yml:2:8: error: "red" is not a colour written #RRGGBB"#),
        Case(
            description: "a subscriber linked from outside", changes: [.link("Content/users/x.yml", to: "/etc/hostname")],
            expected: ["users/x.yml: the file is a symbolic link to /etc/hostname, outside"]),
        write(
            "a feed of more than 20,000 events", "Content/users/x.yml",
            "name: 测试\nyears-before: 10\nyears-after: 10\nreminders:\n"
                + (0..<6).map {
                    "  - id: r\($0)\n    kind: sequence\n    start: 2026-01-01\n    every: 1d\n    count: 1000\n    title: t\n    all-day: true\n  - id: s\($0)\n    kind: sequence\n    start: 2023-01-01\n    every: 1d\n    count: 1000\n    title: t\n    all-day: true\n  - id: u\($0)\n    kind: sequence\n    start: 2020-01-01\n    every: 1d\n    count: 1000\n    title: t\n    all-day: true\n    alarms: [1d]\n  - id: v\($0)\n    kind: sequence\n    start: 2017-01-01\n    every: 1d\n    count: 1000\n    title: t\n    all-day: true\n"
                }.joined(),
            "users/x.yml: the feed would have 24000 events; the limit is 20000"),
        write(
            "an unknown encoding", "Content/users/x.yml",
            subscriber("    kind: workdays\n    all-day: true\n", top: "encoding: zipped\n"),
            #"users/x.yml:2:11: error: "zipped" is not a valid "encoding""#),
        write(
            "until before from", "Content/users/x.yml",
            subscriber("    kind: workdays\n    all-day: true\n    from: 2026-05-01\n    until: 2026-04-01\n"),
            #"users/x.yml:8:12: error: "until" (2026-04-01) is before "from" (2026-05-01)"#),
        write(
            "a weekly reminder on no day", "Content/users/x.yml",
            subscriber("    kind: weekly\n    on: [someday]\n    all-day: true\n"),
            #"users/x.yml:6:9: error: "someday" is not a weekday"#),
        write("an empty subscriber file", "Content/users/x.yml", "\n", "users/x.yml:1:1: error: the subscriber file is empty"),
    ]

    public static let templateCases: [Case] = [
        write(
            "a partial that includes itself", "Templates/partials/legend.mustache", "<p>{{> legend}}</p>\n",
            #"partials/legend.mustache:1:4: error: partial "legend" includes itself (legend → legend)"#),
        Case(
            description: "two partials that include each other",
            changes: [
                .write("Templates/partials/aa.mustache", Data("{{> bb}}".utf8)),
                .write("Templates/partials/bb.mustache", Data("x\n {{> aa}}".utf8)),
            ],
            expected: [#"partials/aa.mustache:1:1: error: partial "aa" includes itself (aa → bb → aa)"#]),
        write(
            "a partial that does not exist", "Templates/partials/legend.mustache", "{{> nosuch }}\n",
            #"partials/legend.mustache:1:1: error: partial "nosuch" does not exist"#),
        write(
            "an unclosed section", "Templates/partials/legend.mustache", "{{#a}}\n", "partials/legend.mustache:",
            "error: template error: a section is never closed"),
        Case(
            description: "a required template missing", changes: [.remove("Templates/month.mustache")],
            expected: ["month.mustache: required template is missing"]),
        Case(
            description: "the templates of changes.xml and _headers missing (a folder from an older calgen)",
            changes: [
                .remove("Templates/changes.xml.mustache"), .remove("Templates/_headers.mustache"),
                .remove("Templates/partials/changes-entry.mustache"),
            ],
            expected: [
                "changes.xml.mustache: required template is missing", "_headers.mustache: required template is missing",
                "partials/changes-entry.mustache: required template is missing", "restore it from calgen's Templates/",
            ]),
        Case(
            description: "an asset linked from outside", changes: [.link("Templates/assets/p.txt", to: "/etc/passwd")],
            expected: ["assets/p.txt: the file is a symbolic link to /etc/passwd, outside"]),
        write(
            "a control character in a template", "Templates/partials/legend.mustache", "<p>\u{1B}[2J</p>\n",
            "partials/legend.mustache:1:4: error: the file contains the control character U+001B"),
        bytes(
            "a template that is not UTF-8", "Templates/partials/legend.mustache", Data([0x3C, 0x70, 0x3E, 0xFF]),
            "partials/legend.mustache:1:4: error: the file is not valid UTF-8"),
        cli(
            "a templates directory that does not exist", ["--templates", "Nowhere"],
            "Nowhere: the templates directory does not exist"),
        write(
            "a cycle the text hides (found by the fuzzer)", "Templates/partials/legend.mustache",
            "{\"\"\"\"{{\n\n\n\n\n\n\n\n\n\nOpt{{>legend}}",
            #"partials/legend.mustache:11:4: error: partial "legend" includes itself (legend → legend)"#),
        write(
            "a dynamic partial", "Templates/partials/legend.mustache", "{{>*title}}\n",
            "partials/legend.mustache:1:1: error: dynamic partials ({{>*name}}) are not supported"),
        write(
            "a cycle through a set-delimiter tag", "Templates/partials/legend.mustache", "{{=<% %>=}}<%> legend %>\n",
            #"partials/legend.mustache:1:12: error: partial "legend" includes itself"#),
    ]

    public static let previousCases: [Case] = [
        Case(
            description: "a manifest version at Int.max",
            changes: [
                .write("public/manifest.json", Data()),
                .write("Content/notes/2026/extra.md", Data(note("date: 2026-12-01\n").utf8)),
            ],
            expected: ["manifest.json: version:", "the version must be from 1 to 1000000000, found 9.223372036854776e+18"]),
        Case(
            description: "a manifest version of 0 reported once",
            changes: [
                .write("public/manifest.json", Data()),
                .write("Content/notes/2026/extra.md", Data(note("date: 2026-12-01\n").utf8)),
            ],
            expected: ["found 0", "error: 1 problem in the content."]),
        Case(
            description: "a manifest that is not JSON", changes: [.write("public/manifest.json", Data("{ not json".utf8))],
            expected: ["public/manifest.json: the previous manifest", "fix: restore the last published manifest"]),
        Case(
            description: "a truncated personal feed manifest",
            changes: [
                .write("public/feeds/TOKEN/zhang-san.json", Data()),
                .write("Content/notes/2026/extra.md", Data(note("date: 2026-12-01\n").utf8)),
            ],
            expected: ["feeds/…/zhang-san.json: integrity: the previous feed manifest was changed after calgen wrote it"]),
        // A pipe is never opened: opening one for reading would wait for a writer forever.
        Case(
            description: "a pipe named manifest.json in the output", changes: [.fifo("public/manifest.json")],
            expected: ["public/manifest.json: the previous manifest is a named pipe (FIFO), not a regular file"]),
        Case(
            description: "a pipe in place of a personal feed's manifest",
            changes: [
                .fifo("public/feeds/TOKEN/zhang-san.json"),
                .write("Content/notes/2026/extra.md", Data(note("date: 2026-12-01\n").utf8)),
            ],
            expected: ["feeds/…/zhang-san.json: the previous feed manifest cannot be read"]),
        Case(
            description: "a pipe in place of the record of personal feeds",
            changes: [
                .fifo("public/feeds/RECORD/personal.txt"),
                .write("Content/notes/2026/extra.md", Data(note("date: 2026-12-01\n").utf8)),
            ],
            expected: ["personal.txt: the record of personal feeds is a named pipe (FIFO), not a regular file"]),
        cli(
            "a previous manifest that does not exist", ["--previous-manifest", "nowhere/manifest.json"],
            "nowhere/manifest.json: the previous manifest cannot be read"),
        Case(
            description: "a feed manifest sequence at Int.max (from before integrity digests)",
            changes: [
                .write("public/feeds/TOKEN/zhang-san.json", Data()),
                .write("Content/users/zhang-san.yml", Data("name: 张三\nholidays: true\n".utf8)),
            ],
            expected: ["feeds/…/zhang-san.json: events[0].sequence: the previous feed manifest does not follow the schema"]),
    ]

    public static let commandLineCases: [Case] = [
        cli(
            "an audience typo, with --strict", ["--strict"],
            changes: [.write("Content/notes/bad.md", Data(note("date: 2026-10-01\naudience: [team-aa]\n").utf8))],
            #"notes/bad.md: the audience "team-aa" is no subscriber id"#, "did you mean team-a?", "public/ was left unchanged"),
        cli(
            "a notes: group no note uses, with --strict", ["--strict"],
            changes: [
                .write(
                    "Content/users/x.yml",
                    Data(subscriber("    kind: workdays\n    time: \"09:00\"\n", top: "notes: [team-xyz]\n").utf8))
            ],
            #"users/x.yml: the group "team-xyz" in `notes:` is the audience of no note"#),
        cli(
            "an output that is a link to a folder calgen did not write", ["--output", "pub"],
            changes: [.mkdir("www"), .write("www/keep.txt", Data("precious".utf8)), .link("pub", to: "www")],
            "error: pub: refusing to replace a directory that calgen did not write"),
        cli(
            "an output that is a folder calgen did not write", ["--output", "www"],
            changes: [.mkdir("www"), .write("www/keep.txt", Data("precious".utf8))],
            "error: www: refusing to replace a directory that calgen did not write"),
        cli(
            "the templates as the output", ["--output", "Templates"],
            "error: Templates: refusing to replace a directory that is or contains the templates directory"),
        cli(
            "an output inside the content", ["--output", "Content/out"],
            "error: Content/out: the output lies inside the content directory"),
        cli(
            "an output that contains the content", ["--content", "site/Content", "--output", "site"],
            changes: [.mkdir("site"), .link("site/Content", to: "../Content")], "error: site: refusing to replace a directory"),
        cli(
            "the current directory as the output", ["--output", "."],
            "error: .: refusing to replace a directory that is or contains the current directory"),
        cli(
            "a parent of the current directory as the output", ["--output", ".."],
            "error: ..: refusing to replace a directory that is or contains the current directory"),
        cli("the root as the output", ["--output", "/"], "error: /: refusing to replace the root directory"),
        cli("a shard without an output of its own", ["--shard", "1/2"], "--shard needs --output"),
        cli("a shard built into the site's output", ["--shard", "1/2", "--output", "public"], "the site's output"),
        cli(
            "a shard listing without its authentication code", ["--assemble", "s"],
            changes: [.write("s/shard.json", Data(unsignedShard.utf8))],
            "s/shard.json: is not a listing that a shard of this site wrote with this feed secret"),
        cli(
            "a shard listing that is a link to /etc/passwd", ["--assemble", "s"],
            changes: [.mkdir("s"), .link("s/shard.json", to: "/etc/passwd")],
            "s/shard.json: is a symbolic link, not a regular file"),
        cli(
            "a shard listing of another calgen", ["--assemble", "s"],
            changes: [.write("s/shard.json", Data(#"{"calgen-shard": 1, "generator": "calgen 0.1"}"#.utf8))],
            "s/shard.json: was written by calgen 0.1 (format 1)"),
        cli(
            "the home directory as the output", ["--output", "home"], env: ["HOME": "HOME_PLACEHOLDER"],
            changes: [.mkdir("home")], "refusing to replace a directory that is or contains the home directory"),
        cli(
            "a file as the output", ["--output", "afile"], changes: [.write("afile", Data("x".utf8))],
            "error: afile: exists and is not a directory"),
        cli(
            "SOURCE_DATE_EPOCH that overflows", [], env: ["SOURCE_DATE_EPOCH": "99999999999999999"],
            "SOURCE_DATE_EPOCH must be whole seconds since 1970-01-01 UTC, from 0 to"),
        cli(
            "SOURCE_DATE_EPOCH that is not a number", [], env: ["SOURCE_DATE_EPOCH": "yesterday"],
            "SOURCE_DATE_EPOCH must be whole seconds"),
        cli("a negative SOURCE_DATE_EPOCH", [], env: ["SOURCE_DATE_EPOCH": "-5"], "SOURCE_DATE_EPOCH must be whole seconds"),
        cli("an invalid --now beside SOURCE_DATE_EPOCH", ["--now", "garbage"], "--now takes a date (2026-10-01)"),
        cli("--now in 2200", ["--now", "2200-01-01"], "--now must lie between 1970 and the end of 2100"),
        cli(
            "CI without a feed secret", [], env: ["CI": "true", "CALGEN_FEED_SECRET": nil],
            "Content/users: personal feeds need a secret, and none is given"),
        cli(
            "a feed secret file that does not exist", ["--feed-secret-file", "nowhere.txt"],
            "the feed secret file nowhere.txt cannot be read"),
        cli(
            "a feed secret that is too short", [], env: ["CALGEN_FEED_SECRET": "short"],
            "is 5 bytes long; it must be at least 16", "openssl rand -base64 32"),
        cli("a content directory that does not exist", ["--content", "Nowhere"], "Nowhere/site.yml: the file cannot be read"),
        cli("a port that is no port", ["--port", "70000"], "--port 70000"),
        cli(
            "an escape sequence in an argument", ["--now", "\u{1B}[31mX\u{7}"],
            #"--now takes a date (2026-10-01) or an ISO 8601 time (2026-10-01T08:00:00Z), not "\u{1B}[31mX\u{7}""#),
    ]

    /// `calgen day`'s arguments (`DayArguments`): dates, counts and lunar dates outside what it answers.
    public static let dayCases: [Case] = [
        day("day: a date after 2100", ["2101-01-01"], "2101-01-01 is outside the supported dates 1901-01-01..2100-12-31"),
        day("day: a date before 1901", ["1900-12-31"], "1900-12-31 is outside the supported dates 1901-01-01..2100-12-31"),
        day("day: the year 0", ["0000-01-01"], "0000-01-01 is outside the supported dates 1901-01-01..2100-12-31"),
        day("day: the year 9999", ["9999-12-31"], "9999-12-31 is outside the supported dates 1901-01-01..2100-12-31"),
        day("day: --add-workdays Int.min", ["2026-10-01", "--add-workdays", "-9223372036854775808"], "from -100000 to 100000"),
        day(
            "day: --add-workdays Int.min by a schedule",
            ["2026-10-01", "--add-workdays", "-9223372036854775808", "--schedule", "office"], "from -100000 to 100000"),
        day("day: --add-workdays 0", ["2026-10-01", "--add-workdays", "0"], "--add-workdays 0 counts no workday"),
        Case(
            description: "day: tomorrow of 2100-12-31", arguments: ["tomorrow"],
            environment: ["SOURCE_DATE_EPOCH": "4133908800"],
            expected: ["tomorrow is 2101-01-01, outside the supported dates 1901-01-01..2100-12-31"], command: "day"),
        day(
            "day: a lunar date of 1900", ["--lunar", "1900-12-15"],
            "lunar year 1900 is outside the supported lunar years 1901–2100"),
        day("day: a schedule id with a slash", ["2026-10-01", "--schedule", "../x"], "--schedule takes the id of a file"),
    ]

    /// `calgen sync`'s time limits: a bound that is no bound, or none at all.
    public static let syncCases: [Case] =
        ["0", "-1", "nan", "inf", "1e300"].map { value in
            Case(
                description: "sync: --time-limit \(value)",
                arguments: ["feed.ics", "--to", "http://127.0.0.1:9/cal/", "--user", "u", "--time-limit=\(value)"],
                expected: ["--time-limit must be more than 0 and at most 86400 seconds"], command: "sync")
        } + [
            Case(
                description: "sync: --total-time-limit without publisher mode",
                arguments: ["feed.ics", "--to", "http://127.0.0.1:9/cal/", "--user", "u", "--total-time-limit", "60"],
                expected: ["--total-time-limit is for publisher mode"], command: "sync"),
            Case(
                description: "sync: --total-time-limit past a week",
                arguments: ["--build", "public", "--accounts", "accounts.yml", "--total-time-limit", "604801"],
                expected: ["--total-time-limit must be more than 0 and at most 604800 seconds"], command: "sync"),
        ]

    /// `calgen serve`'s `--poll`: an interval that would crash it or spin a core.
    public static let serveCases: [Case] = ["nan", "inf", "1e300", "0", "-1"].map { value in
        Case(
            description: "serve: --poll \(value)", arguments: ["--poll=\(value)"],
            expected: ["--poll takes seconds from 0.05 to 60"], command: "serve")
    }

    /// `--previous-site` addresses that would fetch something else than the site's manifest.
    public static let previousSiteCases: [Case] = [
        ("a CR/LF", "http://127.0.0.1:9/\r\nX: y", "a control character"),
        ("an LF", "http://127.0.0.1:9/a\nb", "a control character"),
        ("a space", "http://127.0.0.1:9/a b/", "white space"),
        ("a tab", "http://127.0.0.1:9/a\tb/", "white space"),
        ("a query", "http://127.0.0.1:9/?v=1", "a query"),
        ("a fragment", "http://127.0.0.1:9/#top", "a fragment"),
        ("%00", "http://127.0.0.1:9/a%00/", "an escaped control character"),
        ("a backslash", "http://127.0.0.1:9\\@evil.example/", "a backslash"),
    ].map { name, url, reason in
        cli("--previous-site with \(name)", ["--previous-site", url], "is not a usable address: it", reason)
    }

    static func day(_ name: String, _ arguments: [String], _ expected: String...) -> Case {
        Case(
            description: name, changes: [.write("Content/schedules/office.yml", Data("pattern:\n  weekly: [mon..fri]\n".utf8))],
            arguments: arguments, expected: expected, command: "day")
    }

    public static let scheduleCases: [Case] = [
        write(
            "aliases as keys in a schedule", "Content/schedules/x.yml", laughsAsKey,
            "schedules/x.yml:6:45: error: with the alias *l4, the document has more than 1,000,000 values"),
        Case(
            description: "a folder link in schedules/",
            changes: [.mkdir("Content/schedules"), .link("Content/schedules/team", to: "../notes")],
            expected: ["Content/schedules/team: is a symbolic link to a folder, which calgen does not follow"]),
        write(
            "a shift in a rotation that no shift is called", "Content/schedules/x.yml",
            "pattern:\n  rotation: {anchor: 2026-01-01, cycle: [D, E, off]}\nshifts:\n  D: {start: \"08:00\", end: \"20:00\"}\n",
            #"schedules/x.yml:2:45: error: "E" in "cycle" is not a shift under "shifts""#,
            "use one of: D, or add it under `shifts:`"),
        write(
            "a schedule anchored before 1901", "Content/schedules/x.yml",
            "pattern:\n  alternate: {anchor: 1900-12-31, weeks: [[mon..sat], [mon..fri]]}\n",
            #"schedules/x.yml:2:23: error: "anchor" (1900-12-31) is outside the years calgen knows"#),
        write(
            "a reversed range of schedule dates", "Content/schedules/x.yml",
            "dates:\n  - {from: 2026-07-05, to: 2026-07-01, day: off, reason: 检修}\n",
            #"schedules/x.yml:2:28: error: "to" (2026-07-01) is before "from" (2026-07-05)"#),
        write(
            "two kinds of pattern", "Content/schedules/x.yml",
            "pattern:\n  weekly: [mon..sat]\n  monthly: {worked: [last-saturday]}\n",
            #"schedules/x.yml:3:12: error: a pattern has one kind, found weekly and monthly"#),
        Case(
            description: "a subscriber naming a schedule that is not there",
            changes: [
                .write(
                    "Content/schedules/office.yml", Data("pattern:\n  weekly: [mon..fri]\n".utf8)),
                .write("Content/users/x.yml", Data("name: 测试\nschedule: ofice\n".utf8)),
            ],
            expected: [
                #"users/x.yml:2:11: error: no work schedule "ofice" in schedules/"#,
                #"did you mean "office"? the schedules are: office"#,
            ]),
        write(
            "a reversed range of leave", "Content/users/x.yml",
            "name: 测试\nleave:\n  - from: 2026-07-10\n    to: 2026-07-01\n    reason: 年假\n",
            #"users/x.yml:4:9: error: "to" (2026-07-01) is before "from" (2026-07-10)"#, "swap them"),
        write(
            "a shift-start reminder without a schedule", "Content/users/x.yml",
            subscriber("    kind: shift-start\n"),
            #"users/x.yml:5:11: error: a shift-start reminder needs a work schedule"#,
            "add `schedule: <id>` naming a file of schedules/"),
        Case(
            description: "a shift-start reminder on a schedule that gives no day a shift",
            changes: [
                .write(
                    "Content/schedules/office.yml",
                    Data("pattern:\n  weekly: [mon..fri]\nshifts:\n  D: {start: \"09:00\", end: \"18:00\"}\n".utf8)),
                .write("Content/users/x.yml", Data(subscriber("    kind: shift-start\n", top: "schedule: office\n").utf8)),
            ],
            expected: [
                #"users/x.yml:6:11: error: a shift-start reminder needs days with a shift, and the schedule "office" gives none"#,
                "fix: add `shift: D` to schedules/office.yml",
            ]),
        Case(
            description: "more work schedules than a site may have",
            changes: (0...100).map {  // Limits.schedules + 1
                .write("Content/schedules/s\(String(format: "%03d", $0)).yml", Data("pattern:\n  weekly: [mon..fri]\n".utf8))
            },
            expected: [
                "schedules/s100.yml:1:1: error: schedules/ holds 101 work schedules (public and private); the limit is 100 per site",
                "fix: merge schedules that work alike",
            ]),
    ]

    /// The cases about the content and templates alone.
    public static let contentCases =
        holidayCases + siteCases + noteCases + subscriberCases + scheduleCases + templateCases.filter { $0.arguments.isEmpty }

    public static let cases =
        holidayCases + siteCases + noteCases + subscriberCases + scheduleCases + templateCases + previousCases
        + commandLineCases + dayCases + serveCases + previousSiteCases + syncCases

    /// Makes a case's changes in the site folder `root`; `TOKEN` in a path is the folder of the
    /// site's personal feed, `RECORD` the folder of its record of personal feeds, and `edited`
    /// gives the bytes of an empty write (an edit of the file).
    public static func apply(
        _ changes: [Change], in root: URL, token: String = "",
        edited: (URL) throws -> Data = { throw FixtureError.unexpected("no edit for \($0.path)") }
    ) throws {
        let fm = FileManager.default
        let feeds = root.appendingPathComponent("public/feeds")
        let record =
            (try? fm.contentsOfDirectory(atPath: feeds.path))?.first {
                fm.fileExists(atPath: feeds.appendingPathComponent($0 + "/personal.txt").path)
            } ?? "RECORD"
        func place(_ path: String) -> URL {
            root.appendingPathComponent(
                path.replacingOccurrences(of: "TOKEN", with: token).replacingOccurrences(of: "RECORD", with: record))
        }
        for change in changes {
            switch change {
            case .write(let path, let bytes):
                let url = place(path)
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                // Atomically: a new inode, never the one an output shares with a master copy.
                try (bytes.isEmpty ? edited(url) : bytes).write(to: url, options: .atomic)
            case .remove(let path):
                try fm.removeItem(at: root.appendingPathComponent(path))
            case .link(let path, let target):
                try fm.createSymbolicLink(atPath: root.appendingPathComponent(path).path, withDestinationPath: target)
            case .mkdir(let path):
                try fm.createDirectory(at: root.appendingPathComponent(path), withIntermediateDirectories: true)
            case .fifo(let path):
                let url = place(path)
                try? fm.removeItem(at: url)
                guard mkfifo(url.path, 0o644) == 0 else { throw FixtureError.unexpected("mkfifo \(url.path)") }
            }
        }
    }
}
