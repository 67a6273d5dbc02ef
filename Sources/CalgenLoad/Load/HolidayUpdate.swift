import CalgenCore
import CalgenSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `calgen holidays update`: fetches the holiday-cn file of every year from the first one in
/// `Content/holidays/` through next year, validates them exactly as a build does, and replaces
/// the files that changed. Nothing is written unless every file was fetched and is valid.
public struct HolidayUpdate: Sendable {
    /// holiday-cn's published files.
    public static let defaultSource = "https://raw.githubusercontent.com/NateScarlet/holiday-cn/master/"
    /// The first year holiday-cn has, for a content folder that has no file yet.
    public static let firstDataYear = 2007

    public let contentDirectory: String
    /// A URL ending in `/` (`YYYY.json` is added) or containing `{year}`.
    public let source: String
    /// The current year in the site's time zone: years after it may not be published yet.
    public let currentYear: Int
    public let fetcher: HTTPFetcher
    /// Whether an update may lose announced days (`--allow-removal`); see `Loss`.
    public let allowRemoval: Bool

    public init(
        contentDirectory: String, source: String, currentYear: Int, fetcher: HTTPFetcher = HTTPFetcher(),
        allowRemoval: Bool = false
    ) {
        self.contentDirectory = contentDirectory
        self.source = source
        self.currentYear = currentYear
        self.fetcher = fetcher
        self.allowRemoval = allowRemoval
    }

    /// One file to write.
    public struct Change: Sendable {
        public let year: Int
        /// Where it goes, as the user names it (`Content/holidays/2026.json`).
        public let path: String
        public let bytes: [UInt8]
        /// What changed, one line each.
        public let lines: [String]
    }

    /// Announced days that a new file of a year would lose: the year becomes empty, more than
    /// half of its dates disappear, or any date of a year before the current one disappears or
    /// changes. Such an update needs `--allow-removal`; a mirror that serves an empty or stale
    /// file never silently turns holidays into workdays.
    public struct Loss: Sendable, Equatable {
        public let year: Int
        /// The local file, as the user names it.
        public let path: String
        public let url: String
        /// Why the update counts as a loss, e.g. `lists no days`.
        public let reason: String
        /// The local file's listings that the new file drops.
        public let removed: [ListedDay]
        /// The local file's listings that the new file changes (status or name), with the new
        /// listing; only those of a past year count.
        public let changed: [Changed]
        /// The dates the local file lists.
        public let listed: Int

        public struct Changed: Sendable, Equatable {
            public let old: ListedDay
            public let new: ListedDay
        }

        /// One line per lost date: `2020-01-24 春节 (off) removed`.
        public var dateLines: [String] {
            removed.map { "\($0.date) \($0.name) (\(HolidayUpdate.word($0))) removed" }
                + changed.map { change in
                    let (a, b) = (change.old, change.new)
                    return a.isOffDay != b.isOffDay
                        ? "\(a.date) \(a.name) changed from \(HolidayUpdate.word(a)) to \(HolidayUpdate.word(b))"
                        : "\(a.date) \(a.name) renamed to \(b.name)"
                }
        }

        /// `35 of 35 dates`.
        public var summary: String {
            let lost = removed.count + changed.count
            return "\(lost) of \(listed) \(listed == 1 ? "date" : "dates")"
        }

        /// Whether `date` is one of the lost ones.
        func covers(_ date: CivilDate) -> Bool {
            removed.contains { $0.date == date } || changed.contains { $0.old.date == date }
        }
    }

    /// What an update would do.
    public struct Plan: Sendable {
        public let changes: [Change]
        /// Years looked at and not changed, and years the source does not have yet.
        public let notes: [String]
        public let years: ClosedRange<Int>
        /// Announced days the changes lose (only with `allowRemoval`; otherwise `plan()` throws).
        public let losses: [Loss]
    }

    /// The URL of a year's file.
    public static func url(source: String, year: Int) -> URL? {
        let text =
            source.contains("{year}") ? source.replacingOccurrences(of: "{year}", with: "\(year)") : source + "\(year).json"
        return URL(string: text)
    }

