import TemplateEngine

/// The template values of a grid and its cells, made field by field: the values their
/// `encode(to:)` gives through `TemplateEncoder` (`GridContextValueTests` compares the two), for
/// the twenty thousand cells of a site's year and month pages.
extension GridContext: TemplateRepresentable {
    var templateValue: TemplateValue {
        var fields: [(String, TemplateValue)] = [
            ("id", .text(id)), ("caption", .text(caption)), ("weekdays", .list(weekdays.map(\.templateValue))),
            ("weeks", .list(weeks.map(\.templateValue))), ("large", .flag(large)), ("hideCaption", .flag(hideCaption)),
        ]
        // An optional that is nil leaves its key out.
        if let href { fields.append(("href", .text(href))) }
        if let key { fields.append(("key", .text(key))) }
        if let hidden { fields.append(("hidden", .flag(hidden))) }
        if let tableYear { fields.append(("tableYear", .number(tableYear))) }
        if let steps { fields.append(("steps", TemplateValue(steps))) }
        return .object(TemplateFields(fields))
    }
}

extension GridContext.WeekdayHeader: TemplateRepresentable {
    var templateValue: TemplateValue {
        .object(["short": .text(short), "long": .text(long), "weekend": .flag(weekend)])
    }
}

extension GridContext.Week: TemplateRepresentable {
    var templateValue: TemplateValue {
        .object(["days": .list(days.map(\.templateValue))])
    }
}

extension GridContext.Cell: TemplateRepresentable {
    var templateValue: TemplateValue {
        .object([
            "date": .text(date), "day": .number(day), "label": .text(label), "lunar": .text(lunar),
            "outside": .flag(outside), "today": .flag(today), "large": .flag(large),
            // `@FalseIfNil`: false when nil.
            "badge": badge.map(TemplateValue.text) ?? .flag(false), "name": name.map(TemplateValue.text) ?? .flag(false),
            "nameClass": nameClass.map(TemplateValue.text) ?? .flag(false),
            "sub": sub.map(TemplateValue.text) ?? .flag(false), "subClass": subClass.map(TemplateValue.text) ?? .flag(false),
            "sched": sched?.templateValue ?? .flag(false), "feasts": .list(feasts.map(TemplateValue.text)),
            "hasNotes": .flag(hasNotes), "notes": .list(notes.map(\.templateValue)), "classes": .text(classes),
        ])
    }
}

extension GridContext.NoteMark: TemplateRepresentable {
    var templateValue: TemplateValue {
        .object(["title": .text(title), "href": .text(href), "large": .flag(large), "repeat": .flag(`repeat`)])
    }
}

extension GridContext.ScheduleMark: TemplateRepresentable {
    var templateValue: TemplateValue {
        .object(["text": .text(text), "cls": .text(cls), "hours": hours.map(TemplateValue.text) ?? .flag(false)])
    }
}
