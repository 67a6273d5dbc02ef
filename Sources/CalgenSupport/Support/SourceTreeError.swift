/// Why a tree's entry cannot be listed or read.
package struct SourceTreeError: Error, Equatable, Sendable {
    /// What is wrong with an entry.
    package enum Problem: Equatable, Sendable {
        /// Nothing is there (or a link leads nowhere).
        case missing
        /// The path names no place inside the tree.
        case notInside
        /// A link whose target (given) lies outside the root.
        case outside(String)
        /// A component on the way is no folder (a link to one is not entered).
        case below(String, SourceEntry.Kind)
        /// Not a regular file.
        case notFile(SourceEntry.Kind)
        /// A regular file with this many hard links, where one is required.
        case hardLinks(Int)
        /// More bytes than the limit.
        case tooLarge(Int, limit: Int)
        /// The system refused it (`strerror`'s text).
        case unreadable(String)
        /// Replaced, or changed size, while it was read.
        case changed
    }

    /// Relative to the root.
    package let path: String
    package let problem: Problem

    /// The problem in a few words, after the entry's name.
    package var reason: String {
        switch problem {
        case .missing: "is missing"
        case .notInside: "is not a path inside the folder"
        case .outside(let target): "is a symbolic link to \(target), outside the folder"
        case .below(let part, let kind): "lies below \(part), which is \(kind.rawValue), not a folder"
        case .notFile(let kind): "is \(kind.rawValue), not a regular file"
        case .hardLinks(let count): "has \(count) hard links: it may be a file outside the folder"
        case .tooLarge(let size, let limit): "has \(size) bytes, more than the \(limit) allowed"
        case .unreadable(let why): "cannot be read: \(why)"
        case .changed: "changed while it was read"
        }
    }
}
