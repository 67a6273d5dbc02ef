import CalgenCore

/// The bounds a previous manifest must keep. A previous manifest is input like any content (it
/// may come from the network through `--previous-site`, or from an output folder someone else
/// can write), so every value is checked before anything of it is carried into the next build.
package enum ManifestLimits {
    /// The largest site version, feed version or event `SEQUENCE`.
    static let number = Limits.manifestNumber

    /// Bytes of `manifest.json` (about 90,000 artifacts) and of one feed manifest (20,000 events
    /// take about 5 MB).
    static let manifestBytes = 16 << 20
    package static let feedManifestBytes = 16 << 20

    /// Entries of `artifacts`, and of each list of `changes`.
    static let artifacts = 1_000_000
    /// UTF-8 bytes of a path.
    static let pathBytes = 1024
    /// The largest file size a manifest may record.
    static let fileSize = 1 << 40
    /// Entries of `years`, and `papers` of one year.
    static let years = Limits.years.count
    static let papers = 1000
    /// Entries of `notes`.
    static let notes = 100_000
    /// Characters of a news item's title: a note's title and a few words around it.
    static let titleCharacters = 2 * Limits.lineCharacters
    /// Characters of an event UID.
    static let uidCharacters = 4000
    /// Times (`generatedAt`, news dates, event stamps): "now" is from 1970.
    static let timeYears = 1970...Limits.years.upperBound
}

/// Checks a manifest parsed as loose JSON against the shapes calgen writes, collecting every
/// problem with its JSON path. A problem found in many entries of a list is reported once, at
/// its first place, with how many more there are.
struct ManifestChecker {
    let file: String
    /// `the previous manifest`, `the previous feed manifest`.
    let what: String
    let fix: String
    private var problems = [(pattern: String, path: String, message: String, count: Int)]()
    private var index = [String: Int]()

    init(file: String, what: String, fix: String) {
        self.file = file
        self.what = what
        self.fix = fix
    }

    var isEmpty: Bool { problems.isEmpty }

    var diagnostics: [Diagnostic] {
        problems.map { problem in
            Diagnostic(
                file: file, location: problem.path.isEmpty ? nil : .jsonPath(problem.path),
                message: "\(what) does not follow the schema: \(problem.message)"
                    + (problem.count > 1 ? " (and \(problem.count - 1) more like it)" : ""),
                fix: fix)
        }
    }

    /// Records a problem at `path` (`artifacts[3].path`).
    mutating func add(_ path: String, _ message: String) {
        // `artifacts[3].path` and `artifacts[9].path` are one kind of problem.
        var pattern = ""
        var inIndex = false
        for c in path {
            if c == "[" {
                inIndex = true
                pattern += "[]"
            } else if c == "]" {
                inIndex = false
            } else if !inIndex {
                pattern.append(c)
            }
        }
        if let i = index[pattern] {
            problems[i].count += 1
        } else {
            index[pattern] = problems.count
            problems.append((pattern, path, message, 1))
        }
    }

    // MARK: Values

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return "the number \(number(n))"
        case .string(let s): return "the string \(quote(s))"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// A number as written, as far as a double keeps it.
    static func number(_ n: Double) -> String {
        if n == n.rounded(), abs(n) < 9e18, let exact = Int(exactly: n) { return String(exact) }
        return String(n)
    }

    /// Input quoted in a message: cut to 80 characters (a message quotes input, it does not
    /// repeat it); control characters are shown escaped by the printer.
    static func quote(_ s: String) -> String {
        "\"" + (s.count > 80 ? s.prefix(80) + "…" : s) + "\""
    }

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// The fields of an object with `required` and `optional` keys; any other key is a problem
    /// unless `open` (the top level, where a newer calgen may add fields).
    mutating func object(
        _ value: JSONValue?, _ path: String, required: [String], optional: [String] = [], open: Bool = false
    ) -> [String: JSONValue]? {
        guard case .object(let fields)? = value else {
            add(
                path,
                "\(path.isEmpty ? "the document" : "this value") must be an object, found \(value.map(Self.describe) ?? "nothing")"
            )
            return nil
        }
        for key in required where fields[key] == nil { add(Self.join(path, key), "\"\(key)\" is missing") }
        if !open {
            for key in fields.keys.sorted() where !required.contains(key) && !optional.contains(key) {
                add(Self.join(path, key), "unknown key \(Self.quote(key))")
            }
        }
        return fields
    }

