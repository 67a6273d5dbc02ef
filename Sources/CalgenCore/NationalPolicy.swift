/// How a work schedule takes the national holiday arrangement.
public enum NationalPolicy: String, CaseIterable, Hashable, Sendable {
    /// Holidays and their breaks are off, make-up days (调休/补班) are worked: the legal calendar.
    case follow
    /// Holidays and their breaks are off, but make-up days are not worked: on them the
    /// schedule's pattern decides, as on any other day.
    case holidaysOnly = "holidays-only"
    /// The arrangement changes nothing (a rotation that runs through holidays); statutory days
    /// are still named, since working one is paid triple.
    case ignore
}
