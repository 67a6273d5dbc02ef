import CalgenCore
import CalgenModel
import CalgenSupport
import Foundation

/// Reads a `Content/` directory into a `Site`, collecting every content error before failing.
public struct ContentLoader: Sendable {
    /// The content directory as the user named it (used in messages, e.g. `Content`).
    public let contentDirectory: String

    /// Whether notes marked `draft: true` are kept (`calgen build --drafts`).
    public let includeDrafts: Bool

    /// Replaces `base-url` of `site.yml` (`calgen build --base-url`, for preview deploys).
    public let baseURL: String?

    /// Which subscribers' files are parsed; the others are read for their digests alone, which
    /// every shard of a build and its assembly must agree on.
    public let subscribers: SubscriberSelection

    /// Where every content file is read from: the content folder on disk, or a tree in memory
    /// (a resident site's lists its folders through the listings its cache keeps).
    package var input: InputFolder

    /// Parsed files kept from an earlier load of the same content (a resident site's), reused
    /// when a file's bytes and what its parse depends on are the same.
    package var cache: ParseCache?

    /// Which subscribers' files are known unchanged since the last build (a build's, from its
    /// record): those are neither read nor parsed; their summaries stand for them until their
    /// feeds must be made again.
    package var vouch: SubscriberVouch?

    /// Which note files are known unchanged since the last build (from its record): those are
    /// neither read nor parsed; the notes their last parse gave stand for them.
    package var noteVouch: NoteVouch?

    public init(
        contentDirectory: String, includeDrafts: Bool = false, baseURL: String? = nil,
        subscribers: SubscriberSelection = .all
    ) {
        var path = contentDirectory
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        self.contentDirectory = path
        self.includeDrafts = includeDrafts
        self.baseURL = baseURL
        self.subscribers = subscribers
        self.input = InputFolder(root: path)
    }

    /// A loader of the content in `tree` (whose root names it in messages), on disk or in memory.
    init(tree: any SourceTree, includeDrafts: Bool = false, baseURL: String? = nil) {
        self.contentDirectory = tree.root
        self.includeDrafts = includeDrafts
        self.baseURL = baseURL
        self.subscribers = .all
        self.input = InputFolder(tree: tree)
    }

    /// Loads and validates everything; throws all problems together.
    public func load() throws(ContentErrors) -> Site {
        try loadWithSources().site
    }

    /// Loads and validates everything, and returns beside the site the digests of the files it
    /// was read from (for the build's input digests).
    package func loadWithSources() throws(ContentErrors) -> (site: Site, sources: SourceDigests) {
        var problems = DiagnosticCollector()
        var digests = SourceDigests()
        let config = problems.collect { () throws(ContentErrors) in try readConfig() }
        digests.config = config?.digest
        let calendar = problems.collect { () throws(ContentErrors) in try readCalendar() }
        // The notes beside the schedules and subscribers: neither reads anything of the other.
        let notesRead = Concurrent { [self] in Result { () throws(ContentErrors) in try readNotes() } }
        // Schedules first: a subscriber's `schedule:` must name one of them.
        let schedules = problems.collect { () throws(ContentErrors) in try readSchedules() }
        (digests.schedules, digests.scheduleFiles) = (schedules?.digests ?? [:], schedules?.files ?? [:])
        let subscribers = problems.collect { () throws(ContentErrors) in
            try readSubscribers(
                defaultTimeZone: config?.config.timeZone ?? Calgen.defaultTimeZone, schedules: schedules?.schedules,
                scheduleDigests: schedules?.digests)
        }
        (digests.subscribers, digests.subscriberFiles) = (subscribers?.digests ?? [:], subscribers?.files ?? [:])
        let notes = problems.collect { () throws(ContentErrors) in try notesRead.value.get() }
        digests.notes = notes?.digests ?? [:]
        (digests.noteSources, digests.notesParsed) = (notes?.sources ?? [:], notes?.parsed ?? 0)
        if let subscribers {
            digests.subscriberDependencies = subscribers.dependencies
            digests.subscriberPaths = subscribers.paths
            digests.vouchedSubscribers = subscribers.vouched
            digests.parseVouched = subscribers.vouched.isEmpty ? nil : subscribers.parse
        }
        guard problems.isEmpty, let config, let calendar else { throw ContentErrors(problems.diagnostics.sorted()) }
        let site = Site(
            config: config.config, calendar: calendar.calendar, notes: (notes?.notes ?? []).filter { !$0.feedsOnly },
            subscribers: subscribers?.subscribers ?? [], holidaySources: calendar.sources,
            schedules: schedules?.schedules ?? [], feedsOnlyNotes: (notes?.notes ?? []).filter(\.feedsOnly))
        return (site, digests)
    }

