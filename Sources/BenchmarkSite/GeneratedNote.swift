/// One generated note: its date, times, tags and a Markdown body of typical length, all
/// derived from its index.
struct GeneratedNote {
    struct Day {
        let year: Int
        let month: Int
        let day: Int

        var iso: String { "\(year)-\(pad(month))-\(pad(day))" }
    }

    static let tags = ["值班", "活动", "培训", "发薪", "会议", "出行", "团队", "通知"]
    static let audiences = ["public", "team-a", "team-ops", "all"]

    let index: Int
    let slug: String
    let title: String
    let date: Day
    /// The last day of a range note.
    let end: Day?
    let time: String?
    let tags: [String]
    let audience: String
    let body: String

    init(index i: Int) {
        index = i
        slug = "note-\(i)"
        // Spread over all holiday years, every month, days 1–28.
        date = Day(year: 2007 + i % 21, month: 1 + (i / 21) % 12, day: 1 + (i * 7) % 28)
        end = i % 5 == 0 ? Day(year: date.year, month: date.month, day: min(28, date.day + 2)) : nil
        time = i % 3 == 0 ? "\(pad(9 + i % 9)):\(pad((i * 5) % 60))" : nil
        tags = [GeneratedNote.tags[i % 8], GeneratedNote.tags[(i / 8 + 3) % 8]].uniqued()
        audience = GeneratedNote.audiences[i % 4]
        title = "\(GeneratedNote.tags[i % 8])安排 第\(i)号"
        body = """
            第\(i)号通知：请相关同事留意本次安排。Please read this note before the day.

            ## 安排

            - 地点：总部 \(1 + i % 20) 楼会议室
            - 负责人：同事\(i % 97)
            - 需要准备：**材料**、*签到表*和[日程](https://calendar.example.com/notes/)

            如有疑问请联系行政部。Questions go to the office team; replies within one workday.
            本通知与法定节假日和调休安排一起发布，以日历为准。

            """
    }

    var calgenSource: String {
        var lines = ["---", "title: \(title)"]
        if let end {
            lines += ["start: \(date.iso)", "end: \(end.iso)"]
        } else {
            lines.append("date: \(date.iso)")
        }
        if let time { lines += ["time: \"\(time)\"", "duration: 1h"] }
        lines.append("tags: [\(tags.joined(separator: ", "))]")
        lines.append("audience: \(audience)")
        lines.append("---")
        return lines.joined(separator: "\n") + "\n" + body
    }
}

func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
