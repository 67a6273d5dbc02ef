import CalgenCore
import CalgenModel
import CalgenTestSupport
import Foundation
import Testing

@testable import CalgenRecord
@testable import CalgenRender

/// The registry of feed kinds (`FeedKind`), for the bundled site: every kind has feeds, each
/// published with its manifest beside it (the public ones listed in the site manifest and on the
/// subscribe page), and UIDs no other kind's feed has. The feeds' interoperability is checked by
/// `checks/test_feeds.py` and `checks/test_interop.py`, which read every feed of the output.
@Suite struct FeedKindTests {
    /// The paths of every kind's feeds, as the feed set renders them for the bundled site, each
    /// in every language it is published in.
    static let paths: Result<[FeedKind: [String]], any Error> = Result {
        let site = try BundledSite.options.loader.load()
        let feeds = FeedSet(
            site: site, today: CivilDate(year: 2026, month: 11, day: 21)!, generatedAt: Fixture.now,
            secret: try FeedSecret(Fixture.secret))
        var paths = [FeedKind: [String]]()
        for (kind, language) in FeedKind.publication {
            paths[kind, default: []] += try feeds.drafts(of: kind, in: language, zones: ZoneCache()).map(\.draft.path)
        }
        return paths
    }

    @Test func theOrderHoldsEveryKindAndLanguageOnce() {
        let kinds = FeedKind.publication.map(\.kind)
        #expect(Set(kinds) == Set(FeedKind.allCases))
        for kind in FeedKind.allCases {
            let languages = FeedKind.publication.filter { $0.kind == kind }.map(\.language)
            #expect(languages == [nil] + (kind.isInEachLanguage ? SiteLanguage.allCases.map(Optional.some) : []), "\(kind)")
            #expect(!kind.isInEachLanguage || kind.path != nil, "\(kind)")
        }
        #expect(Calgen.publicFeedPaths == FeedKind.allCases.compactMap(\.path) + Calgen.languageFeedPaths)
    }

    /// Every kind has feeds; each is in the output with its manifest beside it, and the site
    /// manifest lists both when the feed is public, neither when it is not. The output has no
    /// other feed.
    @Test func everyKindHasFeedsPublishedWithTheirManifests() throws {
        let paths = try Self.paths.get()
        let built = try BundledSite.get()
        let manifest = try JSONDecoder().decode(Manifest.self, from: try #require(built.files["manifest.json"]))
        let listed = Set(manifest.artifacts.map(\.path))
        for kind in FeedKind.allCases {
            let own = paths[kind] ?? []
            #expect(!own.isEmpty, "\(kind) has no feed for the bundled site")
            if let path = kind.path {
                let languages = kind.isInEachLanguage ? SiteLanguage.allCases.map { FeedPath.named(path, in: $0) } : []
                #expect(own == [path] + languages, "\(kind)")
            }
            for path in own {
                #expect(built.files[path] != nil && built.files[FeedPath.manifest(of: path)] != nil, "\(path)")
                let isPublic: Bool
                switch kind.audience {
                case .everyone: isPublic = true
                case .bySchedule: isPublic = path.hasPrefix(FeedPath.publicSchedules)
                case .subscriber: isPublic = false
                }
                #expect(listed.contains(path) == isPublic && listed.contains(FeedPath.manifest(of: path)) == isPublic, "\(path)")
            }
        }
        let all = Set(paths.values.joined())
        #expect(all.count == paths.values.joined().count, "a feed belongs to two kinds")
        let feeds = built.files.keys.filter { $0.hasPrefix("feeds/") && $0.hasSuffix(".ics") }
        #expect(Set(feeds) == all, "feeds of no kind: \(Set(feeds).subtracting(all).sorted())")
    }

    /// No UID of one kind's feeds is in another kind's, nor twice in the output: calendar apps
    /// key events by UID across every calendar a person subscribes to.
    @Test func everyKindHasUIDsOfItsOwn() throws {
        let paths = try Self.paths.get()
        let built = try BundledSite.get()
        var owner = [String: String]()
        for kind in FeedKind.allCases {
            var count = 0
            for path in paths[kind] ?? [] {
                let text = try #require(built.read(path)).replacingOccurrences(of: "\r\n ", with: "")
                for line in text.split(separator: "\r\n") where line.hasPrefix("UID:") {
                    let uid = String(line.dropFirst(4))
                    #expect(owner[uid] == nil, "\(uid) in \(path) and \(owner[uid] ?? "")")
                    owner[uid] = path
                    count += 1
                }
            }
            #expect(count > 0, "\(kind) has no event")
        }
    }

    /// The subscribe page links every public feed whose path does not depend on a schedule: a
    /// kind's feed is not public until people can find it.
    @Test func theSubscribePageLinksEveryPublicKind() throws {
        let paths = try Self.paths.get()
        let page = try #require(try BundledSite.get().read("subscribe/index.html"))
        for kind in FeedKind.allCases where kind.audience == .everyone {
            for path in paths[kind] ?? [] {
                #expect(page.contains(#"href="webcal://calendar.example.com/\#(path)""#), "\(kind): \(path)")
            }
        }
    }
}
