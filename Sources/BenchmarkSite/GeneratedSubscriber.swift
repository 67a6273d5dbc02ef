/// One generated subscriber: a workdays clock-in reminder, a make-up eve reminder and a lunar
/// birthday, in one of a few time zones, expanded or compact, all derived from its index.
struct GeneratedSubscriber {
    static let zones = ["Asia/Shanghai", "Asia/Shanghai", "America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Tokyo"]

    let index: Int
    let allExpanded: Bool

    init(index: Int, allExpanded: Bool) {
        self.index = index
        self.allExpanded = allExpanded
    }

    var id: String { "user-" + String(index).leftPadded(to: 5) }

    var source: String {
        let i = index
        let encoding = allExpanded || i % 2 == 0 ? "expanded" : "compact"
        return """
            name: 用户\(i)
            timezone: \(GeneratedSubscriber.zones[i % GeneratedSubscriber.zones.count])
            encoding: \(encoding)
            reminders:
              - id: clock-in
                kind: workdays
                title: 打卡上班
                time: "\(pad(8 + i % 2)):\(pad((i * 7) % 60))"
                duration: 10m
                alarms: [0m]
              - id: makeup-eve
                kind: makeup-eve
                title: 明天补班，记得定闹钟
                time: "21:00"
              - id: birthday
                kind: lunar-yearly
                month: \(1 + i % 12)
                day: \(1 + i % 29)
                title: 生日
                all-day: true
                alarms: [1d]

            """
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
