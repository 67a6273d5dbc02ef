import CalgenCore
import CalgenModel
import Foundation
import Testing

@testable import CalgenLoad
@testable import CalgenSync

/// Aliases in the YAML of every file kind: as values they are fine, as keys naming a list or a
/// mapping, or expanding past `Limits.yamlNodes`, they are a located error, found at once.
@Suite struct YAMLAliasBoundTests {
    /// Nine levels of ten aliases each: 10^9 nodes once expanded, in a few hundred bytes.
    static func laughs(indent: String = "") -> String {
        var text = indent + "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let previous = Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ")
            text += indent + "l\(level): &l\(level) [\(previous)]\n"
        }
        return text
    }

    /// The laughs, then `*l9` used as a key (`? *l9`: an alias key written the explicit way).
    static let laughsAsKey = laughs() + "? *l9\n: boom\n"
    /// The laughs inside a flow key: `[*l9, *l9]: boom`.
    static let laughsInsideKey = laughs() + "[*l9, *l8]: boom\n"
    /// The laughs as a value: no key, but a billion values.
    static let laughsAsValue = laughs() + "all: [*l9, *l9]\n"

    func problems(_ text: String, lineOffset: Int = 0) -> [Diagnostic] {
        do {
            try YAMLAliasBound.check(text, file: "x.yml", lineOffset: lineOffset)
            return []
        } catch {
            return error.diagnostics
        }
    }

    func timed<T>(_ body: () -> T) -> (T, Double) {
        let start = Date()
        let result = body()
        return (result, Date().timeIntervalSince(start))
    }

    /// The diagnostics a parse throws, and how long it took.
    func failing(_ parse: () throws(ContentErrors) -> Void) -> ([Diagnostic], Double) {
        timed {
            do throws(ContentErrors) {
                try parse()
                return []
            } catch {
                return error.diagnostics
            }
        }
    }

    /// The laughs themselves pass the limit on their sixth line, at the eighth `*l4`.
    static let passesTheLimit = "x.yml:6:45: error: with the alias *l4, the document has more than 1,000,000 values"

    @Test func billionLaughsAsKeysAreRefusedWhereTheyPassTheLimit() {
        for text in [Self.laughsAsKey, Self.laughsInsideKey, Self.laughsAsValue] {
            let (found, seconds) = timed { problems(text) }
            #expect(found.count == 1)
            #expect(found.first?.formatted.hasPrefix(Self.passesTheLimit) == true, "\(found)")
            #expect(found.first?.fix?.isEmpty == false)
            #expect(seconds < 1)
        }
    }

    @Test func anAliasOfAListOrMappingAsAKeyIsRefusedWhereItIs() {
        let key = problems("a: &a [x, y]\n? *a\n: boom\n")
        #expect(key.map(\.formatted) == ["x.yml:2:3: error: the alias *a names a list or mapping and is used as a key"])
        #expect(key.first?.fix?.contains("keys are plain text") == true)
        let inside = problems("shifts:\n  base: &b {start: \"08:00\"}\n  [*b]: {start: \"08:00\"}\n")
        #expect(inside.map(\.formatted) == ["x.yml:3:4: error: the alias *b names a list or mapping and is used as a key"])
        // Below the limit, a wide key of aliases is still refused, so no key is ever hashed deep.
        let wide = problems("a: &a [x]\nb: &b [*a, *a]\n{*b: 1}: c\n")
        #expect(wide.first?.location == .line(3, column: 2))
    }

    @Test func aliasesOfTextAsKeysAndModestAliasesAsValuesAreFine() {
        #expect(problems("a: &k name\n*k : x\n").isEmpty)
        #expect(problems("base: &b {start: \"08:00\", end: \"20:00\"}\nD: *b\nN: *b\n").isEmpty)
        #expect(problems("a: [*undefined]\n").isEmpty)  // left to Yams, which says so
        #expect(problems("text: \"a * b\"\n").isEmpty)
        #expect(problems("broken: [*a\n").isEmpty)  // left to Yams, which reports it with its place
    }

    @Test func theLimitCountsExpandedNodes() {
        let text = "a: &a [x, x, x, x]\nb: [*a, *a]\n"
        // The mapping, a, its list of 5, b, its list (1) and 2 × 5 through the aliases: 19.
        #expect(problems(text).isEmpty)
        #expect(
            (try? YAMLAliasBound.check(text, file: "x.yml", limit: 19)) != nil)
        #expect(throws: ContentErrors.self) { try YAMLAliasBound.check(text, file: "x.yml", limit: 18) }
    }

    @Test func frontMatterLinesAreShifted() {
        #expect(problems(Self.laughsAsKey, lineOffset: 1).first?.location == .line(7, column: 45))
    }

    // MARK: Every file kind

    @Test func aScheduleWithLaughsAsKeysFailsFast() {
        let (result, seconds) = failing { () throws(ContentErrors) in
            _ = try ScheduleParser.parse(Self.laughsAsKey, file: "Content/schedules/x.yml", fileName: "x.yml")
        }
        #expect(result.first?.formatted.hasPrefix("Content/schedules/x.yml:6:45: error: with the alias *l4") == true)
        #expect(seconds < 1)
    }

    @Test func aSubscriberWithLaughsAsKeysFailsFast() {
        let (result, seconds) = failing { () throws(ContentErrors) in
            _ = try SubscriberParser.parse(
                "name: 测试\n" + Self.laughsAsKey, file: "Content/users/x.yml", fileName: "x.yml",
                defaultTimeZone: "Asia/Shanghai", schedules: [])
        }
        #expect(result.first?.formatted.hasPrefix("Content/users/x.yml:7:45: error: with the alias *l4") == true)
        #expect(seconds < 1)
    }

    @Test func aNoteWithLaughsAsKeysFailsFast() {
        let (result, seconds) = failing { () throws(ContentErrors) in
            _ = try NoteParser.parse(
                "---\ntitle: 年会\ndate: 2026-01-01\n" + Self.laughsAsKey + "---\n正文\n", file: "Content/notes/x.md",
                fileName: "x.md")
        }
        #expect(result.first?.formatted.hasPrefix("Content/notes/x.md:9:45: error: with the alias *l4") == true)
        #expect(seconds < 1)
    }

    @Test func aSiteFileWithLaughsAsKeysFailsFast() {
        let (result, seconds) = failing { () throws(ContentErrors) in
            _ = try SiteConfig.parse("title: 日历\nbase-url: https://example.com/\n" + Self.laughsAsKey, file: "Content/site.yml")
        }
        #expect(result.first?.formatted.hasPrefix("Content/site.yml:8:45: error: with the alias *l4") == true)
        #expect(seconds < 1)
    }

    @Test func aSyncAccountsFileWithLaughsFailsFast() {
        let (result, seconds) = timed { () -> [String] in
            do throws(ContentErrors) {
                _ = try SyncAccounts.parse("accounts:\n" + Self.laughs(indent: "  "), path: "sync.yml")
                return []
            } catch {
                return error.diagnostics.map(\.formatted)
            }
        }
        #expect(result.first?.hasPrefix("sync.yml:7:47: error: with the alias *l4") == true, "\(result)")
        #expect(seconds < 1)
    }
}
