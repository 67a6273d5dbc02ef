import CalgenCore
import CalgenModel
import Foundation

/// What the page beside each personal feed was made from, kept beside the output
/// (`.public.calgen-pages`, never published), so that a rebuild renders again only the pages
/// whose inputs changed: one note edited on a site of 10,000 subscribers no longer renders
/// 10,000 pages (and their QR codes) to find the few that differ.
///
/// A page's inputs are its feed's (`FeedInputs`: the site, the subscriber, their schedule, the
/// feed's path and horizon, the holiday data and every note addressed to them) and the site's
/// part (`site`: the templates, the day, the base URL). A page is kept unrendered only when its
/// record has the same inputs and the output holds exactly the bytes the record names.
struct FeedPageRecords: Sendable {
    struct Record: Equatable, Sendable {
        var inputs: String
        var sha256: String
        var size: Int
    }

    var records: [String: Record] = [:]

    static let header = "calgen-pages 1"

    /// The records file of an output directory: `public` → `.public.calgen-pages` beside it.
    static func path(forOutput output: String) -> String {
        let url = URL(fileURLWithPath: output).standardizedFileURL
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".calgen-pages"
    }

    /// The records in the file at `path`; none when it is missing or not one calgen writes
    /// (every page is then rendered, as on a first build).
    static func read(_ path: String) -> FeedPageRecords {
        guard let data = FileManager.default.contents(atPath: path) else { return FeedPageRecords() }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard lines.first == Substring(header) else { return FeedPageRecords() }
        var records = [String: Record]()
        for line in lines.dropFirst() {
            let parts = line.split(separator: "\t")
            guard parts.count == 4, let size = Int(parts[3]) else { return FeedPageRecords() }
            records[String(parts[0])] = Record(inputs: String(parts[1]), sha256: String(parts[2]), size: size)
        }
        return FeedPageRecords(records: records)
    }

    /// The file's text: the header, then one record a line, sorted by path.
    var text: String {
        var text = FeedPageRecords.header + "\n"
        for path in records.keys.sorted() {
            let record = records[path]!
            text += "\(path)\t\(record.inputs)\t\(record.sha256)\t\(record.size)\n"
        }
        return text
    }

    /// The site's part of every page's inputs: the templates (every file of their folder), the
    /// day the pages are made on, and the base URL they link to.
    static func site(templatesDirectory: String, today: CivilDate, baseURL: String) -> String? {
        var digest = InputDigest()
        digest.add("today", today.iso8601)
        digest.add("base-url", baseURL)
        guard digest.addFiles("template", under: templatesDirectory) else { return nil }
        return digest.sha256
    }

    /// A page's inputs: the site's part and its feed's.
    static func inputs(site: String, feed: String) -> String {
        Digest.sha256(Array((site + " " + feed).utf8))
    }

    /// The record of the page at `path`, when the output holds exactly the bytes it names and it
    /// was made from `inputs`.
    func keeps(_ path: String, inputs: String, previous: PreviousOutput) -> Record? {
        guard let record = records[path], record.inputs == inputs, previous.holds(path, size: record.size),
            previous.unrecorded[path] == record.sha256
        else { return nil }
        return record
    }
}
