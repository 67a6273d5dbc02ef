import CalgenCore
import Foundation
import Glibc

/// Reading input files; a failure throws its diagnostic. Every file calgen reads from the content
/// or templates directory goes through here, so every one is held to the same rules: a regular
/// file (not a device or a pipe), inside its directory even when reached through a symbolic
/// link, within its size limit, and, for text, UTF-8 without control characters. A byte order
/// mark is dropped and CRLF line endings (Windows editors) read as LF.
enum FileReader {
    /// The bytes of `path`, which must lie inside `root` (after resolving symbolic links) and
    /// hold at most `limit` bytes.
    static func readBytes(_ path: String, root: String, limit: Int) throws(ContentErrors) -> [UInt8] {
        guard let resolved = realPath(path) else {
            throw ContentErrors(
                Diagnostic(
                    file: path, message: "the file cannot be read (missing, or a broken link)",
                    fix: "check the name and the folder (--content, --templates), or the link's target"))
        }
        if let rootPath = realPath(root), !isSameOrAncestor(rootPath, of: resolved) {
            throw ContentErrors(
                Diagnostic(
                    file: path, message: "the file is a symbolic link to \(resolved), outside \(root)",
                    fix: "copy the file into \(root) instead of linking to it"))
        }
        var info = stat()
        guard stat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw ContentErrors(
                Diagnostic(file: path, message: "not a regular file", fix: "replace it with a file, or remove it"))
        }
        guard Int(info.st_size) <= limit else {
            throw ContentErrors(
                Diagnostic(
                    file: path, message: "the file has \(Int(info.st_size)) bytes; the limit for this kind of file is \(limit)",
                    fix: "split it, or remove what does not belong in it"))
        }
        guard let data = FileManager.default.contents(atPath: resolved), data.count <= limit else {
            throw ContentErrors(Diagnostic(file: path, message: "the file cannot be read (missing or not a file)"))
        }
        return [UInt8](data)
    }

    /// A text file and the SHA-256 of its bytes as stored.
    static func readSource(_ path: String, root: String, limit: Int) throws(ContentErrors) -> (text: String, digest: String) {
        let bytes = try readBytes(path, root: root, limit: limit)
        return (try text(bytes, path: path), Digest.sha256(bytes))
    }

    static func readText(_ path: String, root: String, limit: Int) throws(ContentErrors) -> String {
        try text(readBytes(path, root: root, limit: limit), path: path)
    }

    /// The canonical absolute path, with every symbolic link resolved; `nil` when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether path `b` is path `a` or lies below it (both absolute and resolved).
    static func isSameOrAncestor(_ a: String, of b: String) -> Bool {
        b == a || b.hasPrefix(a.hasSuffix("/") ? a : a + "/")
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
    static func position(ofScalar offset: Int, in text: String) -> (Int, Int) {
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
