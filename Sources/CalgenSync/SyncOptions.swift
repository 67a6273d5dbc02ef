/// What the command line asks of every sync: of the one feed, or of each account in publisher mode.
package struct SyncOptions: Sendable {
    /// `--dry-run`: read the calendar and say the plan; write nothing.
    package var dryRun: Bool
    /// `--keep-edited`: an event edited in the calendar is kept as it is there.
    package var keepEdited: Bool
    /// `--allow-deletions`: delete even when the source would take away most of the events.
    package var allowDeletions: Bool
    /// `--adopt`: take over the calendar's resources that hold the feed's events.
    package var adopt: Bool
    /// `--timeout`: the seconds one request may take.
    package var timeout: Double
    /// `--time-limit`: the seconds one calendar's sync may take.
    package var timeLimit: Double

    /// The options as given on the command line.
    package init(dryRun: Bool, keepEdited: Bool, allowDeletions: Bool, adopt: Bool, timeout: Double, timeLimit: Double) {
        self.dryRun = dryRun
        self.keepEdited = keepEdited
        self.allowDeletions = allowDeletions
        self.adopt = adopt
        self.timeout = timeout
        self.timeLimit = timeLimit
    }

    var policy: SyncPolicy { keepEdited ? .keepEdited : .calgenWins }
}
