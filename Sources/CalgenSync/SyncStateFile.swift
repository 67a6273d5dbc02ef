import CalgenCore
import CalgenLoad
import CalgenSupport
import Foundation

/// The sync state on disk: JSON, written atomically (a temporary file beside it, flushed, then
/// renamed over it), readable by its owner only, as it names the events of a personal feed.
/// Every problem is a ``Diagnostic`` naming the file, with the JSON path where there is one, and
/// a fix.
extension SyncState {
    /// The most a state file may hold: a feed of 20,000 events takes about 4 MB.
    static let maximumBytes = 64 << 20

    /// What to do with a state file calgen cannot use.
    static let moveAway = "move it away (or give another --state) to start again from the calendar's listing"

    /// The state in `path`; `nil` when there is no such file.
    package static func read(_ path: String) throws(ContentErrors) -> SyncState? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let bytes: [UInt8]
        do throws(ContentErrors) {
            bytes = try FileReader.readBytes(path, root: "/", limit: maximumBytes)
        } catch {
            let why = error.diagnostics.first?.message ?? "cannot be read"
            throw ContentErrors(
                Diagnostic(
                    file: path, message: "cannot be read as a sync state: \(why)",
                    fix: "a sync state is a file calgen wrote; " + moveAway))
        }
        let state: SyncState
        do {
            state = try JSONDecoder().decode(SyncState.self, from: Data(bytes))
        } catch {
            let (place, why) = describe(error)
            throw ContentErrors(
                Diagnostic(
                    file: path, location: place, message: "is not a sync state calgen wrote: \(why)", fix: moveAway))
        }
        guard state.format == 1 else {
            throw ContentErrors(
                Diagnostic(
                    file: path, location: .jsonPath("format"),
                    message: "sync state format \(state.format), which this calgen does not know",
                    fix: "sync with the calgen that wrote it, or " + moveAway))
        }
        return state
    }

    /// Where a decoding error is (its JSON path) and what it says.
    private static func describe(_ error: any Error) -> (Diagnostic.Location?, String) {
        func path(_ keys: [any CodingKey]) -> Diagnostic.Location? {
            guard !keys.isEmpty else { return nil }
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return .jsonPath(text.hasPrefix(".") ? String(text.dropFirst()) : text)
        }
        switch error as? DecodingError {
        case .dataCorrupted(let context): return (path(context.codingPath), "not JSON, or cut short")
        case .keyNotFound(let key, let context): return (path(context.codingPath + [key]), "\"\(key.stringValue)\" is missing")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return (path(context.codingPath), "a value of the wrong kind")
        default: return (nil, "\(error)")
        }
    }

    /// Writes the state to `path` atomically, through a temporary name no one could have prepared
    /// (`ExclusiveTemporaryFile`), readable by its owner only.
    package func write(_ path: String) throws(ContentErrors) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(self) + Data("\n".utf8)
        } catch {
            throw ContentErrors(Diagnostic(file: path, message: "the sync state cannot be encoded: \(error)"))
        }
        guard ExclusiveTemporaryFile.replace(path, with: Array(data), tag: "tmp", mode: 0o600) else {
            throw ContentErrors(
                Diagnostic(
                    file: path, message: "could not write the sync state",
                    fix: "make its folder writable, or give another --state"))
        }
    }
}
