/// A tree in memory: regular files by path, and entries of other kinds, for tests and fuzzing.
struct MemorySourceTree: SourceTree {
    let root: String
    var files: [String: [UInt8]]
    /// Entries that are no regular file with one link (a link, a pipe, a hard-linked file), by path.
    var others: [String: SourceEntry] = [:]

    init(root: String, files: [String: [UInt8]], others: [String: SourceEntry] = [:]) {
        self.root = root
        self.files = files
        self.others = others
    }

    /// A tree of text files.
    init(root: String, texts: [String: String]) {
        self.init(root: root, files: texts.mapValues { Array($0.utf8) })
    }

    /// Every entry with the folders they imply, by path.
    private var all: [String: SourceEntry] {
        var entries = [String: SourceEntry]()
        for (path, bytes) in files { entries[path] = SourceEntry(path: path, kind: .file, size: bytes.count, links: 1) }
        for (path, entry) in others { entries[path] = entry }
        for path in Array(entries.keys) {
            var parts = path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                let folder = parts.joined(separator: "/")
                if entries[folder] == nil { entries[folder] = SourceEntry(path: folder, kind: .folder, size: 0, links: 1) }
                parts = parts.dropLast()
            }
        }
        return entries
    }

    func list(_ folder: String) throws(SourceTreeError) -> [SourceEntry]? {
        let all = all
        if !folder.isEmpty {
            var way = ""
            for part in try Self.components(of: folder) {
                way += (way.isEmpty ? "" : "/") + part
                guard let entry = all[way] else { return nil }
                guard entry.kind == .folder else {
                    throw SourceTreeError(path: folder, problem: .below(String(part), entry.kind))
                }
            }
        }
        let prefix = folder.isEmpty ? "" : folder + "/"
        return all.values.filter { $0.path.hasPrefix(prefix) && !$0.path.dropFirst(prefix.count).contains("/") }
            .sorted { $0.path < $1.path }
    }

    func prefix(_ path: String, count: Int) throws(SourceTreeError) -> (bytes: [UInt8], size: Int) {
        let bytes = try read(path, limit: .max)
        return (Array(bytes.prefix(count)), bytes.count)
    }

    func read(_ path: String, limit: Int) throws(SourceTreeError) -> [UInt8] {
        _ = try Self.components(of: path)
        if let other = others[path] {
            guard other.kind == .file else { throw SourceTreeError(path: path, problem: .notFile(other.kind)) }
            throw SourceTreeError(path: path, problem: .hardLinks(other.links))
        }
        guard let bytes = files[path] else { throw SourceTreeError(path: path, problem: .missing) }
        guard bytes.count <= limit else { throw SourceTreeError(path: path, problem: .tooLarge(bytes.count, limit: limit)) }
        return bytes
    }
}
