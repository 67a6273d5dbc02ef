import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The sync state on disk: JSON, written atomically (a temporary file beside it, flushed, then
/// renamed over it), readable by its owner only, as it names the events of a personal feed.
extension SyncState {
    /// Why the state file could not be read or written.
    package struct FileError: Error, CustomStringConvertible, Sendable {
        package let description: String
    }

    /// The state in `path`; `nil` when there is no such file.
    package static func read(_ path: String) throws(FileError) -> SyncState? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
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

    /// Writes the state to `path` atomically.
    package func write(_ path: String) throws(FileError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let temporary = path + ".tmp-\(getpid())"
        do {
            let data = try encoder.encode(self) + Data("\n".utf8)
            let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw FileError(description: "\(temporary): \(String(cString: strerror(errno)))") }
            let written = writeBytes(fd, data)
            let synced = fsync(fd) == 0
            close(fd)
            guard written == data.count, synced else {
                throw FileError(description: "\(temporary): could not write the sync state")
            }
            guard rename(temporary, path) == 0 else {
                throw FileError(description: "\(path): \(String(cString: strerror(errno)))")
            }
        } catch let error as FileError {
            unlink(temporary)
            throw error
        } catch {
            unlink(temporary)
            throw FileError(description: "\(path): \(error)")
        }
    }
}

/// `write(2)` of all of `data`, outside the extension whose `write` would hide it; the bytes
/// written, or -1.
private func writeBytes(_ fd: Int32, _ data: Data) -> Int {
    data.withUnsafeBytes { buffer in
        var done = 0
        while done < buffer.count {
            let n = write(fd, buffer.baseAddress! + done, buffer.count - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return -1 }
            done += n
        }
        return done
    }
}
