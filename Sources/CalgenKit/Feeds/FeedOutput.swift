/// Where feeds go as they are rendered: straight into the staging directory, so that a build
/// with thousands of feeds never holds them all in memory, or into memory for `calgen check`.
struct FeedOutput: Sendable {
    /// The staging directory; `nil` keeps every feed in memory.
    let stagingPath: String?

    static let memory = FeedOutput(stagingPath: nil)

    /// Whether a feed unchanged since `previous` can be kept (hard-linked) from the output
    /// directory rather than stored: only when staging an output, over one that is there.
    func keepsUnchanged(of previous: PreviousOutput) -> Bool { stagingPath != nil && previous.isOutput }

    /// Writes a file of a feed to the staging directory, or keeps it in memory.
    func store(_ path: String, _ bytes: [UInt8]) throws(OutputError) -> PlannedFile {
        guard let stagingPath else { return PlannedFile(path: path, size: bytes.count, source: .bytes(bytes)) }
        let target = stagingPath + "/" + path
        try StagedOutput.makeDirectory(String(target[..<(target.lastIndex(of: "/") ?? target.endIndex)]))
        try StagedOutput.writeFile(target, bytes)
        return PlannedFile(path: path, size: bytes.count, source: .staged)
    }
}
