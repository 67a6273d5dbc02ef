import Foundation

/// The same notes as a Hugo site with a minimal layout (a base template, a page and a list),
/// so that `script/benchmark` can time Hugo on the same pages.
struct HugoSite {
    let notes: [GeneratedNote]

    func write(to root: String) throws {
        let fm = FileManager.default
        for folder in ["content/notes", "layouts/_default"] {
            try fm.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try writeFile(
            """
            baseURL = "https://calendar.example.com/"
            languageCode = "zh-CN"
            title = "中国法定节假日与调休日历"
            disableKinds = ["RSS", "sitemap", "robotsTXT", "404"]
            buildFuture = true
            [taxonomies]
              tag = "tags"

            """, to: root + "/config.toml")
        try writeFile(
            """
            <!DOCTYPE html>
            <html lang="zh-CN"><head><meta charset="utf-8"><title>{{ .Title }} · {{ .Site.Title }}</title>
            <link rel="stylesheet" href="/assets/style.css"></head>
            <body><header><a href="/">{{ .Site.Title }}</a></header><main>{{ block "main" . }}{{ end }}</main></body></html>

            """, to: root + "/layouts/_default/baseof.html")
        try writeFile(
            """
            {{ define "main" }}<article><h1>{{ .Title }}</h1><p><time>{{ .Date.Format "2006-01-02" }}</time>
            {{ range .Params.tags }}<a href="/tags/{{ . | urlize }}/">{{ . }}</a> {{ end }}</p>{{ .Content }}</article>{{ end }}

            """, to: root + "/layouts/_default/single.html")
        try writeFile(
            """
            {{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> <time>{{ .Date.Format "2006-01-02" }}</time></li>{{ end }}</ul>{{ end }}

            """, to: root + "/layouts/_default/list.html")
        for note in notes {
            let source = """
                ---
                title: "\(note.title)"
                date: \(note.date.iso)
                tags: [\(note.tags.map { "\"\($0)\"" }.joined(separator: ", "))]
                ---
                \(note.body)
                """
            try writeFile(source, to: root + "/content/notes/" + note.slug + ".md")
        }
    }
}
