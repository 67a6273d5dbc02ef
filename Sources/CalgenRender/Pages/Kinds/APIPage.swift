import CalgenCore
import CalgenModel
import TemplateEngine

/// `api/index.html`: the day API and the manifest, explained for people, with examples taken
/// from this build's own files.
struct APIPage: SitePage {
    static let kind = PageKind.api
    static let template = "api"

    let pages: HTMLPages

    static func all(_ pages: HTMLPages) -> [APIPage] { [APIPage(pages: pages)] }

    var path: String { PagePath.api + PagePath.index }

    struct Context: Encodable {
        @Inline var layout: LayoutContext
        let heading: String
        let isChinese: Bool
        let base: String
        let exampleDate: String
        let exampleYear: Int
        let dayCommand: String
        let dayJSON: String
        let tomorrowCommand: String
        let yearCommand: String
        let manifestCommand: String
        let homeAssistant: String
        let shortcutURL: String
    }

    func context() -> Context {
        let root = "../"
        let site = pages.site
        let today = pages.today
        let years = pages.years
        let base = site.config.baseURL
        let title = pages.strings.ui.apiTitle
        // The example day: the next make-up workday the data knows, else the build day.
        let example =
            site.almanac.announcedPeriods.flatMap(\.makeupWorkdays).first { $0 >= today && years.contains($0.year) }
            ?? (years.contains(today.year) ? today : CivilDate(year: pages.featuredYear, month: 1, day: 1)!)
        return Context(
            layout: pages.common(
                path: PagePath.api, title: "\(title) · \(site.config.title)", root: root,
                description: pages.strings.ui.apiDescription),
            heading: title, isChinese: pages.strings.isChinese, base: base, exampleDate: example.iso8601,
            exampleYear: example.year, dayCommand: "curl -s \(base)\(PagePath.apiDay(example.iso8601)) | jq .",
            dayJSON: DayAPI.prettyJSON(for: example, in: site.almanac),
            tomorrowCommand: """
                curl -s "\(base)\(PagePath.apiDays)$(date -d tomorrow +%F).json" \\
                  | jq -r 'if .announced | not then "unknown" elif .isOffDay then "off" else "ring" end'
                """,
            yearCommand:
                "curl -s \(base)\(PagePath.apiYear(example.year)) | jq '.holidays[] | {name, start, end, makeupWorkdays}'",
            manifestCommand: "curl -s \(base)\(PagePath.manifest) | jq '{version, generatedAt, changes}'",
            homeAssistant: """
                binary_sensor:
                  - platform: rest
                    name: workday_tomorrow
                    resource_template: >-
                      \(base)\(PagePath.apiDays){{ (now() + timedelta(days=1)).strftime('%Y-%m-%d') }}.json
                    value_template: "{{ value_json.announced and not value_json.isOffDay }}"
                    scan_interval: 3600
                """,
            shortcutURL: "\(base)\(PagePath.apiDays)")
    }
}
