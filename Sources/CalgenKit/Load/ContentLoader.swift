import CalgenCore
import Foundation

/// Reads a `Content/` directory into a `Site`, collecting every content error before failing.
public struct ContentLoader: Sendable {
    /// The content directory as the user named it (used in messages, e.g. `Content`).
    public let contentDirectory: String

    /// Whether notes marked `draft: true` are kept (`calgen build --drafts`).
    public let includeDrafts: Bool

    public init(contentDirectory: String, includeDrafts: Bool = false) {
        var path = contentDirectory
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        self.contentDirectory = path
        self.includeDrafts = includeDrafts
    }

    /// Loads and validates everything; throws all problems together.
    public func load() throws(ContentErrors) -> Site {
        var problems = [Diagnostic]()
        var digests = SourceDigests()
        var config: SiteConfig?
        switch readConfig() {
        case .success(let c): (config, digests.config) = c
        case .failure(let e): problems += e.diagnostics
        }
        var calendar: HolidayCalendar?
        var sources = [Int: String]()
        switch readCalendar() {
        case .success(let c): (calendar, sources) = c
        case .failure(let e): problems += e.diagnostics
        }
        var notes = [Note]()
        switch readNotes() {
        case .success(let n): (notes, digests.notes) = n
        case .failure(let e): problems += e.diagnostics
        }
        var subscribers = [Subscriber]()
        switch readSubscribers(defaultTimeZone: config?.timeZone ?? Calgen.defaultTimeZone) {
        case .success(let s): (subscribers, digests.subscribers, digests.subscriberFiles) = s
        case .failure(let e): problems += e.diagnostics
        }
        guard problems.isEmpty, let config, let calendar else { throw ContentErrors(problems.sorted()) }
        return Site(
            config: config, calendar: calendar, notes: notes, subscribers: subscribers, holidaySources: sources, sources: digests)
    }

    /// Loads `site.yml`.
    public func loadConfig() -> Result<SiteConfig, ContentErrors> {
        readConfig().map(\.config)
    }

    /// The settings and the SHA-256 of `site.yml`.
    func readConfig() -> Result<(config: SiteConfig, digest: String), ContentErrors> {
        let path = display("site.yml")
        switch FileReader.readSource(path, root: contentDirectory, limit: Limits.siteFileBytes) {
        case .success(let source): return SiteConfig.parse(source.text, file: path).map { ($0, source.digest) }
        case .failure(let d): return .failure(ContentErrors([d]))
        }
    }

    /// Loads every `holidays/*.json` file and builds the calendar.
    public func loadCalendar() -> Result<HolidayCalendar, ContentErrors> {
        readCalendar().map(\.calendar)
    }

