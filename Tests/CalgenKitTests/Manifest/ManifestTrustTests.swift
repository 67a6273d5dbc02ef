import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenRecord
@testable import CalgenRender

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A previous manifest is input from the network or from a folder others can write: every value
/// is checked before anything of it reaches the next build, and what reaches `changes.xml` is
/// escaped.
@Suite struct ManifestTrustTests {
    static let sha = String(repeating: "a", count: 64)
    static let file = "prev/manifest.json"

    /// A manifest as calgen writes them.
    static let sample = Manifest(
        schemaVersion: 1, version: 3, contentHash: sha, generatedAt: "2026-11-21T04:00:00Z", generator: "calgen 0.1.0",
        years: [.init(year: 2026, announced: true, sha256: sha, papers: ["https://www.gov.cn/zhengce/example-2026.htm"])],
        artifacts: [
            .init(path: "2026/index.html", sha256: sha, size: 1200, version: 1),
            .init(path: "feeds/holidays.ics", sha256: sha, size: 5000, version: 3),
            .init(path: "feeds/holidays.json", sha256: sha, size: 900, version: 3),
            .init(path: "index.html", sha256: sha, size: 800, version: 2),
        ],
        changes: ChangeList(version: 3, added: ["feeds/holidays.ics"], changed: ["index.html"], removed: ["old.html"]),
        news: [
            NewsItem(version: 3, date: "2026-11-21T04:00:00Z", kind: "note-added", title: "新记事：值班", path: "notes/duty/"),
            NewsItem(version: 1, date: "2026-01-01T00:00:00Z", kind: "published", title: "网站发布", path: ""),
        ],
        notes: [NoteState(slug: "duty", title: "值班", sha256: sha)])

    static var sampleText: String { String(decoding: sample.encoded(), as: UTF8.self) }

    /// The problems of `text` as a previous manifest, formatted (`file: path: message`).
    static func problems(_ text: String) -> [String] {
        do {
            _ = try Manifest.validated(bytes: Array(text.utf8), file: file)
            return []
        } catch {
            return error.diagnostics.map(\.formatted)
        }
    }

    static func problems(replacing old: String, with new: String) -> [String] {
        let text = sampleText
        precondition(text.contains(old), "the sample has no \(old)")
        return problems(text.replacingOccurrences(of: old, with: new))
    }

    /// Whether one problem is at `path` and says `words`.
    static func has(_ problems: [String], _ path: String, _ words: String = "") -> Bool {
        problems.contains {
            $0.hasPrefix("\(file): \(path): the previous manifest does not follow the schema")
                && (words.isEmpty || $0.contains(words))
        }
    }

    // MARK: manifest.json

    @Test func aManifestCalgenWroteReadsBackUnchanged() throws {
        #expect(try Manifest.validated(bytes: Self.sample.encoded(), file: Self.file) == Self.sample)
        // Without news and notes (before they existed), and with fields a newer calgen adds.
        var old = Self.sample
        old.news = nil
        old.notes = nil
        let text = Self.sampleText.replacingOccurrences(of: "  \"news\": [\n", with: "  \"future\": 1,\n  \"news\": [\n")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let withoutNews = lines.prefix { !$0.hasPrefix("  \"news\"") }.joined(separator: "\n")
        let trimmed = String(withoutNews.dropLast()) + "\n}\n"
        #expect(try Manifest.validated(bytes: Array(trimmed.utf8), file: Self.file) == old)
    }

