import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenLoad

/// `visibility: feeds` and its audience, as the note parser reads them. (Through whole builds,
/// with audiences against subscribers, `--strict` and `minor: true`: `NoteVisibilityBuildTests`.)
@Suite struct NoteVisibilityTests {
    @Test func aFeedsOnlyNoteMustHaveAnAudienceAndNotPublic() throws {
        for (front, expected) in [
            ("audience: [public]\nvisibility: feeds\n", "cannot be addressed to `public`"),
            ("visibility: feeds\n", "would be published nowhere"),
            ("audience: [team-a]\nvisibility: secret\n", "\"visibility\" is `public` (the default) or `feeds`"),
        ] {
            #expect(throws: ContentErrors.self) {
                _ = try NoteParser.parse("---\ntitle: T\ndate: 2026-12-05\n\(front)---\nx\n", file: "n.md", fileName: "n.md")
            }
            do {
                _ = try NoteParser.parse("---\ntitle: T\ndate: 2026-12-05\n\(front)---\nx\n", file: "n.md", fileName: "n.md")
            } catch {
                #expect(error.diagnostics.contains { $0.message.contains(expected) }, "\(error.diagnostics)")
            }
        }
    }
}
