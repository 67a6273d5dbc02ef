/// What a build needs to know of a subscriber to decide whether their feed and its page can be
/// kept unrendered: the feed's path (id and token epoch), its horizon (the years around today),
/// the notes it takes (the audiences) and the work schedule it follows. A subscriber whose file
/// the build record vouches unchanged is known by this alone, and parsed only when their feed or
/// page must be made again.
public struct SubscriberSummary: Hashable, Sendable {
    public let id: String
    public let noteAudiences: [String]
    public let yearsBefore: Int?
    public let yearsAfter: Int?
    public let tokenEpoch: Int
    public let schedule: String?

    public init(
        id: String, noteAudiences: [String], yearsBefore: Int?, yearsAfter: Int?, tokenEpoch: Int, schedule: String?
    ) {
        self.id = id
        self.noteAudiences = noteAudiences
        self.yearsBefore = yearsBefore
        self.yearsAfter = yearsAfter
        self.tokenEpoch = tokenEpoch
        self.schedule = schedule
    }

    /// The audiences whose notes the feed carries: the subscriber's list and their id.
    public var audiences: Set<String> { Set(noteAudiences + [id]) }
}

extension Subscriber {
    /// What a build needs to know of this subscriber to keep their feed unrendered.
    public var summary: SubscriberSummary {
        SubscriberSummary(
            id: id, noteAudiences: noteAudiences, yearsBefore: yearsBefore, yearsAfter: yearsAfter,
            tokenEpoch: tokenEpoch, schedule: schedule)
    }
}
