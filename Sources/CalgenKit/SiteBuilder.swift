import CalgenCore
import Foundation

/// What to build and where.
public struct BuildOptions: Sendable {
    public var contentDirectory: String
    public var outputDirectory: String

    public init(contentDirectory: String = "Content", outputDirectory: String = "public") {
        self.contentDirectory = contentDirectory
        self.outputDirectory = outputDirectory
    }
}

/// What a build did, for the summary line.
public struct BuildReport: Sendable {
    /// One pipeline step and how long it took.
    public struct Step: Sendable {
        public let name: String
        public let duration: Duration
    }

    public internal(set) var steps: [Step] = []
    public internal(set) var filesWritten = 0
    public internal(set) var bytesWritten = 0
    public internal(set) var years = 0
    public internal(set) var announcedYears = 0
}

/// The build pipeline: load → validate → model → render → write → publish.
public struct SiteBuilder: Sendable {
    public let options: BuildOptions

    public init(options: BuildOptions) {
        self.options = options
    }

    /// Builds the site. On any error the previous output is left exactly as it was.
    /// Throws `ContentErrors` for problems in the content, `OutputError` for problems writing.
    public func build() throws -> BuildReport {
        var report = BuildReport()
        let clock = ContinuousClock()
        func step<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
            let start = clock.now
            let result = try body()
            report.steps.append(.init(name: name, duration: clock.now - start))
            return result
        }

        let site = try step("load") { try ContentLoader(contentDirectory: options.contentDirectory).load() }
        report.years = site.calendar.years.count
        report.announcedYears = site.calendar.years.filter(site.calendar.isAnnounced(year:)).count

        let files = step("render") { SiteRenderer(site: site).render() }
        let staged = try step("write") { () throws -> StagedOutput in
            let staged = try StagedOutput.begin(
                outputPath: options.outputDirectory, contentDirectory: options.contentDirectory)
            do {
                try staged.write(files)
            } catch {
                staged.discard()
                throw error
            }
            return staged
        }
        try step("publish") { () throws in
            do { try staged.commit() } catch {
                staged.discard()
                throw error
            }
        }
        report.filesWritten = files.count
        report.bytesWritten = files.reduce(0) { $0 + $1.bytes.count }
        return report
    }
}

/// Turns a loaded site into output files. Pure apart from reading the site value.
struct SiteRenderer {
    let site: Site

    func render() -> [OutputFile] {
        let files = DayAPI.files(for: site.calendar)
        return files.sorted { $0.path < $1.path }
    }
}
