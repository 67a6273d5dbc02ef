"""The pages as a reader's browser shows them: headless Chromium, driven by Selenium.

Serves a built site on 127.0.0.1 and opens the key pages (home, a year, a month with a
holiday, an unannounced year, a note, subscribe, api, two work schedules' year and month, and
the page beside a personal feed) at
320, 390 and 1280 px, and checks:

- no 休/班 badge box intersects its day-number box;
- no horizontal scrolling;
- with the browser's clock set after the build day, the home page marks that day as today,
  shows that month, and says that day's answers (today and tomorrow, the break or the next one,
  the next make-up workday) as embedded for it;
- with --calgen, the bundled Content/ built on 2026-09-19, 2026-09-27 (the last day of a break,
  four days before the next), 2026-10-02 and 2026-12-30 (and on
  2026-09-01, read on those days by the script from the embedded data): the home page, as built
  and as its script shows it, says what the day API implies (tomorrow when it breaks the usual
  week, the first workday after a break, the next make-up workday in 14 days, the statutory days
  by law in an unannounced year, the next break when one is under way and the next starts within
  two weeks, 法定节假日 on a statutory day, the site's time zone), the same from the earlier
  build, its legend explains every style its grids draw, the neighbouring months' days of its
  grid show their 休/班 badges, and its right column shows the holiday table of the month's year
  (the coming year's at the year's end once announced);
- axe-core (the copy inside the pinned axe-playwright-python wheel) reports no violation,
  in the light and the dark scheme;
- on the subscribe page and the page beside a personal feed, each feed's Google Calendar and
  Outlook.com links carry that feed's own address, and its QR code, as drawn, reads back as
  that address with zbarimg;
- printed, the subscribe page carries each feed address as text and as a QR code that reads back;
- printed, a year is one A4 landscape sheet (two in English) with its legend and no text under
  6 pt, and a month one A4 portrait sheet with its notes and its source and as-of line.

- every work schedule's year and month page, the schedules' "today" pages, and (with --english)
  the English home, year, month, subscribe and schedules pages, at 390 and 1280 px with axe-core;
- every page beside a personal feed read against its own feed, the subscriber's file and the day
  API (browser_pages.py): the advice about Apple's built-in holidays, each reminder's
  words, the leave, the shifts, the schedule's page linked;
- the subscribe page's two-line chooser first, and every address, the variants' under the
  disclosure included, with webcal, Google Calendar, Outlook.com and copy controls, each a file
  of the build; its QR codes read back as webcal addresses;
- each schedule's "today" page says, as built and read by its script 9 days later, what the
  schedule API says of that day and of the weekend to come;
- printed, the subscribe page and the pages beside personal feeds are A4 portrait, at most three
  sheets, with no text under 10 pt;
- every day cell of every year and month page and of the home page says what the README's cell
  rule says for that day of the day API (browser_cells.py);
- no label is cut (wider than its box, clipped by its cell, or ended with "…") at 320, 390 and
  1280 px and in print, on every year page, the months of 2026 and 2015-09 (the longest holiday
  name), and with --english on 2015, 2026, the unannounced year and those months of an English
  build.

    python3 -m pytest checks/test_browser.py --site PUBLIC_DIR --site-en ENGLISH_PUBLIC_DIR --calgen BIN \
        [--screenshots DIR]
"""

import base64
import datetime
import importlib.util
import json
import os
import re
import subprocess
import tempfile
import urllib.parse
from html import unescape

import pytest
from selenium.webdriver.common.by import By

from checks import browser_cells, browser_pages, chromium, loopback, sites

WIDTHS = [320, 390, 1280]


def browser(dark=False):
    return chromium.driver("--hide-scrollbars", "--lang=zh-CN", dark=dark)


def axe_source():
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        pytest.fail("axe-playwright-python is not installed (script/bootstrap --test installs it)", pytrace=False)
    with open(os.path.join(spec.submodule_search_locations[0], "axe.min.js"), encoding="utf-8") as f:
        return f.read()


OVERLAPS = """
var bad = [];
document.querySelectorAll("td.d").forEach(function (cell) {
  var n = cell.querySelector(".n"), b = cell.querySelector(".b");
  if (!n || !b || b.offsetParent === null) return;
  var r = n.getBoundingClientRect(), s = b.getBoundingClientRect();
  if (r.right > s.left + 0.5 && s.right > r.left + 0.5 && r.bottom > s.top + 0.5 && s.bottom > r.top + 0.5)
    bad.push(cell.getAttribute("data-date") + " " + n.textContent + b.textContent);
});
return bad;
"""

