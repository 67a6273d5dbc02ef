import CalgenCore

extension SiteStrings {
    /// Who a partial holiday gives time off, and how much: `妇女放假半天` / `half a day off for women`.
    package func partialSummary(_ holiday: PartialHoliday) -> String {
        guard !isChinese else { return holiday.summary }
        switch holiday.name {
        case "妇女节": return "half a day off for women"
        case "青年节": return "half a day off for young people aged 14 and over"
        case "儿童节": return "a day off for children under 14"
        case "建军节": return "half a day off for active-duty service members"
        default: return holiday.summary
        }
    }

    /// `妇女节（3月8日）妇女放假半天` / `Women's Day (8 Mar): half a day off for women`.
    package func partialLine(_ holiday: PartialHoliday) -> String {
        let name = festivalName(holiday.name)
        let date = dayOfYear(holiday.date)
        return isChinese ? "\(name)（\(date)）\(holiday.summary)" : "\(name) (\(date)): \(partialSummary(holiday))"
    }
}
