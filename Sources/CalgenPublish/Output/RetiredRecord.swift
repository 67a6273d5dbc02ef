import CalgenRecord
import CalgenSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The record of the output a swap retired, kept beside the output under its own name
/// (`.public.calgen-retired`): when a build swaps its output in, the record of the output it
/// replaced (the one it read) is renamed there before the new record is written. The next build
/// reuses that retired output as its staging directory (`RecycledTree`), and the retired record
/// lists it without a walk: the record names every file with its inode, and every folder with
/// its stamp, and a folder's modification time moves whenever an entry is added, removed or
/// renamed in it. So when the retired tree's root is the recorded folder (same device and inode)
/// and every folder shows its recorded stamp, the tree holds exactly the recorded files (some
/// 12,000 `lstat`s on L where a walk takes 50,000 entries from their folders).
///
/// It is only a shortcut: a missing, damaged or stale retired record (another tree, a folder
/// changed) lists nothing, and the tree is walked as before.
enum RetiredRecord {
    /// The retired record beside an output: `public` → `.public.calgen-retired`.
    static func path(forOutput output: String) -> String {
        let url = URL(fileURLWithPath: output).standardizedFileURL
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".calgen-retired"
    }

    /// The regular files (with their identities) and folders below `root` as the retired
    /// record beside `output` names them, when `root` shows every recorded folder stamp.
    static func listing(of root: String, output: String) -> (files: [String: RecycledTree.Identity], folders: [String])? {
        let recorded = BuildRecordBytes.read(path(forOutput: output))
        guard !recorded.bytes.isEmpty else { return nil }
        return recorded.listing(shownBy: root)
    }
}

extension BuildRecordBytes {
    /// The files and folders the record names, when the tree at `root` shows the stamp of every
    /// recorded folder, its own (`.`) among them; `nil` when one differs, or a `file` or `folder`
    /// line is not one calgen writes. Checked in parts of whole lines on all cores.
    func listing(shownBy root: String) -> (files: [String: RecycledTree.Identity], folders: [String])? {
        guard bytes.starts(with: (BuildRecord.header + "\n").utf8) else { return nil }
        let parts = ParallelMap.map(lineAlignedParts()) { part in listing(part, root: root) }
        var files = [String: RecycledTree.Identity]()
        files.reserveCapacity(bytes.count / 160)
        var folders = [String]()
        var namesRoot = false
        for part in parts {
            guard let part else { return nil }
            for (path, identity) in part.files { files[path] = identity }
            folders += part.folders
            namesRoot = namesRoot || part.namesRoot
        }
        return namesRoot ? (files, folders) : nil
    }

    /// What one part of the lines listed.
    private struct PartListing: Sendable {
        var files: [(String, RecycledTree.Identity)] = []
        var folders: [String] = []
        var namesRoot = false
    }

    /// The `file` and `folder` lines that begin in `part`; `nil` when a folder's stamp below
    /// `root` is not the recorded one.
    private func listing(_ part: Range<Int>, root: String) -> PartListing? {
        var result = PartListing()
        var status = EntryStatus(root: root)
        let shown = forEachEntry(in: part) { isFile, name, stamp in
            guard let path = RecordReader.text(name) else { return false }
            if isFile {
                result.files.append((path, RecycledTree.Identity(device: stamp.device, inode: stamp.inode)))
                return true
            }
            guard let info = status.of(name), info.st_mode & S_IFMT == S_IFDIR, BuildRecord.Stamp(info).ofFolder == stamp
            else { return false }
            if path == "." { result.namesRoot = true } else { result.folders.append(path) }
            return true
        }
        return shown ? result : nil
    }
}
