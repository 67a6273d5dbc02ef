/// The stored properties of a words value (`UIWords`, `HomeLines`) as a dictionary by name, for
/// templates, which look words up by name, and the tests that every word is there.
package enum WordTable {
    /// Every stored `String` property of `words` by its name, in declaration order. Read by
    /// reflection once per language (the types keep them in static lets), never per page.
    package static func entries(of words: some Sendable) -> [String: String] {
        ordered(words).reduce(into: [:]) { $0[$1.name] = $1.text }
    }

    /// The same as pairs in declaration order.
    package static func ordered(_ words: some Sendable) -> [(name: String, text: String)] {
        Mirror(reflecting: words).children.map { child in
            guard let name = child.label, let text = child.value as? String else {
                preconditionFailure("a words type holds only String properties")
            }
            return (name, text)
        }
    }
}
