import CalgenModel

/// A sink that writes each file into the staging directory of a build as it comes, so that a
/// build with thousands of feeds never holds them all in memory.
package struct StagingSink: OutputSink {
    /// The staging directory (see `StagedOutput`).
    let stagingPath: String

    package init(stagingPath: String) {
        self.stagingPath = stagingPath
    }

    package func store(_ path: String, _ bytes: [UInt8]) throws(OutputError) -> PlannedFile {
        let target = stagingPath + "/" + path
        try StagedOutput.makeDirectory(String(target[..<(target.lastIndex(of: "/") ?? target.endIndex)]))
        try StagedOutput.writeFile(target, bytes)
        return PlannedFile(path: path, size: bytes.count, source: .staged)
    }
}
