import CalgenCore
import CalgenModel
import CalgenPublish
import CalgenRender

/// What a build did, for the summary line: derived from what each step returned.
public struct BuildReport: Sendable {
    /// One pipeline step and how long it took.
    public struct Step: Sendable {
        public let name: String
        public let duration: Duration
    }

    public internal(set) var steps: [Step] = []
    public internal(set) var pages = 0
    public internal(set) var notes = 0
    public internal(set) var subscribers = 0
    /// Of `subscribers`, those whose files this build read and parsed; the others' files were
    /// unchanged since the last build, which recorded what this one needed of them.
    public internal(set) var subscribersParsed = 0
    /// Note files (drafts too), and of those the ones this build read and parsed; the others
    /// were unchanged since the last build, which recorded the note each gave.
    public internal(set) var noteFiles = 0
    public internal(set) var notesParsed = 0
    /// Files of the output, manifests included.
    public internal(set) var files = 0
    /// Whether this build made a new version.
    public internal(set) var changed = false
    /// Whether the output was left exactly as it was (nothing changed, nothing written).
    public internal(set) var untouched = false
    /// Whether the build stopped before loading anything: nothing it reads had changed since the
    /// last build, whose output is in place (see `BuildRecord`).
    public internal(set) var skipped = false
    /// Files written; the others were kept from the previous output, untouched.
    public internal(set) var filesWritten = 0
    public internal(set) var filesUnchanged = 0
    /// The site version (see `manifest.json`).
    public internal(set) var version = 0
    public internal(set) var bytesWritten = 0
    public internal(set) var years = 0
    public internal(set) var announcedYears = 0
    /// The public feed and every personal feed.
    public internal(set) var feeds = 0
    /// Feeds rendered by this build; the others were kept because nothing they are made from changed.
    public internal(set) var feedsRendered = 0
    /// Events of the feeds rendered by this build.
    public internal(set) var events = 0
    /// The shard this build rendered (`--shard`), `nil` for a whole site.
    public internal(set) var shard: Shard?
    /// Things the publisher must know about that do not stop the build (warnings and notes),
    /// such as the development feed secret.
    public internal(set) var warnings: [Diagnostic] = []

    /// The report of a build that rendered `rendered`; `applied` is `nil` when nothing was
    /// written (a check, or a build that changed nothing).
    init(_ rendered: RenderedSite, applied: AppliedPlan?, steps: [Step]) {
        self.steps = steps
        years = rendered.site.calendar.years.count
        announcedYears = rendered.site.calendar.years.filter(rendered.site.calendar.isAnnounced(year:)).count
        notes = rendered.site.notes.count
        subscribers = rendered.subscribers
        subscribersParsed = rendered.subscribersParsed
        (noteFiles, notesParsed) = (rendered.notesRead, rendered.notesParsed)
        pages = rendered.pages
        feeds = rendered.feeds.count
        feedsRendered = rendered.feeds.filter(\.isRendered).count
        events = rendered.feeds.reduce(0) { $0 + $1.eventsRendered }
        version = rendered.publication.version
        changed = rendered.publication.isNewVersion
        files = rendered.publication.plan.files.count
        warnings = rendered.warnings
        if let applied {
            filesWritten = applied.written
            filesUnchanged = applied.linked
            bytesWritten = applied.bytesWritten
        } else {
            untouched = true
            filesUnchanged = files
        }
    }

    /// The report of one shard's build (`--shard`): its subscribers' feeds and pages.
    init(shard: Shard, subscribers: Int, feeds: [FeedResult], pages: Int, files: Int, applied: AppliedPlan, steps: [Step]) {
        self.shard = shard
        self.subscribers = subscribers
        self.feeds = feeds.count
        feedsRendered = feeds.filter(\.isRendered).count
        events = feeds.reduce(0) { $0 + $1.eventsRendered }
        self.pages = pages
        self.files = files
        filesWritten = applied.written
        filesUnchanged = applied.linked
        bytesWritten = applied.bytesWritten
        warnings = feeds.flatMap(\.warnings)
        self.steps = steps
    }

    /// The figures a state file keeps.
    var stateFigures: [String: Int] {
        [
            "pages": pages, "notes": notes, "subscribers": subscribers, "files": files, "version": version, "years": years,
            "announced": announcedYears, "feeds": feeds,
        ]
    }

    /// A report of a build skipped because nothing changed, from the figures of the last one.
    init(skippedWith figures: [String: Int], warnings: [Diagnostic], steps: [Step]) {
        pages = figures["pages"] ?? 0
        notes = figures["notes"] ?? 0
        subscribers = figures["subscribers"] ?? 0
        files = figures["files"] ?? 0
        filesUnchanged = files
        version = figures["version"] ?? 0
        years = figures["years"] ?? 0
        announcedYears = figures["announced"] ?? 0
        feeds = figures["feeds"] ?? 0
        untouched = true
        skipped = true
        self.warnings = subscribers > 0 ? warnings : []
        self.steps = steps
    }
}
