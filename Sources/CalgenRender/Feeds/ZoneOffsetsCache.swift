import CalgenCore
import Foundation
import ICalendar

/// The zones' offsets (`ZoneOffsets`), read once per zone over 1900–2101 for all feeds of a build.
final class ZoneOffsetsCache: @unchecked Sendable {
    private var cache: [String: ZoneOffsets?] = [:]
    private let lock = NSLock()
    private static let from = Date(
        timeIntervalSince1970: TimeInterval(CivilDate(year: 1900, month: 1, day: 1)!.dayNumber) * 86_400)
    private static let to = Date(timeIntervalSince1970: TimeInterval(CivilDate(year: 2102, month: 1, day: 1)!.dayNumber) * 86_400)

    /// A zone and its offsets, looked up once for many times in it.
    struct Looked {
        let identifier: String
        /// `nil` when the system does not know the zone.
        let offsets: ZoneOffsets?
    }

    /// `nil` when the system does not know the zone.
    func offsets(of identifier: String) -> ZoneOffsets? {
        lock.lock()
        defer { lock.unlock() }
        if let cached = cache[identifier] { return cached }
        let offsets = ZoneOffsets(identifier: identifier, from: ZoneOffsetsCache.from, to: ZoneOffsetsCache.to)
        cache[identifier] = offsets
        return offsets
    }
}
