import CalgenCore
import CalgenModel

/// The audiences of notes against the subscribers' ids and `notes:` groups: a note addressed to
/// an audience nobody takes reaches no feed, and a group nobody writes to is likely a typo. Both
/// are warnings (errors with `--strict`), since a site may well publish before its first
/// subscriber or note exists.
package enum AudienceCheck {
    /// The warnings of a site whose every subscriber was loaded (`subscribers`, by default the
    /// site's). `subscriberFiles` names each subscriber's file by id, for the messages.
    package static func warnings(
        _ site: Site, subscribers: [SubscriberSummary]? = nil, subscriberFiles: [String: String]
    ) -> [Diagnostic] {
        warnings(site, audiences: Audiences(subscribers ?? site.subscribers.map(\.summary)), subscriberFiles: subscriberFiles)
    }

    /// Who takes which audience: what the check needs of the subscribers, made once for as long
    /// as they are the same (a resident site keeps it between reloads of notes).
    package struct Audiences: Sendable {
        /// Every subscriber's id.
        let ids: Set<String>
        /// Every audience some feed takes: `public`, every id and every `notes:` group.
        let taken: Set<String>
        /// The subscribers of each `notes:` group that is not their own id.
        let groups: [String: [String]]
        /// `taken`, sorted, for "did you mean".
        let known: [String]

        package init(_ subscribers: [SubscriberSummary]) {
            var taken = Set(["public"])
            var groups = [String: [String]]()
            for subscriber in subscribers {
                taken.insert(subscriber.id)
                for group in subscriber.noteAudiences where group != subscriber.id {
                    taken.insert(group)
                    groups[group, default: []].append(subscriber.id)
                }
            }
            self.ids = Set(subscribers.map(\.id))
            self.taken = taken
            self.groups = groups
            self.known = taken.sorted()
        }
    }

    /// The warnings of `site`'s notes against `audiences`, its subscribers'.
    package static func warnings(_ site: Site, audiences: Audiences, subscriberFiles: [String: String]) -> [Diagnostic] {
        let (ids, taken, groups, known) = (audiences.ids, audiences.taken, audiences.groups, audiences.known)
        var warnings = [Diagnostic]()
        var used = Set<String>()
        // Each unknown name is looked up once among the known ones (a site may have ten thousand
        // subscribers and thousands of notes addressed alike).
        var closestKnown = [String: String?]()
        for note in site.allNotes {
            used.formUnion(note.audience)
            for audience in note.audience where !taken.contains(audience) {
                if closestKnown[audience] == nil { closestKnown[audience] = YAMLFields.closest(to: audience, in: known) }
                let closest = closestKnown[audience] ?? nil
                warnings.append(
                    Diagnostic(
                        .warning, file: note.file,
                        message: "the audience \"\(audience)\" is no subscriber id and no subscriber's `notes:` group: "
                            + "the note reaches no feed for it.\(closest.map { " did you mean \($0)?" } ?? "")",
                        fix: closest.map { "write `\($0)` if that is what you meant" }
                            ?? "correct the name, or add `\(audience)` to the `notes:` of the subscribers who should get it"))
            }
        }
        let audiences = used.sorted()
        for (group, subscribers) in groups.sorted(by: { $0.key < $1.key })
        where group != "public" && !ids.contains(group) && !used.contains(group) {
            let suggestion = YAMLFields.closest(to: group, in: audiences).map { " did you mean \($0)?" } ?? ""
            for id in subscribers.sorted() {
                warnings.append(
                    Diagnostic(
                        .warning, file: subscriberFiles[id] ?? id,
                        message: "the group \"\(group)\" in `notes:` is the audience of no note.\(suggestion)",
                        fix: "correct the name to one a note's `audience:` uses, or remove it"))
            }
        }
        return warnings.sorted()
    }
}
