import Testing

@testable import TemplateEngine

/// An object's fields read as a dictionary does, whether found by comparing names or indexed.
@Suite struct TemplateFieldsTests {
    @Test func aNameGivenTwiceKeepsItsLaterValue() {
        for count in [3, TemplateFields.indexedFrom + 5] {
            var pairs = (0..<count).map { ("name\($0)", TemplateValue.number($0)) }
            pairs.append(("name1", .text("later")))
            let fields = TemplateFields(pairs)
            #expect(fields["name1"] == .text("later"))
            #expect(fields["name2"] == .number(2))
            #expect(fields["name\(count - 1)"] == .number(count - 1))
            #expect(fields["missing"] == nil)
            #expect(fields[""] == nil)
            #expect(fields.count == count)
            #expect(fields.dictionary == Dictionary(pairs) { _, later in later })
            #expect(fields.fields.map(\.name) == (0..<count).map { "name\($0)" })
            #expect(fields.fields[1].value == .text("later"))
        }
    }

    @Test func equalFieldsInAnyOrderAreEqual() {
        let a: TemplateFields = ["a": .number(1), "b": .flag(true)]
        #expect(a == TemplateFields([("b", .flag(true)), ("a", .number(1))]))
        #expect(a == TemplateFields([("a", .number(0)), ("b", .flag(true)), ("a", .number(1))]))
        #expect(a != ["a": .number(1)])
        #expect(TemplateValue.object(a).child("b") == .flag(true))
        #expect(TemplateValue.list([]).child("b") == nil)
    }
}
