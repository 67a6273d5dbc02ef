import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenLoad
@testable import CalgenRecord
@testable import CalgenRender

/// Subscribers with a work schedule and leave: the keys `schedule:` and `leave:`, and the
/// events of their reminders.
@Suite struct ScheduleFeedTests {
    static let content = Fixture.repositoryRoot.appendingPathComponent("Content").path
    static let loaded = Result { () throws(ContentErrors) -> (SiteConfig, HolidayCalendar, [WorkSchedule]) in
        let loader = ContentLoader(contentDirectory: content)
        return (try loader.loadConfig(), try loader.loadCalendar(), try loader.loadSchedules())
    }

    static func parse(_ text: String) throws(ContentErrors) -> Subscriber {
        let schedules = (try? loaded.get().2) ?? []
        return try SubscriberParser.parse(
            text, file: "users/a.yml", fileName: "a.yml", defaultTimeZone: "Asia/Shanghai", schedules: schedules)
    }

    static func problems(_ text: String) -> [String] {
        do {
            _ = try parse(text)
            return []
        } catch { return error.diagnostics.map { $0.formatted + " | fix: " + ($0.fix ?? "") } }
    }

    /// Each subscriber's feed, rendered alone into memory on 2026-11-21.
    static func feeds(_ subscribers: [Subscriber]) throws -> [String: String] {
        try rendered(subscribers).feeds
    }

    /// Each subscriber's feed and the build's warnings, rendered into memory on 2026-11-21.
    static func rendered(_ subscribers: [Subscriber]) throws -> (feeds: [String: String], warnings: [Diagnostic]) {
        let (config, calendar, schedules) = try loaded.get()
        let site = Site(config: config, calendar: calendar, subscribers: subscribers, schedules: schedules)
        let now = Date(timeIntervalSince1970: 1_795_233_600)
        let set = FeedSet(site: site, today: config.civilDate(of: now), generatedAt: now, secret: try FeedSecret(Fixture.secret))
        var feeds = [String: String]()
        var warnings = [Diagnostic]()
        for result in try set.render(previous: .none, sink: MemorySink()) {
            warnings += result.warnings
            guard !result.isPublic, case .bytes(let bytes) = result.feed.source else { continue }
            let id = String(result.feed.path.split(separator: "/").last!.dropLast(4))
            feeds[id] = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        }
        return (feeds, warnings)
    }

    @Test func scheduleAndLeaveAreRead() throws {
        let subscriber = try Self.parse(
            """
            schedule: big-small-week
            leave:
              - from: 2026-07-01
                to: 2026-07-10
                reason: 年假
              - 2026-08-03
              - date: 2026-08-05
            reminders: []
            """)
        #expect(subscriber.schedule == "big-small-week")
        let leave = subscriber.personal.leave
        #expect(leave.map(\.first.iso8601) == ["2026-07-01", "2026-08-03", "2026-08-05"])
        #expect(leave.map(\.last.iso8601) == ["2026-07-10", "2026-08-03", "2026-08-05"])
        #expect(leave.map(\.reason) == ["年假", "请假", "请假"])
        #expect(leave.allSatisfy { $0.status == .off })
        #expect(try Self.parse("reminders: []\n").schedule == nil)
        #expect(try Self.parse("reminders: []\n").personal == .none)
    }

