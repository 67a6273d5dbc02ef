// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "calgen",
    // Mutex (Synchronization) needs macOS 15; swift-mustache needs 10.15.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "calgen", targets: ["calgen"]),
        .library(name: "CalgenCore", targets: ["CalgenCore"]),
        .library(name: "ICalendar", targets: ["ICalendar"]),
        .library(name: "CalgenModel", targets: ["CalgenModel"]),
        .library(name: "TemplateEngine", targets: ["TemplateEngine"]),
        .library(name: "CalgenSupport", targets: ["CalgenSupport"]),
        .library(name: "CalgenLoad", targets: ["CalgenLoad"]),
        .library(name: "CalgenRecord", targets: ["CalgenRecord"]),
        .library(name: "CalgenRender", targets: ["CalgenRender"]),
        .library(name: "CalgenPublish", targets: ["CalgenPublish"]),
        .library(name: "CalgenKit", targets: ["CalgenKit"]),
        .library(name: "CalgenSync", targets: ["CalgenSync"]),
        .library(name: "CalgenServe", targets: ["CalgenServe"]),
        .executable(name: "calgen-benchmark-site", targets: ["BenchmarkSite"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
    ],
    targets: [
        // The cmark C library from the system (Debian: libcmark-dev).
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // libcurl from the system (Debian: libcurl4-openssl-dev) for downloads with hard limits:
        // a deadline per request, protocols and redirects restricted, decoded bytes counted.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        // libqrencode from the system (Debian: libqrencode-dev) for the QR codes of feed addresses.
        .systemLibrary(
            name: "CQRencode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]
        ),
        // Atomic directory exchange (renameat2 on Linux, renamex_np on macOS), which the Swift overlays do not expose.
        .target(name: "CCalgenSystem"),
        // The proleptic Gregorian calendar's arithmetic (day numbers, weekdays, leap years, month
        // lengths), pure and without Foundation: the one copy CalgenCore and ICalendar both use.
        .target(name: "CivilCalendar"),
        // The pure core: dates, holiday calendar, lunar calendar. No file system, clock or environment.
        .target(name: "CalgenCore", dependencies: ["CivilCalendar"]),
        // An iCalendar (RFC 5545/7986) writer, and the splitter of a feed into one calendar per
        // UID that `calgen sync` stores, knowing nothing about holidays.
        .target(name: "ICalendar", dependencies: ["CivilCalendar"]),
        // The ground floor of the site generator, which every target above it may use and which
        // uses none of them: the site, its settings, what a build is asked to do, site and feed
        // paths, output files and the sink renderers write into.
        .target(
            name: "CalgenModel",
            dependencies: ["CalgenCore", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // The Mustache engine of the pages: templates as swift-mustache parses them, rendered
        // by calgen's compiled renderer (byte for byte as swift-mustache renders them), and the
        // typed values a page gives them. Knows nothing of calgen's content.
        .target(name: "TemplateEngine", dependencies: [.product(name: "Mustache", package: "swift-mustache")]),
        // The site generator, in targets whose arrows only go down (a target imports the ones
        // below it, and the compiler refuses the others): CalgenSupport < CalgenLoad <
        // CalgenRecord < CalgenRender < CalgenPublish < CalgenKit. A target keeps its rooms as
        // folders (Sources/CalgenRender/Pages/, …); what a higher one uses is `package`.
        // Support: digests, JSON text, the file tree walker, SourceTree, temporary folders.
        .target(
            name: "CalgenSupport",
            dependencies: ["CCalgenSystem", "ICalendar", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // Load: Content/ and the templates folder into values, and the one HTTP client.
        .target(
            name: "CalgenLoad",
            dependencies: [
                "CalgenCore", "CalgenModel", "CalgenSupport", "CCmark", "CCurl",
                .product(name: "Yams", package: "Yams"), .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // What was published before and what it promises: Manifest (the manifests, the site's
        // versioning), Previous (the build record, the previous output, --previous-site) and
        // Incremental (the input digests that decide what is made again; the code revision).
        .target(
            name: "CalgenRecord",
            dependencies: [
                "CalgenCore", "CalgenModel", "CalgenSupport", "CalgenLoad", "ICalendar",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            plugins: ["CodeRevision"]
        ),
        // What a build renders: API (the day API), Pages and Feeds, side by side.
        .target(
            name: "CalgenRender",
            dependencies: [
                "CalgenCore", "CalgenModel", "CalgenSupport", "CalgenLoad", "CalgenRecord", "CQRencode", "ICalendar",
                "TemplateEngine", .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // What a build publishes: Plan (which files changed, the version, the manifest), Check
        // (`calgen check`'s links and feeds) and Output (the only room that writes the output).
        .target(
            name: "CalgenPublish",
            dependencies: ["CalgenCore", "CalgenModel", "CalgenSupport", "CalgenRecord", "CalgenRender", "CCalgenSystem"]
        ),
        // Build: SiteBuilder, which reads as the pipeline, shards and their assembly, on top.
        .target(
            name: "CalgenKit",
            dependencies: [
                "CalgenCore", "CalgenModel", "CalgenSupport", "CalgenLoad", "CalgenRecord", "CalgenRender", "CalgenPublish",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // `calgen sync`: a feed written into a CalDAV calendar, on top of the site generator's
        // lower targets (CalgenLoad's HTTP client and YAML fields, CalgenRecord's manifest limits,
        // CalgenSupport's files); a target of its own, so that the compiler keeps the rest of
        // calgen from naming it.
        .target(
            name: "CalgenSync",
            dependencies: ["CalgenCore", "CalgenModel", "ICalendar", "CalgenSupport", "CalgenLoad", "CalgenRecord"]
        ),
        // `calgen init` and `calgen new`: a new site's files and a new note, subscriber or
        // schedule, on top of CalgenLoad (what it checks a site with).
        .target(name: "CalgenScaffold", dependencies: ["CalgenCore", "CalgenModel", "CalgenLoad"], plugins: ["SiteScaffold"]),
        // Derives calgen's code revision from its sources (CodeRevision.swift in CalgenRecord), the
        // part of every input digest that makes an upgraded calgen render every feed again.
        .plugin(name: "CodeRevision", capability: .buildTool()),
        // Embeds what `calgen init` writes into a new site (the templates, the holiday-cn files
        // calgen ships, the publish workflow of a site of its own), so that the calgen binary
        // makes one anywhere (ScaffoldFiles.swift in CalgenScaffold).
        .plugin(name: "SiteScaffold", capability: .buildTool()),
        // The preview server of `calgen serve`: static files over HTTP/1.1 on 127.0.0.1, and a
        // polling watcher. Kept out of CalgenKit, which then has no server in it.
        .target(name: "CalgenServe"),
        // The thin command-line tool.
        .executableTarget(
            name: "calgen",
            dependencies: [
                "CalgenCore",
                "CalgenModel",
                "CalgenSupport",
                "CalgenLoad",
                "CalgenRecord",
                "CalgenRender",
                "CalgenPublish",
                "CalgenKit",
                "CalgenScaffold",
                "CalgenSync",
                "CalgenServe",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Writes the deterministic benchmark sites of script/benchmark, and times rendering every
        // personal feed of one into memory; not part of calgen.
        .executableTarget(
            name: "BenchmarkSite",
            dependencies: [
                "CalgenCore", "CalgenModel", "CalgenSupport", "CalgenLoad", "CalgenRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "CivilCalendarTests", dependencies: ["CivilCalendar"]),
        .testTarget(name: "CalgenCoreTests", dependencies: ["CalgenCore"]),
        .testTarget(name: "ICalendarTests", dependencies: ["ICalendar"]),
        // What both Kit test targets share: fixtures, the bundled and small sites built into
        // memory once, the bad-input cases and a stub HTTP server. Not a test target itself.
        .target(name: "CalgenTestSupport", dependencies: ["CalgenModel", "CalgenKit"], path: "Tests/Support"),
        // Unit tests, one folder per room of the site generator: in memory, no subprocess, no output on disk.
        .testTarget(
            name: "CalgenKitTests",
            dependencies: [
                "CalgenCore", "CalgenModel", "CalgenSupport", "CalgenLoad", "CalgenRecord", "CalgenRender", "CalgenPublish",
                "CalgenKit", "CalgenServe", "CalgenSync", "CalgenTestSupport", "ICalendar", "TemplateEngine",
                .product(name: "Mustache", package: "swift-mustache"),
            ]),
        // The executable, real processes, servers and the disk on purpose, whole-site builds of
        // edited fixtures, and the golden files; skipped unless CALGEN_END_TO_END=1 (script/test
        // sets it).
        .testTarget(
            name: "CalgenEndToEndTests",
            dependencies: [
                "CalgenCore", "CalgenModel", "CalgenSupport", "CalgenLoad", "CalgenRecord", "CalgenRender", "CalgenPublish",
                "CalgenKit", "CalgenServe", "CalgenSync", "CalgenTestSupport",
            ],
            exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