    mutating func array(_ value: JSONValue?, _ path: String, max: Int) -> [JSONValue]? {
        guard case .array(let items)? = value else {
            add(path, "must be an array, found \(value.map(Self.describe) ?? "nothing")")
            return nil
        }
        guard items.count <= max else {
            add(path, "more than \(max) entries (\(items.count))")
            return nil
        }
        return items
    }

    mutating func int(_ value: JSONValue?, _ path: String, _ range: ClosedRange<Int>, name: String = "the value")
        -> Int?
    {
        guard case .number(let n)? = value else {
            add(path, "must be an integer, found \(value.map(Self.describe) ?? "nothing")")
            return nil
        }
        guard n == n.rounded(), let exact = Int(exactly: n), range.contains(exact) else {
            add(path, "\(name) must be from \(range.lowerBound) to \(range.upperBound), found \(Self.number(n))")
            return nil
        }
        return exact
    }

    /// A version inside a manifest, from 1 to the manifest's own; not checked (and `nil`) when
    /// the manifest's version is itself wrong, which is then the one problem reported.
    mutating func version(_ value: JSONValue?, _ path: String, _ versions: ClosedRange<Int>?) -> Int? {
        guard let versions else { return nil }
        return int(value, path, versions, name: "the version (at most the manifest's)")
    }

    mutating func bool(_ value: JSONValue?, _ path: String) -> Bool? {
        guard case .bool(let b)? = value else {
            add(path, "must be true or false, found \(value.map(Self.describe) ?? "nothing")")
            return nil
        }
        return b
    }

    /// A string that `rule` accepts.
    mutating func string(_ value: JSONValue?, _ path: String, _ rule: TextRule) -> String? {
        guard case .string(let s)? = value else {
            add(path, "must be a string, found \(value.map(Self.describe) ?? "nothing")")
            return nil
        }
        if let problem = rule.problem(s) {
            add(path, "\(problem), found \(Self.quote(s))")
            return nil
        }
        return s
    }

    /// A list of strings, each accepted by `rule`; with `unique`, an entry listed twice is a
    /// problem.
    mutating func strings(_ value: JSONValue?, _ path: String, _ rule: TextRule, max: Int, unique: Bool = true)
        -> [String]?
    {
        guard let items = array(value, path, max: max) else { return nil }
        var result = [String]()
        var seen = Set<String>()
        var ok = true
        for (i, item) in items.enumerated() {
            guard let s = string(item, "\(path)[\(i)]", rule) else {
                ok = false
                continue
            }
            if unique && !seen.insert(s).inserted {
                add("\(path)[\(i)]", "listed twice: \(Self.quote(s))")
                ok = false
            }
            result.append(s)
        }
        return ok ? result : nil
    }
}

/// What a string of a manifest may be.
enum TextRule {
    /// Lowercase hexadecimal digits, exactly this many.
    case hex(Int)
    /// `2026-11-21T04:00:00Z`, a real time in UTC.
    case time
    /// `2026-12-31`, a real date.
    case date
    /// A public file of the site, as `artifacts` and `changes` list them.
    case sitePath
    /// A page of the site as news points to it: `""`, `2027/`, `notes/duty/`.
    case pagePath
    /// A note's slug: lowercase letters, digits and hyphens.
    case slug
    /// A feed's file name: `holidays.ics`, `holidays.en.ics`.
    case feedName
    /// An http(s) URL.
    case webURL
    /// One line of text of at most this many characters, not empty.
    case line(Int)
    /// `calgen 0.1.0`.
    case generator

    static let newsKinds: Set<String> = [
        "published", "announced", "added-year", "corrected", "note-added", "note-changed", "note-removed",
    ]