    var holidaysDirectory: String { contentDirectory + "/holidays" }

    static func word(_ day: ListedDay) -> String { day.isOffDay ? "off" : "work" }

    /// The announced days `new` loses against `old`, when they make a `Loss`; `nil` otherwise.
    static func loss(old: HolidayFile, new: HolidayFile, url: String, currentYear: Int) -> Loss? {
        guard old.isAnnounced else { return nil }
        var before = [CivilDate: ListedDay]()
        for day in old.days where before[day.date] == nil { before[day.date] = day }
        var after = [CivilDate: ListedDay]()
        for day in new.days where after[day.date] == nil { after[day.date] = day }
        let dates = before.keys.sorted()
        let removed = dates.filter { after[$0] == nil }.map { before[$0]! }
        let changed = dates.compactMap { date -> Loss.Changed? in
            guard let a = before[date], let b = after[date], a.isOffDay != b.isOffDay || a.name != b.name else { return nil }
            return Loss.Changed(old: a, new: b)
        }
        let reason: String
        if !new.isAnnounced {
            reason = "lists no days for \(old.year), which \(old.year).json announces"
        } else if removed.count * 2 > dates.count {
            reason = "drops \(removed.count) of the \(dates.count) dates \(old.year).json lists"
        } else if old.year < currentYear && !(removed.isEmpty && changed.isEmpty) {
            reason = "changes \(old.year), a past year"
        } else {
            return nil
        }
        return Loss(
            year: old.year, path: old.path, url: url, reason: reason, removed: removed,
            changed: old.year < currentYear ? changed : [], listed: dates.count)
    }

