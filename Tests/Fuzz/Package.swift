// swift-tools-version: 6.0
// The libFuzzer targets of calgen's input parsers: one executable, the target chosen by
// CALGEN_FUZZ_TARGET. Built and run by script/fuzz (not by `swift build` of calgen itself):
//   swift build -c release -Xswiftc -sanitize=fuzzer -Xswiftc -enable-testing
import PackageDescription

let package = Package(
    name: "calgen-fuzz",
    dependencies: [.package(name: "calgen", path: "../..")],
    targets: [
        .executableTarget(
            name: "CalgenFuzz",
            dependencies: [
                .product(name: "CalgenCore", package: "calgen"),
                .product(name: "ICalendar", package: "calgen"),
                .product(name: "CalgenModel", package: "calgen"),
                .product(name: "TemplateEngine", package: "calgen"),
                .product(name: "CalgenSupport", package: "calgen"),
                .product(name: "CalgenLoad", package: "calgen"),
                .product(name: "CalgenRecord", package: "calgen"),
                .product(name: "CalgenRender", package: "calgen"),
                .product(name: "CalgenPublish", package: "calgen"),
                .product(name: "CalgenKit", package: "calgen"),
                .product(name: "CalgenServe", package: "calgen"),
                .product(name: "CalgenSync", package: "calgen"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    ],
    swiftLanguageModes: [.v6]
)
