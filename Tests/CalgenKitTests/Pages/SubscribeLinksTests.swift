import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenRender

/// Subscribing in one or two taps: webcal for Apple devices, Google Calendar's and Outlook.com's
/// own "add by URL" links, and the one-time import apart from them.
@Suite struct SubscribeLinksTests {
    @Test func googleAndOutlookLinksCarryTheFeedsOwnAddress() {
        let url = FeedURL(baseURL: "https://calendar.example.com/", path: "feeds/a b/x.ics")
        #expect(
            url.google == "https://calendar.google.com/calendar/r?cid=webcal%3A%2F%2Fcalendar.example.com%2Ffeeds%2Fa%20b%2Fx.ics"
        )
        #expect(
            url.outlook(name: "节假日 & 调休")
                == "https://outlook.live.com/calendar/0/addfromweb?url=https%3A%2F%2Fcalendar.example.com%2Ffeeds%2Fa%20b%2Fx.ics&name=%E8%8A%82%E5%81%87%E6%97%A5%20%26%20%E8%B0%83%E4%BC%91"
        )
    }

    @Test func theSubscribeAndPrivatePagesOfferEveryWay() throws {
        let site = try BundledSite.get()
        let subscribe = try #require(site.read("subscribe/index.html"))
        #expect(
            subscribe.contains(
                #"href="https://calendar.google.com/calendar/r?cid=webcal%3A%2F%2Fcalendar.example.com%2Ffeeds%2Fholidays.ics""#))
        #expect(
            subscribe.contains(
                #"href="https://outlook.live.com/calendar/0/addfromweb?url=https%3A%2F%2Fcalendar.example.com%2Ffeeds%2Ffestivals.ics&amp;name="#
            ))
        #expect(subscribe.contains(#"只导入一次（以后不会更新，调休变化和新一年的安排都不会来）：<a href="../feeds/holidays.ics" download>"#))
        let personal = try #require(site.files.keys.first { $0.hasPrefix("feeds/") && $0.hasSuffix("/index.html") })
        let page = try #require(site.read(personal))
        let folder = String(personal.dropLast("index.html".count))
        let webcal = "webcal%3A%2F%2Fcalendar.example.com%2F" + folder.replacingOccurrences(of: "/", with: "%2F")
        #expect(page.contains("https://calendar.google.com/calendar/r?cid=" + webcal), "\(personal)")
    }

    /// The QR code of a feed address: the same drawing for the same address, the quiet zone
    /// around it, only path data; `checks/test_browser.py` reads it back with zbarimg.
    @Test func theQRCodeIsDrawnAtBuildTime() throws {
        let code = try #require(QRCode("https://calendar.example.com/feeds/holidays.ics"))
        #expect(code.size == 41)  // a 33-module symbol (version 4 at level M) and 4 modules each side
        #expect(code.path.hasPrefix("M4 4h7v1h-7z"))  // the finder pattern's top row
        #expect(code.path.allSatisfy { "0123456789 Mhvz-".contains($0) })
        #expect(QRCode("https://calendar.example.com/feeds/holidays.ics")?.path == code.path)
        let page = try #require(try BundledSite.get().read("subscribe/index.html"))
        // The holidays, the make-up days and the festivals: three codes, each of a webcal address.
        #expect(page.components(separatedBy: #"<figure class="qr"><svg"#).count - 1 == 3)
        #expect(QRCode("webcal://calendar.example.com/feeds/holidays.ics")?.path != code.path)
    }
}