# Words of a cell split at a soft hyphen although the word alone fits the cell: a word box
# (`.w`) on more than one line that is narrower than its cell's content.
SPLIT_WORDS = """
var bad = [];
document.querySelectorAll("td.d .w").forEach(function (w) {
  if (w.offsetParent === null || w.getClientRects().length === 0) return;
  var range = document.createRange(); range.selectNodeContents(w);
  var rects = Array.from(range.getClientRects()).map(function (r) { return Math.round(r.top); });
  var tops = rects.filter(function (t, i) { return rects.indexOf(t) === i; });
  if (tops.length < 2) return;
  var cell = w.closest("td.d"), style = getComputedStyle(cell);
  var room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  var probe = document.createElement("span");
  probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap;font:" + getComputedStyle(w).font;
  probe.textContent = w.textContent.replace(/\u00ad/g, "");
  document.body.appendChild(probe);
  var need = probe.getBoundingClientRect().width;
  probe.remove();
  if (need <= room) bad.push((cell.getAttribute("data-date") || "") + " " + probe.textContent);
});
return bad;
"""

# Runs before the page's scripts: the browser's clock at noon of a given day in Shanghai.
FAKE_CLOCK = """
(function () {
  var fixed = Date.UTC(%d, %d, %d, 4, 0, 0), Real = Date;
  function Fake(a, b, c, d, e, f, g) {
    if (!(this instanceof Fake)) return new Real(fixed).toString();
    switch (arguments.length) {
      case 0: return new Real(fixed);
      case 1: return new Real(a);
      default: return new Real(a, b, c || 1, d || 0, e || 0, f || 0, g || 0);
    }
  }
  Fake.now = function () { return fixed; };
  Fake.UTC = Real.UTC; Fake.parse = Real.parse; Fake.prototype = Real.prototype;
  window.Date = Fake;
})();
"""


def subscribe_links(driver, decode):
    """Each feed's Google and Outlook.com links carry that feed's own address, and (`decode`)
    its QR code, as the browser draws it, reads back as that address with zbarimg."""
    problems = []
    for box in driver.find_elements(By.CSS_SELECTOR, ".feed-address"):
        https = box.find_element(By.CSS_SELECTOR, "input.url").get_attribute("value")
        webcal = "webcal://" + https.split("://", 1)[1]
        links = [a.get_attribute("href") for a in box.find_elements(By.CSS_SELECTOR, ".feed-links a")]
        google = [urllib.parse.urlsplit(h) for h in links if h.startswith("https://calendar.google.com/")]
        outlook = [urllib.parse.urlsplit(h) for h in links if h.startswith("https://outlook.live.com/")]
        if [urllib.parse.parse_qs(u.query).get("cid") for u in google] != [[webcal]]:
            problems.append(f"the Google Calendar link of {https} does not carry {webcal}: {links}")
        if [urllib.parse.parse_qs(u.query).get("url") for u in outlook] != [[https]]:
            problems.append(f"the Outlook.com link of {https} does not carry it: {links}")
        if webcal not in links:
            problems.append(f"no webcal link for {https}")
        if decode:
            codes = box.find_elements(By.CSS_SELECTOR, ".qr svg")
            if len(codes) != 1:
                problems.append(f"{len(codes)} QR codes for {https}")
                continue
            with tempfile.NamedTemporaryFile(suffix=".png") as image:
                image.write(codes[0].screenshot_as_png)
                image.flush()
                read = subprocess.run(["zbarimg", "--raw", "-q", image.name], capture_output=True, text=True)
            # The webcal address: a phone's camera opens it as a subscription, not a download.
            if read.stdout.strip() != webcal:
                problems.append(f"the QR code of {https} reads as {read.stdout.strip()!r}, not {webcal} ({read.stderr.strip()})")
    return problems


class Site:
    """What the checks open of a built site: its years, an unannounced one, the pages, the
    personal feeds' folders."""

    def __init__(self, root):
        self.root = root
        data = json.loads(open(os.path.join(root, "api/years.json"), encoding="utf-8").read())
        years = [y["year"] for y in data["years"]]
        unannounced = next((y for y in years if not next(z for z in data["years"] if z["year"] == y)["announced"]), None)
        notes = sorted(d for d in os.listdir(os.path.join(root, "notes")) if os.path.isdir(os.path.join(root, "notes", d)))
        pages = ["", "2026/", "2026/10/", "subscribe/", "api/", "changes/"]
        if unannounced:
            pages.append(f"{unannounced}/")
        if notes:
            pages.append(f"notes/{notes[0]}/")
        # A work schedule's year and month, when the site has public schedules.
        schedules = os.path.join(root, "schedules")
        for schedule in sorted(os.listdir(schedules)) if os.path.isdir(schedules) else []:
            if os.path.isfile(os.path.join(schedules, schedule, "2026", "10", "index.html")):
                pages += [f"schedules/{schedule}/2026/", f"schedules/{schedule}/2026/10/"]
        if os.path.isfile(os.path.join(schedules, "index.html")):
            pages += ["schedules/"] + [f"schedules/{s}/" for s in sorted(os.listdir(schedules))
                                       if os.path.isfile(os.path.join(schedules, s, "index.html"))][:1]
        # The page beside a personal feed; its folder is secret and shown as feeds/…/ in the log.
        private = sorted(d for d in os.listdir(os.path.join(root, "feeds"))
                         if os.path.isfile(os.path.join(root, "feeds", d, "index.html")))
        if private:
            pages.append(f"feeds/{private[0]}/")
        self.years, self.unannounced, self.private, self.pages = years, unannounced, private, pages


