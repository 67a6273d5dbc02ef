import CalgenCore
import CalgenSupport
import Crypto
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading input files; a failure throws its diagnostic. Every file calgen reads from the content
/// or templates directory goes through here, so every one is held to the same rules: a regular
/// file (not a device or a pipe), inside its directory even when reached through a symbolic
/// link, within its size limit, and, for text, UTF-8 without control characters. A byte order
/// mark is dropped and CRLF line endings (Windows editors) read as LF.
package enum FileReader {
    /// The bytes of `path`, which must lie inside `root` (after resolving symbolic links) and
    /// hold at most `limit` bytes.
    package static func readBytes(_ path: String, root: String, limit: Int) throws(ContentErrors) -> [UInt8] {
        guard let resolved = RealPath.of(path) else {
            throw ContentErrors(
                Diagnostic(
                    file: path, message: "the file cannot be read (missing, or a broken link)",
                    fix: "check the name and the folder (--content, --templates), or the link's target"))
        }
        if let rootPath = RealPath.of(root), !RealPath.isSameOrAncestor(rootPath, of: resolved) {
            throw ContentErrors(
                Diagnostic(
                    file: path, message: "the file is a symbolic link to \(resolved), outside \(root)",
                    fix: "copy the file into \(root) instead of linking to it"))
        }
        // The checks are made on the opened file itself (`fstat`), and at most `limit + 1` bytes
        // are ever read: a huge file costs nothing, and one that grows while it is read is caught.
        // O_NONBLOCK: opening a pipe does not wait for a writer (it is refused just below).
        let fd = open(resolved, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw ContentErrors(
                Diagnostic(
                    file: path, message: "the file cannot be read: \(String(cString: strerror(errno)))",
                    fix: "check the file's permissions"))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw ContentErrors(
                Diagnostic(file: path, message: "not a regular file", fix: "replace it with a file, or remove it"))
        }
        func tooLarge(_ size: Int) -> ContentErrors {
            ContentErrors(
                Diagnostic(
                    file: path, message: "the file has \(size) bytes; the limit for this kind of file is \(limit)",
                    fix: "split it, or remove what does not belong in it"))
        }
        guard Int(info.st_size) <= limit else { throw tooLarge(Int(info.st_size)) }
        // Room for the size `fstat` gave and one byte more, grown (up to `limit + 1`) only when
        // the file grew meanwhile.
        var bytes = [UInt8](repeating: 0, count: min(Int(info.st_size), limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard bytes.count <= limit else { break }
                bytes += [UInt8](repeating: 0, count: min(bytes.count, limit + 1 - bytes.count))
            }
            let n = bytes.withUnsafeMutableBytes { raw in read(fd, raw.baseAddress! + count, raw.count - count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else {
                throw ContentErrors(
                    Diagnostic(
                        file: path, message: "the file cannot be read: \(String(cString: strerror(errno)))",
                        fix: "check the file and the disk"))
            }
            if n == 0 { break }
            count += n
        }
        guard count <= limit else { throw tooLarge(count) }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// The SHA-256 (lowercase hex) of a regular file, read in pieces of 1 MiB so that a file of
    /// any size costs no memory; `nil` when it is not a regular file or cannot be read. For
    /// fingerprints of everything a build reads, where a file over its limit must still be told
    /// apart from another without being loaded.
    package static func sha256(ofFileAt path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = buffer.withUnsafeMutableBytes { raw in read(fd, raw.baseAddress!, raw.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { break }
            hasher.update(data: buffer[..<n])
        }
        return Digest.hex(hasher.finalize())
    }

    /// A text file and the SHA-256 of its bytes as stored.
    static func readSource(_ path: String, root: String, limit: Int) throws(ContentErrors) -> (text: String, digest: String) {
        let bytes = try readBytes(path, root: root, limit: limit)
        return (try text(bytes, path: path), Digest.sha256(bytes))
    }

    package static func readText(_ path: String, root: String, limit: Int) throws(ContentErrors) -> String {
        try text(readBytes(path, root: root, limit: limit), path: path)
    }

    /// UTF-8 bytes as text: without a leading byte order mark, CRLF read as LF, and no control
    /// characters but tab and line feed.
    static func text(_ bytes: [UInt8], path: String) throws(ContentErrors) -> String {
        var slice = bytes[...]
        if slice.starts(with: [0xEF, 0xBB, 0xBF]) { slice = slice.dropFirst(3) }
        guard var text = String(validating: slice, as: UTF8.self) else {
            throw ContentErrors(
                Diagnostic(
                    file: path, location: firstInvalidUTF8(Array(slice)), message: "the file is not valid UTF-8",
                    fix: "save it as UTF-8 (it may be in GBK or another legacy encoding)"))
        }
        if text.utf8.contains(0x0D) { text = text.replacingOccurrences(of: "\r\n", with: "\n") }
        if let (offset, scalar) = TextRules.firstControlCharacter(in: text, multiline: true) {
            let (line, column) = position(ofScalar: offset, in: text)
            throw ContentErrors(
                Diagnostic(
                    file: path, location: .line(line, column: column),
                    message: "the file contains the control character \(TextRules.codePoint(scalar))",
                    fix: "remove it (control characters other than tab and line breaks never belong in content)"))
        }
        return text
    }

    /// The 1-based line and column of the scalar at `offset`.
    package static func position(ofScalar offset: Int, in text: String) -> (Int, Int) {
        var line = 1
        var column = 1
        for scalar in text.unicodeScalars.prefix(offset) {
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    /// The line and column (in characters) of the first byte that is not part of valid UTF-8.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Diagnostic.Location {
        var line = 1
        var column = 1
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return .line(line, column: column)
            }
            guard index + length <= bytes.count,
                String(validating: bytes[index..<index + length], as: UTF8.self) != nil
            else { return .line(line, column: column) }
            if lead == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += length
        }
        return .line(line, column: column)
    }
}
