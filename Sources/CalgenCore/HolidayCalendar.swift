/// The legal-workday calendar of mainland China, built from all holiday-cn year files together.
///
/// Pure: it is made from parsed files and answers questions about dates; it reads no file
/// and no clock.
public struct HolidayCalendar: Sendable {
    /// A listing together with the file it comes from.
    struct Listing: Sendable {
        let day: ListedDay
        let file: String
    }

    /// The data files, sorted by year.
    public let files: [HolidayFile]
    private let listings: [Int: Listing]
    /// Ordinary weekend days the data leaves out of a break they belong to, by day number, with
    /// the listed off day they join (see `status(of:)`).
    private let joinedWeekends: [Int: ListedDay]
    private let filesByYear: [Int: HolidayFile]

    /// Builds the calendar. Fails when two files list the same date with different statuses,
    /// or when two files claim the same year.
    public init(files: [HolidayFile]) throws(ContentErrors) {
        let sorted = files.sorted { ($0.year, $0.path) < ($1.year, $1.path) }
        var problems = [Diagnostic]()
        var byYear = [Int: HolidayFile]()
        for file in sorted {
            if let other = byYear[file.year] {
                problems.append(
                    Diagnostic(
                        file: file.path, location: .jsonPath("year"),
                        message: "\(file.year) is also the year of \(other.path)",
                        fix: "keep one file per year"))
            } else {
                byYear[file.year] = file
            }
        }
        var listings = [Int: Listing]()
        for file in sorted {
            for day in file.days {
                let key = day.date.dayNumber
                if let existing = listings[key] {
                    if existing.day.isOffDay != day.isOffDay, existing.file != file.path {
                        problems.append(
                            Diagnostic(
                                file: file.path, location: .jsonPath("days[\(day.index)]"),
                                message:
                                    "\(day.date) is listed as \(HolidayFileParser.describe(day)) here but as \(HolidayFileParser.describe(existing.day)) in \(existing.file) (days[\(existing.day.index)])",
                                fix: "correct the file that disagrees with the State Council notice"))
                    }
                    // A same-status repeat: the file of the date's own year wins for the name.
                    if day.date.year == file.year, existing.day.isOffDay == day.isOffDay {
                        listings[key] = Listing(day: day, file: file.path)
                    }
                } else {
                    listings[key] = Listing(day: day, file: file.path)
                }
            }
        }
        guard problems.isEmpty else { throw ContentErrors(problems) }
        self.files = sorted
        self.listings = listings
        self.joinedWeekends = HolidayCalendar.joinedWeekends(listings)
        self.filesByYear = byYear
    }

    /// The unlisted Saturdays and Sundays next to a listed off day, or next to such a day, each
    /// with the off day it joins (the earlier one when a weekend lies between two). The notices
    /// count them in the break: "4月5日放假，与周末连休" (2019), "4月5日至7日放假调休，共3天" (2018).
    private static func joinedWeekends(_ listings: [Int: Listing]) -> [Int: ListedDay] {
        var joined = [Int: ListedDay]()
        for key in listings.keys.sorted() {
            let day = listings[key]!.day
            guard day.isOffDay else { continue }
            for step in [1, -1] {
                var d = day.date.adding(days: step)
                while d.isWeekend, listings[d.dayNumber] == nil {
                    if joined[d.dayNumber] == nil { joined[d.dayNumber] = day }
                    d = d.adding(days: step)
                }
            }
        }
        return joined
    }

    /// The years that have a data file, announced or not, in order.
    public var years: [Int] { files.map(\.year) }

    /// The data file of a year.
    public func file(forYear year: Int) -> HolidayFile? { filesByYear[year] }

    /// Whether the year's arrangement is published (its file exists and lists days).
    public func isAnnounced(year: Int) -> Bool { filesByYear[year]?.isAnnounced ?? false }

    /// The first year from `year` on whose arrangement is not published: `year` itself when it
    /// is not, so that `firstUnannouncedYear(from:) - 1` is the last of an announced run.
    public func firstUnannouncedYear(from year: Int) -> Int {
        var year = year
        while isAnnounced(year: year) { year += 1 }
        return year
    }