    /// Loads `site.yml`.
    public func loadConfig() throws(ContentErrors) -> SiteConfig {
        try readConfig().config
    }

    /// The settings and the SHA-256 of `site.yml`.
    func readConfig() throws(ContentErrors) -> (config: SiteConfig, digest: String) {
        let path = display("site.yml")
        let source = try input.source("site.yml", limit: Limits.siteFileBytes)
        var config = try SiteConfig.parse(source.text, file: path)
        guard let baseURL else { return (config, source.digest) }
        guard let normalized = SiteConfig.normalizedBaseURL(baseURL) else {
            throw ContentErrors(
                Diagnostic(
                    file: "--base-url", message: "\"\(baseURL)\" is not an absolute http(s) URL",
                    fix: "write e.g. `--base-url https://preview.example.com/cal/`"))
        }
        config.baseURL = normalized
        // The override is part of what feeds are made from.
        return (config, Digest.sha256(Array((source.digest + "\nbase-url " + normalized).utf8)))
    }

    /// Loads every `holidays/*.json` file and builds the calendar.
    public func loadCalendar() throws(ContentErrors) -> HolidayCalendar {
        try readCalendar().calendar
    }

    /// The calendar, and the SHA-256 of each year's source file (for the manifest).
    func readCalendar() throws(ContentErrors) -> (calendar: HolidayCalendar, sources: [Int: String]) {
        let directory = display("holidays")
        guard let entries = try input.list("holidays") else {
            throw ContentErrors([
                Diagnostic(
                    file: directory, message: "the holiday data directory cannot be read",
                    fix: "create it and copy holiday-cn's YYYY.json files into it")
            ])
        }
        let names = entries.map { String($0.name) }.filter { $0.hasSuffix(".json") }
        var problems = DiagnosticCollector()
        problems.add(contentsOf: input.folderLinks(entries))
        guard !names.isEmpty else {
            throw ContentErrors(
                problems.diagnostics + [
                    Diagnostic(file: directory, message: "no holiday data files", fix: "copy holiday-cn's YYYY.json files here")
                ])
        }
        var files = [HolidayFile]()
        var sources = [Int: String]()
        for name in names {
            problems.collect { () throws(ContentErrors) in
                let bytes = try input.bytes("holidays/" + name, limit: Limits.holidayFileBytes)
                let file = try HolidayFileParser.parse(path: directory + "/" + name, bytes: bytes)
                files.append(file)
                sources[file.year] = Digest.sha256(bytes)
            }
        }
        try problems.throwIfAny()
        return (try HolidayCalendar(files: files), sources)
    }

    /// Loads every `notes/**/*.md` file (none when the folder does not exist), in reading order.
    /// Slugs must be unique across all notes, drafts included.
    public func loadNotes() throws(ContentErrors) -> [Note] {
        try readNotes().notes
    }

    /// The notes, and the SHA-256 of each one's file by slug. Files are read and parsed on all cores.
    func readNotes() throws(ContentErrors) -> NotesRead {
        guard let entries = try input.walk("notes") else { return NotesRead() }
        return try folder("notes", entries, dependencies: "\(includeDrafts)") { () throws(ContentErrors) in
            try readNotes(entries)
        }
    }

    /// The notes a loader read: those kept (drafts only with `includeDrafts`) with each one's
    /// digest by slug, and every file read or vouched for by path, with how many were parsed.
    struct NotesRead: Sendable {
        var notes: [Note] = []
        var digests: [String: String] = [:]
        var sources: [String: NoteSource] = [:]
        var parsed = 0
    }

    /// What `make` gives for the folder `name` listed as `entries`: a resident site's last value
    /// when none of the folder's files changed and its parse depends on the same (`FolderKey`),
    /// else made now.
    private func folder<Value: Sendable>(
        _ name: String, _ entries: [SourceEntry], dependencies: String, make: () throws(ContentErrors) -> Value
    ) throws(ContentErrors) -> Value {
        guard let cache, let key = FolderKey(entries, dependencies: dependencies, now: cache.now()) else { return try make() }
        return try cache.whole(name, key: key, make: make)
    }