@pytest.fixture(scope="module")
def site_pages(site):
    return Site(site)


@pytest.fixture(scope="module")
def base(site, served_for_module):
    return served_for_module(site)


@pytest.fixture(scope="module")
def english_base(site_en, served_for_module):
    return served_for_module(site_en)


@pytest.fixture(scope="module")
def shots(pytestconfig):
    """--screenshots DIR: where screenshots and printed sheets are saved, when given."""
    folder = pytestconfig.getoption("screenshots")
    if folder:
        os.makedirs(folder, exist_ok=True)
    return folder


def layout_problems(driver, where):
    """A 休/班 badge over its day number; the page scrolling sideways."""
    problems = []
    overlaps = driver.execute_script(OVERLAPS)
    if overlaps:
        problems.append(f"{where}: badge over day number: {', '.join(overlaps[:5])}")
    scroll = driver.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    if scroll[0] > scroll[1]:
        problems.append(f"{where}: scrolls sideways ({scroll[0]} px wide in {scroll[1]} px)")
    return problems


def run_axe(driver, axe):
    """axe-core's violations on the page, one line each."""
    driver.execute_script(axe)
    return driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(function (r) {"
        "  done(r.violations.map(function (v) { return v.id + ': ' + v.nodes.length + ' × '"
        "    + (v.nodes[0] ? v.nodes[0].target.join(' ') : ''); })); });")


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_key_pages(site_pages, base, shots, dark, failures):
    """The key pages at 320, 390 and 1280 px: no badge over a day number, no sideways scrolling
    (light), axe-core, the subscribe links."""
    pages = site_pages.pages
    checked = 0
    axe = axe_source()
    driver = browser(dark)
    try:
        for page in pages:
            for width in WIDTHS:
                driver.set_window_size(width, 900)
                driver.get(base + page)
                shown = re.sub(r"^feeds/[^/]+/", "feeds/…/", page)
                where = f"/{shown} at {width} px{' (dark)' if dark else ''}"
                if not dark:
                    failures.extend(layout_problems(driver, where))
                    if shots:
                        height = driver.execute_script("return document.documentElement.scrollHeight")
                        driver.set_window_size(width, min(height, 6000))
                        name = (shown.strip("/").replace("/", "_") or "index") + f"-{width}.png"
                        driver.save_screenshot(os.path.join(shots, name))
                if width == 1280 or (width == 320 and not dark):
                    for violation in run_axe(driver, axe):
                        failures.add(f"{where}: axe: {violation}")
                if page in ("subscribe/",) or page.startswith("feeds/"):
                    failures.extend([f"{where}: {p}" for p in subscribe_links(driver, decode=width == 1280 and not dark)])
                checked += 1
    finally:
        driver.quit()

    failures.verify(f"browser: {checked} views of the key pages{' (dark)' if dark else ''}")


def test_print_sheets(site_pages, base, site_en, english_base, failures):
    """Print: a year is one A4 landscape poster with a legible legend, badges and lunar text;
    a month is one A4 portrait sheet with its notes following."""
    unannounced, english = site_pages.unannounced, site_en
    checked = 0
    driver = browser()
    try:
        printed = [("2026/", "landscape"), ("2026/10/", "portrait")] + ([(f"{unannounced}/", "landscape")] if unannounced else [])
        for page, size in [(base + p, s) for p, s in printed] + [(english_base + p, s) for p, s in printed if english]:
            driver.get(page)
            pdf = driver.execute_cdp_cmd("Page.printToPDF", {"preferCSSPageSize": True, "printBackground": True})
            pages_printed, width, height = pdf_pages(base64.b64decode(pdf["data"]))
            where = f"{page.replace(base, '/').replace(english_base or base, '/(en) ')} printed"
            # The English poster is two sheets (January–June, July–December): its names are longer.
            sheets = 2 if english and page.startswith(english_base) and size == "landscape" else 1
            if pages_printed != sheets:
                failures.add(f"{where}: {pages_printed} sheets, not {sheets}")
            if (width > height) != (size == "landscape"):
                failures.add(f"{where}: {width:.0f}×{height:.0f} pt, not A4 {size}")
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
            small = driver.execute_script(
                "return Array.from(document.querySelectorAll('.year-grid td.d .s, .year-grid td.d .b, .legend li'))"
                ".filter(function (e) { return e.offsetParent !== null && parseFloat(getComputedStyle(e).fontSize) < 8; })"
                ".map(function (e) { return e.className + ' ' + getComputedStyle(e).fontSize; })")
            if small:
                failures.add(f"{where}: text under 6 pt: {small[:3]}")
            legend = driver.execute_script("var l = document.querySelector('.legend'); return !!l && l.offsetParent !== null")
            if not legend:
                failures.add(f"{where}: no legend")
            if size == "portrait" and not driver.execute_script(
                    "var l = document.querySelector('.sheet-source'); return !!l && l.offsetParent !== null"):
                failures.add(f"{where}: no source and as-of line")
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
            checked += 1
    finally:
        driver.quit()

    failures.verify(f"browser: {checked} pages printed")


def test_day_cells(site_pages, base, failures):
    """Every day cell of every year and month page, and of the home page, against the day API."""
    root, years = site_pages.root, site_pages.years
    driver = browser()
    try:
        driver.set_window_size(1280, 900)

        def days_of(year):
            with open(os.path.join(root, "api", f"{year}.json"), encoding="utf-8") as f:
                return json.load(f)["days"]

        cells, cell_pages, problems = browser_cells.cell_words(driver, base, years, days_of)
        failures.extend(problems[:40] + ([f"… and {len(problems) - 40} more cells"] if len(problems) > 40 else []))
        print(f"browser: {cells} day cells on {cell_pages} pages read as the cell rule says, {len(problems)} not")
    finally:
        driver.quit()

    failures.verify()


def test_no_label_cut(site_pages, base, site_en, english_base, failures):
    """No label cut, on screen at 320, 390 and 1280 px and in print: every year page, the months
    of one year, and the same in English."""
    years, unannounced, english = site_pages.years, site_pages.unannounced, site_en
    builds = [(base, years, "2026")] + ([(None, None, "2026")] if english else [])
    cut_views = 0
    driver = browser()
    try:
        for site_base, site_years, year in builds:
            if site_base is None:
                site_base = english_base
                with open(os.path.join(english, "api/years.json"), encoding="utf-8") as f:
                    site_years = [y["year"] for y in json.load(f)["years"]]
                site_years = [y for y in site_years if y in (int(year), 2015, unannounced)]
            # 2015-09 has the longest name of the data (the 70th anniversary of the victory, a holiday of its own).
            views = [(f"{y}/", "landscape") for y in site_years] + [(f"{year}/{m:02d}/", "portrait") for m in range(1, 13)]
            views += [("2015/09/", "portrait")]
            for page, sheet in views:
                driver.get(site_base + page)
                # A4 less the page margins, at 96 px per inch: what print lays the page out in.
                for width, media in [(w, "") for w in WIDTHS] + [(1070 if sheet == "landscape" else 733, "print")]:
                    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media})
                    driver.set_window_size(width, 900)
                    cut = browser_cells.cut_labels(driver)
                    where = f"{site_base}{page}".replace(base, "/").replace(site_base, "/(en) ")
                    if cut:
                        failures.add(f"{where} at {width} px{' printed' if media else ''}: labels cut: {cut[:6]}")
                    cut_views += 1
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        print(f"browser: {cut_views} views checked for cut labels")
    finally:
        driver.quit()

    failures.verify()


