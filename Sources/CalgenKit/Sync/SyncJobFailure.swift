extension SyncJob {
    /// Why a sync stopped, naming the user and the URL, never the password; `fix` says what to do.
    package struct Failure: Error, Sendable {
        package var message: String
        package var fix: String?
        /// The time limit ended a sync that was going well: what was written is kept and a run
        /// again goes on (exit status ``SyncJob/unfinished``).
        package var unfinished = false

        package init(message: String, fix: String? = nil, unfinished: Bool = false) {
            self.message = message
            self.fix = fix
            self.unfinished = unfinished
        }

        /// The failure as said on standard error.
        package var notice: SyncNotice { .error(message, fix: fix) }
    }

    /// The exit status of a sync the time limit stopped half way (EX_TEMPFAIL): run again to continue.
    package static let unfinished: Int32 = 75
}
