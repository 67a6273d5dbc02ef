/// One holiday break as the State Council notice counts it: the whole run of consecutive
/// off days around the listed ones, including ordinary weekend days the data leaves out.
public struct HolidayPeriod: Hashable, Sendable {
    /// The display name (`劳动节`).
    public let name: String
    /// How the notice names it (`国庆节、中秋节` for the combined autumn break).
    public let noticeName: String
    /// The names as the data file spells them, in order of first appearance.
    public let originalNames: [String]
    /// The year of the data file that announced it (元旦 2019 starts on 2018-12-30).
    public let year: Int
    public let start: CivilDate
    public let end: CivilDate
    /// Weekend days worked to make up for this break, in order.
    public let makeupWorkdays: [CivilDate]

    public init(
        name: String, noticeName: String, originalNames: [String], year: Int, start: CivilDate, end: CivilDate,
        makeupWorkdays: [CivilDate]
    ) {
        self.name = name
        self.noticeName = noticeName
        self.originalNames = originalNames
        self.year = year
        self.start = start
        self.end = end
        self.makeupWorkdays = makeupWorkdays
    }

    /// The number of days off (`共8天`).
    public var length: Int { end.dayNumber - start.dayNumber + 1 }

    /// Whether `date` falls in the break.
    public func contains(_ date: CivilDate) -> Bool { start <= date && date <= end }
}
