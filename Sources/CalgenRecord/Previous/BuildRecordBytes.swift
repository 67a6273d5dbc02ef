import CalgenSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of the record beside an output, as read, before they are parsed.
///
/// A build's first look needs little of the record: the digest of what the last build read, the
/// inputs' fingerprints and the report's figures (`head`), and whether the output still shows
/// every file and folder the record names (`outputIsUnchanged`, checked where the lines lie,
/// without making a string of any path). Only a build that goes on parses the whole record
/// (`record`): for an output of 10,000 subscribers that is 60,000 lines, most of a build's
/// first look when nothing changed.
package struct BuildRecordBytes: Sendable {
    package let bytes: [UInt8]

    /// The record's bytes at `path`; none when it is missing, not a regular file beside the
    /// output, or larger than `BuildRecord.maxBytes`.
    package static func read(_ path: String) -> BuildRecordBytes {
        let tree = DiskSourceTree(root: (path as NSString).deletingLastPathComponent)
        let bytes = try? tree.read((path as NSString).lastPathComponent, limit: BuildRecord.maxBytes)
        return BuildRecordBytes(bytes: bytes ?? [])
    }

    /// The whole record; an empty one when the bytes are not one calgen writes.
    var record: BuildRecord { BuildRecord.parse(bytes) ?? BuildRecord() }

    /// The record's `inputs`, `report` and `input` lines, read as `BuildRecord.parse` reads
    /// them; every other line is passed over (one damaged there is found when the whole record
    /// is parsed). `nil` when the header or one of these lines is not one calgen writes.
    package var head: BuildRecord? { BuildRecord.parse(bytes, only: [.input, .inputs, .report]) }

    /// Whether the output at `root` is exactly what the record names: at least one file, the
    /// output's own folder, and every recorded file and folder with its recorded stamp (a
    /// folder's modification time moves whenever an entry is added, removed or renamed in it, so
    /// nothing unrecorded can have appeared either). Checked from the bytes on all cores. False
    /// when the header or a `file` or `folder` line is not one calgen writes, or a path holds a
    /// NUL byte. Only `lstat`s: no file is read.
    package func outputIsUnchanged(root: String) -> Bool {
        guard bytes.starts(with: (BuildRecord.header + "\n").utf8) else { return false }
        let parts = ParallelMap.map(lineAlignedParts()) { part in check(part, root: root) }
        return parts.allSatisfy(\.holds) && parts.contains(where: \.namesFile) && parts.contains(where: \.namesRoot)
    }

    /// What one part of the lines showed.
    private struct PartCheck: Sendable {
        var holds = true
        var namesFile = false
        var namesRoot = false
    }

    /// The bytes cut into parts of whole lines, about 64 KiB each (at most 64 parts).
    package func lineAlignedParts() -> [Range<Int>] {
        let count = max(1, min(64, bytes.count >> 16))
        var parts = [Range<Int>]()
        var start = 0
        for i in 1...count {
            var end = i == count ? bytes.count : max(start, bytes.count * i / count)
            while end < bytes.count && bytes[end - 1] != 0x0A { end += 1 }
            parts.append(start..<end)
            start = end
        }
        return parts
    }

    /// The `file` and `folder` lines that begin in `part`, each against its `lstat` below `root`.
    private func check(_ part: Range<Int>, root: String) -> PartCheck {
        var result = PartCheck()
        var status = EntryStatus(root: root)
        result.holds = forEachEntry(in: part) { isFile, name, stamp in
            guard let info = status.of(name) else { return false }
            let kind = info.st_mode & S_IFMT
            let shows =
                isFile
                ? kind == S_IFREG && BuildRecord.Stamp(info) == stamp
                : kind == S_IFDIR && BuildRecord.Stamp(info).ofFolder == stamp
            result.namesFile = result.namesFile || isFile
            result.namesRoot = result.namesRoot || (!isFile && name.count == 1 && name[0] == 0x2E)
            return shows
        }
        return result
    }

    /// Calls `body` with each `file` and `folder` line that begins in `part`: whether it is a
    /// file, its path's bytes (never empty, never with a NUL byte) and its stamp. False when such
    /// a line is not one calgen writes, or when `body` returns false (then no later line is read).
    package func forEachEntry(
        in part: Range<Int>, _ body: (_ isFile: Bool, _ path: UnsafeBufferPointer<UInt8>, _ stamp: BuildRecord.Stamp) -> Bool
    ) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = RecordReader(buffer: buffer)
            reader.position = part.lowerBound
            var fields = [Range<Int>]()
            while reader.position < part.upperBound, reader.line(into: &fields) {
                let isFile = reader.field(fields[0], is: "file")
                // Another kind of line is the parse's to judge.
                guard isFile || reader.field(fields[0], is: "folder") else { continue }
                // A damaged file or folder line is no stamp.
                guard fields.count == (isFile ? 5 : 3), let stamp = reader.stamp(fields[2]), !fields[1].isEmpty,
                    !buffer[fields[1]].contains(0),
                    body(isFile, UnsafeBufferPointer(rebasing: buffer[fields[1]]), stamp)
                else { return false }
            }
            return true
        }
    }
}

/// The `lstat` of paths below a root given as a record's bytes: one buffer for every path (the
/// root, a slash, the path, a NUL), no string made of any.
package struct EntryStatus {
    let root: String
    private var path: [UInt8]
    private let base: Int

    package init(root: String) {
        self.root = root
        path = Array(root.utf8) + [0x2F]
        base = path.count
    }

    /// The `lstat` of `name` below the root (`.` the root itself); `nil` when there is none.
    package mutating func of(_ name: UnsafeBufferPointer<UInt8>) -> stat? {
        var info = stat()
        if name.count == 1 && name[0] == 0x2E {
            return lstat(root, &info) == 0 ? info : nil
        }
        path.removeSubrange(base...)
        path.append(contentsOf: name)
        path.append(0)
        let found = path.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &info) == 0 }
        }
        return found ? info : nil
    }
}
