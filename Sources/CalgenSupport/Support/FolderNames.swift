/// The folders that files lie in, from their paths' bytes.
package enum FolderNames {
    /// The folders the files at `paths` (relative, sorted) lie in, and with `withParents` every
    /// folder above those. Sorted paths share their folder with the path before most of the time:
    /// that folder is not looked up again.
    package static func of(_ paths: [String], withParents: Bool) -> Set<String> {
        var folders = Set<String>()
        var last = [UInt8]()
        for var path in paths {
            path.withUTF8 { bytes in
                guard var end = bytes.lastIndex(of: 0x2F) else { return }
                if end == last.count, bytes[..<end].elementsEqual(last) { return }
                last = Array(bytes[..<end])
                while folders.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)).inserted,
                    withParents, let up = bytes[..<end].lastIndex(of: 0x2F)
                {
                    end = up
                }
            }
        }
        return folders
    }
}
