import TemplateEngine

/// One month grid as its partial reads it (`MonthGrid.context`): weekday headers and weeks of
/// day cells. Pages that show it add what they need: the home page its `key`, `hidden`,
/// `tableYear` and `steps`; a month page `hideCaption`.
struct GridContext: Encodable, Sendable {
    let id: String
    let caption: String
    let weekdays: [WeekdayHeader]
    let weeks: [Week]
    let large: Bool
    var hideCaption: Bool
    let href: String?
    var key: String? = nil
    var hidden: Bool? = nil
    var tableYear: Int? = nil
    var steps: NeighbourMonths? = nil

    struct WeekdayHeader: Encodable, Sendable {
        let short: String
        let long: String
        let weekend: Bool
    }

    struct Week: Encodable, Sendable {
        let days: [Cell]
    }

    /// One day. Keys a cell may lack are `false` rather than missing, so that a name never
    /// resolves in the grid or the page around it.
    struct Cell: Encodable, Sendable {
        let date: String
        let day: Int
        let label: String
        let lunar: String
        let outside: Bool
        let today: Bool
        let large: Bool
        @FalseIfNil var badge: String?
        @FalseIfNil var name: String? = nil
        @FalseIfNil var nameClass: String? = nil
        @FalseIfNil var sub: String? = nil
        @FalseIfNil var subClass: String? = nil
        @FalseIfNil var sched: ScheduleMark?
        let feasts: [String]
        var hasNotes = false
        var notes: [NoteMark] = []
        var classes = ""
    }

    /// A note's marker in a cell.
    struct NoteMark: Encodable, Sendable {
        let title: String
        let href: String
        let large: Bool
        let `repeat`: Bool
    }

    /// A work schedule's answer in a cell: the mark or shift, its class, and on a month page the
    /// shift's hours (else `false`).
    struct ScheduleMark: Encodable, Sendable {
        let text: String
        let cls: String
        @FalseIfNil var hours: String? = nil
    }
}