    @Test func aNewsDateWithMarkupIsRefused() {
        let problems = Self.problems(
            replacing: #""date": "2026-11-21T04:00:00Z""#,
            with: #""date": "2026-11-21T04:00:00Z</updated><script>alert(1)</script>""#)
        #expect(problems.count == 1)
        #expect(Self.has(problems, "news[0].date", "must be a time in UTC"), "\(problems)")
    }

    @Test func badDatesAndTimesAreRefused() {
        for bad in [
            "2026-02-30T04:00:00Z", "2026-11-21 04:00:00", "2026-11-21T24:00:00Z", "2026-11-21T04:60:00Z", "2026-11-21T04:00:00",
            "1969-12-31T23:59:59Z", "9999-01-01T00:00:00Z", "２026-11-21T04:00:00Z", "",
        ] {
            let problems = Self.problems(replacing: #""generatedAt": "2026-11-21T04:00:00Z""#, with: #""generatedAt": "\#(bad)""#)
            #expect(Self.has(problems, "generatedAt", "must be a time"), "\(bad): \(problems)")
        }
    }

    @Test func controlCharactersAreRefused() {
        // Raw in the JSON they are not JSON; escaped they are refused by the schema.
        #expect(
            Self.problems(replacing: "网站发布\"", with: "网站发布\u{1B}[2J\"").contains {
                $0.contains("the previous manifest does not follow the schema: it is not valid JSON")
            })
        let problems = Self.problems(replacing: "网站发布\"", with: #"网站发布\u001B[2J\u0000""#)
        #expect(Self.has(problems, "news[1].title", "control character U+001B"), "\(problems)")
        let note = Self.problems(replacing: #""title": "值班""#, with: #""title": "值\u0007班""#)
        #expect(Self.has(note, "notes[0].title", "U+0007"), "\(note)")
        let line = Self.problems(replacing: "网站发布\"", with: #"网站发布\n<entry>""#)
        #expect(Self.has(line, "news[1].title", "U+000A"), "\(line)")
        let path = Self.problems(replacing: #""index.html""#, with: #""index\u0085.html""#)
        #expect(Self.has(path, "artifacts[3].path", "U+0085"), "\(path)")
    }

    @Test(arguments: [
        "../../../../etc/passwd", "/etc/shadow", "a/../../b", "2026\\\\..\\\\..\\\\x", "./index.html", "2026//index.html",
        "feeds/TOKEN/zhang-san.ics", "2026/", "", "C:/x", "..",
    ])
    func pathsOutsideTheSiteAreRefused(_ bad: String) {
        let artifact = Self.problems(replacing: #""path": "index.html""#, with: #""path": "\#(bad)""#)
        #expect(Self.has(artifact, "artifacts[3].path"), "\(artifact)")
        let removed = Self.problems(replacing: #""removed": ["old.html"]"#, with: #""removed": ["old.html", "\#(bad)"]"#)
        #expect(Self.has(removed, "changes.removed[1]"), "\(removed)")
    }

    @Test func newsPathsAreSitePages() {
        for bad in ["javascript:alert(1)", "https://evil.example/", "../", "notes/duty", "/notes/"] {
            let problems = Self.problems(replacing: #""path": "notes/duty/""#, with: #""path": "\#(bad)""#)
            #expect(Self.has(problems, "news[0].path", "must be a page of the site"), "\(bad): \(problems)")
        }
    }

    @Test func versionsUpToTheLimitAndNotPast() throws {
        let limit = ManifestLimits.number
        #expect(limit == 1_000_000_000)
        let atLimit = try Manifest.validated(
            bytes: Array(Self.sampleText.replacingOccurrences(of: #""version": 3,"#, with: #""version": \#(limit),"#).utf8),
            file: Self.file)
        #expect(atLimit.version == limit)
        for bad in ["\(limit + 1)", "9007199254740991", "9223372036854775807", "1e300", "0", "-1", "2.5"] {
            let problems = Self.problems(replacing: #"  "version": 3,"#, with: #"  "version": \#(bad),"#)
            #expect(Self.has(problems, "version"), "\(bad): \(problems)")
            // One bad number is one problem, not one per entry that names a version.
            #expect(problems.count == 1, "\(problems)")
        }
        // Versions inside are at most the manifest's.
        let artifact = Self.problems(replacing: #""size": 800, "version": 2"#, with: #""size": 800, "version": 4"#)
        #expect(Self.has(artifact, "artifacts[3].version", "from 1 to 3"), "\(artifact)")
    }

    @Test func aBuildPastTheLastVersionIsRefused() throws {
        var manifest = Self.sample
        manifest.version = ManifestLimits.number
        let previous = PreviousOutput(
            manifest: manifest, manifestBytes: nil, feeds: [:], files: nil, unrecorded: [:],
            store: MemoryFeedManifestStore(files: [:]))
        #expect(previous.isAtLastVersion)
        #expect(previous.versionProblem.location == .jsonPath("version"))
        #expect(previous.versionProblem.message.contains("the last one calgen makes"))
        var below = manifest
        below.version -= 1
        #expect(
            !PreviousOutput(
                manifest: below, manifestBytes: nil, feeds: [:], files: nil, unrecorded: [:],
                store: MemoryFeedManifestStore(files: [:])
            ).isAtLastVersion)
    }

    @Test func wrongTypesAreAllReportedAtOnce() {
        var text = Self.sampleText
        for (old, new) in [
            (#""version": 3,"#, #""version": "3","#), (#""generator": "calgen 0.1.0""#, #""generator": 7"#),
            (#""announced": true"#, #""announced": "yes""#), (#""size": 1200"#, #""size": null"#),
            (#""kind": "published""#, #""kind": "script""#),
        ] {
            text = text.replacingOccurrences(of: old, with: new)
        }
        let problems = Self.problems(text)
        #expect(Self.has(problems, "version", "must be an integer, found the string \"3\""), "\(problems)")
        #expect(Self.has(problems, "generator", "must be a string, found the number 7"))
        #expect(Self.has(problems, "years[0].announced", "must be true or false"))
        #expect(Self.has(problems, "artifacts[0].size", "must be an integer, found null"))
        #expect(Self.has(problems, "news[1].kind", "must be one of"))
        #expect(problems.count == 5, "\(problems)")
        #expect(
            Self.problems("[]") == [
                "\(Self.file): the previous manifest does not follow the schema: the document must be an object, found an array"
            ])
        let unknown = Self.problems(replacing: #""slug": "duty","#, with: #""slug": "duty", "html": "<script>","#)
        #expect(Self.has(unknown, "notes[0].html", "unknown key"), "\(unknown)")
        let missing = Self.problems(replacing: #""contentHash": "\#(Self.sha)","#, with: "")
        #expect(Self.has(missing, "contentHash", "is missing"), "\(missing)")
    }

    @Test func badHashesAreRefused() {
        let upper = String(repeating: "A", count: 64)
        let problems = Self.problems(replacing: #""contentHash": "\#(Self.sha)""#, with: #""contentHash": "\#(upper)""#)
        #expect(Self.has(problems, "contentHash", "64 lowercase hexadecimal digits"), "\(problems)")
        let short = Self.problems(replacing: #""sha256": "\#(Self.sha)", "size": 800"#, with: #""sha256": "abc", "size": 800"#)
        #expect(Self.has(short, "artifacts[3].sha256"), "\(short)")
        let bad = Self.problems(
            Self.sampleText.replacingOccurrences(of: #""sha256": "\#(Self.sha)", "size""#, with: #""sha256": "zz", "size""#))
        // Four artifacts with the same problem: one line, with the count.
        #expect(bad.count == 1 && bad[0].contains("(and 3 more like it)"), "\(bad)")
    }

    @Test func aManifestThatIsTooLargeIsRefusedBeforeParsing() {
        let big = [UInt8](repeating: 0x20, count: ManifestLimits.manifestBytes + 1)
        #expect(throws: ContentErrors.self) { try Manifest.validated(bytes: big, file: Self.file) }
    }

    // MARK: changes.xml

    static let templates = try! TemplateSet.load(directory: Fixture.repositoryRoot.appendingPathComponent("Templates").path)

    static func changesXML(_ news: [NewsItem]) -> String {
        let file = ChangesFeed.file(
            news: news, baseURL: "https://calendar.example.com/", siteTitle: "节假日", strings: SiteStrings(language: .chinese),
            fallbackDate: "2026-11-21T04:00:00Z", templates: templates)
        return String(decoding: file.bytes, as: UTF8.self)
    }

    @Test func everyFieldOfChangesXMLIsEscaped() {
        let hostile = NewsItem(
            version: 2, date: "2026-11-21T04:00:00Z</updated><entry><title>x</title></entry><script>alert(1)</script>",
            kind: "note-added", title: "</title></entry><entry><title>injected\u{1}\u{FFFE} <\u{338}a\"\u{301}",
            path: "\"><script>alert(2)</script>")
        let xml = Self.changesXML([hostile])
        #expect(xml.components(separatedBy: "<entry>").count == 2)
        #expect(!xml.contains("<script") && !xml.contains("</title></entry>"))
        #expect(xml.contains("&lt;/updated&gt;&lt;entry&gt;"))
        #expect(!xml.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0xFFFE })
        // The XML is well formed: one feed, its entries, nothing else.
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "")")
    }

    @Test func changesXMLIsUnchangedForNewsCalgenWrote() {
        let xml = Self.changesXML(Self.sample.news!)
        #expect(xml.contains("<updated>2026-11-21T04:00:00Z</updated>"))
        #expect(xml.contains("<title>新记事：值班</title>"))
        #expect(
            xml.contains(
                #"<content type="html">&lt;ul&gt;&lt;li&gt;&lt;a href=&quot;https://calendar.example.com/notes/duty/&quot;&gt;"#))
    }

    // MARK: Feed manifests

    static let feedSample = FeedManifest(
        schemaVersion: 1, feed: "zhang-san.ics", inputs: sha, version: 3, sha256: sha, size: 4000,
        generatedAt: "2026-11-21T04:00:00Z", validThrough: "2026-12-31",
        changes: ChangeList(version: 3, added: ["a@calendar.example.com"], changed: [], removed: []),
        events: [
            .init(uid: "a@calendar.example.com", sequence: 0, stamp: "2026-11-21T04:00:00Z", digest: "0123456789abcdef"),
            .init(uid: "b@calendar.example.com", sequence: 4, stamp: "2026-01-01T00:00:00Z", digest: "fedcba9876543210"),
        ])

    /// The problems of the sample feed manifest with `old` replaced by `new` (without the
    /// integrity line, as before digests, so that the schema is what is checked).
    static func feedProblems(replacing old: String, with new: String) -> [String] {
        let text = String(decoding: feedSample.encoded(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("  \"integrity\"") }.joined(separator: "\n")
        precondition(text.contains(old), "the sample has no \(old)")
        do {
            _ = try FeedManifest.validated(bytes: Array(text.replacingOccurrences(of: old, with: new).utf8), file: "f.json")
            return []
        } catch {
            return error.diagnostics.map(\.formatted)
        }
    }

    @Test func aFeedManifestCalgenWroteReadsBack() throws {
        #expect(try FeedManifest.validated(bytes: Self.feedSample.encoded(), file: "f.json") == Self.feedSample)
        #expect(Self.feedProblems(replacing: "\"feed\"", with: "\"feed\"").isEmpty)
        var damaged = Self.feedSample.encoded()
        damaged[damaged.count - 10] = UInt8(ascii: "x")
        let thrown = #expect(throws: ContentErrors.self) { try FeedManifest.validated(bytes: damaged, file: "f.json") }
        #expect(thrown?.diagnostics.first?.location == .jsonPath("integrity"))
    }

    @Test func feedManifestValuesAreChecked() {
        let cases: [(String, String, String)] = [
            (#""sequence": 4"#, #""sequence": 1000000001"#, "events[1].sequence: "),
            (#""sequence": 4"#, #""sequence": -1"#, "events[1].sequence: "),
            (#""stamp": "2026-01-01T00:00:00Z""#, #""stamp": "2026-01-01T00:00:00Z\r\nX-INJECTED:1""#, "events[1].stamp: "),
            (#""digest": "fedcba9876543210""#, #""digest": "fedcba98""#, "events[1].digest: "),
            (#""uid": "b@calendar.example.com""#, #""uid": "b\r\nBEGIN:VEVENT""#, "events[1].uid: "),
            (#""uid": "b@calendar.example.com""#, #""uid": "a@calendar.example.com""#, "events[1].uid: "),
            (#""feed": "zhang-san.ics""#, #""feed": "../../x.ics""#, "feed: "),
            (#""validThrough": "2026-12-31""#, #""validThrough": "2026-02-30""#, "validThrough: "),
            (#""version": 3,"#, #""version": 1000000001,"#, "version: "),
            (#""inputs": "\#(Self.sha)""#, #""inputs": "nope""#, "inputs: "),
        ]
        for (old, new, path) in cases {
            let problems = Self.feedProblems(replacing: old, with: new)
            #expect(problems.contains { $0.hasPrefix("f.json: " + path) }, "\(new): \(problems)")
        }
    }

    /// What calgen writes it reads back: a holiday file may name one notice twice, and a UID's
    /// host comes from a `base-url` of up to 2,000 characters.
    @Test func calgenReadsBackTheOddestManifestItWrites() throws {
        var manifest = Self.sample
        let paper = "https://www.gov.cn/zhengce/example-2026.htm"
        manifest.years = [.init(year: 2026, announced: true, sha256: Self.sha, papers: [paper, paper])]
        #expect(try Manifest.validated(bytes: manifest.encoded(), file: Self.file) == manifest)
        let host = String(repeating: "a", count: Limits.urlCharacters)
        let uid = "holiday-2026-national-day@" + host
        #expect(uid.count <= ManifestLimits.uidCharacters)
    }
}
