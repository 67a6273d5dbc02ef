import Foundation

/// Where feeds go as they are rendered: straight into the staging directory, so that a build
/// with thousands of feeds never holds them all in memory, or into memory for `calgen check`.
struct FeedOutput: Sendable {
    /// The staging directory; `nil` keeps every feed in memory.
    let stagingPath: String?
    /// The previous output, from which unchanged feeds are kept; `nil` when there is none.
    let previousOutput: String?

    static let memory = FeedOutput(stagingPath: nil, previousOutput: nil)

    /// Whether a feed whose inputs did not change can be kept without rendering it again.
    var keepsUnchanged: Bool { stagingPath != nil && previousOutput != nil }

    /// Whether the previous output holds a file of this size (before keeping it unrendered).
    func previousHolds(_ path: String, size: Int) -> Bool {
        guard let previousOutput else { return false }
        var info = stat()
        return stat(previousOutput + "/" + path, &info) == 0 && Int(info.st_size) == size
    }

    /// Writes a file of a feed to the staging directory, or hands it back to keep in memory.
    func store(_ path: String, _ bytes: [UInt8]) throws(OutputError) -> FeedResult.File {
        guard let stagingPath else { return .memory(bytes) }
        let target = stagingPath + "/" + path
        try StagedOutput.makeDirectory(String(target[..<(target.lastIndex(of: "/") ?? target.endIndex)]))
        try StagedOutput.writeFile(target, bytes)
        return .written
    }
}