    /// Fetches and validates every year; throws `ContentErrors` with every problem and writes
    /// nothing. Each file is held to what a build accepts (its size limit, the parser, all years
    /// together), and an update that loses announced days (`Loss`) is refused unless
    /// `allowRemoval` is set.
    public func plan() throws(ContentErrors) -> Plan {
        var fetcher = self.fetcher
        fetcher.maxBytes = min(fetcher.maxBytes, Limits.holidayFileBytes)
        let local = localFiles()
        let first = local.keys.min() ?? HolidayUpdate.firstDataYear
        let years = first...max(currentYear + 1, local.keys.max() ?? first)
        var problems = DiagnosticCollector()
        var changes = [Change]()
        var notes = [String]()
        var losses = [Loss]()
        var files = [Int: HolidayFile]()
        for year in years {
            let path = holidaysDirectory + "/\(year).json"
            guard let url = HolidayUpdate.url(source: source, year: year) else {
                problems.add(
                    Diagnostic(
                        file: HTTPFetcher.display(source),
                        message: "\"\(HTTPFetcher.display(source))\" does not make a URL for \(year)",
                        fix: "give --source or holidays-source an http(s) URL ending in `/`"))
                break
            }
            // The URL as messages show it: without a user name or password.
            let shown = HTTPFetcher.display(url.absoluteString)
            let answer: HTTPFetcher.Answer
            do {
                answer = try fetcher.get(url)
            } catch  where error.isTooLarge {
                // Stopped as the bytes arrived, at the limit a build holds the file to.
                problems.add(
                    Diagnostic(
                        file: shown,
                        message:
                            "the file has more than \(Limits.holidayFileBytes) bytes; a build accepts at most \(Limits.holidayFileBytes)",
                        fix: "check the source: holiday-cn's files have a few kilobytes; nothing was written"))
                continue
            } catch {
                problems.add(
                    Diagnostic(
                        file: shown, message: "cannot be fetched: \(error.reason)",
                        fix: "check the network and the source (--source or holidays-source in site.yml); nothing was written"))
                // The other years would most likely fail the same way, each after its retries.
                break
            }
            switch answer {
            case .missing:
                if let old = local[year] {
                    files[year] = old.file
                    if year <= currentYear {
                        problems.add(
                            Diagnostic(
                                file: shown, message: "the source has no \(year).json, which \(path) holds",
                                fix: "check the source URL; a mirror must hold every year"))
                    } else {
                        notes.append("\(year): not at the source yet; \(path) kept")
                    }
                } else {
                    notes.append("\(year): not published at the source yet")
                }
            case .body(let bytes):
                // Parsed under the name it will have, as a build parses it; problems name the URL.
                let parsed = problems.collect { () throws(ContentErrors) -> HolidayFile in
                    do throws(ContentErrors) {
                        return try HolidayFileParser.parse(path: path, bytes: bytes)
                    } catch {
                        throw ContentErrors(
                            error.diagnostics.map { d in
                                var d = d
                                if d.file == path { d.file = shown }
                                return d
                            })
                    }
                }
                guard let parsed else { continue }
                guard parsed.year == year else {
                    problems.add(
                        Diagnostic(
                            file: shown, location: .jsonPath("year"),
                            message: "is the file of \(parsed.year), not of \(year)", fix: "check the source URL"))
                    continue
                }
                files[year] = parsed
                if let old = local[year], old.bytes == bytes {
                    continue
                }
                var lines = HolidayFileChanges.describe(old: local[year]?.file, new: parsed)
                if lines.isEmpty { lines = ["\(year): the same days, the file's bytes changed"] }
                if let old = local[year]?.file,
                    let loss = HolidayUpdate.loss(old: old, new: parsed, url: shown, currentYear: currentYear)
                {
                    losses.append(loss)
                    // The lost dates one by one, then the rest of what changed.
                    let head = "\(year): \(loss.summary) lost (--allow-removal): the source \(loss.reason)"
                    let lost: [String] = loss.dateLines.map { "\(year): " + $0 }
                    let rest: [String] = lines.filter { line in
                        if line.hasPrefix("\(year): withdrawn") { return false }
                        return !old.days.contains { day in loss.covers(day.date) && line.hasPrefix("\(year): \(day.date) ") }
                    }
                    lines = [head] + lost + rest
                }
                changes.append(Change(year: year, path: path, bytes: bytes, lines: lines))
            }
        }
        if !allowRemoval {
            for loss in losses {
                problems.add(
                    Diagnostic(
                        file: loss.path,
                        message: "\(loss.url) \(loss.reason): \(loss.summary) would be lost",
                        fix: "check the source (--source or holidays-source in site.yml); if the State Council really "
                            + "withdrew these days, run again with --allow-removal"))
                for (day, line) in zip(loss.removed + loss.changed.map(\.old), loss.dateLines) {
                    problems.add(
                        Diagnostic(.note, file: loss.path, location: .jsonPath("days[\(day.index)]"), message: "lost: " + line))
                }
            }
        }
        try problems.throwIfAny()
        // Together, exactly as a build reads them: no two files may disagree on a date.
        _ = try HolidayCalendar(files: files.keys.sorted().map { files[$0]! })
        return Plan(changes: changes, notes: notes, years: years, losses: losses)
    }

    /// Writes the changed files: each to a new temporary file beside it first (created
    /// exclusively under an unpredictable name, never through a link, and synced to disk), then
    /// all renamed into place, so that no file is ever half-written and a failure before the
    /// renames changes nothing. The holidays folder must lie inside the content folder, even when
    /// reached through a link, as for a build's reads.
    public func apply(_ plan: Plan) throws(ContentErrors) {
        if !allowRemoval, let loss = plan.losses.first {
            throw ContentErrors(
                Diagnostic(
                    file: loss.path, message: "the update would lose announced days of \(loss.year)",
                    fix: "run again with --allow-removal if that is right; nothing was changed"))
        }
        guard !plan.changes.isEmpty else { return }
        let folder = try openHolidaysFolder()
        defer { close(folder) }
        var written = [(temporary: String, final: String)]()
        func removeTemporaries() { for pair in written { unlinkat(folder, pair.temporary, 0) } }
        for change in plan.changes {
            let name = "\(change.year).json"
            do {
                let temporary = try HolidayUpdate.writeTemporary(change.bytes, in: folder, beside: name)
                written.append((temporary, name))
            } catch {
                removeTemporaries()
                throw ContentErrors(
                    Diagnostic(
                        file: holidaysDirectory, message: "cannot write \(name): \(error.reason)",
                        fix: "make the folder writable; nothing was changed"))
            }
        }
        for pair in written where renameat(folder, pair.temporary, folder, pair.final) != 0 {
            let reason = String(cString: strerror(errno))
            removeTemporaries()
            throw ContentErrors(
                Diagnostic(
                    file: holidaysDirectory + "/" + pair.final, message: "cannot be replaced: \(reason)",
                    fix: "make the folder writable"))
        }
        // The renames themselves reach the disk.
        fsync(folder)
    }

