import CalgenCore
import CalgenSupport

/// A folder calgen reads its input from (the content, the templates) through one `SourceTree`,
/// with every problem as a diagnostic that names the file as the user would (`Content/users/a.yml`)
/// and says how to fix it. Every file read is held to the same rules: a regular file (not a
/// device or a pipe), inside the folder even when reached through a link to a file, never through
/// a link to a folder, within its size limit, and, for text, UTF-8 without control characters.
package struct InputFolder: Sendable {
    package let tree: any SourceTree

    /// The folder on disk at `root` (as the user named it).
    init(root: String) {
        self.init(tree: DiskSourceTree(root: root, fileLinks: true))
    }

    package init(tree: any SourceTree) {
        self.tree = tree
    }

    /// The path of `relative` as the user names it.
    func display(_ relative: String) -> String {
        tree.root.isEmpty ? relative : relative.isEmpty ? tree.root : tree.root + "/" + relative
    }

    /// The entries directly in `folder`; `nil` when it is not there. A folder that is a link is
    /// a problem (`folderLink`), never entered.
    func list(_ folder: String) throws(ContentErrors) -> [SourceEntry]? {
        try told { () throws(SourceTreeError) in try tree.list(folder) }
    }

    /// Every entry below `folder`, parents first; `nil` when it is not there.
    func walk(_ folder: String) throws(ContentErrors) -> [SourceEntry]? {
        try told { () throws(SourceTreeError) in try tree.walk(folder) }
    }

    /// The bytes of the file at `relative`, at most `limit` of them.
    func bytes(_ relative: String, limit: Int) throws(ContentErrors) -> [UInt8] {
        try told { () throws(SourceTreeError) in try tree.read(relative, limit: limit) }
    }

    /// What `body` asks of the tree, its problem told as the user's diagnostic.
    private func told<Value>(_ body: () throws(SourceTreeError) -> Value) throws(ContentErrors) -> Value {
        do throws(SourceTreeError) {
            return try body()
        } catch {
            throw ContentErrors(diagnostic(error))
        }
    }

    /// A text file and the SHA-256 of its bytes as stored.
    func source(_ relative: String, limit: Int) throws(ContentErrors) -> (text: String, digest: String) {
        let bytes = try bytes(relative, limit: limit)
        return (try FileReader.text(bytes, path: display(relative)), Digest.sha256(bytes))
    }

    /// The links to folders among `entries` (hidden ones left out), each as an error: calgen
    /// reads no folder through a link, and skipping one would silently drop what is in it. A
    /// link to a single file is fine (its target is held to the folder).
    func folderLinks(_ entries: [SourceEntry]) -> [Diagnostic] {
        entries.filter { $0.isFolderLink && !$0.name.hasPrefix(".") }.map { folderLink($0.path) }
    }

    /// The problem of a folder at `relative` that is a link.
    func folderLink(_ relative: String) -> Diagnostic {
        let parent = relative.split(separator: "/").dropLast().joined(separator: "/")
        return Diagnostic(
            file: display(relative), message: "is a symbolic link to a folder, which calgen does not follow",
            fix: "move or copy the files into \(display(parent)) instead of linking a folder (a link to one file is fine)")
    }

    /// A tree's problem as the user is told it.
    func diagnostic(_ error: SourceTreeError) -> Diagnostic {
        let file = display(error.path)
        switch error.problem {
        case .missing, .notInside:
            return Diagnostic(
                file: file, message: "the file cannot be read (missing, or a broken link)",
                fix: "check the name and the folder (--content, --templates), or the link's target")
        case .outside(let target):
            return Diagnostic(
                file: file, message: "the file is a symbolic link to \(target), outside \(tree.root)",
                fix: "copy the file into \(tree.root) instead of linking to it")
        case .below(let part, let kind):
            let way = (error.path.split(separator: "/").prefix { $0 != part } + [Substring(part)]).joined(separator: "/")
            guard kind == .link else {
                return Diagnostic(
                    file: file, message: "lies below \(display(way)), which is \(kind.rawValue), not a folder",
                    fix: "make \(display(way)) a folder, or remove it")
            }
            return folderLink(way)
        case .notFile, .hardLinks:
            return Diagnostic(file: file, message: "not a regular file", fix: "replace it with a file, or remove it")
        case .tooLarge(let size, let limit):
            return Diagnostic(
                file: file, message: "the file has \(size) bytes; the limit for this kind of file is \(limit)",
                fix: "split it, or remove what does not belong in it")
        case .unreadable(let why):
            return Diagnostic(file: file, message: "the file cannot be read: \(why)", fix: "check the file's permissions")
        case .changed:
            return Diagnostic(file: file, message: "the file changed while it was read", fix: "build again once it is saved")
        }
    }
}
