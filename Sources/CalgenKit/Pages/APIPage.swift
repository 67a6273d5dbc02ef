import CalgenCore

/// `api/`: the day API and the manifest, explained for people, with examples taken from this
/// build's own files.
extension HTMLPages {
    func apiPage() -> OutputFile {
        let root = "../"
        let base = site.config.baseURL
        let title = strings.ui.apiTitle
        var context = common(
            path: PagePath.api, title: "\(title) · \(site.config.title)", root: root,
            description: strings.ui.apiDescription)
        context["heading"] = title
        context["isChinese"] = strings.isChinese
        context["base"] = base
        // The example day: the next make-up workday the data knows, else the build day.
        let example =
            site.almanac.announcedPeriods.flatMap(\.makeupWorkdays).first { $0 >= today && years.contains($0.year) }
            ?? (years.contains(today.year) ? today : CivilDate(year: featuredYear, month: 1, day: 1)!)
        context["exampleDate"] = example.iso8601
        context["exampleYear"] = example.year
        context["dayCommand"] = "curl -s \(base)api/days/\(example.iso8601).json | jq ."
        context["dayJSON"] = DayAPI.json(for: example, in: site.almanac)
        context["tomorrowCommand"] = """
            curl -s "\(base)api/days/$(date -d tomorrow +%F).json" \\
              | jq -r 'if .announced | not then "unknown" elif .isOffDay then "off" else "ring" end'
            """
        context["yearCommand"] = "curl -s \(base)api/\(example.year).json | jq '.holidays[] | {name, start, end, makeupWorkdays}'"
        context["manifestCommand"] = "curl -s \(base)manifest.json | jq '{version, generatedAt, changes}'"
        context["homeAssistant"] = """
            binary_sensor:
              - platform: rest
                name: workday_tomorrow
                resource_template: >-
                  \(base)api/days/{{ (now() + timedelta(days=1)).strftime('%Y-%m-%d') }}.json
                value_template: "{{ value_json.announced and not value_json.isOffDay }}"
                scan_interval: 3600
            """
        context["shortcutURL"] = "\(base)api/days/"
        return page(PagePath.api + "index.html", template: "api", context)
    }
}
