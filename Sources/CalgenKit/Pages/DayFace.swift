import CalgenCore

/// What a grid cell shows of its date whatever grid it is in (a year page's, a month page's, the
/// home page's, a schedule's), in the words of the grid's strings: a date is in several grids,
/// and this is most of a cell's work.
struct DayFace: Sendable {
    /// The classes between `d` (and `out`) and `is-today`, each after a space: ` we off stat`.
    let classes: String
    /// What a screen reader hears when no schedule's answer goes between `spokenHead` and
    /// `spokenTail`: the date, what the day is, its feasts and its lunar date.
    let label: String
    let spokenHead: [String]
    let spokenTail: [String]
    let lunar: String
    let badge: String?
    /// The feasts as HTML, one a line.
    let feasts: [String]
    /// The statutory holiday, break or make-up day under the feasts on a large grid, as HTML, and
    /// its class.
    let line: String?
    let lineClass: String?
    /// A small grid's one label, as HTML, and its class.
    let sub: String
    let subClass: String?
}

/// The faces of a span of dates, worked out once (on all cores) for every grid of a site's pages.
struct DayFaces: Sendable {
    private let first: Int
    private let faces: [DayFace]

    /// The faces of `first` through `last` as `grid` shows them.
    init(_ grid: MonthGrid, from first: CivilDate, through last: CivilDate) {
        self.first = first.dayNumber
        let days = Array(first.dayNumber...max(first.dayNumber, last.dayNumber))
        faces = ParallelMap.map(days, chunksOf: 128) { chunk in chunk.map { grid.face(of: CivilDate(dayNumber: $0)) } }
            .flatMap { $0 }
    }

    /// The face of `date`, if it is in the span.
    subscript(date: CivilDate) -> DayFace? {
        let i = date.dayNumber - first
        return faces.indices.contains(i) ? faces[i] : nil
    }
}
