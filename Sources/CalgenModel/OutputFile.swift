/// One file of the generated site: a path relative to the output directory and its bytes.
public struct OutputFile: Sendable, Hashable {
    public let path: String
    public let bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

extension OutputFile {
    /// The bytes of each file by its path.
    package static func byPath(_ files: [OutputFile]) -> [String: [UInt8]] {
        var bytes = [String: [UInt8]](minimumCapacity: files.count)
        for file in files { bytes[file.path] = file.bytes }
        return bytes
    }
}
