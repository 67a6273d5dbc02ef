/// HTML escaping exactly as swift-mustache's: `<`, `>`, `&`, `"` and `'` replaced where each is
/// a character of its own (a `<` that a combining mark follows is another character and stays
/// as it is), the rest copied. Works on UTF-8 bytes wherever that gives the same result.
package enum HTMLEscape {
    /// `text` escaped, as a string: `text` itself when it holds nothing to escape.
    package static func escaped(_ text: String) -> String {
        let (special, _) = text.utf8.withContiguousStorageIfAvailable(scan) ?? scan(Array(text.utf8))
        guard special else { return text }
        var out = [UInt8]()
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    package static func append(_ text: String, to out: inout [UInt8]) {
        let (special, ascii) = text.utf8.withContiguousStorageIfAvailable(scan) ?? scan(Array(text.utf8))
        guard special else {
            out.append(contentsOf: text.utf8)
            return
        }
        guard ascii else {
            // Characters decide: a special byte may be the start of a longer character.
            for character in text {
                if let replacement = replacement(character) {
                    out.append(contentsOf: replacement.utf8)
                } else {
                    out.append(contentsOf: character.utf8)
                }
            }
            return
        }
        // In ASCII text every special byte is a character of its own.
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
            default: out.append(byte)
            }
        }
    }

    /// Whether the bytes hold a special character, and whether they are all ASCII.
    private static func scan<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (special: Bool, ascii: Bool) {
        var special = false
        var ascii = true
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "\""), UInt8(ascii: "'"): special = true
            case 0x80...: ascii = false
            default: break
            }
        }
        return (special, ascii)
    }

    private static func replacement(_ character: Character) -> String? {
        switch character {
        case "<": "&lt;"
        case ">": "&gt;"
        case "&": "&amp;"
        case "\"": "&quot;"
        case "'": "&#39;"
        default: nil
        }
    }
}
