/// Turns the bytes of a holiday-cn file into a `HolidayFile`, reporting every problem at once.
public enum HolidayFileParser {
    /// Parses and validates one file. `path` is used in messages and checked against `year`
    /// (`…/2026.json` must say `"year": 2026`).
    public static func parse(path: String, bytes: [UInt8]) throws(ContentErrors) -> HolidayFile {
        var problems = DiagnosticCollector()
        func report(_ at: String?, _ message: String, fix: String? = nil) {
            problems.add(
                Diagnostic(file: path, location: at.map { .jsonPath($0) }, message: message, fix: fix))
        }

        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch let syntax {
            throw ContentErrors(
                Diagnostic(
                    file: path, location: .line(syntax.line, column: syntax.column),
                    message: "invalid JSON: \(syntax.detail)",
                    fix: syntax.detail.contains("appears twice")
                        ? "keep one of the two; JSON readers disagree on which one counts"
                        : "check for a missing comma, quote or bracket near this place"))
        }
        guard case .object(let fields) = root else {
            report(
                "(root)", "expected an object with \"year\", \"papers\" and \"days\", found \(root.kindDescription)",
                fix: "copy the file unchanged from holiday-cn")
            throw ContentErrors(problems.diagnostics)
        }

        let expectedYear = yearFromFileName(path)
        if expectedYear == nil {
            report(nil, "a holiday file must be named after its year, like 2026.json", fix: "rename the file to YYYY.json")
        }

        // year
        var year: Int?
        switch fields["year"] {
        case nil:
            report("year", "missing required field \"year\"", fix: "add \"year\": \(expectedYear.map(String.init) ?? "2026")")
        case .number(let n)
        where n == n.rounded() && Double(Limits.years.lowerBound) <= n && n <= Double(Limits.years.upperBound):
            year = Int(n)
        case .number(let n) where n == n.rounded():
            report(
                "year",
                "\(n.formatted) is outside the years calgen knows (\(Limits.years.lowerBound)–\(Limits.years.upperBound))",
                fix: "correct the year")
        case .some(let other):
            report(
                "year", "expected a year such as 2026, found \(other.kindDescription)",
                fix: "write the year as a number without quotes")
        }
        if let year, let expectedYear, year != expectedYear {
            report(
                "year", "\(year) does not match the file name \(expectedYear).json",
                fix: "rename the file to \(year).json or correct \"year\"")
        }

        // papers
        var papers = [String]()
        switch fields["papers"] {
        case nil:
            report("papers", "missing required field \"papers\"", fix: "add \"papers\": [] or the notice URLs")
        case .array(let items):
            for (i, item) in items.enumerated() {
                if case .string(let url) = item {
                    if TextRules.isWebURL(url) {
                        papers.append(url)
                    } else if TextRules.hasUserInfo(url) {
                        report(
                            "papers[\(i)]", "the URL carries a user name or password (user:password@host)",
                            fix: "give the notice's public address, without the part before @")
                    } else {
                        report(
                            "papers[\(i)]", "\(item.kindDescription) is not an http(s) URL",
                            fix: "give the notice's address, starting with https:// or http://")
                    }
                } else {
                    report(
                        "papers[\(i)]", "expected a URL string, found \(item.kindDescription)", fix: "write the address in quotes"
                    )
                }
            }
        case .some(let other):
            report(
                "papers", "expected an array of URLs, found \(other.kindDescription)", fix: "write \"papers\": [\"https://…\"]")
        }

        // days
        var days = [ListedDay]()
        switch fields["days"] {
        case nil:
            report("days", "missing required field \"days\"", fix: "add \"days\": [] for a year that is not announced")
        case .array(let items):
            for (i, item) in items.enumerated() {
                if let day = parseDay(item, index: i, fileYear: year, report: report) { days.append(day) }
            }
        case .some(let other):
            report(
                "days", "expected an array of days, found \(other.kindDescription)", fix: "write \"days\": [] or a list of days")
        }

        // The same date listed twice within the file.
        var firstListing = [CivilDate: ListedDay]()
        for day in days {
            if let first = firstListing[day.date] {
                if first.isOffDay != day.isOffDay {
                    report(
                        "days[\(day.index)]",
                        "\(day.date) is listed as \(describe(day)) here but as \(describe(first)) at days[\(first.index)]",
                        fix: "keep the one listing that matches the State Council notice")
                }
            } else {
                firstListing[day.date] = day
            }
        }

        try problems.throwIfAny()
        guard let year else { throw ContentErrors(problems.diagnostics) }
        return HolidayFile(path: path, year: year, papers: papers, days: days)
    }