    /// The notes of the entries below `notes/`; a file `noteVouch` knows unchanged is neither
    /// read nor parsed.
    private func readNotes(_ entries: [SourceEntry]) throws(ContentErrors) -> NotesRead {
        let visible = entries.filter { entry in
            !entry.path.dropFirst("notes/".count).split(separator: "/").contains { $0.hasPrefix(".") }
        }
        // A link to a folder is refused, never skipped: the notes in it would silently be missing.
        let links = input.folderLinks(visible)
        let files = visible.filter { $0.kind != .folder && $0.path.hasSuffix(".md") }
        let known = noteVouch.map { $0.known(SourceEntry.fileStamps(files)) }
        // Results carry each file's problems back from the worker threads.
        let parsed = ParallelMap.map(files) { entry in
            Result { () throws(ContentErrors) -> (NoteSource, Bool) in
                let path = display(entry.path)
                if let known = known?[entry.path] {
                    return (NoteSource(digest: known.digest, note: known.note.named(path), recorded: known.recorded), false)
                }
                let name = String(entry.name)
                let (note, digest) = try readSource(entry, limit: Limits.noteFileBytes) { text throws(ContentErrors) in
                    try NoteParser.parse(text, file: path, fileName: name)
                }
                return (NoteSource(digest: digest, note: note), true)
            }
        }
        var problems = DiagnosticCollector()
        problems.add(contentsOf: links)
        var read = NotesRead()
        var firstFile = [String: String]()
        for (entry, result) in zip(files, parsed) {
            guard let (source, wasParsed) = problems.collect({ () throws(ContentErrors) in try result.get() }) else {
                continue
            }
            let (note, digest) = (source.note, source.digest)
            read.sources[entry.path] = source
            if wasParsed { read.parsed += 1 }
            if let other = firstFile[note.slug] {
                problems.add(
                    Diagnostic(
                        file: note.file, location: .line(1, column: 1),
                        message: "the slug \"\(note.slug)\" is already used by \(other)",
                        fix: "give one of them another file name or a `slug:` of its own"))
            } else {
                firstFile[note.slug] = note.file
                if includeDrafts || !note.draft {
                    read.notes.append(note)
                    read.digests[note.slug] = digest
                }
            }
        }
        try problems.throwIfAny()
        read.notes.sort(by: Note.ordered)
        return read
    }

    /// Loads every `users/*.yml` file (none when the folder does not exist), sorted by id.
    public func loadSubscribers(defaultTimeZone: String) throws(ContentErrors) -> [Subscriber] {
        try readSubscribers(defaultTimeZone: defaultTimeZone, schedules: try readSchedules().schedules).subscribers
    }

