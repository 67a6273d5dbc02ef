import Foundation

/// The sync state on disk: JSON, written atomically (a temporary file beside it, flushed, then
/// renamed over it), readable by its owner only, as it names the events of a personal feed.
extension SyncState {
    /// Why the state file could not be read or written.
    package struct FileError: Error, CustomStringConvertible, Sendable {
        package let description: String
    }

    /// The most a state file may hold: a feed of 20,000 events takes about 4 MB.
    static let maximumBytes = 64 << 20

    /// The state in `path`; `nil` when there is no such file.
    package static func read(_ path: String) throws(FileError) -> SyncState? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            let data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
            guard data.count <= maximumBytes else {
                throw FileError(
                    description:
                        "\(path) holds more than \(maximumBytes >> 20) MiB, more than any sync state calgen writes; move it away to start again from the calendar's listing"
                )
            }
            let state = try JSONDecoder().decode(SyncState.self, from: data)
            guard state.format == 1 else {
                throw FileError(description: "\(path): sync state format \(state.format), which this calgen does not know")
            }
            return state
        } catch let error as FileError {
            throw error
        } catch {
            throw FileError(
                description:
                    "\(path) is not a sync state calgen wrote (\(error)); move it away to start again from the calendar's listing"
            )
        }
    }

    /// Writes the state to `path` atomically, through a temporary name no one could have prepared
    /// (`ExclusiveTemporaryFile`), readable by its owner only.
    package func write(_ path: String) throws(FileError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(self) + Data("\n".utf8)
        } catch {
            throw FileError(description: "\(path): \(error)")
        }
        guard ExclusiveTemporaryFile.replace(path, with: Array(data), tag: "tmp", mode: 0o600) else {
            throw FileError(description: "\(path): could not write the sync state (is its folder writable?)")
        }
    }
}
