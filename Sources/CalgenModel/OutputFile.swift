/// One file of the generated site: a path relative to the output directory and its bytes.
public struct OutputFile: Sendable, Hashable {
    public let path: String
    public let bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}
