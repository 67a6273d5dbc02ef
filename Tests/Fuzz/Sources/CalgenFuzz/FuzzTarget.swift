import Foundation

@testable import CalgenCore
@testable import CalgenKit
@testable import CalgenLoad
@testable import CalgenModel
@testable import CalgenPublish
@testable import CalgenRecord
@testable import CalgenRender
@testable import CalgenServe
@testable import CalgenSupport
@testable import CalgenSync
@testable import ICalendar
@testable import TemplateEngine

/// What one fuzz run does with its input. Every target must return without crashing, hanging or
/// leaking for any bytes; the content-line target also checks its own round trip.
enum FuzzTarget: String, CaseIterable {
    case holidayJSON = "holiday-json"
    case note
    case subscriber
    case schedule
    case site
    case templates
    case contentLine = "content-line"
    case manifest
    case httpRequest = "http-request"
    case dayArguments = "day-arguments"
    case shardListing = "shard-listing"
    case multistatus
    case buildRecord = "build-record"
    case contentTree = "content-tree"

    /// The target named by CALGEN_FUZZ_TARGET.
    static let selected: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["CALGEN_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(
                Data("set CALGEN_FUZZ_TARGET to one of: \(allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
            exit(2)
        }
        return target
    }()

    func run(_ bytes: [UInt8]) {
        switch self {
        case .holidayJSON:
            _ = try? HolidayFileParser.parse(path: "Content/holidays/2026.json", bytes: bytes)
        case .note:
            if let text = try? FileReader.text(bytes, path: "notes/a.md") {
                _ = try? NoteParser.parse(text, file: "notes/a.md", fileName: "a.md")
            }
        case .subscriber:
            if let text = try? FileReader.text(bytes, path: "users/a.yml") {
                _ = try? SubscriberParser.parse(text, file: "users/a.yml", fileName: "a.yml", defaultTimeZone: "Asia/Shanghai")
                // The accounts file of `calgen sync` is read by the same YAML reader.
                _ = try? SyncAccounts.parse(text, path: "sync/accounts.yml")
            }
        case .schedule:
            // A work schedule, parsed and then asked about every day of a year around its anchor.
            if let text = try? FileReader.text(bytes, path: "schedules/a.yml"),
                let schedule = try? ScheduleParser.parse(text, file: "schedules/a.yml", fileName: "a.yml")
            {
                let work = ScheduleEvaluator(schedule: schedule, almanac: FuzzTarget.almanac)
                _ = work.days(ofYear: 2026)
                _ = work.worked(-3, from: CivilDate(year: 2026, month: 3, day: 1)!)
            }
        case .site:
            if let text = try? FileReader.text(bytes, path: "site.yml") {
                _ = try? SiteConfig.parse(text, file: "site.yml")
            }
        case .templates:
            runTemplates(bytes)
        case .contentLine:
            roundTrip(bytes)
        case .manifest:
            // A previous release's manifests, as `--previous-site` downloads them from anywhere.
            _ = try? Manifest.validated(bytes: bytes, file: "manifest.json")
            _ = try? FeedManifest.validated(bytes: bytes, file: "feeds/holidays.json")
        case .httpRequest:
            requestHead(bytes)
        case .dayArguments:
            dayArguments(bytes)
        case .multistatus:
            listing(bytes)
        case .shardListing:
            shardListing(bytes)
        case .buildRecord:
            // The record beside an output: whatever is believed reads back as written.
            if let record = BuildRecord.parse(bytes), BuildRecord.parse(Array(record.text.utf8)) != record {
                fatalError("a build record does not read back as it is written")
            }
            // The part a build's first look reads is what the whole record reads.
            let raw = BuildRecordBytes(bytes: bytes)
            if let record = BuildRecord.parse(bytes) {
                guard let head = raw.head, head.inputsDigest == record.inputsDigest, head.report == record.report,
                    head.inputs == record.inputs
                else { fatalError("a build record's head is not what the whole record reads") }
            }
            // A recorded note that reads back is written as it was read (its text is canonical).
            for entry in (BuildRecord.parse(bytes)?.notes.entries ?? [:]).values {
                if let note = RecordedNotes.note(entry.note, file: "f"), RecordedNotes.text(of: note) != entry.note {
                    fatalError("a recorded note does not read back as it is written")
                }
            }
            if raw.outputIsUnchanged(root: "/nonexistent-calgen-fuzz") { fatalError("a missing output is unchanged") }
            // As the record of a retired output, it lists no tree that is not there.
            if raw.listing(shownBy: "/nonexistent-calgen-fuzz") != nil { fatalError("a missing tree is listed") }
        case .contentTree:
            contentTree(bytes)
        }
    }

