/// The two addresses of a published feed: `https://…` for apps that take a URL, and the same
/// address as `webcal://…`, which makes browsers hand it to the calendar app.
public struct FeedURL: Sendable, Equatable {
    public let https: String

    /// - Parameters:
    ///   - baseURL: the site's base URL (`https://calendar.example.com/`), ending in `/`.
    ///   - path: the feed's path below it (`feeds/holidays.ics`).
    public init(baseURL: String, path: String) {
        https = baseURL + path
    }

    /// The address with its scheme replaced by `webcal`.
    public var webcal: String {
        "webcal://" + https.drop { $0 != ":" }.dropFirst(3)
    }

    /// Google Calendar's "add by URL" for this feed: `cid` carries the webcal address.
    public var google: String {
        "https://calendar.google.com/calendar/r?cid=" + FeedURL.component(webcal)
    }

    /// Outlook.com's "subscribe from web" for this feed, under `name`.
    public func outlook(name: String) -> String {
        "https://outlook.live.com/calendar/0/addfromweb?url=" + FeedURL.component(https) + "&name="
            + FeedURL.component(name)
    }

    /// `text` as one URL query value: everything but letters, digits and `-._~` percent-encoded.
    static func component(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return out
    }
}

extension String {
    /// Two hex digits: `0` before one.
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
