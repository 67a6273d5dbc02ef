import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@Suite struct FeedTests {
    @Test func thePublicFeedHasEveryHolidayPeriodAndMakeupDay() throws {
        let feed = try BundledSite.get().read("feeds/holidays.ics") ?? ""
        #expect(feed.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:"))
        #expect(!feed.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(
            feed.contains(
                "UID:holiday-2026-national-day@calendar.example.com\r\nDTSTAMP:20261121T040000Z\r\nDTSTART;VALUE=DATE:20261001\r\nDTEND;VALUE=DATE:20261008\r\nSUMMARY:国庆节（放假7天）\r\n"
            ))
        #expect(feed.contains("UID:makeup-20261010@calendar.example.com"))
        #expect(feed.contains("SUMMARY:补班（国庆节）"))
        #expect(feed.contains("SUMMARY:春节（放假9天）"))
        #expect(feed.components(separatedBy: "SUMMARY:补班").count - 1 == feed.components(separatedBy: "UID:makeup-").count - 1)
        #expect(feed.contains("TRANSP:TRANSPARENT"))
        #expect(feed.contains("REFRESH-INTERVAL;VALUE=DURATION:PT12H\r\nX-PUBLISHED-TTL:PT12H"))
        #expect(feed.contains("UID:note-payday-moved@"))  // audience: public
        #expect(!feed.contains("note-national-day-duty"))  // audience: team-ops only
        #expect(!feed.contains("DTSTART;VALUE=DATE:2027"))  // 2027 is not announced
    }

    @Test func personalFeedsLiveAtSecretPathsThatNothingPublicReveals() throws {
        let site = try BundledSite.get()
        // holidays, festivals, 8 variants, 20 announced years, four public schedules' and six personal ones
        #expect(site.report.feeds == 40)
        #expect(site.report.warnings.isEmpty)
        let secret = try FeedSecret(Fixture.secret)
        let feeds = FeedFiles.personal(site.files)
        #expect(feeds.keys.sorted() == ["li-si", "qian-qi", "sun-li", "wang-fang", "zhang-san", "zhao-liu"])
        let token = secret.token(for: "zhang-san")
        #expect(token.count == 24 && token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(feeds["zhang-san"]!.hasPrefix("feeds/\(token)/zhang-san.ics"))
        let tokens = feeds.keys.map { secret.token(for: $0) }
        for (path, data) in site.files where !path.hasPrefix("feeds/") {
            let text = String(decoding: data, as: UTF8.self)
            for t in tokens {
                #expect(!text.contains(t), "\(path) reveals a personal feed")
            }
        }
        #expect(site.read("robots.txt")?.contains("Disallow: /feeds/") == true)
    }

    /// A feed's token is HMAC-SHA256 of its message, its first 18 bytes in base64url: the values
    /// below are Python's (`hmac`, `base64.urlsafe_b64encode`), not calgen's.
    @Test func tokensAreTheHMACOfTheirMessageInBase64URL() throws {
        let secret = try FeedSecret("fixture-feed-secret-0123456789")
        #expect(secret.token(for: "zhang-san") == "bl3FbVzvkQW_bqOUpiyAc7wK")
        #expect(secret.token(for: "zhang-san", epoch: 3) == "GS5mRPiFaiAiNDK1evzmj8-e")
        #expect(secret.token(for: "张三") == "pR-SFDiV_439D9HtSCRWYxp2")
        #expect(FeedSecret.development.recordToken == "1wkXwIPfJdEDeh_Id1GplJ60")
        // The keyed state is copied, never carried from one token to the next.
        #expect(secret.token(for: "zhang-san") == "bl3FbVzvkQW_bqOUpiyAc7wK")
    }

    @Test func aPersonalFeedCarriesItsRemindersNotesAndHolidays() throws {
        let feeds = FeedFiles.personal(try BundledSite.get().files)
        let zhang = feeds["zhang-san"]!
        #expect(zhang.contains("NAME:张三的工作日提醒\r\nX-WR-CALNAME:张三的工作日提醒\r\n"))
        #expect(zhang.contains("COLOR:crimson\r\nX-APPLE-CALENDAR-COLOR:#D33F49\r\n"))
        #expect(zhang.contains("放假安排有效期至2026年12月31日"))
        #expect(
            zhang.contains(
                "UID:zhang-san.clock-in.20261010@calendar.example.com\r\nDTSTAMP:20261121T040000Z\r\nDTSTART;TZID=Asia/Shanghai:20261010T085000\r\nDTEND:20261010T010000Z\r\n"
            ))
        #expect(!zhang.contains("zhang-san.clock-in.20261001"))
        #expect(zhang.contains("UID:zhang-san.makeup-eve.20261009@"))
        #expect(zhang.contains("UID:zhang-san.payday.20260214@"))
        #expect(zhang.contains("UID:zhang-san.mom.20260925@"))
        #expect(zhang.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:妈妈生日\r\nTRIGGER:-P1D\r\nEND:VALARM"))
        #expect(zhang.contains("UID:zhang-san.holiday-2026-national-day@"))  // holidays: true
        #expect(zhang.contains("UID:zhang-san.note-year-end-party@"))  // notes: [public, team-a]
        #expect(!zhang.contains("note-national-day-duty"))  // team-ops only
        #expect(!zhang.contains("clock-in.2027"))  // 2027 is not announced
        #expect(zhang.contains("BEGIN:VTIMEZONE\r\nTZID:Asia/Shanghai\r\n"))
        let li = feeds["li-si"]!
        #expect(li.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20270101T013000Z"))
        #expect(li.contains("EXDATE;TZID=America/New_York:20261001T203000"))
        #expect(li.contains("UID:li-si.standup.20261010@"))  // the make-up Saturday, outside the rule
        #expect(!li.contains("RDATE"))
        // New York's zone as Outlook, Google and Apple write it: one yearly rule each way.
        #expect(
            li.contains(
                "BEGIN:DAYLIGHT\r\nDTSTART:20070311T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\r\n"
            ))
        #expect(li.components(separatedBy: "BEGIN:STANDARD").count == 3)  // New York's and Shanghai's
        // A timed reminder without a duration lasts a quarter of an hour.
        #expect(
            zhang.contains(
                "DTSTART;TZID=Asia/Shanghai:20261009T210000\r\nDTEND:20261009T131500Z\r\n"))
    }

    /// Apple's 休/班 marks, and holiday events that are the same in a personal feed as in the public
    /// one but for their UID, so that clients merging by content can.
    @Test func holidayEventsAreTheSameInEveryFeed() throws {
        let site = try BundledSite.get()
        let publicFeed = site.read("feeds/holidays.ics")!.replacingOccurrences(of: "\r\n ", with: "")
        let zhang = FeedFiles.personal(site.files)["zhang-san"]!.replacingOccurrences(of: "\r\n ", with: "")
        func events(_ feed: String, prefix: String) -> [String: String] {
            var found = [String: String]()
            for block in feed.components(separatedBy: "BEGIN:VEVENT\r\n").dropFirst() {
                let lines = block.components(separatedBy: "\r\n")
                guard let uid = lines.first, uid.hasPrefix("UID:" + prefix) else { continue }
                let key = uid.dropFirst(4 + prefix.count)
                // Holidays (`holiday-2026-…`) and make-up days (`makeup-20260104`), not the makeup-eve reminder.
                guard key.hasPrefix("holiday-") || (key.hasPrefix("makeup-") && key.dropFirst(7).first?.isNumber == true)
                else { continue }
                let content = lines.filter { !$0.hasPrefix("UID:") && !$0.hasPrefix("DTSTAMP:") && !$0.hasPrefix("SEQUENCE:") }
                found[String(key)] = content.joined(separator: "\n")
            }
            return found
        }
        let shared = events(publicFeed, prefix: "")
        let own = events(zhang, prefix: "zhang-san.")
        #expect(!own.isEmpty)
        for (uid, content) in own { #expect(shared[uid] == content, "\(uid)") }
        #expect(publicFeed.contains("SUMMARY:国庆节（放假7天）"))
        #expect(publicFeed.contains("TRANSP:TRANSPARENT\r\nX-APPLE-SPECIAL-DAY:WORK-HOLIDAY\r\n"))
        #expect(publicFeed.contains("TRANSP:TRANSPARENT\r\nX-APPLE-SPECIAL-DAY:ALTERNATE-WORKDAY\r\n"))
    }

    @Test func theFestivalsFeedHasEveryFestivalAndSolarTermOverTheHorizon() throws {
        let site = try BundledSite.get()
        let feed = (site.read("feeds/festivals.ics") ?? "").replacingOccurrences(of: "\r\n ", with: "")
        // 2025–2027 (one year either side of 2026): 27 festivals and 24 terms a year, 清明 once as 清明节.
        #expect(feed.components(separatedBy: "BEGIN:VEVENT").count - 1 == 3 * 50)
        #expect(feed.contains("UID:festival-20260510-mother-s-day@calendar.example.com\r\n"))
        #expect(feed.contains("UID:festival-20260216-new-year-s-eve@calendar.example.com\r\n"))
        #expect(feed.contains("DTSTART;VALUE=DATE:20270205\r\nDTEND;VALUE=DATE:20270206\r\nSUMMARY:除夕\r\n"))
        #expect(feed.contains("SUMMARY:清明节\r\nDESCRIPTION:农历二月十八\\n太阳视黄经15°，北京时间2026年4月5日"))
        #expect(!feed.contains("UID:term-20260405"))
        #expect(feed.contains("UID:term-20261222-winter-solstice@"))
        #expect(!feed.contains("BEGIN:VALARM"))
        #expect(feed.components(separatedBy: "TRANSP:TRANSPARENT").count - 1 == 3 * 50)
        #expect(site.read("feeds/festivals.json")?.contains(#""feed": "festivals.ics""#) == true)
    }
}
