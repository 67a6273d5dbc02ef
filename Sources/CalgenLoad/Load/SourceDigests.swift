import CalgenCore

/// The SHA-256 of source files, as the loader read them: `site.yml`, each note by slug, each
/// subscriber and each work schedule by id. Returned beside the site (`ContentLoader.loadWithSources`) for the build's
/// input digests; a site made in memory has none, and then every feed counts as possibly changed.
/// Also the subscribers the loader left unparsed because the build record vouched for their
/// files (`SubscriberRoster`).
package struct SourceDigests: Sendable {
    package var config: String?
    package var notes: [String: String] = [:]
    package var subscribers: [String: String] = [:]
    /// Each work schedule by id.
    package var schedules: [String: String] = [:]
    /// Each subscriber's file, by id, for messages.
    package var subscriberFiles: [String: String] = [:]
    /// Each subscriber's file, by id, as a path below the content folder (`users/zhang-san.yml`).
    package var subscriberPaths: [String: String] = [:]
    /// Each work schedule's file, by id, for messages.
    package var scheduleFiles: [String: String] = [:]
    /// The summaries of the subscribers whose files the build record vouched unchanged, not
    /// parsed (they are not in the site's `subscribers`), and how to parse one by id when needed.
    var vouchedSubscribers: [SubscriberSummary] = []
    var parseVouched: (@Sendable (String) throws(ContentErrors) -> Subscriber)?
    /// What every subscriber's parse depended on: the site's time zone and every work schedule
    /// (`nil` when no subscriber was read).
    package var subscriberDependencies: String?
    /// Every note file read or vouched for (drafts too), by path below the content folder
    /// (`notes/2026/duty.md`), for the build record.
    package var noteSources: [String: NoteSource] = [:]
    /// How many note files were read and parsed (the others were vouched unchanged).
    package var notesParsed = 0

    package init() {}
}
