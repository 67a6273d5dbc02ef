/// Text that XML 1.0 can hold, for the values of `changes.xml` and the sitemap, which Mustache
/// then escapes as it does every page's.
enum XMLText {
    /// `s` without what no escaping can make valid XML: control characters but tab and line
    /// breaks, U+FFFE and U+FFFF are dropped. And a combining mark glued to `& < > " '` is
    /// dropped, since Mustache escapes by character and would leave `<` with a mark on it as it is.
    static func clean(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for character in s {
            let scalars = character.unicodeScalars
            if scalars.count > 1, let first = scalars.first, "&<>\"'".unicodeScalars.contains(first) {
                out.append(first)
                continue
            }
            for scalar in scalars {
                let v = scalar.value
                if (v < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || v == 0xFFFE || v == 0xFFFF { continue }
                out.append(scalar)
            }
        }
        return String(out)
    }
}
