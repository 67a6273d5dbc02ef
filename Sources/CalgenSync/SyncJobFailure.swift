import CalgenCore

extension SyncJob {
    /// Why a sync stopped: a problem, as a ``Diagnostic`` naming the user and the URL (never the
    /// password) with its fix, or the time limit.
    package enum Failure: Error, Sendable {
        /// The sync cannot go on: exit status 1.
        case problem(Diagnostic)
        /// The time limit ended a sync that was going well: what was written is kept and a run
        /// again goes on (exit status ``SyncJob/unfinished``).
        case unfinished(String)

        /// A problem of the sync, about no file of the content.
        init(message: String, fix: String? = nil) {
            self = .problem(Diagnostic(file: "", message: message, fix: fix))
        }

        /// A problem of a file the sync reads or writes (the source, the state, the accounts
        /// file, a password file): its first diagnostic, with its place and fix.
        init(_ errors: ContentErrors) {
            self = .problem(errors.diagnostics.first ?? Diagnostic(file: "", message: "\(errors)"))
        }

        /// A failure of the server or the network: said as it is, the URL first (never the
        /// password); the time limit's own ends are ``unfinished(_:)`` where the sync decides so.
        init(_ error: CalDAVError) {
            self = .problem(Diagnostic(file: "", message: error.description))
        }

        /// What is said of it.
        package var message: String {
            switch self {
            case .problem(let diagnostic): diagnostic.message
            case .unfinished(let message): message
            }
        }
    }

    /// The exit status of a sync the time limit stopped half way (EX_TEMPFAIL): run again to continue.
    package static let unfinished: Int32 = 75
}
