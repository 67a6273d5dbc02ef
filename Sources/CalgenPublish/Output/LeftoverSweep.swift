import CalgenSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Clears what earlier builds left beside an output: the previous output each swap moved aside
/// (`.public.old-<pid>-<n>`), and the staging directories of builds that were killed
/// (`.public.staging-<pid>`). The old output moved aside last becomes this build's staging
/// directory (renamed to its name, then reused by `StagedOutput` as a `RecycledTree`); the rest
/// is removed on a background thread. Removing an old output of tens of thousands of files
/// takes seconds, so no build waits for it after its swap: a later build removes it while it
/// loads and renders, and waits for the removal only at its end.
///
/// Only names of that exact form are touched, and only those of processes that are gone (or of
/// this one): a build still running beside this one keeps its own. Neither kind is ever read as
/// output: the output is the directory at its own path, nothing else.
package final class LeftoverSweep: Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// The directories this sweep removes, full paths.
    let paths: [String]
    /// The staging path an old output was put at, and where it goes back when the build ends
    /// without using it (a build that fails before it stages anything).
    let reused: (staging: String, aside: String)?

    private init(paths: [String], reused: (staging: String, aside: String)?) {
        self.paths = paths
        self.reused = reused
    }

    /// The prefixes of what builds leave beside the output `base`: staging, then old outputs.
    static func prefixes(of base: String) -> (staging: String, old: String) {
        ("." + base + ".staging-", "." + base + ".old-")
    }

    /// Lists the leftovers beside `outputPath` (resolved, as `OutputGuard` returns it), puts the
    /// newest old output at this build's staging path and starts removing the rest. Must be
    /// called before this build makes its own staging directory.
    package static func start(outputPath: String) -> LeftoverSweep {
        let url = URL(fileURLWithPath: outputPath)
        let parent = url.deletingLastPathComponent().path
        let (staging, old) = prefixes(of: url.lastPathComponent)
        var found = [String]()
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] {
            let rest: Substring
            if entry.hasPrefix(staging) {
                // `.public.staging-<pid>`, or `.public.staging-<pid>-old` (left by earlier calgen).
                rest = entry.dropFirst(staging.count)
            } else if entry.hasPrefix(old) {
                rest = entry.dropFirst(old.count)
            } else {
                continue
            }
            guard let pid = Int32(rest.prefix { $0 != "-" }), pid > 0 else { continue }
            if pid != getpid() {
                if kill(pid, 0) == 0 { continue }
                found.append(parent + "/" + entry)
            } else {
                // This process's own (an earlier build of `calgen serve`): renamed first, so that
                // this build's staging directory, which takes the same name, is never swept.
                let aside = parent + "/" + old + "\(pid)-\(DispatchTime.now().uptimeNanoseconds)"
                found.append(rename(parent + "/" + entry, aside) == 0 ? aside : parent + "/" + entry)
            }
        }
        // The old output moved aside last (its change time is the rename's) becomes this build's
        // staging directory, to be reused (`RecycledTree`) instead of removed.
        var newest: (path: String, changed: Int64)? = nil
        for path in found where path.dropFirst(parent.count + 1).hasPrefix(old) {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            let changed = Int64(FileStamp.of(info)[4])
            if changed > newest?.changed ?? .min { newest = (path, changed) }
        }
        var reused: (staging: String, aside: String)? = nil
        if let newest, rename(newest.path, parent + "/" + staging + "\(getpid())") == 0 {
            found.removeAll { $0 == newest.path }
            reused = (parent + "/" + staging + "\(getpid())", newest.path)
        }
        let sweep = LeftoverSweep(paths: found, reused: reused)
        guard !found.isEmpty else {
            sweep.done.signal()
            return sweep
        }
        let thread = Thread {
            // Behind the build's own work: the removal only has to be over by the build's end.
            // (On Linux the nice value of `PRIO_PROCESS` 0 is the calling thread's alone.)
            #if os(Linux)
                setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            #endif
            for path in sweep.paths { FileTree.remove(path, onAllCores: false) }
            sweep.done.signal()
        }
        thread.start()
        return sweep
    }

    /// Waits until every leftover listed at the start is removed, and moves the old output put
    /// at the staging path back aside when the build did not take it.
    package func wait() {
        done.wait()
        done.signal()
        if let reused, FileManager.default.fileExists(atPath: reused.staging) { rename(reused.staging, reused.aside) }
    }
}
