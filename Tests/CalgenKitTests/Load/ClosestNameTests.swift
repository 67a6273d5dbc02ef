import Testing

@testable import CalgenLoad

/// "Did you mean …?": the closest allowed name within two edits, the same whether the names
/// are compared byte by byte (ASCII) or character by character.
@Suite struct ClosestNameTests {
    /// The plain definition: every candidate's edit distance in characters, the smallest within
    /// two, ties to the first name in order.
    static func reference(_ key: String, _ candidates: [String]) -> String? {
        candidates.map { ($0, YAMLFields.editDistance(Array(key), Array($0))) }.filter { $0.1 <= 2 }
            .min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    static let names = [
        "team-a", "team-ops", "team-b", "public", "zhang-san", "li-si", "user-00001", "user-00012", "all", "al",
        "schedule", "schedules", "reminders", "年假", "年假日", "假期", "节日", "years-before", "years-after", "a", "",
    ]

    @Test(arguments: ["team-aa", "tema-a", "team", "pubic", "user-0001", "年", "年加", "节假日", "schedul", "x", "", "al"])
    func theSameAsComparingCharacters(_ key: String) {
        #expect(YAMLFields.closest(to: key, in: Self.names) == Self.reference(key, Self.names))
        #expect(YAMLFields.closest(to: key, in: Self.names.reversed()) == Self.reference(key, Self.names.reversed()))
    }

    @Test func examples() {
        #expect(YAMLFields.closest(to: "team-aa", in: Self.names) == "team-a")
        #expect(YAMLFields.closest(to: "remindres", in: Self.names) == "reminders")
        #expect(YAMLFields.closest(to: "nothing-like-it", in: Self.names) == nil)
        #expect(YAMLFields.editDistance(Array("kitten".utf8), Array("sitting".utf8)) == 3)
    }
}
