import CalgenCore
import CalgenSupport
import Foundation

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

/// The faces of a span of dates, worked out once for every grid of a site's pages, a block of
/// a year's days at a time, when a grid first shows one of them: a build's pages need every
/// block (made on all cores, by the pages rendering in parallel), a page `calgen serve` renders
/// after a reload one or two.
final class DayFaces: @unchecked Sendable {
    private let grid: MonthGrid
    private let first: Int
    private let last: Int
    private let lock = NSLock()
    private var blocks = [Int: [DayFace]]()
    /// The days of a block.
    private static let blockDays = 366

    /// The faces of `first` through `last` as `grid` shows them.
    init(_ grid: MonthGrid, from first: CivilDate, through last: CivilDate) {
        self.grid = grid
        self.first = first.dayNumber
        self.last = max(first.dayNumber, last.dayNumber)
    }

    /// Works out every block not made yet, on all cores: for a build, which shows every date of
    /// the span, before its pages render in parallel (two pages on two threads would otherwise
    /// both make a block they share, and one of them for nothing).
    func makeAll() {
        let missing = (0...(last - first) / Self.blockDays).filter { block in lock.withLock { blocks[block] == nil } }
        let made = ParallelMap.map(missing) { block in self.faces(ofBlock: block) }
        lock.withLock {
            for (block, faces) in zip(missing, made) where blocks[block] == nil { blocks[block] = faces }
        }
    }

    /// The faces of the dates of a block, in order.
    private func faces(ofBlock block: Int) -> [DayFace] {
        let start = first + block * Self.blockDays
        return (start...min(last, start + Self.blockDays - 1)).map { grid.face(of: CivilDate(dayNumber: $0)) }
    }

    /// The face of `date`, if it is in the span.
    subscript(date: CivilDate) -> DayFace? {
        let day = date.dayNumber
        guard day >= first, day <= last else { return nil }
        let (block, offset) = (day - first).quotientAndRemainder(dividingBy: Self.blockDays)
        if let faces = lock.withLock({ blocks[block] }) { return faces[offset] }
        // Made outside the lock: two threads may both make a block, and one of them is kept.
        let faces = faces(ofBlock: block)
        return lock.withLock {
            if blocks[block] == nil { blocks[block] = faces }
            return blocks[block]![offset]
        }
    }
}
