/// Where a renderer puts the new bytes of a file: memory, or the staging directory of a build.
///
/// The builder alone chooses the sink; renderers only `store` into it. Feeds, which are too many
/// and too large to hold at once on a big site, go to the sink as each is rendered; files that the
/// plan may find unchanged (pages, the day API, manifests) are planned first and written by the
/// output room afterwards.
package protocol OutputSink: Sendable {
    /// Takes a file's new bytes and says where they now are.
    func store(_ path: String, _ bytes: [UInt8]) throws(OutputError) -> PlannedFile
}

/// A sink that keeps every file in memory: for `calgen check`, builds into memory and tests.
package struct MemorySink: OutputSink {
    package init() {}

    package func store(_ path: String, _ bytes: [UInt8]) -> PlannedFile {
        PlannedFile(path: path, size: bytes.count, source: .bytes(bytes))
    }
}
