/// The SHA-256 of source files, as the loader read them: `site.yml`, each note by slug, each
/// subscriber and each work schedule by id. Returned beside the site (`ContentLoader.loadWithSources`) for the build's
/// input digests; a site made in memory has none, and then every feed counts as possibly changed.
struct SourceDigests: Sendable {
    var config: String?
    var notes: [String: String] = [:]
    var subscribers: [String: String] = [:]
    /// Each work schedule by id.
    var schedules: [String: String] = [:]
    /// Each subscriber's file, by id, for messages.
    var subscriberFiles: [String: String] = [:]
    /// Each work schedule's file, by id, for messages.
    var scheduleFiles: [String: String] = [:]
}
