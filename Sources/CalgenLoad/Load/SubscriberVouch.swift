import CalgenCore

/// Which subscribers' files a loader need not read: given the stamp of every file of `users/`
/// as listed now (by path below the content folder) and what a parse would depend on (the
/// site's time zone and every schedule), the digest and summary of each file known unchanged
/// since it was last parsed under the same dependencies. A build makes one from its record.
package struct SubscriberVouch: Sendable {
    /// A subscriber file known unchanged: its digest and the summary its last parse gave.
    package struct Known: Sendable, Equatable {
        var digest: String
        var summary: SubscriberSummary

        package init(digest: String, summary: SubscriberSummary) {
            self.digest = digest
            self.summary = summary
        }
    }

    let known: @Sendable (_ stamps: [String: [Int64]], _ dependencies: String) -> [String: Known]

    package init(known: @escaping @Sendable (_ stamps: [String: [Int64]], _ dependencies: String) -> [String: Known]) {
        self.known = known
    }
}