    @Test func badScheduleAndLeaveAreLocatedWithAFix() {
        let unknown = Self.problems("schedule: big-small-wek\n")
        #expect(unknown.count == 1)
        #expect(
            unknown.first?.contains(#"a.yml:1:11: error: no work schedule "big-small-wek" in schedules/"#) == true, "\(unknown)")
        #expect(
            unknown.first?.contains(#"fix: did you mean "big-small-week"? the schedules are: big-small-week, four-on-two-off"#)
                == true,
            "\(unknown)")
        let reversed = Self.problems("leave:\n  - from: 2026-07-10\n    to: 2026-07-01\n")
        #expect(
            reversed.first?.contains(#"a.yml:3:9: error: "to" (2026-07-01) is before "from" (2026-07-10)"#) == true, "\(reversed)"
        )
        #expect(Self.problems("leave:\n  - 2026-02-30\n").first?.contains(#""2026-02-30" in "leave" is not a date"#) == true)
        #expect(
            Self.problems("leave:\n  - from: 2026-07-01\n    reason: 年假\n").first?.contains(#"missing required key "to""#) == true
        )
        #expect(Self.problems("leave:\n  - date: 2026-07-01\n    day: half\n").first?.contains(#"unknown key "day""#) == true)
        let shiftless = Self.problems("reminders:\n  - id: s\n    kind: shift-start\n    title: 上班\n")
        #expect(
            shiftless.first?.contains(#"a.yml:3:11: error: a shift-start reminder needs a work schedule"#) == true, "\(shiftless)"
        )
        let timed = Self.problems(
            "schedule: four-on-two-off\nreminders:\n  - id: s\n    kind: shift-start\n    title: 上班\n    time: \"08:00\"\n")
        #expect(timed.first?.contains("takes its time and length from the day's shift") == true, "\(timed)")
    }

    static func subscriber(
        _ id: String, zone: String = "Asia/Shanghai", encoding: FeedEncoding = .expanded, schedule: String? = nil,
        leave: [ScheduleDate] = [], reminders: [Reminder]
    ) -> Subscriber {
        Subscriber(
            id: id, name: id, calendarName: id, timeZone: zone, encoding: encoding, reminders: reminders, schedule: schedule,
            personal: PersonalDays(leave: leave))
    }

    static let clockIn = Reminder(
        id: "clock-in", kind: .workdays, title: "打卡",
        timing: .at(TimeOfDay(hour: 8, minute: 50)!, duration: TimeSpan(minutes: 10)))
    static let eve = Reminder(
        id: "eve", kind: .makeupEve(), title: "明天上班", timing: .at(TimeOfDay(hour: 21, minute: 0)!, duration: TimeSpan(minutes: 0))
    )
    static let shift = Reminder(id: "shift", kind: .shiftStart, title: "上班", timing: .shift, alarms: [TimeSpan(minutes: 60)])

    @Test func aNightShiftStartsAt20AndEndsTheNextMorning() throws {
        let feed = try #require(
            try Self.feeds([Self.subscriber("nurse", schedule: "four-on-two-off", reminders: [Self.shift])])["nurse"])
        // 2026-01-03 and 01-04 are N days of the cycle D D N N off off that starts 2026-01-01.
        #expect(
            feed.contains(
                "UID:nurse.shift.20260103@calendar.example.com\r\nDTSTAMP:20261121T040000Z\r\nDTSTART;TZID=Asia/Shanghai:20260103T200000\r\nDTEND:20260104T000000Z\r\n"
            ), "\(feed.prefix(3000))")
        #expect(feed.contains("DTSTART;TZID=Asia/Shanghai:20260101T080000\r\nDTEND:20260101T120000Z\r\n"))
        #expect(!feed.contains("UID:nurse.shift.20260105@"))  // off
        #expect(feed.contains("TRIGGER:-PT1H"))
    }

    @Test func aNewYorkSubscriberKeepsTheWallClockAcrossDaylightSaving() throws {
        let subscriber = Self.subscriber(
            "ny", zone: "America/New_York", schedule: "four-on-two-off", reminders: [Self.shift])
        let feed = try #require(try Self.feeds([subscriber])["ny"])
        // US daylight saving starts 2026-03-08: 03-04 is an N day in EST, 03-10 one in EDT.
        #expect(feed.contains("DTSTART;TZID=America/New_York:20260304T200000\r\nDTEND:20260305T130000Z\r\n"))
        #expect(feed.contains("DTSTART;TZID=America/New_York:20260310T200000\r\nDTEND:20260311T120000Z\r\n"))
        // The night of 2026-10-31 gains an hour when the clocks go back: the shift still ends at
        // 08:00 EST on the wall clock, 13 hours after 20:00 EDT.
        #expect(feed.contains("DTSTART;TZID=America/New_York:20261031T200000\r\nDTEND:20261101T130000Z\r\n"))
        #expect(feed.contains("BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n"))
        // The instants: 20:00 EST is 01:00 UTC, 20:00 EDT is 00:00 UTC; 08:00 on the change's day is EDT.
        let night = TimeOfDay(hour: 20, minute: 0)!
        #expect(
            FeedRenderer.utc(CivilDate(year: 2026, month: 3, day: 4)!, night, zone: "America/New_York").utcValue
                == "20260305T010000Z")
        #expect(
            FeedRenderer.utc(CivilDate(year: 2026, month: 3, day: 10)!, night, zone: "America/New_York").utcValue
                == "20260311T000000Z")
        #expect(feed.contains("DTSTART;TZID=America/New_York:20260308T080000\r\n"))
        #expect(
            FeedRenderer.utc(CivilDate(year: 2026, month: 3, day: 8)!, TimeOfDay(hour: 8, minute: 0)!, zone: "America/New_York")
                .utcValue == "20260308T120000Z")
        // Compact: the weekly rule's end is in UTC, after the last Monday-to-Friday day worked.
        let compact = Self.subscriber(
            "nyc", zone: "America/New_York", encoding: .compact, schedule: "big-small-week", reminders: [Self.clockIn])
        let rule = try #require(try Self.feeds([compact])["nyc"])
        #expect(rule.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20261231T135000Z"), "\(rule.prefix(2000))")
        #expect(rule.contains("UID:nyc.clock-in.20260110@"))  // a big-week Saturday, outside the rule
        #expect(rule.contains("EXDATE;TZID=America/New_York:20260520T085000"))  // the company's anniversary
    }

    static let sunday = Reminder(
        id: "sunday", kind: .weekly(days: [.sunday], skipOffDays: false), title: "Sunday",
        timing: .at(TimeOfDay(hour: 2, minute: 30)!, duration: TimeSpan(minutes: 0)))
    static let early = Reminder(
        id: "early", kind: .weekly(days: [.sunday], skipOffDays: false), title: "Early",
        timing: .at(TimeOfDay(hour: 1, minute: 30)!, duration: TimeSpan(minutes: 60)))

    /// 2026-03-08 has no 02:30 in New York (02:00 EST becomes 03:00 EDT) and 2026-11-01 has 01:30
    /// twice (02:00 EDT becomes 01:00 EST): those occurrences are written in UTC at the instants
    /// RFC 5545 §3.3.5 gives them (03:30 EDT, the first 01:30), every event says its length with
    /// an end in UTC, and the build warns, naming the subscriber, the reminder and the dates.
    @Test func timesTheClocksSkipOrRepeatAreWrittenInUTC() throws {
        let expanded = Self.subscriber("ny", zone: "America/New_York", reminders: [Self.sunday, Self.early])
        let compact = Self.subscriber("nyc", zone: "America/New_York", encoding: .compact, reminders: [Self.sunday, Self.early])
        let (feeds, warnings) = try Self.rendered([expanded, compact])
        let feed = try #require(feeds["ny"])
        #expect(
            feed.contains(
                "UID:ny.sunday.20260308@calendar.example.com\r\nDTSTAMP:20261121T040000Z\r\nDTSTART:20260308T073000Z\r\nDTEND:20260308T074500Z\r\n"
            ), "\(feed.prefix(3000))")
        #expect(
            feed.contains(
                "UID:ny.early.20261101@calendar.example.com\r\nDTSTAMP:20261121T040000Z\r\nDTSTART:20261101T053000Z\r\nDTEND:20261101T063000Z\r\n"
            ))
        // Other Sundays keep the wall clock.
        #expect(feed.contains("DTSTART;TZID=America/New_York:20260315T023000\r\nDTEND:20260315T064500Z\r\n"))
        #expect(feed.contains("DTSTART;TZID=America/New_York:20261108T013000\r\nDTEND:20261108T073000Z\r\n"))
        #expect(!feed.contains("DTEND;TZID"))
        // Compact: the rule leaves those days out with an EXDATE of its own instance, and each is
        // its own event in UTC.
        let rule = try #require(feeds["nyc"])
        #expect(rule.contains("EXDATE;TZID=America/New_York:20260308T023000\r\n"), "\(rule.prefix(3000))")
        #expect(rule.contains("EXDATE;TZID=America/New_York:20261101T013000\r\n"))
        #expect(
            rule.contains(
                "UID:nyc.sunday.20260308@calendar.example.com\r\nDTSTAMP:20261121T040000Z\r\nDTSTART:20260308T073000Z\r\n"))
        #expect(
            rule.contains(
                "UID:nyc.early.20261101@calendar.example.com\r\nDTSTAMP:20261121T040000Z\r\nDTSTART:20261101T053000Z\r\n"))
        #expect(rule.contains("UID:nyc.sunday.rule@"))
        let messages = warnings.map { $0.message }
        #expect(
            messages.contains {
                $0.hasPrefix("reminder `sunday` of subscriber `ny` starts at 02:30 in America/New_York")
                    && $0.contains("does not exist on 2025-03-09, 2026-03-08")
            }, "\(messages)")
        #expect(
            messages.contains {
                $0.hasPrefix("reminder `early` of subscriber `nyc` starts at 01:30 in America/New_York")
                    && $0.contains("comes twice on 2025-11-02, 2026-11-01")
            }, "\(messages)")
        #expect(warnings.allSatisfy { $0.severity == .warning })
    }

    /// Chatham's clocks change at 02:45 standard time, by an hour: 03:00 on 2026-09-27 does not
    /// exist (read at +12:45), 03:00 on 2026-04-05 comes twice (the first at +13:45).
    @Test func chathamQuarterHourChanges() throws {
        let three = Reminder(
            id: "three", kind: .weekly(days: [.sunday], skipOffDays: false), title: "Three",
            timing: .at(TimeOfDay(hour: 3, minute: 0)!, duration: TimeSpan(minutes: 30)))
        let feed = try #require(try Self.feeds([Self.subscriber("ch", zone: "Pacific/Chatham", reminders: [three])])["ch"])
        #expect(
            feed.contains(
                "UID:ch.three.20260927@calendar.example.com\r\nDTSTAMP:20261121T040000Z\r\nDTSTART:20260926T141500Z\r\nDTEND:20260926T144500Z\r\n"
            ))
        #expect(
            feed.contains(
                "UID:ch.three.20260405@calendar.example.com\r\nDTSTAMP:20261121T040000Z\r\nDTSTART:20260404T131500Z\r\nDTEND:20260404T134500Z\r\n"
            ))
        #expect(feed.contains("DTSTART;TZID=Pacific/Chatham:20261004T030000\r\n"))
    }

    @Test func aBigSmallWeekWithLeave() throws {
        let leave = [ScheduleDate(first: CivilDate(year: 2026, month: 2, day: 14)!, status: .off, reason: "年假")!]
        let feeds = try Self.feeds([
            Self.subscriber("zhao", schedule: "big-small-week", leave: leave, reminders: [Self.clockIn, Self.eve])
        ])
        let feed = try #require(feeds["zhao"])
        #expect(!feed.contains("UID:zhao.clock-in.20260214@"))  // leave over the make-up Saturday
        #expect(!feed.contains("UID:zhao.eve.20260213@"))
        #expect(feed.contains("UID:zhao.clock-in.20260228@") && feed.contains("UID:zhao.eve.20260227@"))
        #expect(feed.contains("UID:zhao.clock-in.20260207@"))  // a big-week Saturday
        #expect(!feed.contains("UID:zhao.clock-in.20260216@") && !feed.contains("UID:zhao.clock-in.20260520@"))
        #expect(feed.contains("DESCRIPTION:明天2月28日（周六）补班（春节）。"), "\(feed.prefix(2000))")
    }

    /// Without a schedule or leave a subscriber's feed is what it was: the legal calendar.
    @Test func withoutAScheduleTheEventsAreTheLegalCalendars() throws {
        let plain = Self.subscriber("plain", reminders: [Self.clockIn, Self.eve])
        let legal = Self.subscriber("plain", leave: [], reminders: [Self.clockIn, Self.eve])
        #expect(try Self.feeds([plain])["plain"] == Self.feeds([legal])["plain"])
        let feed = try #require(try Self.feeds([plain])["plain"])
        #expect(feed.components(separatedBy: "UID:plain.clock-in.2026").count - 1 == 248)
        #expect(!feed.contains("UID:plain.clock-in.20260207@"))
        // Leave alone takes days off the legal calendar.
        let away = Self.subscriber(
            "plain", leave: [ScheduleDate(first: CivilDate(year: 2026, month: 2, day: 14)!, status: .off, reason: "年假")!],
            reminders: [Self.clockIn, Self.eve])
        let awayFeed = try #require(try Self.feeds([away])["plain"])
        #expect(awayFeed.components(separatedBy: "UID:plain.clock-in.2026").count - 1 == 247)
        #expect(!awayFeed.contains("UID:plain.eve.20260213@") && awayFeed.contains("UID:plain.eve.20260227@"))
    }

    /// The bundled 大小周 subscriber: the page beside the feed names the schedule, the feed follows it.
    @Test func theBundledBigSmallWeekSubscriber() throws {
        let site = try BundledSite.get()
        let pages = site.files.filter { $0.key.hasPrefix("feeds/") && $0.key.hasSuffix("/index.html") }
            .map { String(decoding: $0.value, as: UTF8.self) }
        let zhao = try #require(pages.first { $0.contains("赵六") })
        #expect(zhao.contains("上班提醒按排班「大小周」，请假日不提醒。时间按 Asia/Shanghai 时区。"))
        // and the shop's 单休 subscriber's; the nurse's page is in English.
        #expect(pages.filter { $0.contains("上班提醒按") }.count == 2)
        #expect(pages.contains { $0.contains("上班提醒按排班「单休门店」") })
        let feed = try #require(FeedFiles.personal(site.files)["zhao-liu"])
        #expect(feed.contains("UID:zhao-liu.clock-in.20260207@"))  // a big-week Saturday
        #expect(!feed.contains("UID:zhao-liu.clock-in.20260708@"))  // annual leave
        #expect(!feed.contains("UID:zhao-liu.clock-in.20260520@"))  // the company's anniversary
        #expect(feed.contains("UID:zhao-liu.work-tomorrow.20260213@"))
    }
}