    /// The subscribers read, and the SHA-256 of each one's file by id. Files are read and parsed
    /// on all cores; those `recorded` vouches for are neither, and come back as summaries, with
    /// `parse` to parse one of them by id when its feed must be made again.
    func readSubscribers(
        defaultTimeZone: String, schedules: [WorkSchedule]?, scheduleDigests: [String: String]? = nil
    ) throws(ContentErrors) -> SubscribersRead {
        let selection = subscribers
        // A subscriber's parse checks the schedule it names, so every schedule is part of its key.
        let schedulesRead = (scheduleDigests ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        // Schedules that could not be read check no subscriber's `schedule:`: such a parse is kept
        // apart from one under no schedules at all.
        let dependencies =
            "\(defaultTimeZone)\n" + (schedules == nil ? "schedules unread\n" : "") + schedulesRead.joined(separator: "\n")
        let parse: @Sendable (String, String, String) throws(ContentErrors) -> Subscriber = { text, path, name in
            try SubscriberParser.parse(
                text, file: path, fileName: name, defaultTimeZone: defaultTimeZone, schedules: schedules)
        }
        let entries = try input.list("users")
        // A loader without a record (a resident site's) may take the whole folder from memory.
        if let entries, self.vouch == nil, selection.parsesAll {
            return try folder("users", entries, dependencies: dependencies) { () throws(ContentErrors) in
                try readSubscribers(entries, dependencies: dependencies, parse: parse, vouch: nil)
            }
        }
        // Only a whole build's loader is given a record, and only schedules read from files key it.
        let vouch = selection.parsesAll && scheduleDigests != nil ? self.vouch : nil
        return try readSubscribers(entries, dependencies: dependencies, parse: parse, vouch: vouch)
    }

    /// The subscribers of the entries of `users/`, parsed by `parse` under `dependencies`, but
    /// for those `vouch` knows unchanged.
    private func readSubscribers(
        _ entries: [SourceEntry]?, dependencies: String,
        parse: @escaping @Sendable (String, String, String) throws(ContentErrors) -> Subscriber, vouch: SubscriberVouch?
    ) throws(ContentErrors) -> SubscribersRead {
        let selection = subscribers
        var known = [String: SubscriberVouch.Known]()
        let read = try readFolder(
            "users", entries: entries, kind: "subscriber", limit: Limits.subscriberFileBytes, id: \.id,
            dependencies: dependencies,
            parses: { stem in selection.parses(stem) },
            vouch: vouch.map { vouch in
                { entries in
                    known = vouch.known(SourceEntry.fileStamps(entries), dependencies)
                    return known.mapValues(\.digest)
                }
            },
            parse: parse)
        // Each file by id, below the content folder (`users/` holds no folders that are read).
        let relative = read.files.mapValues { file in
            "users/" + (file.lastIndex(of: "/").map { String(file[file.index(after: $0)...]) } ?? file)
        }
        var vouched = [SubscriberSummary]()
        let parsed = Set(read.items.map(\.id))
        for (id, path) in relative where !parsed.contains(id) {
            if let entry = known[path] { vouched.append(entry.summary) }
        }
        let (input, files, digests) = (input, read.files, read.digests)
        return SubscribersRead(
            subscribers: read.items, digests: read.digests, files: read.files, paths: relative,
            dependencies: dependencies, vouched: vouched.sorted { $0.id < $1.id },
            parse: { id throws(ContentErrors) in
                guard let path = files[id], let below = relative[id] else {
                    throw ContentErrors(
                        Diagnostic(file: "users", message: "no subscriber \"\(id)\"", fix: "build again"))
                }
                let name = String(path.split(separator: "/").last ?? Substring(path))
                let source = try input.source(below, limit: Limits.subscriberFileBytes)
                guard source.digest == digests[id] else {
                    throw ContentErrors(
                        Diagnostic(
                            file: path, message: "the file changed while calgen was building",
                            fix: "build again once it is saved"))
                }
                return try parse(source.text, path, name)
            })
    }

    /// The subscribers a loader read: those parsed, the digest and the path of every one's file
    /// by id, and the summaries of those it did not parse, with how to parse one of them by id.
    struct SubscribersRead: Sendable {
        let subscribers: [Subscriber]
        let digests: [String: String]
        let files: [String: String]
        /// Each file by id, as a path below the content folder.
        let paths: [String: String]
        /// What every subscriber's parse depended on: the site's time zone and every schedule.
        let dependencies: String
        let vouched: [SubscriberSummary]
        let parse: @Sendable (String) throws(ContentErrors) -> Subscriber
    }

    /// Loads every `schedules/*.yml` file (none when the folder does not exist), sorted by id.
    public func loadSchedules() throws(ContentErrors) -> [WorkSchedule] {
        try readSchedules().schedules
    }

    /// The schedules, and the SHA-256 of each one's file by id.
    func readSchedules() throws(ContentErrors) -> (
        schedules: [WorkSchedule], digests: [String: String], files: [String: String]
    ) {
        guard let entries = try input.list("schedules") else { return ([], [:], [:]) }
        let made = try folder("schedules", entries, dependencies: "") { () throws(ContentErrors) in
            try readFolder(
                "schedules", entries: entries, kind: "schedule", limit: Limits.scheduleFileBytes, id: \.id,
                count: (
                    Limits.schedules, "work schedules (public and private)",
                    "merge schedules that work alike, or publish some from another site"
                )
            ) {
                text, path, name throws(ContentErrors) in
                try ScheduleParser.parse(text, file: path, fileName: name)
            }
        }
        return (made.items, made.digests, made.files)
    }

    /// The YAML files of a folder of the content (`users/`, `schedules/`; none when it does not
    /// exist), read and parsed on all cores, sorted by id, with the SHA-256 and the path of each
    /// one's file by id. Every problem of every file is reported, and two files with one id. A
    /// file whose name (its id) `parses` refuses is read for its digest alone; one whose path
    /// `vouch` gives a digest for (given the listing) is not read at all.
    /// With `count`, more files than its limit are an error at the first file past it, found
    /// before any file is read.
    private func readFolder<Item: Sendable>(
        _ folder: String, entries: [SourceEntry]?, kind: String, limit: Int, id: (Item) -> String, dependencies: String = "",
        count: (limit: Int, what: String, fix: String)? = nil,
        parses: @escaping @Sendable (_ stem: String) -> Bool = { _ in true },
        vouch: (([SourceEntry]) -> [String: String])? = nil,
        parse: @escaping @Sendable (_ text: String, _ path: String, _ name: String) throws(ContentErrors) -> Item
    ) throws(ContentErrors) -> (items: [Item], digests: [String: String], files: [String: String]) {
        let directory = display(folder)
        guard let entries else { return ([], [:], [:]) }
        // Each entry's name made once: a folder may hold ten thousand subscribers.
        let named = entries.compactMap { entry -> (entry: SourceEntry, name: String)? in
            let name = String(entry.name)
            return (name.hasSuffix(".yml") || name.hasSuffix(".yaml")) && !name.hasPrefix(".") ? (entry, name) : nil
        }
        let yaml = named.map(\.entry)
        let names = named.map(\.name)
        if let count, names.count > count.limit {
            throw ContentErrors(
                Diagnostic(
                    file: directory + "/" + names[count.limit], location: .line(1, column: 1),
                    message: "\(folder)/ holds \(names.count) \(count.what); the limit is \(count.limit) per site",
                    fix: count.fix))
        }
        let input = input
        // The digests of the files a record vouches for: neither read nor parsed.
        let vouched = vouch?(yaml) ?? [:]
        // Results carry each file's problems back from the worker threads.
        let parsed = ParallelMap.map(yaml) { entry in
            Result { () throws(ContentErrors) -> (Item?, String) in
                if let digest = vouched[entry.path] { return (nil, digest) }
                let name = String(entry.name)
                guard parses(ContentLoader.stem(of: name)) else {
                    return (nil, try input.source(entry.path, limit: limit).digest)
                }
                let path = display(entry.path)
                let (item, digest) = try readSource(entry, limit: limit, dependencies: dependencies) {
                    text throws(ContentErrors) in try parse(text, path, name)
                }
                return (item, digest)
            }
        }
        var problems = DiagnosticCollector()
        problems.add(contentsOf: input.folderLinks(entries))
        var items = [Item]()
        var digests = [String: String]()
        var files = [String: String]()
        for (name, result) in zip(names, parsed) {
            guard let (item, digest) = problems.collect({ () throws(ContentErrors) in try result.get() }) else { continue }
            let path = directory + "/" + name
            let itemID = item.map(id) ?? ContentLoader.stem(of: name)
            if let other = files[itemID] {
                problems.add(
                    Diagnostic(
                        file: path, location: .line(1, column: 1),
                        message: "the \(kind) id \"\(itemID)\" is already used by \(other)",
                        fix: "keep one file per \(kind)"))
            } else {
                files[itemID] = path
                if let item { items.append(item) }
                digests[itemID] = digest
            }
        }
        try problems.throwIfAny()
        return (items.sorted { id($0) < id($1) }, digests, files)
    }

    /// The parsed value of the content file `entry` and the digest of its bytes: read and
    /// parsed, or kept from an earlier load when the cache knows the file unchanged.
    private func readSource<Value: Sendable>(
        _ entry: SourceEntry, limit: Int, dependencies: String = "", parse: (String) throws(ContentErrors) -> Value
    ) throws(ContentErrors) -> (Value, String) {
        guard let cache else {
            let source = try input.source(entry.path, limit: limit)
            return (try parse(source.text), source.digest)
        }
        let now = cache.now()
        let stamp = entry.kind == .file ? entry.stamp.flatMap { FileStamp.settled($0, now: now) } : nil
        return try cache.parsed(
            display(entry.path), stamp: stamp, dependencies: dependencies,
            source: { () throws(ContentErrors) in try input.source(entry.path, limit: limit) }, parse: parse)
    }

    /// The id a file's name gives (`zhang-san.yml` → `zhang-san`).
    package static func stem(of name: String) -> String {
        name.hasSuffix(".yaml") ? String(name.dropLast(5)) : name.hasSuffix(".yml") ? String(name.dropLast(4)) : name
    }

    func display(_ relative: String) -> String {
        input.display(relative)
    }
}

extension BuildOptions {
    /// The content loader these options read with.
    package var loader: ContentLoader {
        ContentLoader(
            contentDirectory: contentDirectory, includeDrafts: includeDrafts, baseURL: baseURL,
            subscribers: shard.map { .shard($0) } ?? (assemble.isEmpty ? .all : .none))
    }
}
