import CalgenCore
import Foundation

/// The bundled holiday-cn files, read by the tests (the core itself never touches the disk).
enum TestData {
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let holidaysDirectory = repositoryRoot.appendingPathComponent("Content/holidays")

    static func holidayFileNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: holidaysDirectory.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    static func bytes(of name: String) -> [UInt8] {
        [UInt8](FileManager.default.contents(atPath: holidaysDirectory.appendingPathComponent(name).path) ?? Data())
    }

    /// The calendar built from every bundled file.
    static let calendar: HolidayCalendar = {
        let files = holidayFileNames().map { name in
            try! HolidayFileParser.parse(path: "Content/holidays/\(name)", bytes: bytes(of: name))
        }
        return try! HolidayCalendar(files: files)
    }()

    static func date(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }

    static func parse(_ json: String, path: String = "Content/holidays/2021.json") -> Result<HolidayFile, ContentErrors> {
        Result { () throws(ContentErrors) in try HolidayFileParser.parse(path: path, bytes: Array(json.utf8)) }
    }
}
