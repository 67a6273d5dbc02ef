import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenLoad

/// A subscriber's `language`: the language of the page beside their feed, `zh-CN` or `en` as
/// in site.yml, the site's when left out.
@Suite struct SubscriberLanguageTests {
    static func parse(_ top: String) throws(ContentErrors) -> Subscriber {
        try SubscriberParser.parse(
            "name: 张三\n" + top + "reminders:\n  - id: r\n    kind: workdays\n    title: t\n    all-day: true\n",
            file: "users/zhang-san.yml", fileName: "zhang-san.yml", defaultTimeZone: "Asia/Shanghai")
    }

    @Test func readsEitherLanguageAndDefaultsToTheSites() throws {
        #expect(try Self.parse("language: en\n").language == .english)
        #expect(try Self.parse("language: zh-CN\n").language == .chinese)
        #expect(try Self.parse("").language == nil)
    }

    /// An unsupported value is located, has a fix, and comes with the file's other problems.
    @Test func anUnsupportedLanguageIsLocatedWithAFix() {
        let thrown = #expect(throws: ContentErrors.self) { try Self.parse("language: zh\ntimezone: Asia/Beijing\n") }
        let found = thrown?.diagnostics ?? []
        let language = found.first { $0.message.contains("language") }
        #expect(language?.formatted == #"users/zhang-san.yml:2:11: error: unsupported language "zh""#, "\(found)")
        #expect(language?.fix == "use one of: zh-CN, en, as in site.yml, or leave it out for the site's language")
        #expect(found.contains { $0.formatted == #"users/zhang-san.yml:3:11: error: unknown time zone "Asia/Beijing""# })
        #expect(found.count == 2, "\(found)")
    }
}
