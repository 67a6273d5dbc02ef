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
        var config: SiteConfig?
        switch loadConfig() {
        case .success(let c): config = c
        case .failure(let e): problems += e.diagnostics
        }
        var calendar: HolidayCalendar?
        var sources = [Int: String]()
        switch readCalendar() {
        case .success(let c): (calendar, sources) = c
        case .failure(let e): problems += e.diagnostics
        }
        var notes = [Note]()
        switch loadNotes() {
        case .success(let n): notes = n
        case .failure(let e): problems += e.diagnostics
        }
        var subscribers = [Subscriber]()
        switch loadSubscribers(defaultTimeZone: config?.timeZone ?? "Asia/Shanghai") {
        case .success(let s): subscribers = s
        case .failure(let e): problems += e.diagnostics
        }
        guard problems.isEmpty, let config, let calendar else { throw ContentErrors(problems.sorted()) }
        return Site(config: config, calendar: calendar, notes: notes, subscribers: subscribers, holidaySources: sources)
    }

    /// Loads `site.yml`.
    public func loadConfig() -> Result<SiteConfig, ContentErrors> {
        let path = display("site.yml")
        switch FileReader.readText(path) {
        case .success(let text): return SiteConfig.parse(text, file: path)
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
            switch FileReader.readBytes(path) {
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
        let directory = display("notes")
        guard isDirectory(directory) else { return .success([]) }
        let paths = (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? [])
            .filter { path in
                path.hasSuffix(".md") && !path.split(separator: "/").contains { $0.hasPrefix(".") }
            }
            .sorted()
        var problems = [Diagnostic]()
        var notes = [Note]()
        var firstFile = [String: String]()
        for relative in paths {
            let path = directory + "/" + relative
            switch FileReader.readText(path) {
            case .failure(let d): problems.append(d)
            case .success(let text):
                let name = String(relative.split(separator: "/").last ?? Substring(relative))
                switch NoteParser.parse(text, file: path, fileName: name) {
                case .failure(let e): problems += e.diagnostics
                case .success(let note):
                    if let other = firstFile[note.slug] {
                        problems.append(
                            Diagnostic(
                                file: path, location: .line(1, column: 1),
                                message: "the slug \"\(note.slug)\" is already used by \(other)",
                                fix: "give one of them another file name or a `slug:` of its own"))
                    } else {
                        firstFile[note.slug] = path
                        if includeDrafts || !note.draft { notes.append(note) }
                    }
                }
            }
        }
        guard problems.isEmpty else { return .failure(ContentErrors(problems)) }
        return .success(notes.sorted(by: Note.ordered))
    }

    /// Loads every `users/*.yml` file (none when the folder does not exist), sorted by id.
    public func loadSubscribers(defaultTimeZone: String) -> Result<[Subscriber], ContentErrors> {
        let directory = display("users")
        guard isDirectory(directory) else { return .success([]) }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { ($0.hasSuffix(".yml") || $0.hasSuffix(".yaml")) && !$0.hasPrefix(".") }.sorted()
        var problems = [Diagnostic]()
        var subscribers = [Subscriber]()
        var files = [String: String]()
        for name in names {
            let path = directory + "/" + name
            switch FileReader.readText(path) {
            case .failure(let d): problems.append(d)
            case .success(let text):
                switch SubscriberParser.parse(text, file: path, fileName: name, defaultTimeZone: defaultTimeZone) {
                case .failure(let e): problems += e.diagnostics
                case .success(let subscriber):
                    if let other = files[subscriber.id] {
                        problems.append(
                            Diagnostic(
                                file: path, location: .line(1, column: 1),
                                message: "the subscriber id \"\(subscriber.id)\" is already used by \(other)",
                                fix: "keep one file per subscriber"))
                    } else {
                        files[subscriber.id] = path
                        subscribers.append(subscriber)
                    }
                }
            }
        }
        guard problems.isEmpty else { return .failure(ContentErrors(problems)) }
        return .success(subscribers.sorted { $0.id < $1.id })
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

/// Reading input files, with failures as diagnostics.
enum FileReader {
    static func readBytes(_ path: String) -> Result<[UInt8], Diagnostic> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(Diagnostic(file: path, message: "the file cannot be read (missing or not a file)"))
        }
        return .success([UInt8](data))
    }

    static func readText(_ path: String) -> Result<String, Diagnostic> {
        switch readBytes(path) {
        case .failure(let d): return .failure(d)
        case .success(let bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return .failure(
                    Diagnostic(
                        file: path, location: firstInvalidUTF8(bytes), message: "the file is not valid UTF-8",
                        fix: "save it as UTF-8 (it may be in GBK or another legacy encoding)"))
            }
            return .success(text)
        }
    }

    /// The line and column (in characters) of the first byte that is not part of valid UTF-8.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Diagnostic.Location {
        var line = 1
        var column = 1
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return .line(line, column: column)
            }
            guard index + length <= bytes.count,
                String(validating: bytes[index..<index + length], as: UTF8.self) != nil
            else { return .line(line, column: column) }
            if lead == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += length
        }
        return .line(line, column: column)
    }
}
