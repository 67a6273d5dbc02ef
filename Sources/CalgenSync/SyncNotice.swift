import CalgenCore

/// What a sync has to say while it runs, for the command line to print (each text made safe for
/// the terminal first): the lines about the calendar and single events, and the warnings and
/// errors that did not stop it.
package enum SyncNotice: Equatable, Sendable {
    /// A line on standard output.
    case line(String)
    /// A warning or an error on standard error: its severity, message, and the fix under it.
    case problem(Diagnostic)

    /// A warning of the sync, about no file of the content.
    static func warning(_ message: String) -> SyncNotice { .problem(Diagnostic(.warning, file: "", message: message)) }

    /// An error that did not stop the sync (an event not written, a state not saved).
    static func error(_ message: String) -> SyncNotice { .problem(Diagnostic(file: "", message: message)) }
}
