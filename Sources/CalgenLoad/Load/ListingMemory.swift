import CalgenCore
import CalgenSupport
import Foundation

/// The listings of the content's folders that a resident site (`calgen serve`) keeps between
/// loads, each until it is told that something changed in that folder (`forget`), so that a note
/// saved lists one folder again instead of every folder of ten thousand files. Only a folder
/// whose entries are all regular files or folders is kept: a link's target can change without
/// any event in the folder that holds the link.
package final class ListingMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var listings = [String: [SourceEntry]]()
    private var listed = 0
    /// How many times listings were forgotten: a listing read across a `forget` is not kept.
    private var forgotten = 0

    /// How many folders were listed from their tree so far (for tests).
    var folderListings: Int { lock.withLock { listed } }

    /// Forgets the listing of every folder in `folders` (relative, `""` the root) and of every
    /// folder below one of them; of every folder when `folders` is nil (nothing is known).
    package func forget(_ folders: Set<String>?) {
        lock.withLock {
            forgotten += 1
            guard let folders, !folders.contains("") else {
                listings.removeAll()
                return
            }
            for folder in folders {
                listings[folder] = nil
                let below = folder + "/"
                for key in listings.keys where key.hasPrefix(below) { listings[key] = nil }
            }
        }
    }

    /// The entries of `folder` in `tree`: as last listed, unless forgotten since.
    func list(_ folder: String, in tree: any SourceTree) throws(SourceTreeError) -> [SourceEntry]? {
        let (kept, epoch) = lock.withLock { (listings[folder], forgotten) }
        if let kept { return kept }
        let entries = try tree.list(folder)
        lock.withLock {
            listed += 1
            if let entries, epoch == forgotten, entries.allSatisfy({ $0.kind == .file || $0.kind == .folder }) {
                listings[folder] = entries
            }
        }
        return entries
    }

    /// Whether every kept listing is still what `tree` lists: false when a folder changed without
    /// being forgotten (a change the kernel did not report: a folder it could not watch, a file
    /// changed through another hard link).
    package func isCurrent(in tree: any SourceTree) -> Bool {
        let kept = lock.withLock { listings }
        return kept.allSatisfy { folder, entries in (try? tree.list(folder)) == entries }
    }
}

/// A tree whose folders are listed through a `ListingMemory`; files are read from the tree.
package struct RememberedTree: SourceTree {
    let tree: any SourceTree
    let memory: ListingMemory

    package init(tree: any SourceTree, memory: ListingMemory) {
        self.tree = tree
        self.memory = memory
    }

    package var root: String { tree.root }

    package func list(_ folder: String) throws(SourceTreeError) -> [SourceEntry]? {
        try memory.list(folder, in: tree)
    }

    package func read(_ path: String, limit: Int) throws(SourceTreeError) -> [UInt8] {
        try tree.read(path, limit: limit)
    }

    package func prefix(_ path: String, count: Int) throws(SourceTreeError) -> (bytes: [UInt8], size: Int) {
        try tree.prefix(path, count: count)
    }
}
