#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Paths with every symbolic link resolved, to hold a link's target to a folder.
package enum RealPath {
    /// The canonical absolute path, with every symbolic link resolved; `nil` when it does not exist.
    package static func of(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether path `b` is path `a` or lies below it (both absolute and resolved).
    package static func isSameOrAncestor(_ a: String, of b: String) -> Bool {
        b == a || b.hasPrefix(a.hasSuffix("/") ? a : a + "/")
    }
}