def test_subscribe_printed(base, failures):
    """The subscribe page printed: the feed addresses as text, and QR codes that read back."""
    driver = browser()
    try:
        driver.get(base + "subscribe/")
        addresses = [e.get_attribute("value") for e in driver.find_elements(By.CSS_SELECTOR, ".feed-address input.url")]
        pdf = base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF", {"preferCSSPageSize": True})["data"])
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "subscribe.pdf")
            with open(path, "wb") as f:
                f.write(pdf)
            text = subprocess.run(["pdftotext", path, "-"], capture_output=True, text=True).stdout
            subprocess.run(["pdftoppm", "-r", "150", "-png", path, os.path.join(folder, "sheet")], check=True)
            read = set()
            for sheet in sorted(n for n in os.listdir(folder) if n.endswith(".png")):
                out = subprocess.run(["zbarimg", "--raw", "-q", os.path.join(folder, sheet)], capture_output=True, text=True)
                read.update(line.strip() for line in out.stdout.splitlines() if line.strip())
        for address in addresses:
            if address not in text.replace("\n", ""):
                failures.add(f"/subscribe/ printed: the address {address} is not on the sheet")
            if "webcal://" + address.split("://", 1)[1] not in read:
                failures.add(f"/subscribe/ printed: no QR code reads {address} (read: {sorted(read)})")
    finally:
        driver.quit()

    failures.verify()


