/// What a sync has to say while it runs, for the command line to print (each text made safe for
/// the terminal first): the lines about the calendar and single events, warnings, and errors that
/// did not stop it.
package enum SyncNotice: Equatable, Sendable {
    /// A line on standard output.
    case line(String)
    /// A line on standard error after `warning:`.
    case warning(String)
    /// A line on standard error after `error:`, and the fix under it when there is one.
    case error(String, fix: String? = nil)
}
