import CalgenCore
import CalgenModel
import CalgenSupport
import Foundation

/// What the page beside each personal feed was made from, kept in the output's
/// `BuildRecord` (each page's key), so that a rebuild renders again only the pages
/// whose inputs changed: one note edited on a site of 10,000 subscribers no longer renders
/// 10,000 pages (and their QR codes) to find the few that differ.
///
/// A page's inputs are its feed's (`FeedInputs`: the site, the subscriber, their schedule, the
/// feed's path and horizon, the holiday data and every note addressed to them) and the site's
/// part (`site`: the templates, the day, the base URL). A page is kept unrendered only when its
/// record has the same inputs and the output holds exactly the bytes the record names.
package struct FeedPageRecords: Sendable {
    /// One page's record: the digest of its inputs, and the digest and size of its bytes.
    package struct Record: Equatable, Sendable {
        package var inputs: String
        package var sha256: String
        package var size: Int

        package init(inputs: String, sha256: String, size: Int) {
            self.inputs = inputs
            self.sha256 = sha256
            self.size = size
        }
    }

    package var records: [String: Record] = [:]

    package init(records: [String: Record] = [:]) {
        self.records = records
    }

    /// The records of the pages `record` names with a key, as the last build wrote them (a feed
    /// manifest's key is its feed's inputs: no page).
    package init(_ record: BuildRecord) {
        for (path, artifact) in record.artifacts {
            guard let key = artifact.key, let sha256 = artifact.sha256, !FeedPath.isManifest(path) else { continue }
            records[path] = Record(inputs: key, sha256: sha256, size: Int(artifact.stamp.size))
        }
    }

    /// The site's part of every page's inputs: the templates (the digest of every template and
    /// asset as loaded), the day the pages are made on, and the base URL they link to; `nil` for
    /// templates made in memory.
    package static func site(templates: String, today: CivilDate, baseURL: String) -> String? {
        guard !templates.isEmpty else { return nil }
        var digest = InputDigest()
        digest.add("today", today.iso8601)
        digest.add("base-url", baseURL)
        digest.add("templates", templates)
        return digest.sha256
    }

    /// A page's inputs: the site's part and its feed's.
    package static func inputs(site: String, feed: String) -> String {
        Digest.sha256(Array((site + " " + feed).utf8))
    }

    /// The record of the page at `path`, when the output holds exactly the bytes it names and it
    /// was made from `inputs`.
    package func keeps(_ path: String, inputs: String, previous: PreviousOutput) -> Record? {
        guard let record = records[path], record.inputs == inputs, previous.holds(path, size: record.size),
            previous.unrecorded[path] == record.sha256
        else { return nil }
        return record
    }
}
