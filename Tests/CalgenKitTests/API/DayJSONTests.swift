import CalgenCore
import CalgenModel
import Testing

@testable import CalgenRender
@testable import CalgenSupport

/// The day API's objects written straight into bytes are the bytes of the same objects made as
/// `JSON` values and serialized.
@Suite struct DayJSONTests {
    @Test func everyDayOfTheBundledYearsIsWrittenAsItsObject() {
        let almanac = HomeAnswerTests.bundled
        // The bundled years, and dates outside the data and outside 1901–2100.
        let dates =
            almanac.calendar.years.flatMap { CivilDate.days(ofYear: $0) }
            + [CivilDate(iso: "1900-12-31")!, CivilDate(iso: "1901-01-01")!, CivilDate(iso: "2100-12-31")!]
        for date in dates {
            var json = JSONBytes()
            DayAPI.writeDay(almanac.day(date), to: &json)
            let expected = DayAPI.dayObject(almanac.day(date)).serialized()
            #expect(json.out == expected, "\(date.iso8601)")
            if json.out != expected { return }
        }
        let first = DayAPI.dayObject(almanac.day(dates[0])).serialized()
        #expect(DayAPI.json(for: dates[0], in: almanac) == String(decoding: first, as: UTF8.self))
    }

    @Test func yearFilesAreTheirObjects() {
        let almanac = HomeAnswerTests.bundled
        for year in [almanac.calendar.years.first!, 2026, almanac.calendar.years.last!] {
            let days = CivilDate.days(ofYear: year).map { DayAPI.dayObject(almanac.day($0)) }
            #expect(
                DayAPI.yearBytes(year, almanac: almanac, days: days.map { $0.serialized() })
                    == DayAPI.yearObject(year, almanac: almanac, days: days).serialized(newline: true))
        }
    }

    @Test func valuesAreWrittenAsJSONWritesThem() {
        for text in ["", "plain", "汉字", "quote \" and \\ back", "tab\tnew\nline\r\u{1}\u{1F}", "emoji 🎉"] {
            var json = JSONBytes()
            json.string(text)
            #expect(json.out == JSON.string(text).serialized(), "\(text)")
        }
        for number in [0, 7, 10, 189, -1, -365, Int.max, Int.min] {
            var json = JSONBytes()
            json.int(number)
            #expect(json.out == JSON.int(number).serialized(), "\(number)")
        }
        for iso in ["0001-01-01", "0999-12-31", "2026-10-10", "9999-12-31"] {
            var json = JSONBytes()
            json.date(CivilDate(iso: iso)!)
            #expect(json.out == JSON.string(iso).serialized())
        }
        var json = JSONBytes()
        json.strings(["a", "b\"", "节"])
        #expect(json.out == JSON.array([.string("a"), .string("b\""), .string("节")]).serialized())
    }
}