    /// The calendar, and the SHA-256 of each year's source file (for the manifest).
    func readCalendar() -> Result<(calendar: HolidayCalendar, sources: [Int: String]), ContentErrors> {
        let directory = display("holidays")
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            return .failure(
                ContentErrors([
                    Diagnostic(
                        file: directory, message: "the holiday data directory cannot be read",
                        fix: "create it and copy holiday-cn's YYYY.json files into it")
                ]))
        }
        guard !names.isEmpty else {
            return .failure(
                ContentErrors([
                    Diagnostic(file: directory, message: "no holiday data files", fix: "copy holiday-cn's YYYY.json files here")
                ]))
        }
        var files = [HolidayFile]()
        var sources = [Int: String]()
        var problems = [Diagnostic]()
        for name in names {
            let path = directory + "/" + name
            switch FileReader.readBytes(path, root: contentDirectory, limit: Limits.holidayFileBytes) {
            case .failure(let d): problems.append(d)
            case .success(let bytes):
                switch HolidayFileParser.parse(path: path, bytes: bytes) {
                case .success(let file):
                    files.append(file)
                    sources[file.year] = Digest.sha256(bytes)
                case .failure(let e): problems += e.diagnostics
                }
            }
        }
        guard problems.isEmpty else { return .failure(ContentErrors(problems)) }
        do {
            return .success((try HolidayCalendar(files: files), sources))
        } catch {
            return .failure(error)
        }
    }

    /// Loads every `notes/**/*.md` file (none when the folder does not exist), in reading order.
    /// Slugs must be unique across all notes, drafts included.
    public func loadNotes() -> Result<[Note], ContentErrors> {
        readNotes().map(\.notes)
    }

    /// The notes, and the SHA-256 of each one's file by slug. Files are read and parsed on all cores.
    func readNotes() -> Result<(notes: [Note], digests: [String: String]), ContentErrors> {
        let directory = display("notes")
        guard isDirectory(directory) else { return .success(([], [:])) }
        let paths = (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? [])
            .filter { path in
                path.hasSuffix(".md") && !path.split(separator: "/").contains { $0.hasPrefix(".") }
            }
            .sorted()
        let parsed = ParallelMap.map(paths) { relative -> Result<(Note, String), ContentErrors> in
            let path = directory + "/" + relative
            switch FileReader.readSource(path, root: contentDirectory, limit: Limits.noteFileBytes) {
            case .failure(let d): return .failure(ContentErrors([d]))
            case .success(let source):
                let name = String(relative.split(separator: "/").last ?? Substring(relative))
                return NoteParser.parse(source.text, file: path, fileName: name).map { ($0, source.digest) }
            }
        }
        var problems = [Diagnostic]()
        var notes = [Note]()
        var digests = [String: String]()
        var firstFile = [String: String]()
        for result in parsed {
            switch result {
            case .failure(let e): problems += e.diagnostics
            case .success(let (note, digest)):
                if let other = firstFile[note.slug] {
                    problems.append(
                        Diagnostic(
                            file: note.file, location: .line(1, column: 1),
                            message: "the slug \"\(note.slug)\" is already used by \(other)",
                            fix: "give one of them another file name or a `slug:` of its own"))
                } else {
                    firstFile[note.slug] = note.file
                    if includeDrafts || !note.draft {
                        notes.append(note)
                        digests[note.slug] = digest
                    }
                }
            }
        }
        guard problems.isEmpty else { return .failure(ContentErrors(problems)) }
        return .success((notes.sorted(by: Note.ordered), digests))
    }

    /// Loads every `users/*.yml` file (none when the folder does not exist), sorted by id.
    public func loadSubscribers(defaultTimeZone: String) -> Result<[Subscriber], ContentErrors> {
        readSubscribers(defaultTimeZone: defaultTimeZone).map(\.subscribers)
    }

    /// The subscribers, and the SHA-256 of each one's file by id. Files are read and parsed on all cores.
    func readSubscribers(
        defaultTimeZone: String
    ) -> Result<(subscribers: [Subscriber], digests: [String: String], files: [String: String]), ContentErrors> {
        let directory = display("users")
        guard isDirectory(directory) else { return .success(([], [:], [:])) }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { ($0.hasSuffix(".yml") || $0.hasSuffix(".yaml")) && !$0.hasPrefix(".") }.sorted()
        let parsed = ParallelMap.map(names) { name -> Result<(Subscriber, String), ContentErrors> in
            let path = directory + "/" + name
            switch FileReader.readSource(path, root: contentDirectory, limit: Limits.subscriberFileBytes) {
            case .failure(let d): return .failure(ContentErrors([d]))
            case .success(let source):
                return SubscriberParser.parse(source.text, file: path, fileName: name, defaultTimeZone: defaultTimeZone)
                    .map { ($0, source.digest) }
            }
        }
        var problems = [Diagnostic]()
        var subscribers = [Subscriber]()
        var digests = [String: String]()
        var files = [String: String]()
        for (name, result) in zip(names, parsed) {
            switch result {
            case .failure(let e): problems += e.diagnostics
            case .success(let (subscriber, digest)):
                let path = directory + "/" + name
                if let other = files[subscriber.id] {
                    problems.append(
                        Diagnostic(
                            file: path, location: .line(1, column: 1),
                            message: "the subscriber id \"\(subscriber.id)\" is already used by \(other)",
                            fix: "keep one file per subscriber"))
                } else {
                    files[subscriber.id] = path
                    subscribers.append(subscriber)
                    digests[subscriber.id] = digest
                }
            }
        }
        guard problems.isEmpty else { return .failure(ContentErrors(problems)) }
        return .success((subscribers.sorted { $0.id < $1.id }, digests, files))
    }

    /// Whether an optional folder (`notes/`, `users/`) is there.
    private func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    func display(_ relative: String) -> String {
        contentDirectory.isEmpty ? relative : contentDirectory + "/" + relative
    }
}
