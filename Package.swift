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
        // The ground floor of the site generator, which every room of CalgenKit may use and which
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
        // Loading Content/, rendering and writing the site, in rooms whose arrows only go down
        // (script/check_rooms.py).
        .target(
            name: "CalgenKit",
            dependencies: [
                "CalgenCore",
                "CalgenModel",
                "CCmark",
                "CCurl",
                "CCalgenSystem",
                "CQRencode",
                "ICalendar",
                "TemplateEngine",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            plugins: ["CodeRevision"]
        ),
        // `calgen sync`: a feed written into a CalDAV calendar, on top of the site generator
        // (its HTTP client, YAML fields and files); a target of its own, so that the compiler
        // keeps the rest of calgen from naming it.
        .target(name: "CalgenSync", dependencies: ["CalgenCore", "CalgenModel", "ICalendar", "CalgenKit"]),
        // `calgen init` and `calgen new`: a new site's files and a new note, subscriber or
        // schedule, on top of the site generator (what it checks a site with).
        .target(name: "CalgenScaffold", dependencies: ["CalgenCore", "CalgenModel", "CalgenKit"], plugins: ["SiteScaffold"]),
        // Derives calgen's code revision from its sources (CodeRevision.swift in CalgenKit), the
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
                "CalgenCore", "CalgenModel", "CalgenKit", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "CivilCalendarTests", dependencies: ["CivilCalendar"]),
        .testTarget(name: "CalgenCoreTests", dependencies: ["CalgenCore"]),
        .testTarget(name: "ICalendarTests", dependencies: ["ICalendar"]),
        // What both Kit test targets share: fixtures, the bundled and small sites built into
        // memory once, the bad-input cases and a stub HTTP server. Not a test target itself.
        .target(name: "CalgenTestSupport", dependencies: ["CalgenModel", "CalgenKit"], path: "Tests/Support"),
        // Unit tests, one folder per room of CalgenKit: in memory, no subprocess, no output on disk.
        .testTarget(
            name: "CalgenKitTests",
            dependencies: [
                "CalgenCore", "CalgenModel", "CalgenKit", "CalgenServe", "CalgenSync", "CalgenTestSupport", "TemplateEngine",
            ]),
        // The executable, real processes, servers and the disk on purpose, whole-site builds of
        // edited fixtures, and the golden files; skipped unless CALGEN_END_TO_END=1 (script/test
        // sets it).
        .testTarget(
            name: "CalgenEndToEndTests",
            dependencies: ["CalgenCore", "CalgenModel", "CalgenKit", "CalgenServe", "CalgenSync", "CalgenTestSupport"],
            exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