def test_english_pages(english_base, shots, failures):
    """The English build: its key pages at 320, 390 and 1280 px, with axe-core at 1280, no badge
    over a day number, no sideways scrolling; the lunar notation explained; no word split at a
    soft hyphen in a cell wide enough for it."""
    checked = 0
    driver = browser()
    axe_script = axe_source()
    try:
        for page in ["", "2026/", "2026/10/", "subscribe/", "schedules/"]:
            for width in WIDTHS:
                driver.set_window_size(width, 900)
                driver.get(english_base + page)
                where = f"/(en) {page} at {width} px"
                failures.extend(layout_problems(driver, where))
                if page in ("", "2026/", "2026/10/") and not driver.execute_script(
                        "var l = document.querySelector('.legend .lunar-note');"
                        "return !!l && /L8-15/.test(l.textContent)"):
                    failures.add(f"{where}: the legend does not explain the lunar notation")
                if width == 1280:
                    split = driver.execute_script(SPLIT_WORDS)
                    if split:
                        failures.add(f"{where}: words split at a soft hyphen in a cell wide enough: {split[:4]}")
                    for violation in run_axe(driver, axe_script):
                        failures.add(f"{where}: axe: {violation}")
                if shots and width != 320:
                    height = driver.execute_script("return document.documentElement.scrollHeight")
                    driver.set_window_size(width, min(height, 6000))
                    driver.save_screenshot(os.path.join(shots, "en-" + (page.strip("/").replace("/", "_") or "index") + f"-{width}.png"))
                checked += 1
        driver.get(english_base)
        today = driver.execute_script("return document.getElementById('today-line').textContent")
        if "lunar" not in today:
            failures.add(f"/(en) home page: the today line {today!r} has no lunar date")
    finally:
        driver.quit()

    failures.verify(f"browser: {checked} views of the English pages")


def test_private_pages(site_pages, base, shots, failures):
    """The pages beside personal feeds against their own feeds; the subscribe page's controls;
    the subscribe and private pages printed."""
    root, private = site_pages.root, site_pages.private
    driver = browser()
    try:
        driver.set_window_size(1280, 900)
        count, problems = browser_pages.private_pages(driver, base, root)
        print(f"browser: {count} pages beside personal feeds read against their feeds, {len(problems)} problems")
        failures.extend(problems)
        count, problems = browser_pages.variant_controls(driver, base, root)
        print(f"browser: {count} feed addresses of the subscribe page with their controls, {len(problems)} problems")
        failures.extend(problems)
        documents = ["subscribe/"] + [f"feeds/{p}/" for p in private]
        sheets, problems = browser_pages.doc_print(driver, base, documents)
        print(f"browser: printed portrait: {sheets}")
        failures.extend(problems)
        if shots:
            for page in ["subscribe/", "2026/"] + [f"feeds/{p}/" for p in private[:1]]:
                driver.get(base + page)
                pdf = base64.b64decode(driver.execute_cdp_cmd(
                    "Page.printToPDF", {"preferCSSPageSize": True, "printBackground": True})["data"])
                name = re.sub(r"^feeds/[^/]+/", "feeds-private/", page).strip("/").replace("/", "_")
                path = os.path.join(shots, name + "-print.pdf")
                with open(path, "wb") as f:
                    f.write(pdf)
                subprocess.run(["pdftoppm", "-r", "80", "-png", path, os.path.join(shots, name + "-print")], check=True)
    finally:
        driver.quit()
    failures.verify()


def test_schedule_today(site_pages, base, failures):
    """Each schedule's today page, as built and read by its script 9 days later."""
    root = site_pages.root
    driver = browser()
    try:
        driver.set_window_size(390, 900)
        count, problems = browser_pages.schedule_today(driver, base, root, FAKE_CLOCK)
        print(f"browser: {count} views of the schedules' today pages, {len(problems)} problems")
        failures.extend(problems)
    finally:
        driver.quit()

    failures.verify()


