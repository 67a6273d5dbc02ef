import CalgenCore
import CalgenModel

/// `api/index.html`: the day API and the manifest, explained for people, with examples taken
/// from this build's own files.
struct APIPage: SitePage {
    static let template = "api"

    let pages: HTMLPages

    static func all(_ pages: HTMLPages) -> [APIPage] { [APIPage(pages: pages)] }

    var path: String { PagePath.api + PagePath.index }

    func context() -> [String: Any] {
        let root = "../"
        let site = pages.site
        let today = pages.today
        let years = pages.years
        let base = site.config.baseURL
        let title = pages.strings.ui.apiTitle
        var context = pages.common(
            path: PagePath.api, title: "\(title) · \(site.config.title)", root: root,
            description: pages.strings.ui.apiDescription)
        context["heading"] = title
        context["isChinese"] = pages.strings.isChinese
        context["base"] = base
        // The example day: the next make-up workday the data knows, else the build day.
        let example =
            site.almanac.announcedPeriods.flatMap(\.makeupWorkdays).first { $0 >= today && years.contains($0.year) }
            ?? (years.contains(today.year) ? today : CivilDate(year: pages.featuredYear, month: 1, day: 1)!)
        context["exampleDate"] = example.iso8601
        context["exampleYear"] = example.year
        context["dayCommand"] = "curl -s \(base)\(PagePath.apiDay(example.iso8601)) | jq ."
        context["dayJSON"] = DayAPI.prettyJSON(for: example, in: site.almanac)
        context["tomorrowCommand"] = """
            curl -s "\(base)\(PagePath.apiDays)$(date -d tomorrow +%F).json" \\
              | jq -r 'if .announced | not then "unknown" elif .isOffDay then "off" else "ring" end'
            """
        context["yearCommand"] =
            "curl -s \(base)\(PagePath.apiYear(example.year)) | jq '.holidays[] | {name, start, end, makeupWorkdays}'"
        context["manifestCommand"] = "curl -s \(base)\(PagePath.manifest) | jq '{version, generatedAt, changes}'"
        context["homeAssistant"] = """
            binary_sensor:
              - platform: rest
                name: workday_tomorrow
                resource_template: >-
                  \(base)\(PagePath.apiDays){{ (now() + timedelta(days=1)).strftime('%Y-%m-%d') }}.json
                value_template: "{{ value_json.announced and not value_json.isOffDay }}"
                scan_interval: 3600
            """
        context["shortcutURL"] = "\(base)\(PagePath.apiDays)"
        return context
    }
}
