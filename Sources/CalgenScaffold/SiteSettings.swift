import CalgenCore
import CalgenModel
import Foundation

/// What `calgen init` asks for: the four settings of a new site's `site.yml`.
public struct SiteSettings: Sendable, Equatable {
    public var title: String
    public var baseURL: String
    public var language: String
    public var timeZone: String

    public init(title: String, baseURL: String, language: String, timeZone: String) {
        self.title = title
        self.baseURL = baseURL
        self.language = language
        self.timeZone = timeZone
    }

    /// What `--yes` takes for a setting not given.
    public static func defaults(language: String?) -> SiteSettings {
        let english = language == SiteLanguage.english.rawValue
        return SiteSettings(
            title: english ? "Workday calendar" : "工作日历", baseURL: "https://calendar.example.com/",
            language: language ?? SiteLanguage.chinese.rawValue, timeZone: Calgen.defaultTimeZone)
    }

    /// The `site.yml` these settings make, checked as a build reads it: every problem (a base URL
    /// that is no http(s) URL, an unknown language or time zone, a control character) with the
    /// option that gave it and a fix.
    func siteFile() throws(ContentErrors) -> (text: String, config: SiteConfig) {
        var problems = [Diagnostic]()
        for (option, value) in [
            ("--title", title), ("--base-url", baseURL), ("--language", language), ("--timezone", timeZone),
        ] {
            if value.trimmingCharacters(in: .whitespaces).isEmpty {
                problems.append(Diagnostic(file: "", message: "\(option) is empty", fix: "give a value"))
            } else if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                problems.append(
                    Diagnostic(file: "", message: "\(option) contains a control character", fix: "give it on one line"))
            }
        }
        if !problems.isEmpty { throw ContentErrors(problems) }
        let text = ScaffoldTexts.siteYML(self)
        do throws(ContentErrors) {
            return (text, try SiteConfig.parse(text, file: "site.yml"))
        } catch {
            // Name the option, not a line of a file the user has not seen.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let options = ["title", "base-url", "language", "timezone"]
            throw ContentErrors(
                error.diagnostics.map { d in
                    var option: String?
                    if case .line(let line, _) = d.location, line >= 1, line <= lines.count {
                        option = options.first { lines[line - 1].hasPrefix($0 + ":") }
                    }
                    var fix = d.fix
                    if let option {
                        fix = fix?.replacingOccurrences(of: "`\(option): ", with: "`--\(option) ")
                    }
                    return Diagnostic(file: "", message: (option.map { "--\($0): " } ?? "") + d.message, fix: fix)
                })
        }
    }
}