    /// The status of any date.
    ///
    /// A break is one run of days off: the listed off days of a holiday and the Saturdays and
    /// Sundays between them or next to them, which the notices count in it ("与周末连休", "至…共3天")
    /// and holiday-cn leaves out in some years (清明 2019-04-06 and 07). Such a weekend day is a
    /// `.holiday` of the break's name, like the weekend days of breaks the data lists (2026-04-04);
    /// its `originalName` is `nil`, as the data does not list it.
    public func status(of date: CivilDate) -> DayStatus {
        let announced = isAnnounced(year: date.year)
        guard let listing = listings[date.dayNumber] else {
            if let joined = joinedWeekends[date.dayNumber] {
                return DayStatus(
                    date: date, kind: .holiday, name: HolidayNames.displayName(for: joined.name), originalName: nil,
                    isAnnounced: announced)
            }
            return DayStatus(
                date: date, kind: date.isWeekend ? .weekend : .workday, name: nil, originalName: nil,
                isAnnounced: announced)
        }
        let day = listing.day
        let kind: DayKind = day.isOffDay ? .holiday : (date.isWeekend ? .makeupWorkday : .workday)
        return DayStatus(
            date: date, kind: kind, name: HolidayNames.displayName(for: day.name), originalName: day.name,
            isAnnounced: announced)
    }

    /// Whether people work on `date`.
    public func isWorkday(_ date: CivilDate) -> Bool { status(of: date).kind.isWorkday }

    /// The first workday after `date`.
    public func nextWorkday(after date: CivilDate) -> CivilDate {
        var d = date.next
        while !isWorkday(d) { d = d.next }
        return d
    }

    /// The last workday before `date`.
    public func previousWorkday(before date: CivilDate) -> CivilDate {
        var d = date.previous
        while !isWorkday(d) { d = d.previous }
        return d
    }

    /// Every workday from `start` through `end`, in order.
    public func workdays(from start: CivilDate, through end: CivilDate) -> [CivilDate] {
        guard start <= end else { return [] }
        return (start.dayNumber...end.dayNumber).lazy.map(CivilDate.init(dayNumber:)).filter(isWorkday)
    }

    /// The holiday periods announced in a year's file, in order of their first day.
    public func holidayPeriods(year: Int) -> [HolidayPeriod] {
        guard let file = filesByYear[year] else { return [] }
        let offDays = file.days.filter(\.isOffDay).sorted { $0.date < $1.date }
        var groups = [(name: String, days: [ListedDay])]()
        for day in offDays {
            let name = HolidayNames.displayName(for: day.name)
            if let i = groups.lastIndex(where: { $0.name == name }),
                let last = groups[i].days.last, allOff(between: last.date, and: day.date)
            {
                groups[i].days.append(day)
            } else {
                groups.append((name, [day]))
            }
        }
        var periods = groups.map { group -> HolidayPeriod in
            var start = group.days.first!.date
            var end = group.days.last!.date
            while listings[start.previous.dayNumber] == nil, status(of: start.previous).isOffDay { start = start.previous }
            while listings[end.next.dayNumber] == nil, status(of: end.next).isOffDay { end = end.next }
            var originals = [String]()
            for day in group.days where !originals.contains(day.name) { originals.append(day.name) }
            return HolidayPeriod(
                name: group.name, noticeName: HolidayNames.noticeName(for: originals[0]), originalNames: originals,
                year: year, start: start, end: end, makeupWorkdays: [])
        }
        // Make-up workdays go to the nearest break of the same name.
        var makeups = [Int: [CivilDate]]()
        for day in file.days where !day.isOffDay && status(of: day.date).kind == .makeupWorkday {
            let name = HolidayNames.displayName(for: day.name)
            let candidates = periods.indices.filter { periods[$0].name == name }
            let nearest = candidates.min { distance(day.date, periods[$0]) < distance(day.date, periods[$1]) }
            if let nearest { makeups[nearest, default: []].append(day.date) }
        }
        for (i, dates) in makeups {
            let p = periods[i]
            periods[i] = HolidayPeriod(
                name: p.name, noticeName: p.noticeName, originalNames: p.originalNames, year: p.year, start: p.start,
                end: p.end, makeupWorkdays: dates.sorted())
        }
        return periods.sorted { $0.start < $1.start }
    }

    /// Whether every date strictly between two dates is an off day.
    private func allOff(between a: CivilDate, and b: CivilDate) -> Bool {
        var d = a.next
        while d < b {
            if !status(of: d).isOffDay { return false }
            d = d.next
        }
        return true
    }

    private func distance(_ date: CivilDate, _ period: HolidayPeriod) -> Int {
        if period.contains(date) { return 0 }
        return date < period.start ? period.start.dayNumber - date.dayNumber : date.dayNumber - period.end.dayNumber
    }
}