    /// A whole content folder in memory, loaded as a build loads it: every file, every pair of
    /// files (two with one id, a schedule a subscriber names) and every entry kind (a pipe, a link
    /// to a folder). The input is files one after another, each after a line `@@ <path>`; a path
    /// ending in `|fifo` or `|folder-link` is an entry of that kind instead.
    private func contentTree(_ bytes: [UInt8]) {
        var files = [String: [UInt8]]()
        var others = [String: SourceEntry]()
        let marker = Array("@@ ".utf8)
        var index = bytes.starts(with: marker) ? 0 : bytes.count
        while index < bytes.count {
            let lineEnd = bytes[index...].firstIndex(of: 0x0A) ?? bytes.count
            let path = String(decoding: bytes[(index + marker.count)..<max(index + marker.count, lineEnd)], as: UTF8.self)
            var next = lineEnd
            while next < bytes.count, !(bytes[next] == 0x0A && bytes[(next + 1)...].starts(with: marker)) { next += 1 }
            let body = Array(bytes[min(lineEnd + 1, next)..<next])
            if path.hasSuffix("|fifo") {
                let name = String(path.dropLast(5))
                others[name] = SourceEntry(path: name, kind: .fifo, size: 0, links: 1)
            } else if path.hasSuffix("|folder-link") {
                let name = String(path.dropLast(12))
                others[name] = SourceEntry(path: name, kind: .link, size: 6, links: 1, target: .folder)
            } else {
                files[path] = body
            }
            index = min(next + 1, bytes.count)
        }
        let tree = MemorySourceTree(root: "Content", files: files, others: others)
        guard let (site, sources) = try? ContentLoader(tree: tree).loadWithSources() else { return }
        // What loads is what the files hold: one digest per note and subscriber loaded.
        guard Set(site.notes.map(\.slug)).count == site.notes.count,
            Set(site.subscribers.map(\.id)) == Set(sources.subscribers.keys)
        else { fail("a content folder loaded into a site its files do not make") }
    }

    /// The fuzz site's secret, its subscribers and the key of its shards' listings.
    static let secret = FeedSecret.development
    static let shardKey = ShardManifest.key(secret: secret)
    static let subscribers = ["li-si", "qian-qi", "sun-li", "wang-fang", "zhang-san", "zhao-liu"]

    /// A `shard.json` as `--assemble` reads it: parsed and authenticated (which random bytes never
    /// are); then, whatever they decode to, signed with the site's key as a shard holding the
    /// secret would, read back (it must be), and checked against what each shard of 2 may hold.
    private func shardListing(_ bytes: [UInt8]) {
        let rebuild = "build it again"
        _ = try? ShardManifest.parse(bytes, file: "s/shard.json", key: FuzzTarget.shardKey, rebuild: rebuild)
        guard var shard = try? JSONDecoder().decode(ShardManifest.self, from: Data(bytes)) else { return }
        shard.format = ShardManifest.currentFormat
        shard.generator = Calgen.generator
        let signed = shard.signed(key: FuzzTarget.shardKey)
        guard let again = try? ShardManifest.parse(signed, file: "s/shard.json", key: FuzzTarget.shardKey, rebuild: rebuild)
        else {
            if Shard(index: shard.shard, count: shard.of) == nil { return }
            fail("a listing signed with the key does not read back")
        }
        var unsigned = shard
        unsigned.mac = again.mac
        guard again == unsigned else { fail("a signed listing reads back as another") }
        for index in 1...2 {
            let mine = Set(FuzzTarget.subscribers.filter { Shard.index(of: $0, count: 2) == index })
            let (listing, _) = ShardListing.check(
                again, folder: "s", subscribers: mine, secret: FuzzTarget.secret, reserved: ["feeds/reserved/"],
                rebuild: rebuild)
            // Whatever was accepted is a file of a subscriber of this shard, below `feeds/`, once.
            guard Set(listing.files.map(\.path)).count == listing.files.count,
                listing.files.allSatisfy({ mine.contains($0.subscriber) && $0.path.hasPrefix("feeds/") }),
                listing.subscribers.isSubset(of: mine)
            else { fail("a listing accepted a file no subscriber of the shard owns") }
            let tree = MemorySourceTree(
                root: "s", files: Dictionary(listing.files.map { ($0.path, [UInt8]()) }) { a, _ in a })
            _ = listing.problems(of: (try? tree.entries()) ?? [], shard: "shard \(index)/2", folder: "s", rebuild: rebuild)
        }
    }

