/// What a newer holiday-cn file of a year changes, in the words `calgen holidays update` prints:
/// `2027: announced, 33 days, 2 papers`, `2026: 2026-10-10 changed from off to work`.
public enum HolidayFileChanges {
    /// The lines describing how `new` differs from `old` (`nil`: the year had no file). Empty
    /// when both list the same days and papers.
    public static func describe(old: HolidayFile?, new: HolidayFile) -> [String] {
        let year = "\(new.year): "
        guard let old else {
            return [year + (new.isAnnounced ? "added, announced, " + counts(new) : "added, not announced yet")]
        }
        if !old.isAnnounced && new.isAnnounced { return [year + "announced, " + counts(new)] }
        if old.isAnnounced && !new.isAnnounced { return [year + "withdrawn: the new file lists no days"] }
        var lines = [String]()
        let before = Dictionary(old.days.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new.days.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
        for date in Set(before.keys).union(after.keys).sorted() {
            switch (before[date], after[date]) {
            case (nil, let added?):
                lines.append(year + "\(date) added (\(word(added)), \(added.name))")
            case (let removed?, nil):
                lines.append(year + "\(date) removed (was \(word(removed)), \(removed.name))")
            case (let a?, let b?) where a.isOffDay != b.isOffDay:
                lines.append(year + "\(date) changed from \(word(a)) to \(word(b))")
            case (let a?, let b?) where a.name != b.name:
                lines.append(year + "\(date) renamed from \(a.name) to \(b.name)")
            default: break
            }
        }
        if old.papers != new.papers {
            lines.append(year + "notices changed (\(old.papers.count) → \(new.papers.count) papers)")
        }
        return lines
    }

    /// `33 days, 2 papers`.
    static func counts(_ file: HolidayFile) -> String {
        "\(file.days.count) \(file.days.count == 1 ? "day" : "days"), \(file.papers.count) \(file.papers.count == 1 ? "paper" : "papers")"
    }

    static func word(_ day: ListedDay) -> String { day.isOffDay ? "off" : "work" }
}
