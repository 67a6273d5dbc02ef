import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

/// The catalogue of bad inputs (`BadInputCases`) through the command line. For each: a non-zero
/// exit without a crash, within bounded time and memory; the place (file and line/column or JSON
/// path) and a fix line on standard error; and the previous output byte for byte as it was.
///
/// Every case starts from a copy of one small site built once (a few holiday years, the bundled
/// notes of 2026, one subscriber), so the catalogue stays fast.
@Suite(.endToEnd) struct BadInputCatalogue {
    @Test func theCatalogueIsLargeAndItsNamesUnique() {
        #expect(BadInputCases.cases.count >= 100)
        #expect(Set(BadInputCases.cases.map(\.description)).count == BadInputCases.cases.count)
    }

    @Test(arguments: BadInputCases.cases)
    func failsCleanlyWithPlaceAndFixAndKeepsThePreviousOutput(_ bad: BadInputCases.Case) throws {
        let site = try MiniSite.copy()
        defer { site.remove() }
        try site.apply(bad.changes, manifestEdits: bad.description)
        let before = Fixture.fingerprint(site.output)
        let command = bad.command ?? (bad.description == "a port that is no port" ? "serve" : "build")
        let result = try site.run([command] + bad.arguments, environment: bad.environment)
        #expect(result.exited, "calgen did not exit by itself (crash, hang or memory limit): \(result.stderr)")
        #expect(result.status == 1 || result.status == 64, "exit status \(result.status)")
        for text in bad.expected {
            #expect(result.stderr.contains(text), "stderr was: \(result.stderr)")
        }
        #expect(result.stderr.contains("fix:"), "no fix line in: \(result.stderr)")
        #expect(result.seconds < 30, "took \(result.seconds) s")
        #expect(Fixture.differences(before, Fixture.fingerprint(site.output)).isEmpty, "the previous output changed")
        #expect(!result.stderr.contains(site.token), "a feed token was printed")
        #expect(
            !result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "raw control characters were printed"
        )
        let siblings = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains("staging") }
        #expect(siblings.isEmpty, "a staging folder was left: \(siblings)")
        if bad.description.contains("reported once") {
            #expect(result.stderr.components(separatedBy: "does not follow the schema").count == 2)
        }
        if bad.description.contains("calgen did not write") {
            #expect(site.read("www/keep.txt") == "precious")
        }
    }
}
