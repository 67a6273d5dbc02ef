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
                let path = directory + "/" + relative
                // A link counts by what it points at, so that a re-pointed link is a change.
                let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: target),
                    attributes[.type] as? FileAttributeType == .typeRegular
                else { continue }
                let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
                let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                result[path] = "\(size) \(modified) \(target)"
            }
        }
        return result
    }
}
