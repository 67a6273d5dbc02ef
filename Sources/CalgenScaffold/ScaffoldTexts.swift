import CalgenCore

/// The commented files `calgen init` and `calgen new` write. Every value a user gave is quoted
/// by `ScaffoldTexts.quoted` (checked first: no control characters), so that nothing typed can
/// add a key.
enum ScaffoldTexts {
    /// `value` as a double-quoted YAML scalar.
    static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func siteYML(_ settings: SiteSettings) -> String {
        """
        # The settings of this calgen site (README: "Content" → "site.yml"). An unknown key is an
        # error, so that a typo never silently changes the site.

        # The site's title, on every page and in the public feeds' names.
        title: \(quoted(settings.title))
        # The absolute address the site is published at, ending in "/" (a sub-path works). Feed
        # URLs, the sitemap and robots.txt use it; `calgen build --base-url URL` replaces it for a
        # build (the publish workflow passes SITE_URL).
        base-url: \(quoted(settings.baseURL))
        # The language of the pages and feeds: zh-CN or en.
        language: \(quoted(settings.language))
        # The IANA time zone of "today" and of the notes' times.
        timezone: \(quoted(settings.timeZone))

        # Optional, with their defaults:
        # description: one sentence about the site, for search engines and link previews
        # week-start: monday               # monday … sunday
        # feed-years-before: 1             # the feeds cover this many years before the current one
        # feed-years-after: 1              # … and this many after it (and every announced year)
        # feed-refresh: 12h                # how often calendar apps should refresh the feeds
        # holidays-source: https://raw.githubusercontent.com/NateScarlet/holiday-cn/master/
        # observances: [western]           # adds 情人节, 平安夜 and 圣诞节

        """
    }

    /// The example note of a new site, on `date`, public, for the subscribers who take `public`.
    static func exampleNote(date: CivilDate, english: Bool) -> String {
        let title = english ? "Welcome to the calendar" : "日历上线了"
        let body =
            english
            ? "This note is on the site and in the feeds of the subscribers who take `public`.\n"
                + "Edit or delete it: every file in `notes/` is a note.\n"
            : "这条记事在网站上，也在订阅了 `public` 的个人日历里。\n编辑或删除它：`notes/` 下的每个文件都是一条记事。\n"
        return """
            ---
            # A note (README: "Content" → "notes/**/*.md"). The file name is its page: notes/welcome/.
            title: \(quoted(title))
            date: \(date.iso8601)              # one day; or `start:` and `end:` (inclusive) for a range
            # time: "09:00"                 # optional, in the site's time zone; without it: all day
            # duration: 1h30m               # optional, with `time`
            tags: [\(english ? "news" : "公告")]
            # Which personal feeds also carry it: `public` (every subscriber who takes `public`, and
            # the public feed), subscriber ids, or group names from the subscribers' `notes:`.
            audience: [public]
            # Who may see it. `public` (the default): on the site (home, month and note pages, the
            # API, the changes page) for everyone, whatever `audience` says. `feeds`: only in the
            # personal feeds of its audience and on their private pages, never on a public page;
            # use it for rosters and anything with names in it.
            # visibility: feeds
            # minor: true                   # this edit changes the page but is no news on changes/
            # draft: true                   # left out unless `calgen build --drafts`
            # slug: welcome                 # the page's name; default: the file name
            ---
            \(body)
            """
    }

    /// The example subscriber of a new site.
    static func exampleSubscriber(english: Bool) -> String {
        let name = english ? "Example subscriber" : "示例订阅者"
        let clock = english ? "Clock in" : "打卡上班"
        let eve = english ? "Work tomorrow (make-up day): set the alarm" : "明天补班，记得定闹钟"
        return """
            # A subscriber of a personal feed (README: "Content" → "users/<id>.yml"); the file name is
            # the id. `calgen feeds` prints each feed's secret address: give it to that person only.
            # This one is an example: rename it to someone's id, or delete it.
            name: \(quoted(name))
            # calendar: "…"                 # the calendar's name in the app (default: name)
            # color: "#D33F49"
            # timezone: Asia/Shanghai       # default: site.yml's
            # language: zh-CN               # the page beside the feed: zh-CN or en; default: site.yml's
            holidays: true                  # also the public holiday events
            # festivals: true               # 除夕, 元宵节, … not already named by a holiday
            # solar-terms: true             # the 24 solar terms
            notes: [public]                 # note audiences this feed takes (its own id always)
            # encoding: expanded            # or compact
            # years-before: 1               # override the site's feed horizon
            # years-after: 1
            # token-epoch: 0                # raise it to revoke this feed's address
            # schedule: big-small-week      # a work schedule of schedules/ (`calgen new schedule ID`)
            # leave:                        # days off of the person's own
            #   - from: 2026-07-01
            #     to: 2026-07-10
            #     reason: 年假
            reminders:
              - id: clock-in
                kind: workdays              # every legal workday, make-up days included
                title: \(quoted(clock))
                time: "08:50"
                duration: 10m
                alarms: [0m]                # before the start: 0m, 10m, 1h, 1d
              - id: makeup-eve
                kind: makeup-eve            # the evening before each make-up workday
                title: \(quoted(eve))
                time: "21:00"
              # Other kinds: weekly (on: [mon, wed]), monthly (day: 15, adjust: previous-workday),
              # yearly (month, day), lunar-yearly (month, day), once (date), sequence, shift-start.

            """
    }

    static let gitignore = """
        # What calgen builds, and what it keeps beside the output.
        /public/
        /.public.*
        # The random secret of personal feed URLs in local builds: never commit it.
        .calgen-feed-secret
        # The calgen checkout the publish workflow builds.
        /.calgen/

        """

    /// A new note (`calgen new note`).
    static func note(title: String, date: CivilDate) -> String {
        """
        ---
        title: \(quoted(title))
        date: \(date.iso8601)              # or `start:` and `end:` for a range
        # time: "09:00"
        # duration: 1h
        tags: []
        audience: []                    # feeds that carry it: public, subscriber ids, group names
        # visibility: feeds             # default public: on the site for everyone
        # draft: true
        ---


        """
    }

    /// A new subscriber (`calgen new subscriber`).
    static func subscriber(name: String) -> String {
        """
        # A subscriber of a personal feed; the file name is the id. `calgen feeds` prints its address.
        name: \(quoted(name))
        holidays: true
        notes: [public]
        # schedule: big-small-week
        reminders:
          - id: clock-in
            kind: workdays
            title: "打卡上班"
            time: "08:50"
            duration: 10m
            alarms: [0m]

        """
    }

    /// A new work schedule (`calgen new schedule`).
    static func schedule(name: String, date: CivilDate) -> String {
        """
        # A work schedule (README: "schedules/<id>.yml"); a subscriber works by it with `schedule: <id>`.
        name: \(quoted(name))
        audience: private               # private (default): a secret feed only; public: feed, pages and API
        national: follow                # follow, holidays-only or ignore
        pattern:
          weekly: [mon..fri]            # or alternate, monthly, rotation
        shift: day
        shifts:
          day: {start: "09:00", end: "18:00"}
        # dates:
        #   - date: \(date.iso8601)
        #     day: off                  # off, worked or half
        #     reason: 公司周年

        """
    }
}
