import CalgenCore
import Foundation

/// What a resident site (`calgen serve`) keeps between loads: every content file's parsed value
/// with the digest of its bytes, what its parse depended on, and its settled `lstat` (a
/// `FileStamp`). A reload then reads again only the files whose stamp changed (or was too recent
/// to trust) and parses again only those whose bytes or dependencies changed.
package final class ParseCache: @unchecked Sendable {
    private struct Entry {
        let digest: String
        let dependencies: String
        let stamp: [Int64]?
        let value: any Sendable
    }

    /// The time stamps are judged settled against, in seconds since 1970 (a test's clock may run
    /// ahead, to judge files it just wrote settled).
    let now: @Sendable () -> Int64
    /// The content's folder listings, kept until a change in them is reported.
    package let listings = ListingMemory()
    private let lock = NSLock()
    private var entries = [String: Entry]()
    /// Values made from many files at once (the templates, a folder's files), by name, with the
    /// key they were made under.
    private var wholes = [String: (key: any Sendable, value: any Sendable)]()
    private var parsed = 0
    private var read = 0
    private var looked = 0

    package init(now: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }) {
        self.now = now
    }

    /// How many files were parsed, and read, through this cache so far (for tests).
    var parses: Int { lock.withLock { parsed } }
    var reads: Int { lock.withLock { read } }
    /// How many times a file was looked up (a folder read from memory looks up none of its files).
    var lookups: Int { lock.withLock { looked } }

    /// The value and digest of the file at `path`, parsed under `dependencies`: kept when the
    /// file is unchanged (its settled `stamp`, taken before it is read, else its bytes), else read
    /// and parsed now by `parse` (given the file's text and digest). `source` reads the file.
    func parsed<Value: Sendable>(
        _ path: String, stamp: [Int64]?, dependencies: String,
        source: () throws(ContentErrors) -> (text: String, digest: String),
        parse: (String) throws(ContentErrors) -> Value
    ) throws(ContentErrors) -> (value: Value, digest: String) {
        let entry = lock.withLock {
            looked += 1
            return entries[path]
        }
        if let entry, let stamp, entry.stamp == stamp, entry.dependencies == dependencies, let value = entry.value as? Value {
            return (value, entry.digest)
        }
        let (text, digest) = try source()
        lock.withLock { read += 1 }
        if let entry, entry.digest == digest, entry.dependencies == dependencies, let value = entry.value as? Value {
            lock.withLock { entries[path] = Entry(digest: digest, dependencies: dependencies, stamp: stamp, value: value) }
            return (value, digest)
        }
        let value = try parse(text)
        lock.withLock {
            entries[path] = Entry(digest: digest, dependencies: dependencies, stamp: stamp, value: value)
            parsed += 1
        }
        return (value, digest)
    }

    /// The value named `name` made under `key` (everything it is made from, or a digest of it):
    /// kept from the last time, or made now by `make`.
    package func whole<Key: Equatable & Sendable, Value: Sendable>(
        _ name: String, key: Key, make: () throws(ContentErrors) -> Value
    ) throws(ContentErrors) -> Value {
        if let kept = lock.withLock({ wholes[name] }), let keptKey = kept.key as? Key, keptKey == key,
            let value = kept.value as? Value
        {
            return value
        }
        let value = try make()
        lock.withLock { wholes[name] = (key, value) }
        return value
    }
}
