/// One date as a holiday-cn file lists it.
public struct ListedDay: Hashable, Sendable {
    public let date: CivilDate
    /// The name exactly as the file spells it (`“五一”`, `国庆节、中秋节`).
    public let name: String
    public let isOffDay: Bool
    /// The position in the file's `days` array, for diagnostics.
    public let index: Int

    public init(date: CivilDate, name: String, isOffDay: Bool, index: Int) {
        self.date = date
        self.name = name
        self.isOffDay = isOffDay
        self.index = index
    }
}

/// One holiday-cn year file (`{year, papers, days}`), validated.
public struct HolidayFile: Hashable, Sendable {
    /// The file as the user names it, e.g. `Content/holidays/2026.json`.
    public let path: String
    public let year: Int
    /// URLs of the State Council notices the data comes from.
    public let papers: [String]
    public let days: [ListedDay]

    public init(path: String, year: Int, papers: [String], days: [ListedDay]) {
        self.path = path
        self.year = year
        self.papers = papers
        self.days = days
    }

    /// A file with no days is a placeholder: that year's arrangement is not published yet.
    public var isAnnounced: Bool { !days.isEmpty }
}