def test_home_today(site_pages, base, failures):
    """The home page read after the build: today marked, its month shown, that day's answers."""
    root = site_pages.root
    checked = 0
    driver = browser()
    try:
        for (y, m, d), expect_month, expect in home_cases(root):
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_CLOCK % (y, m - 1, d)})
            driver.set_window_size(390, 900)
            driver.get(base)
            key = f"{y:04d}-{m:02d}-{d:02d}"
            marked = driver.execute_script(
                "return Array.from(document.querySelectorAll('.home-month:not([hidden]) td.is-today'))"
                ".map(function (c) { return c.getAttribute('data-date'); })")
            shown = driver.execute_script(
                "return Array.from(document.querySelectorAll('.home-month')).filter(function (e) { return !e.hidden; })"
                ".map(function (e) { return e.getAttribute('data-month'); })")
            lines = home_lines(driver)
            where = f"home page on {key}"
            if marked != [key] or shown != [expect_month]:
                failures.add(f"{where}: today marked {marked}, months shown {shown}")
            if [lines[k] for k in ANSWERS] != expect:
                failures.add(f"{where}: says {[lines[k] for k in ANSWERS]}, not the day's answers {expect}")
            if f"{m}月{d}日" not in (lines["today-line"] or "") and f"{d} " not in (lines["today-line"] or ""):
                failures.add(f"{where}: today line {lines['today-line']!r}")
            checked += 1
    finally:
        driver.quit()
    failures.verify(f"browser: the home page read on {checked} days after the build")


def test_home_answers(calgen, failures):
    count, problems = home_answers(calgen)
    failures.extend(problems)
    failures.verify(f"browser: the home page's answers built on {count} days")


def pdf_pages(data):
    """Sheets and the first sheet's size in points, as poppler's pdfinfo reads them."""
    with tempfile.NamedTemporaryFile(suffix=".pdf") as f:
        f.write(data)
        f.flush()
        info = subprocess.run(["pdfinfo", f.name], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    size = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+)", info, re.M)
    return pages, float(size.group(1)), float(size.group(2))


# The home page's answers: today (and tomorrow), the break or the next one, the next make-up day.
ANSWERS = ["today-line", "next-holiday", "makeup-line"]


def home_data(root):
    """The data the home page's script reads."""
    with open(os.path.join(root, "index.html"), encoding="utf-8") as f:
        html = f.read()
    start = html.index('<script type="application/json" id="home-data">') + len('<script type="application/json" id="home-data">')
    return json.loads(html[start:html.index("</script>", start)])


def home_lines(driver):
    """The home page's lines as the reader sees them: text, or None when hidden."""
    return driver.execute_script(
        "var r = {}; ['today-line', 'next-holiday', 'makeup-line', 'as-of'].forEach(function (id) {"
        "  var e = document.getElementById(id); r[id] = e && !e.hidden ? e.textContent : null; }); return r;")


def home_cases(root):
    """Days after the build, with the month the home page should show and the day's answers as embedded."""
    data = home_data(root)
    days = {d[0]: [x or None for x in d[1:4]] for d in data["days"]}
    keys = [d[0] for d in data["days"]]
    cases = []
    # Two weeks after the build, and the first day of the last month the page carries.
    for day in [keys[min(len(keys) - 1, keys.index(data["built"]) + 14)], keys[-1][:8] + "01"]:
        cases.append(((int(day[:4]), int(day[5:7]), int(day[8:10])), day[:7], days[day]))
    return cases


ANSWER_DAYS = ["2026-09-19", "2026-09-27", "2026-10-02", "2026-12-30"]
# Built before them all: the script reads their answers from the embedded data.
EARLIER = "2026-09-01"
WEEKDAYS = "一二三四五六日"

# The swatches the legend needs for the styles the grids draw (days of their own months).
LEGEND_NEEDED = """
var need = {};
document.querySelectorAll('.home-month td.d:not(.out)').forEach(function (c) {
  var k = c.classList;
  if (k.contains('off') && k.contains('stat')) need['off stat'] = 1;
  if (k.contains('off') && !k.contains('stat')) need['off'] = 1;
  if (k.contains('stat') && k.contains('pending')) need['stat pending'] = 1;
  if (k.contains('work')) need['work'] = 1;
  if (k.contains('we')) need['we'] = 1;
  if (k.contains('is-today')) need['now'] = 1;
  if (k.contains('fest')) need['fest'] = 1;
  if (k.contains('lunar-first')) need['lunar'] = 1;
  if (k.contains('has-notes')) need['note'] = 1;
});
var have = Array.from(document.querySelectorAll('.legend .sw')).map(function (s) {
  return Array.from(s.classList).filter(function (c) { return c !== 'sw'; }).join(' '); });
return [Object.keys(need).sort(), have.sort()];
"""


