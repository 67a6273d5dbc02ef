import CalgenCore

/// Everything loaded and validated from a `Content/` directory.
public struct Site: Sendable {
    public let config: SiteConfig
    public let calendar: HolidayCalendar
    /// Published notes in reading order (drafts only with `--drafts`): the public ones, which
    /// the pages, the API, the news and the public feed show.
    public let notes: [Note]
    /// The notes of `visibility: feeds`, in reading order: only in the personal feeds they are
    /// addressed to and on those feeds' private pages.
    public let feedsOnlyNotes: [Note]
    /// The subscribers of personal feeds, by id.
    public let subscribers: [Subscriber]
    /// The work schedules of `schedules/`, by id, which subscribers name (`schedule:`).
    public let schedules: [WorkSchedule]
    /// The SHA-256 of each year's holiday-cn source file.
    public let holidaySources: [Int: String]
    /// Every year's holiday periods, worked out once (by the almanac) for the pages and the feeds.
    package var periodsByYear: [Int: [HolidayPeriod]] { almanac.periodsByYear }
    /// Solar terms, festivals, statutory days and workday arithmetic, worked out once for the
    /// data years and the feed horizons around them.
    public let almanac: Almanac

    public init(
        config: SiteConfig, calendar: HolidayCalendar, notes: [Note] = [], subscribers: [Subscriber] = [],
        holidaySources: [Int: String] = [:], schedules: [WorkSchedule] = [], feedsOnlyNotes: [Note] = []
    ) {
        self.holidaySources = holidaySources
        self.almanac = Almanac(calendar: calendar, years: Site.almanacYears(calendar), festivals: config.festivals)
        self.config = config
        self.calendar = calendar
        self.notes = notes
        self.feedsOnlyNotes = feedsOnlyNotes
        self.subscribers = subscribers
        self.schedules = schedules
    }
}

extension Site {
    /// Every note a personal feed may carry, public and feeds-only, in reading order.
    package var allNotes: [Note] {
        feedsOnlyNotes.isEmpty ? notes : (notes + feedsOnlyNotes).sorted(by: Note.ordered)
    }
}

extension Site {
    /// The data years with as many years around them as a feed horizon can reach.
    package static func almanacYears(_ calendar: HolidayCalendar) -> Range<Int> {
        guard let first = calendar.years.first, let last = calendar.years.last else { return 0..<0 }
        return (first - Limits.feedYears)..<(last + Limits.feedYears + 2)
    }
}

extension Site {
    /// The horizon of a subscriber's feed (or, for `nil`, of the public feeds) on `today`.
    package func horizon(of subscriber: SubscriberSummary?, today: CivilDate) -> FeedHorizon {
        FeedHorizon(
            today: today, yearsBefore: subscriber?.yearsBefore ?? config.feedYearsBefore,
            yearsAfter: subscriber?.yearsAfter ?? config.feedYearsAfter, calendar: calendar)
    }

    /// The years a work schedule has pages (and a public one API files) for: those of the
    /// site's feed horizon on `today` (what its feed holds).
    package func scheduleYears(today: CivilDate) -> [Int] {
        let horizon = horizon(of: nil, today: today)
        return Array(horizon.first.year...horizon.last.year)
    }
}
