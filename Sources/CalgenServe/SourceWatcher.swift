import Foundation

/// Notices changes below some directories by polling: the path, size and modification time
/// of every file. Polling is simple and works on every file system and container.
public struct SourceWatcher: Sendable {
    public let directories: [String]

    public init(directories: [String]) {
        self.directories = directories
    }

    /// A value that changes whenever a file is added, removed, resized or modified.
    public func fingerprint() -> [String: String] {
        var result = [String: String]()
        for directory in directories {
            guard let enumerator = FileManager.default.enumerator(atPath: directory) else { continue }
            for case let relative as String in enumerator {
                var info = stat()
                guard stat(directory + "/" + relative, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                result[directory + "/" + relative] = "\(info.st_size) \(modificationTime(info))"
            }
        }
        return result
    }
}

/// A file's modification time as `seconds.nanoseconds`.
private func modificationTime(_ info: stat) -> String {
    #if canImport(Darwin)
        "\(info.st_mtimespec.tv_sec).\(info.st_mtimespec.tv_nsec)"
    #else
        "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    #endif
}
