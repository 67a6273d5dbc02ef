"""The day cells as a reader sees them, for test_browser.py.

- `cell_words`: on every year and month page of every data year (and the home page's grids),
  each day cell's visible words against the day API, by the README's cell rule, written out
  here again from the rule and not from calgen's code;
- `cut_labels`: no label of a page is cut (wider than its box, clipped by its cell, or ended
  with an ellipsis), on screen at the width the window has and in print.
"""

# How people name a holiday before 假期 and 补班 (the README's table).
SHORT = {"国庆节": "国庆", "劳动节": "五一", "清明节": "清明", "端午节": "端午", "中秋节": "中秋"}

# Every label of a cell, with its class, as the browser shows it (soft hyphens left out).
READ_CELLS = """
var out = {};
document.querySelectorAll(arguments[0] + " td.d[data-date]").forEach(function (cell) {
  var spans = [];
  cell.querySelectorAll(":scope > span:not(.vh):not(.top):not(.nms)").forEach(function (s) {
    if (s.offsetParent !== null) spans.push([s.className, s.textContent.replace(/\\u00ad/g, "")]);
  });
  out[cell.getAttribute("data-date")] = spans;
});
return out;
"""

# Labels that do not fit: wider than their own box, reaching out of their cell (which clips),
# or cut with an ellipsis.
FIND_CUT = """
var bad = [];
document.querySelectorAll("td.d .s, td.d .l, td.d .f, td.d .h, td.d .b, .legend li, table.periods th, table.periods td")
  .forEach(function (e) {
    if (e.offsetParent === null) return;
    var box = e.getBoundingClientRect(), cell = e.closest("td.d"), style = getComputedStyle(e);
    var wide = e.scrollWidth > e.clientWidth + 1;
    var out = cell && box.right > cell.getBoundingClientRect().right + 0.5;
    var ellipsis = style.textOverflow === "ellipsis" && e.scrollWidth > e.clientWidth;
    if (wide || out || ellipsis) bad.push((cell ? cell.getAttribute("data-date") + " " : "") + e.textContent);
  });
return bad;
"""


def lunar_words(lunar):
    """A cell's lunar date: the month's name on its first day, else the day (廿一)."""
    text = lunar["text"]
    return text[:-2] if lunar["day"] == 1 else text[-2:]


def expected(day):
    """What a cell says about a day object of the API: (single label, lunar line, feasts, line)."""
    feasts = list(day["festivals"])
    # On a statutory day the festival that is its holiday comes first (元旦 before 腊八节 on 2012-01-01).
    own = [f for f in feasts if f == day["statutoryHoliday"] or f == "除夕" and day["statutoryHoliday"] == "春节"]
    feasts = own[:1] + [f for f in feasts if f not in own[:1]]
    # A solar term is named unless a festival stands for it (清明 is 清明节).
    term = day["solarTerm"] if day["solarTerm"] and not (day["solarTerm"] == "清明" and "清明节" in feasts) else None
    if term:
        feasts.append(term)
    # The statutory holiday, unless a festival of the day names it already (除夕 names 春节).
    holiday = day["statutoryHoliday"]
    named = holiday in day["festivals"] or holiday == "春节" and "除夕" in day["festivals"]
    statutory = holiday if holiday and not named else None
    line = None
    if statutory:
        line = statutory
    elif day["kind"] == "holiday" and not day["statutory"]:
        line = SHORT.get(day["name"], day["name"]) + "假期"
    elif day["kind"] == "makeupWorkday":
        line = SHORT.get(day["name"], day["name"]) + "补班"
    lunar = day["lunar"]
    if day["festivals"]:
        single = feasts[0]
    elif term:
        single = term
    elif lunar and lunar["day"] == 1:
        single = lunar_words(lunar)
    elif statutory:
        single = statutory
    else:
        single = lunar_words(lunar) if lunar else ""
    return single, lunar_words(lunar) if lunar else "", feasts, line


def compare(where, cells, days, large):
    """The differences between the cells read on a page and the API's days."""
    problems = []
    for date, spans in cells.items():
        day = days.get(date)
        if day is None:
            problems.append(f"{where}: {date} is not in the API")
            continue
        single, lunar, feasts, line = expected(day)
        if large:
            want = [("l", lunar)] + [("f", f) for f in feasts] + ([("h", line)] if line else [])
            got = [(c.split()[0], t) for c, t in spans]
        else:
            want = [("s", single)]
            got = [(c.split()[0], t) for c, t in spans]
        if got != want:
            problems.append(f"{where}: {date} reads {got}, the rule says {want}")
    return problems


def cell_words(driver, base, years, days_of):
    """Every day cell of every year page, month page and the home page against the day API.
    Returns (cells checked, pages, problems)."""
    problems, checked, pages = [], 0, 0
    days = {}
    for year in years:
        days.update({d["date"]: d for d in days_of(year)})
    for year in years:
        driver.get(f"{base}{year}/")
        cells = driver.execute_script(READ_CELLS, ".year-grid")
        problems += compare(f"/{year}/", cells, days, large=False)
        checked += len(cells)
        pages += 1
        for month in range(1, 13):
            driver.get(f"{base}{year}/{month:02d}/")
            cells = driver.execute_script(READ_CELLS, "table.month-large")
            problems += compare(f"/{year}/{month:02d}/", cells, days, large=True)
            checked += len(cells)
            pages += 1
    driver.get(base)
    cells = driver.execute_script(READ_CELLS, ".home-month:not([hidden])")
    problems += compare("/ (home)", {d: s for d, s in cells.items() if d in days}, days, large=True)
    checked += len(cells)
    pages += 1
    return checked, pages, problems


def cut_labels(driver):
    """The labels of the loaded page that do not fit, as the window shows it now."""
    return driver.execute_script(FIND_CUT)
