import CalgenCore
import CalgenModel
import Testing

@testable import CalgenRender

/// The faces of a site's dates are the same whether a build works them all out before its pages
/// or a page works out the block it shows.
@Suite struct DayFacesTests {
    @Test func facesMadeAtOnceAreThoseMadeWhenShown() throws {
        let pages = try BundledModel.pages(today: CivilDate(year: 2026, month: 10, day: 1)!)
        let grid = pages.grid()
        let first = CivilDate(year: pages.years.first!, month: 1, day: 1)!.adding(days: -7)
        let last = CivilDate(year: pages.years.last!, month: 12, day: 31)!.adding(days: 14)
        let (lazy, eager) = (DayFaces(grid, from: first, through: last), DayFaces(grid, from: first, through: last))
        eager.makeAll()
        // Every date, both ends and the days just outside the span among them.
        for day in (first.dayNumber - 1)...(last.dayNumber + 1) {
            let date = CivilDate(dayNumber: day)
            let (shown, made) = (lazy[date], eager[date])
            #expect((shown == nil) == (day < first.dayNumber || day > last.dayNumber))
            #expect(shown?.label == made?.label && shown?.classes == made?.classes && shown?.sub == made?.sub)
            #expect(shown?.feasts == made?.feasts && shown?.line == made?.line && shown?.lunar == made?.lunar)
        }
    }
}
