import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Tells `calgen serve` the moment a file below its source folders changes, instead of the next
/// poll: the kernel's `inotify` on Linux, one watch per folder (a folder created later is watched
/// as soon as its creation is seen). Where there is no `inotify` (macOS), `init` gives `nil` and
/// serve polls as before; serve also keeps polling at its interval beside a watcher, so a change
/// the kernel does not report (a network file system) is still found.
public final class SourceWatcher: @unchecked Sendable {
    #if canImport(Glibc)
        private let descriptor: Int32
        /// What each watch descriptor watches.
        private var folders = [Int32: String]()
        /// The folders something changed in since `takeChanges()`, as `root/…` paths; `nil` when
        /// that is not known (the kernel's queue overflowed, or a new folder could not be watched).
        private var changed: Set<String>? = []

        /// Watches every folder below `roots` (and the roots); `nil` when the kernel refuses.
        public init?(roots: [String]) {
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { return nil }
            for root in roots where !watchTree(root) {
                close(descriptor)
                return nil
            }
        }

        deinit {
            close(descriptor)
        }

        private static let events = UInt32(
            IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF
                | IN_MOVE_SELF | IN_DONT_FOLLOW | IN_ONLYDIR)

        /// Adds a watch on `folder` and every folder below it; false when one cannot be added.
        private func watchTree(_ folder: String) -> Bool {
            var pending = [folder]
            while let next = pending.popLast() {
                let watch = inotify_add_watch(descriptor, next, SourceWatcher.events)
                // A folder that went away meanwhile is no failure (the others are still watched);
                // running out of watches is.
                if watch < 0 {
                    if errno == ENOENT || errno == ENOTDIR { continue }
                    changed = nil
                    return false
                }
                folders[watch] = next
                let names = (try? FileManager.default.contentsOfDirectory(atPath: next)) ?? []
                for name in names {
                    var info = stat()
                    guard lstat(next + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
                    pending.append(next + "/" + name)
                }
            }
            return true
        }

        /// Waits up to `timeout` seconds for a change; after one, until `quiet` seconds pass
        /// without another (an editor saving in several steps). True when something changed.
        public func wait(timeout: Double, quiet: Double) -> Bool {
            guard waitForEvents(timeout) else { return false }
            while waitForEvents(quiet) {}
            return true
        }

        /// The folders (`root/…` paths, as the roots were given) in which something was added,
        /// removed or changed since the last call, and then none; `nil` when the kernel could not
        /// tell them all (its queue overflowed, or a folder created since could not be watched),
        /// and every folder must be looked at again.
        public func takeChanges() -> Set<String>? {
            defer { changed = [] }
            return changed
        }

        /// Reads what is waiting (or waits up to `seconds` for it); true when anything came.
        private func waitForEvents(_ seconds: Double) -> Bool {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, Int32(max(0, seconds * 1000))) > 0 else { return false }
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            var any = false
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                any = true
                var offset = 0
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let (watch, mask, length) = buffer.withUnsafeBytes { raw in
                        let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                        return (event.wd, event.mask, Int(event.len))
                    }
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                        changed = nil
                    } else if let folder = folders[watch] {
                        changed?.insert(folder)
                    }
                    if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, let parent = folders[watch] {
                        let bytes = buffer[nameStart..<min(nameStart + length, count)].prefix { $0 != 0 }
                        _ = watchTree(parent + "/" + String(decoding: bytes, as: UTF8.self))
                    }
                    if mask & UInt32(IN_IGNORED) != 0 { folders[watch] = nil }
                    offset = nameStart + length
                }
            }
            return any
        }
    #else
        /// No `inotify` here: serve polls.
        public init?(roots: [String]) {
            return nil
        }

        public func wait(timeout: Double, quiet: Double) -> Bool {
            false
        }

        public func takeChanges() -> Set<String>? { nil }
    #endif
}