def answer_expectations(root, day):
    """What the home page must say on `day` (a zh site), from the day API alone: pieces of the
    today, holiday and make-up lines (None: the make-up line is hidden)."""
    def api(d):
        with open(os.path.join(root, "api/days", d.isoformat() + ".json"), encoding="utf-8") as f:
            return json.load(f)

    def md(d):
        return f"{d.month}月{d.day}日"

    date = datetime.date.fromisoformat(day)
    today, tomorrow = api(date), api(date + datetime.timedelta(days=1))
    t = date + datetime.timedelta(days=1)
    expect = {"today-line": [f"今天 {md(date)} 周{WEEKDAYS[date.weekday()]}"], "next-holiday": [], "makeup-line": []}
    if tomorrow["kind"] == "makeupWorkday":
        expect["today-line"].append(f"明天 {md(t)} 周{WEEKDAYS[t.weekday()]} 要上班")
    elif tomorrow["kind"] == "holiday" and t.weekday() < 5:
        expect["today-line"].append(f"明天 {md(t)} 周{WEEKDAYS[t.weekday()]} 休息")
    elif not tomorrow["announced"] and tomorrow["statutory"] and t.weekday() < 5:
        expect["today-line"].append(f"明天 {md(t)} 周{WEEKDAYS[t.weekday()]} 依法放假")
    if today["statutory"] and today["kind"] == "holiday":
        expect["today-line"].append("法定节假日")
    if today["kind"] == "holiday" and today["nextWorkday"]:
        resume = datetime.date.fromisoformat(today["nextWorkday"])
        expect["next-holiday"].append(f"{md(resume)}（周{WEEKDAYS[resume.weekday()]}）上班")
        # The next break too, when it starts within two weeks.
        upcoming = today["nextHoliday"]
        if upcoming and upcoming["daysUntil"] <= 14 and datetime.date.fromisoformat(upcoming["start"]) > resume:
            start = datetime.date.fromisoformat(upcoming["start"])
            expect["next-holiday"] += [f"下一个假期：{upcoming['name']}", f"还有 {upcoming['daysUntil']} 天",
                                       f"{md(start)}（周{WEEKDAYS[start.weekday()]}）"]
    elif today["nextHoliday"] is not None:
        # The next break, by the API's name and distance.
        upcoming = today["nextHoliday"]
        start = datetime.date.fromisoformat(upcoming["start"])
        expect["next-holiday"] += [f"下一个假期：{upcoming['name']}", f"还有 {upcoming['daysUntil']} 天",
                                   f"{md(start)}（周{WEEKDAYS[start.weekday()]}）", f"共{upcoming['days']}天"]
    else:
        # No break announced ahead: the next statutory day, by law.
        d = date
        while not api(d)["statutory"]:
            d += datetime.timedelta(days=1)
        expect["next-holiday"] += [f"{d.year}年放假安排尚未公布", f"{md(d)}（周{WEEKDAYS[d.weekday()]}）", "依法放假"]
    makeup = None
    for n in range(1, 15):
        d = date + datetime.timedelta(days=n)
        if api(d)["kind"] == "makeupWorkday" and not (n == 1 and tomorrow["kind"] == "makeupWorkday"):
            makeup = d
            break
    expect["makeup-line"] = [md(makeup), "补班"] if makeup else None
    return expect


def neighbour_badges(driver, output, day):
    """The neighbouring months' days of the home page's grid show the 休/班 badges of their days."""
    problems = []
    shown = driver.execute_script(
        "var g = document.querySelector('.home-month:not([hidden])'); if (!g) return null;"
        "var cells = Array.from(g.querySelectorAll('td.d')), first = cells.findIndex(function (c) { return !c.classList.contains('out'); });"
        "return [g.getAttribute('data-month'), cells.map(function (c, i) { var b = c.querySelector('.b');"
        "  return [c.classList.contains('out') ? (i < first ? -1 : 1) : 0, +c.querySelector('.n').textContent,"
        "          b && b.offsetParent !== null ? b.textContent : '']; })]")
    if not shown:
        return ["no month shown"]
    key, cells = shown
    month = datetime.date.fromisoformat(key + "-01")
    before = month - datetime.timedelta(days=1)
    after = (month + datetime.timedelta(days=32)).replace(day=1)
    for side, number, badge in cells:
        if side == 0:
            continue
        date = (before if side < 0 else after).replace(day=number)
        path = os.path.join(output, "api/days", date.isoformat() + ".json")
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8") as f:
            kind = json.load(f)["kind"]
        want = {"holiday": "休", "makeupWorkday": "班"}.get(kind, "")
        if badge != want:
            problems.append(f"the neighbouring day {date} shows badge {badge!r}, not {want!r}")
    return problems


