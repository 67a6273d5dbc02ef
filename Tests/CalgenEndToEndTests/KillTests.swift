import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Builds of a changing site killed with SIGKILL at random moments: every time, the output is
/// exactly the previous build or exactly the new one, no staging folder survives the next build,
/// and the next build succeeds. `CALGEN_KILL_TRIALS` sets the number of trials (default 20).
@Suite(.endToEnd) struct KillTests {
    @Test func aKilledBuildLeavesTheOldOrTheNewOutputWhole() throws {
        let trials = Int(ProcessInfo.processInfo.environment["CALGEN_KILL_TRIALS"] ?? "") ?? 20
        let site = try MiniSite.copy()
        defer { site.remove() }
        var generator = SplitMix(seed: 20_261_122)
        // Two holiday years (a thousand files) keep each build short, so that many trials fit.
        for year in [2008, 2025] {
            try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/holidays/\(year).json"))
        }
        _ = try site.run(["build", "--quiet"], environment: [:])
        // How long a build that changes something takes here: kills spread over that time.
        try Data("---\ntitle: 计时\ndate: 2026-12-01\n---\n".utf8).write(
            to: site.root.appendingPathComponent("Content/notes/2026/timing.md"))
        let start = Date()
        _ = try site.run(["build", "--quiet"], environment: [:])
        let buildSeconds = max(Date().timeIntervalSince(start), 0.2)
        var outcomes = (old: 0, new: 0)
        // What the output holds before each trial: the last build's output.
        var old = Fixture.snapshot(site.output)
        for trial in 0..<trials {
            // A change every trial: a new note, and every third trial a changed subscriber too.
            try Data("---\ntitle: 第\(trial)次\ndate: 2026-12-\(10 + trial % 18)\naudience: [public]\n---\n正文\(trial)\n".utf8)
                .write(to: site.root.appendingPathComponent("Content/notes/2026/kill-\(trial).md"))
            if trial % 3 == 0 {
                try Data(
                    "name: 张三\nholidays: \(trial % 2 == 0)\nreminders:\n  - id: a\n    kind: workdays\n    title: t\(trial)\n    all-day: true\n"
                        .utf8
                )
                .write(to: site.root.appendingPathComponent("Content/users/zhang-san.yml"))
            }
            let process = try site.start(["build", "--quiet"])
            let delay = Double(generator.next() % 1000) / 1000 * buildSeconds * 1.5
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let afterKill = Fixture.snapshot(site.output)
            let next = try site.run(["build", "--quiet"], environment: [:])
            #expect(next.status == 0, "trial \(trial): the next build failed: \(next.stderr)")
            let new = Fixture.snapshot(site.output)
            let isOld = Fixture.differences(afterKill, old).isEmpty
            let isNew = Fixture.differences(afterKill, new).isEmpty
            #expect(isOld || isNew, "trial \(trial) (killed after \(delay) s): the output is neither the old nor the new build")
            if isOld { outcomes.old += 1 } else if isNew { outcomes.new += 1 }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains("staging") }
            #expect(leftovers.isEmpty, "trial \(trial): \(leftovers)")
            old = new
        }
        print("kill test: \(trials) trials, \(outcomes.old) left the old output, \(outcomes.new) the new one, 0 mixed")
    }
}

/// A small deterministic random number generator, so that a failing trial can be repeated.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