    /// Why `s` is refused, or `nil`.
    func problem(_ s: String) -> String? {
        switch self {
        case .hex(let count):
            let ok = s.utf8.count == count && s.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
            return ok ? nil : "must be \(count) lowercase hexadecimal digits"
        case .time:
            return ManifestTime.isValid(s) ? nil : "must be a time in UTC such as 2026-11-21T04:00:00Z"
        case .date:
            guard s.utf8.count == 10, let date = CivilDate(iso: s), date.iso8601 == s, Limits.contains(date) else {
                return "must be a date such as 2026-12-31 (\(Limits.years.lowerBound) to \(Limits.years.upperBound))"
            }
            return nil
        case .sitePath:
            return TextRule.sitePathProblem(s)
        case .pagePath:
            let segments = s.split(separator: "/", omittingEmptySubsequences: false)
            let ok =
                s.isEmpty
                || (s.utf8.count <= 200 && s.hasSuffix("/") && segments.count <= 4
                    && segments.dropLast().allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy(TextRule.isSlugByte) })
            return ok ? nil : "must be a page of the site such as 2027/ or notes/duty/"
        case .slug:
            let ok = !s.isEmpty && s.utf8.count <= Limits.lineCharacters && s.utf8.allSatisfy(TextRule.isSlugByte)
            return ok ? nil : "must be a slug: lowercase letters, digits and hyphens"
        case .feedName:
            // A language's feed names it before `.ics`: `holidays.en.ics`, `holidays.zh.ics`.
            let stem = s.hasSuffix(".ics") ? s.dropLast(4) : Substring(s)
            let name = stem.hasSuffix(".en") || stem.hasSuffix(".zh") ? stem.dropLast(3) : stem
            let ok =
                s.hasSuffix(".ics") && !name.isEmpty && s.utf8.count <= Limits.lineCharacters
                && name.utf8.allSatisfy(TextRule.isSlugByte)
            return ok ? nil : "must be a feed's file name such as holidays.ics or holidays.en.ics"
        case .webURL:
            return TextRules.isWebURL(s) ? nil : "must be an http(s) URL"
        case .line(let max):
            if s.isEmpty { return "must not be empty" }
            if s.count > max { return "must be at most \(max) characters" }
            if let bad = TextRules.firstControlCharacter(in: s, multiline: false) {
                return "must not contain the control character \(TextRules.codePoint(bad.scalar))"
            }
            if s.unicodeScalars.contains(where: { $0.value == 0xFFFE || $0.value == 0xFFFF }) {
                return "must not contain a noncharacter"
            }
            return nil
        case .generator:
            let ok =
                s.hasPrefix("calgen ") && s.utf8.count <= 100
                && s.utf8.dropFirst(7).allSatisfy {
                    (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) || (0x41...0x5A).contains($0)
                        || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+")
                }
            return ok ? nil : "must be calgen and its version, such as \"calgen 0.1.0\""
        }
    }

    static func isSlugByte(_ b: UInt8) -> Bool {
        (0x61...0x7A).contains(b) || (0x30...0x39).contains(b) || b == UInt8(ascii: "-")
    }

    /// A path as calgen writes them into the site: relative, normalised, inside the site, and
    /// never a personal feed's (those are in a folder below `feeds/`).
    static func sitePathProblem(_ s: String) -> String? {
        if s.isEmpty { return "must be a path inside the site, not empty" }
        if s.utf8.count > ManifestLimits.pathBytes {
            return "must be a path of at most \(ManifestLimits.pathBytes) bytes"
        }
        if s.hasPrefix("/") { return "must be a relative path inside the site, not start with /" }
        if s.contains("\\") { return "must be a path inside the site, with / and no backslash" }
        if let bad = TextRules.firstControlCharacter(in: s, multiline: false) {
            return "must not contain the control character \(TextRules.codePoint(bad.scalar))"
        }
        let segments = s.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: { $0 == ".." }) { return "must be a path inside the site, without .." }
        if segments.contains(where: { $0.isEmpty || $0 == "." }) {
            return "must be a normalised path, without empty or . segments"
        }
        if segments[0] == "feeds" && segments.count != 2
            && !(segments.count == 3 && (segments[1] == "schedules" || segments[1] == "years"))
        {
            return
                "must be a public file: feeds/<name>.ics or .json, a year's feeds/years/YYYY.ics or .json, or a public schedule's feeds/schedules/<id>.ics or .json"
        }
        if s.contains(":") && segments[0].contains(":") { return "must be a relative path, not a URL or drive" }
        return nil
    }
}

