import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenKit

/// Every language has every UI word, and every word the code or a template asks for exists: a
/// missing one would trap at a force-unwrapped lookup or print an empty string.
@Suite struct SiteStringsTests {
    @Test func everyLanguageCoversEveryKey() {
        let chinese = Set(SiteStrings.chineseUI.keys)
        let english = Set(SiteStrings.englishUI.keys)
        #expect(chinese.subtracting(english).sorted() == [], "missing in English")
        #expect(english.subtracting(chinese).sorted() == [], "missing in Chinese")
        for (key, value) in SiteStrings.chineseUI.merging(SiteStrings.englishUI, uniquingKeysWith: { $0 + $1 }) {
            #expect(!value.isEmpty, "\(key) is empty")
        }
    }

    @Test func everyKeyTheCodeAsksForExists() throws {
        let sources = Fixture.repositoryRoot.appendingPathComponent("Sources/CalgenKit").path
        let pattern = try NSRegularExpression(pattern: #"ui\["([A-Za-z0-9]+)"\]"#)
        var asked = Set<String>()
        let names = try #require(FileManager.default.enumerator(atPath: sources)).compactMap { $0 as? String }
        for name in names where name.hasSuffix(".swift") {
            let text = try String(contentsOfFile: sources + "/" + name, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                asked.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        #expect(asked.count > 10)
        #expect(asked.subtracting(SiteStrings.chineseUI.keys).sorted() == [])
    }
}