    static func describe(_ day: ListedDay) -> String {
        day.isOffDay ? "an off day" : "a workday"
    }

    private static func parseDay(
        _ item: JSONValue, index i: Int, fileYear: Int?, report: (String?, String, String?) -> Void
    ) -> ListedDay? {
        let at = "days[\(i)]"
        guard case .object(let fields) = item else {
            report(
                at, "expected an object with \"name\", \"date\" and \"isOffDay\", found \(item.kindDescription)",
                "copy the file unchanged from holiday-cn")
            return nil
        }
        var name: String?
        var date: CivilDate?
        var isOffDay: Bool?
        switch fields["name"] {
        case nil: report(at, "missing required field \"name\"", "add the holiday's name, e.g. \"name\": \"春节\"")
        case .string(let s) where s.unicodeScalars.count > Limits.lineCharacters:
            report(
                "\(at).name", "the name is longer than \(Limits.lineCharacters) characters",
                "write the holiday's name, e.g. \"春节\"")
        case .string(let s) where TextRules.firstControlCharacter(in: s, multiline: false) != nil:
            let c = TextRules.firstControlCharacter(in: s, multiline: false)!.scalar
            report("\(at).name", "the name contains the control character \(TextRules.codePoint(c))", "remove it")
        case .string(let s) where !s.trimmingWhitespace.isEmpty: name = s
        case .string: report("\(at).name", "the name is empty", "write the holiday's name, e.g. \"春节\"")
        case .some(let other):
            report("\(at).name", "expected a string, found \(other.kindDescription)", "write the name in quotes")
        }
        switch fields["date"] {
        case nil: report(at, "missing required field \"date\"", "add \"date\": \"YYYY-MM-DD\"")
        case .string(let s):
            if let d = CivilDate(iso: s) {
                date = d
                if let fileYear, !(d.year == fileYear || (d.year == fileYear - 1 && d.month == 12)) {
                    report(
                        "\(at).date", "\(s) is outside \(fileYear) (only the previous December may appear)",
                        "move the date to the file of its own year, or correct it")
                    date = nil
                }
            } else {
                report("\(at).date", "\"\(s)\" is not a valid date", "use an existing date in the form YYYY-MM-DD")
            }
        case .some(let other):
            report(
                "\(at).date", "expected a date string \"YYYY-MM-DD\", found \(other.kindDescription)",
                "write the date in quotes, e.g. \"2026-10-01\"")
        }
        switch fields["isOffDay"] {
        case nil: report(at, "missing required field \"isOffDay\"", "add \"isOffDay\": true for a day off, false for a workday")
        case .bool(let b): isOffDay = b
        case .some(let other):
            report(
                "\(at).isOffDay", "expected true or false, found \(other.kindDescription)", "write true or false without quotes")
        }
        guard let name, let date, let isOffDay else { return nil }
        return ListedDay(date: date, name: name, isOffDay: isOffDay, index: i)
    }

    /// `2026` for `…/2026.json`; `nil` when the name is not a year.
    static func yearFromFileName(_ path: String) -> Int? {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        guard base.hasSuffix(".json") else { return nil }
        let stem = base.dropLast(5)
        guard stem.count == 4, stem.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(stem)
    }
}

extension String {
    var trimmingWhitespace: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return Substring(scalars[first...last])
    }
}
