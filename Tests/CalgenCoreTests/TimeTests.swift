import CalgenCore
import Testing

@Suite struct TimeTests {
    @Test func timesOfDay() {
        #expect(TimeOfDay("08:50") == TimeOfDay(hour: 8, minute: 50))
        #expect(TimeOfDay("8:05")?.description == "08:05")
        #expect(TimeOfDay("23:59")?.minutes == 1439)
        for bad in ["25:00", "24:00", "12:60", "8", "08:5", "08:50:00", "", "ab:cd", "-1:00", "０８:５０"] {
            #expect(TimeOfDay(bad) == nil, "\(bad)")
        }
    }

    @Test func spans() {
        #expect(TimeSpan("0m")?.minutes == 0)
        #expect(TimeSpan("10m")?.minutes == 10)
        #expect(TimeSpan("1h30m")?.minutes == 90)
        #expect(TimeSpan("1d")?.minutes == 1440)
        #expect(TimeSpan("2w")?.wholeDays == 14)
        for bad in ["", "10", "m", "1m1h", "1h1h", "1.5h", "10 m", "-1d", "1y"] {
            #expect(TimeSpan(bad) == nil, "\(bad)")
        }
        #expect(TimeSpan(minutes: 90).description == "1h30m")
    }
}
