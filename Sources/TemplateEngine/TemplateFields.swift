/// The fields of a template object by name, as a dictionary reads them (a name given twice keeps
/// its later value), kept as the pairs they were made from: a page's contexts are made by the
/// thousand (a grid's cells) and each read a few times, so making them costs more than finding a
/// name in them. A name is found by comparing it with the names from the last one back (short
/// ASCII names compare in a few instructions, without hashing); an object of many fields (a
/// language's words) is also indexed.
package struct TemplateFields: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private let pairs: [(String, TemplateValue)]
    /// The position of each name's value, for objects of more than `indexedFrom` fields.
    private let index: [String: Int]?

    /// Objects of at least this many fields are indexed.
    package static let indexedFrom = 24

    /// `pairs` in order; of a name given twice, the later value counts.
    package init(_ pairs: [(String, TemplateValue)]) {
        self.pairs = pairs
        if pairs.count >= TemplateFields.indexedFrom {
            var index = [String: Int](minimumCapacity: pairs.count)
            for (i, pair) in pairs.enumerated() { index[pair.0] = i }
            self.index = index
        } else {
            index = nil
        }
    }

    package init(_ dictionary: [String: TemplateValue]) {
        self.init(dictionary.map { ($0.key, $0.value) })
    }

    package init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(elements)
    }

    /// The value of `name`, if the object has it.
    package subscript(name: String) -> TemplateValue? {
        if let index { return index[name].map { pairs[$0].1 } }
        var i = pairs.count - 1
        while i >= 0 {
            if pairs[i].0 == name { return pairs[i].1 }
            i -= 1
        }
        return nil
    }

    /// The fields as a dictionary: what swift-mustache reads and prints.
    package var dictionary: [String: TemplateValue] {
        Dictionary(pairs) { _, later in later }
    }

    /// The fields that count, each name once, in the order first given.
    package var fields: [(name: String, value: TemplateValue)] {
        let values = dictionary
        var seen = Set<String>()
        return pairs.compactMap { name, _ in seen.insert(name).inserted ? (name, values[name]!) : nil }
    }

    package var count: Int { dictionary.count }

    package static func == (lhs: TemplateFields, rhs: TemplateFields) -> Bool {
        lhs.dictionary == rhs.dictionary
    }
}
