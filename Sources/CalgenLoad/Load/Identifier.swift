/// The shapes of names calgen puts into URLs and matches between files.
package enum Identifier {
    /// A subscriber id, group or audience name: `[a-z0-9-]{1,64}`.
    package static func isValid(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count) && isLowercaseWord(name)
    }

    /// A page slug: like an id, up to 100 characters, not starting or ending with a hyphen.
    package static func isSlug(_ slug: String) -> Bool {
        (1...100).contains(slug.utf8.count) && !slug.hasPrefix("-") && !slug.hasSuffix("-") && isLowercaseWord(slug)
    }

    /// Only `a`–`z`, `0`–`9` and `-`.
    private static func isLowercaseWord(_ text: String) -> Bool {
        text.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }
}