extension ManifestTime {
    /// Whether `s` is a time as manifests write them: `2026-11-21T04:00:00Z`, a real one.
    static func isValid(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard u.count == 20, u[4] == 0x2D, u[7] == 0x2D, u[10] == 0x54, u[13] == 0x3A, u[16] == 0x3A, u[19] == 0x5A,
            u.enumerated().allSatisfy({ [4, 7, 10, 13, 16, 19].contains($0.offset) || (0x30...0x39).contains($0.element) })
        else { return false }
        func number(_ range: Range<Int>) -> Int { Int(String(decoding: u[range], as: UTF8.self))! }
        guard ManifestLimits.timeYears.contains(number(0..<4)),
            CivilDate(year: number(0..<4), month: number(5..<7), day: number(8..<10)) != nil
        else { return false }
        return number(11..<13) < 24 && number(14..<16) < 60 && number(17..<19) < 60
    }
}

// MARK: - manifest.json

extension Manifest {
    static let fields = ["schemaVersion", "version", "contentHash", "generatedAt", "generator", "years", "artifacts", "changes"]

    /// The manifest in `bytes`, every value checked (types, lengths, characters, dates, paths,
    /// numbers, hashes); all problems are thrown together, each with its JSON path. What a build
    /// carries forward of a previous manifest is made from this value only. The fuzzer's entry.
    static func validated(bytes: [UInt8], file: String) throws(ContentErrors) -> Manifest {
        var check = ManifestChecker(file: file, what: "the previous manifest", fix: PreviousManifest.fix)
        let root = try PreviousManifest.parse(
            bytes, file: file, what: "the previous manifest", limit: ManifestLimits.manifestBytes)
        guard let top = check.object(root, "", required: fields, optional: ["news", "notes"], open: true) else {
            throw ContentErrors(check.diagnostics)
        }
        let schema = check.int(top["schemaVersion"], "schemaVersion", 1...1, name: "the schema version")
        let version = check.int(top["version"], "version", 1...ManifestLimits.number, name: "the version")
        // Versions inside are checked against a valid version only: one bad number is one problem.
        let versions = version.map { 1...$0 }
        let contentHash = check.string(top["contentHash"], "contentHash", .hex(64))
        let generatedAt = check.string(top["generatedAt"], "generatedAt", .time)
        let generator = check.string(top["generator"], "generator", .generator)

        var years = [Year]()
        var seenYears = Set<Int>()
        for (i, item) in (check.array(top["years"], "years", max: ManifestLimits.years) ?? []).enumerated() {
            let path = "years[\(i)]"
            guard let fields = check.object(item, path, required: ["year", "announced", "sha256", "papers"]) else { continue }
            let year = check.int(fields["year"], path + ".year", Limits.years, name: "the year")
            let announced = check.bool(fields["announced"], path + ".announced")
            let sha = check.string(fields["sha256"], path + ".sha256", .hex(64))
            // As the holiday file lists them, which may name one notice twice.
            let papers = check.strings(
                fields["papers"], path + ".papers", .webURL, max: ManifestLimits.papers, unique: false)
            if let year, !seenYears.insert(year).inserted { check.add(path + ".year", "the year \(year) is listed twice") }
            if let year, let announced, let sha, let papers {
                years.append(Year(year: year, announced: announced, sha256: sha, papers: papers))
            }
        }

        var artifacts = [Artifact]()
        var seenPaths = Set<String>()
        for (i, item) in (check.array(top["artifacts"], "artifacts", max: ManifestLimits.artifacts) ?? []).enumerated() {
            let path = "artifacts[\(i)]"
            guard let fields = check.object(item, path, required: ["path", "sha256", "size", "version"]) else { continue }
            let file = check.string(fields["path"], path + ".path", .sitePath)
            let sha = check.string(fields["sha256"], path + ".sha256", .hex(64))
            let size = check.int(fields["size"], path + ".size", 0...ManifestLimits.fileSize, name: "the size")
            let artifactVersion = check.version(fields["version"], path + ".version", versions)
            if let file, !seenPaths.insert(file).inserted {
                check.add(path + ".path", "listed twice: \(ManifestChecker.quote(file))")
            }
            if let file, let sha, let size, let artifactVersion {
                artifacts.append(Artifact(path: file, sha256: sha, size: size, version: artifactVersion))
            }
        }

        let changes = ChangeList.validated(
            top["changes"], "changes", rule: .sitePath, max: ManifestLimits.artifacts, versions: versions, check: &check)

        var news: [NewsItem]?
        if let value = top["news"] {
            news = []
            for (i, item) in (check.array(value, "news", max: ChangeNews.kept) ?? []).enumerated() {
                let path = "news[\(i)]"
                guard let fields = check.object(item, path, required: ["version", "date", "kind", "title", "path"]) else {
                    continue
                }
                let itemVersion = check.version(fields["version"], path + ".version", versions)
                let date = check.string(fields["date"], path + ".date", .time)
                var kind = check.string(fields["kind"], path + ".kind", .line(20))
                if let k = kind, !TextRule.newsKinds.contains(k) {
                    check.add(
                        path + ".kind",
                        "must be one of \(TextRule.newsKinds.sorted().joined(separator: ", ")), found \(ManifestChecker.quote(k))"
                    )
                    kind = nil
                }
                let title = check.string(fields["title"], path + ".title", .line(ManifestLimits.titleCharacters))
                let page = check.string(fields["path"], path + ".path", .pagePath)
                if let itemVersion, let date, let kind, let title, let page {
                    news!.append(NewsItem(version: itemVersion, date: date, kind: kind, title: title, path: page))
                }
            }
        }

        var notes: [NoteState]?
        if let value = top["notes"] {
            notes = []
            var slugs = Set<String>()
            for (i, item) in (check.array(value, "notes", max: ManifestLimits.notes) ?? []).enumerated() {
                let path = "notes[\(i)]"
                guard let fields = check.object(item, path, required: ["slug", "title", "sha256"]) else { continue }
                let slug = check.string(fields["slug"], path + ".slug", .slug)
                let title = check.string(fields["title"], path + ".title", .line(Limits.lineCharacters))
                let sha = check.string(fields["sha256"], path + ".sha256", .hex(64))
                if let slug, !slugs.insert(slug).inserted {
                    check.add(path + ".slug", "listed twice: \(ManifestChecker.quote(slug))")
                }
                if let slug, let title, let sha { notes!.append(NoteState(slug: slug, title: title, sha256: sha)) }
            }
        }

        guard check.isEmpty, let schema, let version, let contentHash, let generatedAt, let generator, let changes else {
            throw ContentErrors(check.diagnostics)
        }
        return Manifest(
            schemaVersion: schema, version: version, contentHash: contentHash, generatedAt: generatedAt,
            generator: generator, years: years, artifacts: artifacts, changes: changes, news: news, notes: notes)
    }
}

