/// A language calgen writes pages in: the site's (`site.yml`'s `language`), and that of the
/// page beside a personal feed (the subscriber's `language`, else the site's). The raw value is
/// the key's value and the page's `<html lang>`.
public enum SiteLanguage: String, Sendable, Hashable, CaseIterable {
    case chinese = "zh-CN"
    case english = "en"
}
