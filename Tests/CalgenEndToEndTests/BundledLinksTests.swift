import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenPublish

/// The links of the whole bundled site as built: the link check over every file of the output.
@Suite(.endToEnd) struct BundledLinksTests {
    /// Every internal `href` and `src` of every built page resolves to a file of the output,
    /// and every `#fragment` to an `id` there.
    @Test func everyInternalLinkResolves() throws {
        let files = try BundledSite.get().files.map { OutputFile(path: $0.key, bytes: Array($0.value)) }
        let broken = LinkCheck.problems(in: files, sitePath: "/", sources: [:])
        #expect(files.count > 7900 && broken.isEmpty, "\(broken.prefix(20))")
    }
}
