/// One feed of a build: what the site manifest needs to know about it, and where its two files
/// (the `.ics` and the manifest beside it) are.
struct FeedResult: Sendable {
    /// Where a file of the feed is.
    enum File: Sendable {
        /// Unchanged: kept (hard-linked) from the previous output.
        case kept
        /// Already written to the staging directory.
        case written
        /// In memory (the public feed, and every feed when nothing is written).
        case memory([UInt8])
    }

    let path: String
    let manifestPath: String
    let isPublic: Bool
    let sha256: String
    let size: Int
    let manifestSize: Int
    /// Events rendered for this build (0 for a feed kept without rendering).
    let eventsRendered: Int
    /// Whether the feed's bytes differ from the previous build's.
    let changed: Bool
    let feedFile: File
    let manifestFile: File

    /// The feed's files that are kept from the previous output, with their sizes.
    var keptFiles: [(path: String, size: Int)] {
        var files = [(path: String, size: Int)]()
        if case .kept = feedFile { files.append((path, size)) }
        if case .kept = manifestFile { files.append((manifestPath, manifestSize)) }
        return files
    }

    /// The feed's files already in the staging directory, with their sizes.
    var writtenFiles: [(path: String, size: Int)] {
        var files = [(path: String, size: Int)]()
        if case .written = feedFile { files.append((path, size)) }
        if case .written = manifestFile { files.append((manifestPath, manifestSize)) }
        return files
    }

    /// The feed's files held in memory.
    var memoryFiles: [OutputFile] {
        var files = [OutputFile]()
        if case .memory(let bytes) = feedFile { files.append(OutputFile(path: path, bytes: bytes)) }
        if case .memory(let bytes) = manifestFile { files.append(OutputFile(path: manifestPath, bytes: bytes)) }
        return files
    }
}