extension ChangeList {
    /// `changes` of a manifest: its version and three lists of paths (or UIDs).
    static func validated(
        _ value: JSONValue?, _ path: String, rule: TextRule, max: Int, versions: ClosedRange<Int>?,
        check: inout ManifestChecker
    ) -> ChangeList? {
        guard let fields = check.object(value, path, required: ["version", "added", "changed", "removed"]) else {
            return nil
        }
        let v = check.version(fields["version"], path + ".version", versions)
        let added = check.strings(fields["added"], path + ".added", rule, max: max)
        let changed = check.strings(fields["changed"], path + ".changed", rule, max: max)
        let removed = check.strings(fields["removed"], path + ".removed", rule, max: max)
        guard let v, let added, let changed, let removed else { return nil }
        return ChangeList(version: v, added: added, changed: changed, removed: removed)
    }
}

// MARK: - Feed manifests

extension FeedManifest {
    static let fields = [
        "schemaVersion", "feed", "version", "sha256", "size", "generatedAt", "validThrough", "changes", "events",
    ]

    /// The feed manifest in `bytes`: its `integrity` digest (when it has one) must match, and
    /// every value is checked as `Manifest.validated` checks the site manifest. The fuzzer's entry.
    static func validated(bytes: [UInt8], file: String) throws(ContentErrors) -> FeedManifest {
        if integrity(of: bytes) == .damaged {
            throw ContentErrors([
                Diagnostic(
                    file: file, location: .jsonPath("integrity"),
                    message: "the previous feed manifest was changed after calgen wrote it: its integrity digest does not match",
                    fix: "restore the published file, or remove it to start this feed's event history (sequences, stamps) again")
            ])
        }
        let what = "the previous feed manifest"
        var check = ManifestChecker(file: file, what: what, fix: PreviousManifest.fix)
        let root = try PreviousManifest.parse(bytes, file: file, what: what, limit: ManifestLimits.feedManifestBytes)
        guard let top = check.object(root, "", required: fields, optional: ["inputs", "integrity"], open: true) else {
            throw ContentErrors(check.diagnostics)
        }
        let schema = check.int(top["schemaVersion"], "schemaVersion", 1...1, name: "the schema version")
        let feed = check.string(top["feed"], "feed", .feedName)
        var inputs: String?
        if let value = top["inputs"], value != .null { inputs = check.string(value, "inputs", .hex(64)) }
        if let value = top["integrity"] { _ = check.string(value, "integrity", .hex(64)) }
        let version = check.int(top["version"], "version", 1...ManifestLimits.number, name: "the version")
        let sha = check.string(top["sha256"], "sha256", .hex(64))
        let size = check.int(top["size"], "size", 0...ManifestLimits.fileSize, name: "the size")
        let generatedAt = check.string(top["generatedAt"], "generatedAt", .time)
        var validThrough: String?
        if let value = top["validThrough"], value != .null { validThrough = check.string(value, "validThrough", .date) }
        let changes = ChangeList.validated(
            top["changes"], "changes", rule: .line(ManifestLimits.uidCharacters), max: Limits.eventsPerFeed,
            versions: version.map { 1...$0 }, check: &check)
        var events = [Event]()
        var uids = Set<String>()
        for (i, item) in (check.array(top["events"], "events", max: Limits.eventsPerFeed) ?? []).enumerated() {
            let path = "events[\(i)]"
            guard let fields = check.object(item, path, required: ["uid", "sequence", "stamp", "digest"]) else { continue }
            let uid = check.string(fields["uid"], path + ".uid", .line(ManifestLimits.uidCharacters))
            let sequence = check.int(fields["sequence"], path + ".sequence", 0...ManifestLimits.number, name: "the sequence")
            let stamp = check.string(fields["stamp"], path + ".stamp", .time)
            let digest = check.string(fields["digest"], path + ".digest", .hex(16))
            if let uid, !uids.insert(uid).inserted { check.add(path + ".uid", "listed twice: \(ManifestChecker.quote(uid))") }
            if let uid, let sequence, let stamp, let digest {
                events.append(Event(uid: uid, sequence: sequence, stamp: stamp, digest: digest))
            }
        }
        guard check.isEmpty, let schema, let feed, let version, let sha, let size, let generatedAt, let changes else {
            throw ContentErrors(check.diagnostics)
        }
        return FeedManifest(
            schemaVersion: schema, feed: feed, inputs: inputs, version: version, sha256: sha, size: size,
            generatedAt: generatedAt, validThrough: validThrough, changes: changes, events: events)
    }
}

extension FeedManifest.Head {
    /// Whether the head's values are ones calgen writes (the whole manifest is checked when it
    /// is read).
    var isValid: Bool {
        TextRule.hex(64).problem(sha256) == nil && (inputs.map { TextRule.hex(64).problem($0) == nil } ?? true)
            && (0...ManifestLimits.fileSize).contains(size)
    }
}
