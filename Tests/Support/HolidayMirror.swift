import CalgenModel
import Foundation

/// A holiday-cn mirror as `StubHTTPServer` serves it, for `holidays update`.
public enum HolidayMirror {
    /// The bundled files, as holiday-cn publishes them.
    public static func published() throws -> [Int: [UInt8]] {
        var files = [Int: [UInt8]]()
        let folder = Fixture.repositoryRoot.appendingPathComponent("Content/holidays").path
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".json") {
            files[Int(name.dropLast(5))!] = Array(FileManager.default.contents(atPath: folder + "/" + name)!)
        }
        return files
    }

    /// The published files with 2026-10-10 turned into a day off and 2027 announced.
    public static func updated() throws -> [String: StubHTTPServer.Reply] {
        var replies = [String: StubHTTPServer.Reply]()
        for (year, bytes) in try published() { replies["/\(year).json"] = .ok(bytes) }
        var y2026 = String(decoding: try published()[2026]!, as: UTF8.self)
        guard let saturday = y2026.range(of: #""date": "2026-10-10","#),
            let flag = y2026.range(of: "\"isOffDay\": false", range: saturday.upperBound..<y2026.endIndex)
        else { throw FixtureError.unexpected("the bundled 2026.json has no make-up day on 2026-10-10") }
        y2026.replaceSubrange(flag, with: "\"isOffDay\": true")
        replies["/2026.json"] = .ok(Array(y2026.utf8))
        replies["/2027.json"] = .ok(
            Array(
                #"{"year": 2027, "papers": ["https://www.gov.cn/x", "https://www.gov.cn/y"], "days": [{"name": "元旦", "date": "2027-01-01", "isOffDay": true}]}"#
                    .utf8))
        return replies
    }

    /// The bundled 2020 file turned into a placeholder, as a broken or hostile mirror serves it.
    public static let emptied2020 = StubHTTPServer.Reply.ok(Array(#"{"year": 2020, "papers": [], "days": []}"#.utf8))
}

extension Fixture {
    /// The holiday files of the fixture's content, with inode, size and time.
    public var holidays: [String: String] { Fixture.fingerprint(content + "/holidays") }
}