def right_column(driver, output, day):
    """The holiday table beside the month shown is its year's, or at the year's end (no break of
    the year left) the coming year's once announced."""
    shown = driver.execute_script(
        "var g = document.querySelector('.home-month:not([hidden])');"
        "var t = Array.from(document.querySelectorAll('.home-periods')).filter(function (e) { return !e.hidden; });"
        "return [g && g.getAttribute('data-month'), t.map(function (e) { return +e.getAttribute('data-year'); })]")
    month, tables = shown
    year = int(month[:4])
    with open(os.path.join(output, "api/years.json"), encoding="utf-8") as f:
        announced = {y["year"]: y["announced"] for y in json.load(f)["years"]}
    with open(os.path.join(output, "api", f"{year}.json"), encoding="utf-8") as f:
        holidays = json.load(f)["holidays"]
    left = [h for h in holidays if h["end"] >= month + "-01"]
    want = year + 1 if not left and announced.get(year + 1) else year
    return [] if tables == [want] else [f"beside {month} the tables {tables} are shown, not {want}"]


def home_answers(calgen):
    """The bundled site built on each of ANSWER_DAYS and on EARLIER: each page, as built and as
    its script shows it on that day, says what the day API implies, the earlier build's script
    the same, in the site's time zone; its legend explains its grids' styles."""
    repository = str(sites.ROOT)
    problems, checked = [], 0
    with tempfile.TemporaryDirectory() as folder:
        builds = {}
        for day in ANSWER_DAYS + [EARLIER]:
            epoch = int(datetime.datetime.fromisoformat(day + "T04:00:00+00:00").timestamp())
            output = os.path.join(folder, day)
            environment = dict(os.environ, SOURCE_DATE_EPOCH=str(epoch))
            environment.setdefault("CALGEN_FEED_SECRET", "check-browser-secret-0123456789")
            builds[day] = (output, subprocess.Popen(
                [calgen, "build", "--quiet", "--content", os.path.join(repository, "Content"),
                 "--templates", os.path.join(repository, "Templates"), "--output", output],
                env=environment, stdout=subprocess.DEVNULL))
        failed = [day for day, (_, process) in builds.items() if process.wait() != 0]
        if failed:
            return 0, [f"home answers: calgen build on {day} failed" for day in failed]
        servers = {day: loopback.serve_folder(output) for day, (output, _) in builds.items()}
        driver = browser()
        try:
            for day in ANSWER_DAYS:
                y, m, d = int(day[:4]), int(day[5:7]), int(day[8:10])
                driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_CLOCK % (y, m - 1, d)})
                driver.set_window_size(390, 900)
                output = builds[day][0]
                data = home_data(output)
                zone = "北京时间" if data["timeZone"] == "Asia/Shanghai" else data["timeZone"]
                with open(os.path.join(output, "index.html"), encoding="utf-8") as f:
                    html = f.read()
                built = {}
                for key in ANSWERS + ["as-of"]:
                    found = re.search(rf'<p class="[^"]*" id="{key}"( hidden)?>(.*?)</p>', html)
                    built[key] = None if not found or found.group(1) else unescape(found.group(2))
                where = f"home page built on {day}"
                for key, pieces in answer_expectations(output, day).items():
                    if pieces is None and built[key] is not None:
                        problems.append(f"{where}: {key} says {built[key]!r}, expected nothing")
                    for piece in pieces or []:
                        if piece not in (built[key] or ""):
                            problems.append(f"{where}: {key} {built[key]!r} lacks {piece!r}")
                if zone not in (built["as-of"] or ""):
                    problems.append(f"{where}: the as-of line {built['as-of']!r} does not say {zone}")
                for source in [day, EARLIER]:
                    driver.get(f"http://127.0.0.1:{servers[source].server_port}/")
                    shown = home_lines(driver)
                    read = f"{where}, read by the script of the page built on {source}"
                    if [shown[k] for k in ANSWERS] != [built[k] for k in ANSWERS]:
                        problems.append(f"{read}: {[shown[k] for k in ANSWERS]} is not {[built[k] for k in ANSWERS]}")
                    if zone not in (shown["as-of"] or ""):
                        problems.append(f"{read}: the as-of line {shown['as-of']!r} does not say {zone}")
                    if source == day:
                        need, have = driver.execute_script(LEGEND_NEEDED)
                        if need != have:
                            problems.append(f"{read}: the legend has {have}, the grids draw {need}")
                        problems += [f"{read}: {p}" for p in neighbour_badges(driver, output, day)]
                        problems += [f"{read}: {p}" for p in right_column(driver, output, day)]
                    checked += 1
        finally:
            driver.quit()
            for server in servers.values():
                server.shutdown()
    return checked, problems

