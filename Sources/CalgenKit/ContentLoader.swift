import CalgenCore
import Foundation

/// Reads a `Content/` directory into a `Site`, collecting every content error before failing.
public struct ContentLoader: Sendable {
    /// The content directory as the user named it (used in messages, e.g. `Content`).
    public let contentDirectory: String

    public init(contentDirectory: String) {
        var path = contentDirectory
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        self.contentDirectory = path
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
        switch loadCalendar() {
        case .success(let c): calendar = c
        case .failure(let e): problems += e.diagnostics
        }
        guard problems.isEmpty, let config, let calendar else { throw ContentErrors(problems.sorted()) }
        return Site(config: config, calendar: calendar)
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
        var problems = [Diagnostic]()
        for name in names {
            let path = directory + "/" + name
            switch FileReader.readBytes(path) {
            case .failure(let d): problems.append(d)
            case .success(let bytes):
                switch HolidayFileParser.parse(path: path, bytes: bytes) {
                case .success(let file): files.append(file)
                case .failure(let e): problems += e.diagnostics
                }
            }
        }
        guard problems.isEmpty else { return .failure(ContentErrors(problems)) }
        do {
            return .success(try HolidayCalendar(files: files))
        } catch {
            return .failure(error)
        }
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
                return .failure(Diagnostic(file: path, message: "the file is not valid UTF-8", fix: "save it as UTF-8"))
            }
            return .success(text)
        }
    }
}
