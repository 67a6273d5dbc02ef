extension JSON {
    /// The value on several lines as `jq .` prints it, two spaces a level, for people to read
    /// (the API page's example): an object's fields each on its line, an array of plain values
    /// on one line.
    package func pretty(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        let close = String(repeating: "  ", count: indent)
        switch self {
        case .null, .bool, .int, .string:
            return String(decoding: serialized(), as: UTF8.self)
        case .array(let items):
            let plain = items.allSatisfy {
                if case .object = $0 { return false }
                if case .array = $0 { return false }
                return true
            }
            if plain { return String(decoding: serialized(), as: UTF8.self) }
            return "[\n" + items.map { pad + $0.pretty(indent: indent + 1) }.joined(separator: ",\n") + "\n\(close)]"
        case .object(let fields):
            guard !fields.isEmpty else { return "{}" }
            return "{\n"
                + fields.map { key, value in
                    pad + String(decoding: JSON.string(key).serialized(), as: UTF8.self) + ": " + value.pretty(indent: indent + 1)
                }.joined(separator: ",\n") + "\n\(close)}"
        }
    }
}
