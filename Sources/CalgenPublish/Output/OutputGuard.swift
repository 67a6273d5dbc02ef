import CalgenModel
import CalgenRecord
import CalgenSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decides whether calgen may replace an output directory. A build swaps a new tree in for the
/// whole output, so the output must be a directory calgen owns: absent, empty, or holding a
/// `manifest.json` that calgen wrote. It must not be, contain or lie inside the content or
/// templates, and must not be `/`, the home directory, the current directory or one of its
/// parents. A symbolic link is followed, and its target is held to the same rules.
public enum OutputGuard {
    /// The real output directory (symbolic links resolved), or why it cannot be replaced.
    package static func check(output given: String, content: String, templates: String) throws(OutputError) -> URL {
        let output = resolve(given)
        let path = output.path
        func refuse(_ reason: String, fix: String) -> OutputError {
            OutputError(path: given, reason: reason, fix: fix)
        }
        let separate = "choose a separate output directory, such as `--output public`"
        if path == "/" { throw refuse("refusing to replace the root directory", fix: separate) }
        var protected = [(FileManager.default.currentDirectoryPath, "the current directory")]
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty {
            protected.append((home, "the home directory"))
        }
        for (directory, name) in protected where RealPath.isSameOrAncestor(path, of: resolve(directory).path) {
            throw refuse("refusing to replace a directory that is or contains \(name)", fix: separate)
        }
        for (directory, name) in [(content, "content"), (templates, "templates")] {
            let source = resolve(directory).path
            if RealPath.isSameOrAncestor(path, of: source) {
                throw refuse(
                    "refusing to replace a directory that is or contains the \(name) directory (\(directory))", fix: separate)
            }
            if RealPath.isSameOrAncestor(source, of: path) {
                throw refuse("the output lies inside the \(name) directory (\(directory))", fix: separate)
            }
        }
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw refuse("exists and is not a directory", fix: "remove it, or choose another output directory")
            }
            guard isEmpty(path) || isCalgenOutput(path) else {
                throw refuse(
                    "refusing to replace a directory that calgen did not write (it is not empty and has no calgen manifest.json)",
                    fix: "choose a new or empty output directory, or empty this one yourself if nothing in it is needed")
            }
        } else if lstat(given, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK {
            throw refuse("is a symbolic link to nothing", fix: "remove the link, or point it at a directory")
        }
        return output
    }

    /// The absolute path with `.`/`..` removed and every symbolic link resolved, as far as the
    /// path exists (a missing tail is kept as written).
    static func resolve(_ path: String) -> URL {
        var existing = URL(fileURLWithPath: path).standardizedFileURL
        var tail = [String]()
        while existing.path != "/", RealPath.of(existing.path) == nil {
            tail.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        var url = URL(fileURLWithPath: RealPath.of(existing.path) ?? existing.path)
        for component in tail { url.appendPathComponent(component) }
        return url.standardizedFileURL
    }

    static func isEmpty(_ path: String) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? ["?"]).isEmpty
    }

    /// Whether the directory holds a `manifest.json` that calgen wrote, or has calgen's build
    /// record beside it (then a damaged manifest is reported as such by the build).
    public static func isCalgenOutput(_ path: String) -> Bool {
        if hasRecord(path) { return true }
        // A shard's folder (`--shard`) starts its `shard.json` so.
        if head(of: "shard.json", in: path).hasPrefix("{\n  \"calgen-shard\" : ") { return true }
        let head = head(of: Manifest.path, in: path)
        return head.hasPrefix("{") && head.contains("\"generator\": \"calgen ")
    }

    /// Whether the directory holds a site's output (not a shard's): its build record beside it,
    /// or a `manifest.json` that calgen wrote.
    package static func isSiteOutput(_ path: String) -> Bool {
        if hasRecord(path) { return true }
        let head = head(of: Manifest.path, in: path)
        return head.hasPrefix("{") && head.contains("\"generator\": \"calgen ")
    }

    /// Whether a build's record is beside the directory (or the state file of a calgen before it).
    private static func hasRecord(_ path: String) -> Bool {
        ([BuildRecord.path(forOutput: path)] + BuildRecord.formerFiles(forOutput: path).prefix(1)).contains {
            FileManager.default.fileExists(atPath: $0)
        }
    }

    /// The first 4 KiB of the file `name` in `folder` as text, empty when it cannot be read: only
    /// a regular file is opened (a pipe named `manifest.json` would wait forever for a writer).
    private static func head(of name: String, in folder: String) -> String {
        guard let head = try? DiskSourceTree(root: folder).prefix(name, count: 4096) else { return "" }
        return String(decoding: head.bytes, as: UTF8.self)
    }
}
