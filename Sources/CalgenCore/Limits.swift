/// Every bound calgen puts on its input, in one place. Each one is far above what real content
/// needs and far below what would let one line of input turn into gigabytes of output, minutes of
/// work or a crash; going over one is a located error, never a truncation. The README's "Limits
/// and safety" section lists them.
public enum Limits {
    /// Dates anywhere in the content, and "now": the range of the lunar calendar.
    public static let years = 1901...2100

    /// The longest note, in days (`start` to `end`, both included).
    public static let noteDays = 366

    /// The longest `duration` of a note or a timed reminder, in minutes (31 days).
    public static let durationMinutes = 31 * 24 * 60

    /// The earliest an alarm may ring before its event, in minutes (31 days).
    public static let alarmMinutes = 31 * 24 * 60

    /// Alarms on one reminder.
    public static let alarmsPerReminder = 10

    /// Reminders in one subscriber file.
    public static let remindersPerSubscriber = 100

    /// Occurrences of one `sequence` reminder (`count`, or entries of `intervals` plus one).
    public static let sequenceCount = 1000

    /// The longest step of a `sequence`, in days.
    public static let sequenceStepDays = 3660

    /// Years a feed may reach before or after the current one (`feed-years-before`/`-after`,
    /// `years-before`/`-after`).
    public static let feedYears = 10

    /// Events in one feed, public or personal.
    public static let eventsPerFeed = 20_000

    /// Work schedules of one site (`Content/schedules/`), public and private together: each
    /// publishes a feed, a year and twelve month pages per year of the horizon and (public) an
    /// API, about 2.4 MB of memory and 70 ms of a build.
    public static let schedules = 100

    /// `token-epoch`.
    public static let tokenEpoch = 0...1_000_000

    /// Characters of a one-line text value: titles, names, calendar names, locations, tags.
    public static let lineCharacters = 200

    /// Characters of a longer text value: descriptions.
    public static let textCharacters = 4000

    /// Characters of a URL (`base-url`, `papers`, links in notes).
    public static let urlCharacters = 2000

    /// Bytes of one input file, by kind.
    public static let holidayFileBytes = 1 << 20
    public static let siteFileBytes = 64 << 10
    public static let subscriberFileBytes = 256 << 10
    public static let scheduleFileBytes = 256 << 10
    public static let noteFileBytes = 1 << 20
    public static let templateFileBytes = 1 << 20
    public static let assetFileBytes = 16 << 20

    /// Nesting of arrays and objects in a JSON document.
    public static let jsonDepth = 64

    /// Values (numbers, strings, arrays, objects, …) in a JSON document: a dense document of
    /// small values may otherwise take many times its size in memory.
    public static let jsonValues = 1_000_000

    /// Nodes (text values, lists, mappings) of a YAML document, counting each alias as every
    /// node it names: a few lines of aliases of aliases ("billion laughs") may otherwise name
    /// billions of nodes.
    public static let yamlNodes = 1_000_000

    /// The largest version or sequence number a manifest may hold; calgen refuses to make one
    /// past it, so that it always reads back what it wrote. Far below 2^31 (an iCalendar
    /// INTEGER) and 2^53 (exact in every JSON reader).
    public static let manifestNumber = 1_000_000_000

    /// Whether a date is within `years`.
    public static func contains(_ date: CivilDate) -> Bool { years.contains(date.year) }

    /// The fix line for a date outside `years`.
    public static let dateFix = "use a date from \(years.lowerBound)-01-01 to \(years.upperBound)-12-31"
}
