import CalgenModel
import Foundation

/// The feeds of an output, as tests look for them.
public enum FeedFiles {
    /// The personal feeds of an output (every `.ics` below `feeds/` but the public ones, the
    /// years' and the public schedules'), by subscriber id: the feed's path, a line break, then its text.
    public static func personal(_ files: [String: Data]) -> [String: String] {
        var feeds = [String: String]()
        for (path, data) in files
        where path.hasPrefix("feeds/") && path.hasSuffix(".ics") && !Calgen.publicFeedPaths.contains(path)
            && !path.hasPrefix("feeds/schedules/") && !path.hasPrefix("feeds/years/")
        {
            feeds[String(path.split(separator: "/").last!.dropLast(4))] = path + "\n" + String(decoding: data, as: UTF8.self)
        }
        return feeds
    }
}
