import CalgenKit
import CalgenModel
import Foundation

/// A build into memory as tests read it: every output file's bytes by path, and the build itself
/// (whose `files` are the previous output of a next build).
public struct BuiltSite: Sendable {
    public let build: MemoryBuild
    /// Every output file's bytes, by path relative to the output.
    public let files: [String: Data]

    public init(_ build: MemoryBuild) {
        self.build = build
        var files = [String: Data](minimumCapacity: build.files.count)
        for file in build.files { files[file.path] = Data(file.bytes) }
        self.files = files
    }

    public var report: BuildReport { build.report }

    /// The output files, sorted by path: the `previous` of a next build.
    public var output: [OutputFile] { build.files }

    /// The text of an output file, by path relative to the output.
    public func read(_ path: String) -> String? {
        files[path].map { String(decoding: $0, as: UTF8.self) }
    }

    /// The output with the file at `path` replaced by `text`, or removed when `text` is nil.
    public func output(replacing path: String, with text: String?) -> [OutputFile] {
        build.files.compactMap { file in
            guard file.path == path else { return file }
            return text.map { OutputFile(path: path, bytes: Array($0.utf8)) }
        }
    }
}

extension Fixture {
    /// Builds the fixture's content into memory over `previous`, with the fixture's options
    /// changed by `configure`; writes nothing.
    public func buildInMemory(
        previous: [OutputFile] = [], _ configure: (inout BuildOptions) -> Void = { _ in }
    ) throws -> BuiltSite {
        var options = self.options()
        configure(&options)
        return BuiltSite(try SiteBuilder(options: options).buildInMemory(previous: previous))
    }
}
