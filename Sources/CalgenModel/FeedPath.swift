import CalgenCore

/// Where feeds and their manifests are published, below the base URL: the one place that knows.
package enum FeedPath {
    /// A subscriber's feed, `feeds/<token>/<id>.ics`: the token is derived from the feed secret,
    /// the id and the subscriber's token epoch, so only the subscriber's link finds it.
    package static func personal(_ subscriber: SubscriberSummary, secret: FeedSecret) -> String {
        "feeds/\(secret.token(for: subscriber.id, epoch: subscriber.tokenEpoch))/\(subscriber.id).ics"
    }

    /// A work schedule's feed: `feeds/schedules/<id>.ics` for a public schedule; for a private one
    /// `feeds/<token>/<id>.ics`, its token derived from the feed secret, `schedule/<id>` (which
    /// no subscriber id can be) and the schedule's token epoch.
    package static func schedule(_ schedule: WorkSchedule, secret: FeedSecret) -> String {
        switch schedule.audience {
        case .public: publicSchedule(schedule.id)
        case .private:
            "feeds/\(secret.token(for: "schedule/" + schedule.id, epoch: schedule.tokenEpoch))/\(schedule.id).ics"
        }
    }

    /// The folder of the public schedules' feeds, `feeds/schedules/`.
    package static let publicSchedules = "feeds/schedules/"

    /// A public schedule's feed, `feeds/schedules/<id>.ics`.
    package static func publicSchedule(_ id: String) -> String { publicSchedules + "\(id).ics" }

    /// The folder of the data years' own public feeds, `feeds/years/`.
    package static let years = "feeds/years/"

    /// A data year's own public feed, `feeds/years/2026.ics`.
    package static func year(_ year: Int) -> String { years + "\(year).ics" }

    /// A feed in a given language, `feeds/holidays.en.ics` and `feeds/holidays.zh.ics` for
    /// `feeds/holidays.ics`.
    package static func named(_ path: String, in language: SiteLanguage) -> String {
        String(path.dropLast(4)) + "." + suffix(of: language) + ".ics"
    }

    /// The suffix of a feed in a language: `en`, `zh`.
    package static func suffix(of language: SiteLanguage) -> String {
        switch language {
        case .chinese: "zh"
        case .english: "en"
        }
    }

    /// A feed's manifest: the feed's path with `.json` for `.ics`.
    package static func manifest(of feedPath: String) -> String { String(feedPath.dropLast(4)) + ".json" }

    /// Whether a path below the site is a feed's manifest: `feeds/…/<name>.json`.
    package static func isManifest(_ path: String) -> Bool { path.hasPrefix("feeds/") && path.hasSuffix(".json") }

    /// The feed of a manifest: `.ics` for `.json`.
    package static func feed(ofManifest path: String) -> String { String(path.dropLast(5)) + ".ics" }
}