    /// An almanac without holiday data (every year unannounced), made once.
    static let almanac = Almanac(calendar: try! HolidayCalendar(files: []), years: 2025...2027)

    /// `calgen day`'s arguments, one a line: the date; `--add-workdays` as typed (empty: not
    /// given; parsed as the command line parses an Int); flags (`l` --lunar, `p` --leap); the
    /// `--schedule` id (no line: not given); today as a day number (parsed, clamped to 1901–2100).
    /// Whatever is accepted must lie within 1901–2100 and be answerable without a trap.
    private func dayArguments(_ bytes: [UInt8]) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        let field = { (i: Int) -> String? in i < lines.count ? lines[i] : nil }
        let date = field(0) ?? ""
        let count = field(1).flatMap { $0.isEmpty ? nil : Int($0) }
        let flags = field(2) ?? ""
        let days = (Int(field(4) ?? "") ?? 0)
        let first = LunarCalendar.firstSupportedDate.dayNumber
        let span = LunarCalendar.lastSupportedDate.dayNumber - first + 1
        let today = CivilDate(dayNumber: first + ((days % span) + span) % span)
        guard
            let asked = try? DayArguments.parse(
                date, lunar: flags.contains("l"), leap: flags.contains("p"), addWorkdays: count, schedule: field(3),
                today: { today })
        else { return }
        let years = DayArguments.years
        guard years.contains(asked.first.year), years.contains(asked.last.year), asked.first <= asked.last else {
            fail("accepted dates outside 1901–2100: \(asked.first)..\(asked.last)")
        }
        guard years.contains(asked.almanacYears.lowerBound), years.contains(asked.almanacYears.upperBound) else {
            fail("an almanac outside 1901–2100: \(asked.almanacYears)")
        }
        if let n = asked.addWorkdays {
            guard n != 0, abs(n) <= DayArguments.workdayLimit, !asked.isRange else { fail("an accepted count \(n)") }
            _ = FuzzTarget.almanac.calendar.workday(n, from: asked.first)
        }
        _ = try? LunarCalendar.lunarDate(for: asked.first)
        if let lunar = asked.lunar, (try? LunarCalendar.gregorianDate(for: lunar)) != asked.first {
            fail("a lunar date that does not convert to its day")
        }
    }

    /// What the preview server does with the bytes a client sends: find the end of the head,
    /// parse it, check its host, and resolve its path; a path that resolves must be canonical once re-encoded.
    private func requestHead(_ bytes: [UInt8]) {
        var scanned = 0
        _ = HTTPRequestHead.end(of: bytes, from: &scanned)
        guard let head = try? HTTPRequestHead.parse(bytes) else { return }
        // The host check: a host it answers is a loopback name, then nothing or a port.
        if LoopbackHost.allows(head.namedHost), let host = head.namedHost?.lowercased() {
            let name = LoopbackHost.names.first { host == $0 || host.hasPrefix($0 + ":") }
            guard let name, host.dropFirst(name.count).allSatisfy({ $0 == ":" || $0.isASCII && $0.isNumber }) else {
                fail("a host answered that is not a loopback name: \(host)")
            }
        }
        let path = String(head.target.prefix { $0 != "?" })
        guard let resolved = RequestPath(path) else { return }
        guard resolved.encoded.hasPrefix("/"), !resolved.encoded.hasPrefix("//") else {
            fail("a redirect target that leaves the origin: \(resolved.encoded)")
        }
        guard let again = RequestPath(resolved.encoded), again.isCanonical, again.segments == resolved.segments else {
            fail("a resolved path that does not read back as itself: \(resolved.encoded)")
        }
    }

    /// What `calgen sync` does with a CalDAV server's answer to a PROPFIND: parse the
    /// multistatus, then believe of it only what lies directly inside the collection. Every
    /// resource name taken must be one segment, neither `.` nor `..`.
    private func listing(_ bytes: [UInt8]) {
        guard let responses = try? Multistatus.parse(bytes) else { return }
        for response in responses {
            _ = response.text("getetag")
            _ = response.href(in: "calendar-home-set")
            _ = response.isResource("calendar")
        }
        guard let listing = try? CollectionListing.read(responses, collection: "https://dav.example.com/u/work/") else {
            return
        }
        for name in listing.etags.keys where name.isEmpty || name.contains("/") || name == "." || name == ".." {
            fail("a resource name that is not one segment of the collection: \(name)")
        }
    }

    /// Up to four templates `a`…`d`, separated by NUL bytes in the input; when they load without
    /// problems, each is rendered.
    private func runTemplates(_ bytes: [UInt8]) {
        var sources = [String: (file: String, text: String)]()
        for (i, part) in bytes.split(separator: 0, omittingEmptySubsequences: false).prefix(4).enumerated() {
            guard let text = try? FileReader.text(Array(part), path: "t") else { return }
            let name = ["a", "b", "c", "d"][i]
            sources[name] = ("Templates/partials/\(name).mustache", text)
        }
        var problems = DiagnosticCollector()
        let library = TemplateSet.compile(sources, problems: &problems)
        guard problems.isEmpty else { return }
        let set = TemplateSet(library: library, assets: [])
        let context = TemplateValue.object([
            "title": .text("x"), "items": .list([.object(["name": .text("y")]), .object(["name": .text("z")])]),
            "flag": .flag(true),
        ])
        for name in sources.keys.sorted() {
            _ = set.bytes(name, context)
        }
    }

    /// Writes the input as a TEXT property and reads it back as a strict reader would: CRLF
    /// lines of at most 75 octets, folded with one space, valid UTF-8, every escape one of RFC
    /// 5545's, no bare `;` or `,`, and the value equal to the input (line breaks as `\n`, other
    /// control characters dropped).
    private func roundTrip(_ bytes: [UInt8]) {
        let value = String(decoding: bytes, as: UTF8.self)
        var writer = ContentLineWriter()
        writer.text("DESCRIPTION", value)
        let out = writer.bytes
        guard out.count >= 2, out.suffix(2) == [0x0D, 0x0A] else { fail("no CRLF at the end") }
        guard let text = String(validating: out, as: UTF8.self) else { fail("invalid UTF-8") }
        var lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        var unfolded = [UInt8]()
        for (i, line) in lines.enumerated() {
            guard line.last == 0x0D else { fail("a line without CRLF") }
            let content = line.dropLast()
            guard content.count <= 75 else { fail("a line of \(content.count) octets") }
            if i == 0 {
                unfolded += content
            } else {
                guard content.first == 0x20 else { fail("a continuation line without its space") }
                unfolded += content.dropFirst()
            }
        }
        lines = []
        let prefix = Array("DESCRIPTION:".utf8)
        guard unfolded.starts(with: prefix) else { fail("the name was changed") }
        var decoded = [UInt8]()
        var i = prefix.count
        while i < unfolded.count {
            let b = unfolded[i]
            if b == 0x3B || b == 0x2C { fail("an unescaped ; or ,") }
            if b < 0x20 && b != 0x09 { fail("a control character in the value") }
            if b == 0x5C {
                guard i + 1 < unfolded.count else { fail("a lone backslash at the end") }
                switch unfolded[i + 1] {
                case 0x5C: decoded.append(0x5C)
                case 0x3B: decoded.append(0x3B)
                case 0x2C: decoded.append(0x2C)
                case 0x6E, 0x4E: decoded.append(0x0A)
                default: fail("an unknown escape")
                }
                i += 2
                continue
            }
            decoded.append(b)
            i += 1
        }
        var expected = [UInt8]()
        var previousCR = false
        for b in value.utf8 {
            if b == 0x0A && previousCR {
            } else if b == 0x0D || b == 0x0A {
                expected.append(0x0A)
            } else if b >= 0x20 && b != 0x7F || b == 0x09 {
                expected.append(b)
            }
            previousCR = b == 0x0D
        }
        guard decoded == expected else { fail("the value read back differs from the value written") }
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("\(rawValue): \(message)\n".utf8))
        abort()
    }
}

/// libFuzzer's entry point for one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    FuzzTarget.selected.run(bytes)
    return 0
}

/// libFuzzer's driver (`-sanitize=fuzzer` links it in).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The executable's entry point hands the command line to libFuzzer's driver.
@main
enum CalgenFuzz {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        _ = FuzzTarget.selected
        exit(runFuzzerDriver(&argc, &argv) { data, count in fuzz(data, count) })
    }
}