    /// A failed system call, with its reason.
    struct SystemFailure: Error {
        let reason: String
        init(_ call: String) { reason = call + ": " + String(cString: strerror(errno)) }
        init(reason: String) { self.reason = reason }
    }

    /// Opens `Content/holidays/` (creating it when missing) after checking that it lies inside
    /// the content folder once every link is resolved; the descriptor is the one all writes and
    /// renames go through.
    func openHolidaysFolder() throws(ContentErrors) -> Int32 {
        if RealPath.of(holidaysDirectory) == nil {
            try? FileManager.default.createDirectory(atPath: holidaysDirectory, withIntermediateDirectories: true)
        }
        guard let resolved = RealPath.of(holidaysDirectory), let root = RealPath.of(contentDirectory) else {
            throw ContentErrors(
                Diagnostic(
                    file: holidaysDirectory, message: "the folder cannot be created",
                    fix: "check --content and that the content folder is writable; nothing was changed"))
        }
        guard RealPath.isSameOrAncestor(root, of: resolved), resolved != root else {
            throw ContentErrors(
                Diagnostic(
                    file: holidaysDirectory, message: "the folder is a symbolic link to \(resolved), outside \(contentDirectory)",
                    fix: "make \(holidaysDirectory) a real folder inside \(contentDirectory); nothing was changed"))
        }
        let folder = open(resolved, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else {
            throw ContentErrors(
                Diagnostic(
                    file: holidaysDirectory, message: "the folder cannot be opened: \(String(cString: strerror(errno)))",
                    fix: "make it a readable folder; nothing was changed"))
        }
        return folder
    }

    /// Writes `bytes` to a new file in the folder `folder` named `.<final>.calgen-update-<random>`,
    /// created with `O_EXCL | O_NOFOLLOW` (`ExclusiveTemporaryFile`), and synced to disk.
    /// Returns the file's name.
    static func writeTemporary(
        _ bytes: [UInt8], in folder: Int32, beside final: String,
        names: () -> String = { String(UInt64.random(in: .min ... .max), radix: 16) }
    ) throws(SystemFailure) -> String {
        do {
            return try ExclusiveTemporaryFile.create(bytes, in: folder, beside: final, tag: "calgen-update", names: names)
        } catch {
            throw SystemFailure(reason: error.reason)
        }
    }

    /// The files in `Content/holidays/` by year, with their bytes; unreadable ones are left out
    /// (an update replaces them).
    func localFiles() -> [Int: (file: HolidayFile, bytes: [UInt8])] {
        var result = [Int: (file: HolidayFile, bytes: [UInt8])]()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: holidaysDirectory)) ?? []
        for name in names where name.hasSuffix(".json") && !name.hasPrefix(".") {
            let path = holidaysDirectory + "/" + name
            // Through FileReader, as a build reads it: no link out of the folder, no pipe, a size limit.
            guard let bytes = try? FileReader.readBytes(path, root: contentDirectory, limit: Limits.holidayFileBytes),
                let file = try? HolidayFileParser.parse(path: path, bytes: bytes)
            else { continue }
            result[file.year] = (file, bytes)
        }
        return result
    }
}
