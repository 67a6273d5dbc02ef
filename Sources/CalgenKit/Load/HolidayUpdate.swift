import CalgenCore
import Foundation

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

    public init(contentDirectory: String, source: String, currentYear: Int, fetcher: HTTPFetcher = HTTPFetcher()) {
        self.contentDirectory = contentDirectory
        self.source = source
        self.currentYear = currentYear
        self.fetcher = fetcher
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

    /// What an update would do.
    public struct Plan: Sendable {
        public let changes: [Change]
        /// Years looked at and not changed, and years the source does not have yet.
        public let notes: [String]
        public let years: ClosedRange<Int>
    }

    /// The URL of a year's file.
    public static func url(source: String, year: Int) -> URL? {
        let text =
            source.contains("{year}") ? source.replacingOccurrences(of: "{year}", with: "\(year)") : source + "\(year).json"
        return URL(string: text)
    }

    var holidaysDirectory: String { contentDirectory + "/holidays" }

    /// Fetches and validates every year; throws `ContentErrors` with every problem and writes nothing.
    public func plan() throws(ContentErrors) -> Plan {
        let local = localFiles()
        let first = local.keys.min() ?? HolidayUpdate.firstDataYear
        let years = first...max(currentYear + 1, local.keys.max() ?? first)
        var problems = DiagnosticCollector()
        var changes = [Change]()
        var notes = [String]()
        var files = [Int: HolidayFile]()
        for year in years {
            let path = holidaysDirectory + "/\(year).json"
            guard let url = HolidayUpdate.url(source: source, year: year) else {
                problems.add(
                    Diagnostic(
                        file: source, message: "\"\(source)\" does not make a URL for \(year)",
                        fix: "give --source or holidays-source an http(s) URL ending in `/`"))
                break
            }
            let answer: HTTPFetcher.Answer
            do {
                answer = try fetcher.get(url)
            } catch {
                problems.add(
                    Diagnostic(
                        file: url.absoluteString, message: "cannot be fetched: \(error.reason)",
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
                                file: url.absoluteString, message: "the source has no \(year).json, which \(path) holds",
                                fix: "check the source URL; a mirror must hold every year"))
                    } else {
                        notes.append("\(year): not at the source yet; \(path) kept")
                    }
                } else {
                    notes.append("\(year): not published at the source yet")
                }
            case .body(let bytes):
                let parsed = problems.collect { () throws(ContentErrors) in
                    try HolidayFileParser.parse(path: url.absoluteString, bytes: bytes)
                }
                guard let parsed else { continue }
                guard parsed.year == year else {
                    problems.add(
                        Diagnostic(
                            file: url.absoluteString, location: .jsonPath("year"),
                            message: "is the file of \(parsed.year), not of \(year)", fix: "check the source URL"))
                    continue
                }
                files[year] = HolidayFile(path: path, year: year, papers: parsed.papers, days: parsed.days)
                if let old = local[year], old.bytes == bytes {
                    continue
                }
                var lines = HolidayFileChanges.describe(old: local[year]?.file, new: parsed)
                if lines.isEmpty { lines = ["\(year): the same days, the file's bytes changed"] }
                changes.append(Change(year: year, path: path, bytes: bytes, lines: lines))
            }
        }
        try problems.throwIfAny()
        // Together, exactly as a build reads them: no two files may disagree on a date.
        _ = try HolidayCalendar(files: files.keys.sorted().map { files[$0]! })
        return Plan(changes: changes, notes: notes, years: years)
    }

    /// Writes the changed files: each to a temporary file beside it first, then all renamed into
    /// place, so that no file is ever half-written and a failure before the renames changes nothing.
    public func apply(_ plan: Plan) throws(ContentErrors) {
        let fm = FileManager.default
        var written = [(temporary: String, final: String)]()
        func removeTemporaries() { for pair in written { try? fm.removeItem(atPath: pair.temporary) } }
        do {
            try fm.createDirectory(atPath: holidaysDirectory, withIntermediateDirectories: true)
            for change in plan.changes {
                let temporary = holidaysDirectory + "/.\(change.year).json.calgen-update"
                try Data(change.bytes).write(to: URL(fileURLWithPath: temporary))
                written.append((temporary, change.path))
            }
        } catch {
            removeTemporaries()
            throw ContentErrors(
                Diagnostic(
                    file: holidaysDirectory, message: "cannot write: \(error.localizedDescription)",
                    fix: "make the folder writable; nothing was changed"))
        }
        for pair in written where rename(pair.temporary, pair.final) != 0 {
            let reason = String(cString: strerror(errno))
            removeTemporaries()
            throw ContentErrors(
                Diagnostic(file: pair.final, message: "cannot be replaced: \(reason)", fix: "make the folder writable"))
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
