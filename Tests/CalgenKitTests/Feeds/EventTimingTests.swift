import CalgenCore
import CalgenModel
import Foundation
import ICalendar
import Testing

@testable import CalgenRender

/// `FeedRenderer.timed`, which places the start and the end as wall-clock seconds, against
/// placing them as the fields of a wall-clock time each (`ZoneOffsets.resolve(_:)` of the start
/// and of `TimeOfDay.adding(minutes:)`'s end) with the end's UTC fields read from a `Date`.
@Suite struct EventTimingTests {
    @Test func timedAsFromWallClockFields() throws {
        let site = try BundledModel.site()
        let renderer = FeedRenderer(
            site: site, today: CivilDate(year: 2026, month: 11, day: 21)!, generatedAt: Date(timeIntervalSince1970: 0),
            secret: try FeedSecret("test-secret-0123456789abcdef0123"))
        var seed: UInt64 = 11
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let zones = ["Asia/Shanghai", "America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Tokyo", "Nowhere/Else"]
        for zone in zones {
            let offsets = renderer.offsets.offsets(of: zone)
            let looked = ZoneOffsetsCache.Looked(identifier: zone, offsets: offsets)
            // Every day of 2025–2027 (each change of offset among them) at random times and lengths.
            for dayNumber in CivilDate(year: 2025, month: 1, day: 1)!
                .dayNumber...CivilDate(year: 2027, month: 12, day: 31)!.dayNumber
            {
                let day = CivilDate(dayNumber: dayNumber)
                let time = TimeOfDay(hour: next(24), minute: next(60))!
                let duration = [nil, TimeSpan(minutes: 0), TimeSpan(minutes: 10), TimeSpan(minutes: 90), TimeSpan(minutes: 720)][
                    next(5)]
                for endsOnWallClock in [false, true] {
                    let fast = renderer.timed(day, time, duration, zone: looked, endsOnWallClock: endsOnWallClock)
                    let slow = EventTimingTests.timed(
                        day, time, duration, zone: zone, offsets: offsets, endsOnWallClock: endsOnWallClock)
                    #expect(fast.start == slow.start && fast.end == slow.end, "\(zone) \(day) \(time)")
                    #expect(fast.kind == slow.kind && fast.lengthDiffers == slow.lengthDiffers, "\(zone) \(day) \(time)")
                }
            }
        }
    }

    @Test func utcFieldsAsFromADate() {
        var instants = [0, -1, 1, 86_399, 86_400, -86_400, -86_401, 1_795_233_600, -2_208_988_800, 4_133_980_799]
        for i in stride(from: -5_000_000_000, through: 5_000_000_000, by: 9_999_991) { instants.append(i) }
        for instant in instants {
            #expect(
                ResolvedTime.fields(of: instant)
                    == TimeZoneComponent.utcFields(Date(timeIntervalSince1970: TimeInterval(instant))), "\(instant)")
        }
    }

    /// The placing as it was: the wall-clock end's fields made, each time resolved from its fields.
    static func timed(
        _ day: CivilDate, _ time: TimeOfDay, _ duration: TimeSpan?, zone: String, offsets: ZoneOffsets?,
        endsOnWallClock: Bool
    ) -> EventTimes {
        let local = ICalDateTime(date: FeedRenderer.date(day), hour: time.hour, minute: time.minute)
        let minutes = (duration?.minutes ?? 0) > 0 ? duration!.minutes : Calgen.defaultEventMinutes
        let ends = time.adding(minutes: minutes)
        let wallEnd = ICalDateTime(
            date: FeedRenderer.date(day.adding(days: ends.days)), hour: ends.time.hour, minute: ends.time.minute)
        guard let offsets else {
            return EventTimes(start: .local(local, timeZone: zone), end: .local(wallEnd, timeZone: zone), kind: .regular)
        }
        let start = offsets.resolve(local)
        let byWallClock = offsets.resolve(wallEnd).instant
        let exact = start.instant + minutes * 60
        let end = endsOnWallClock ? max(byWallClock, start.instant + 60) : exact
        let utcStart = TimeZoneComponent.utcFields(Date(timeIntervalSince1970: TimeInterval(start.instant)))
        return EventTimes(
            start: start.kind == .regular ? .local(local, timeZone: zone) : .utc(utcStart),
            end: .utc(TimeZoneComponent.utcFields(Date(timeIntervalSince1970: TimeInterval(end)))), kind: start.kind,
            lengthDiffers: byWallClock != exact)
    }
}
