"""Pages read against what they describe, for test_browser.py.

- `private_pages`: every page beside a personal feed, as the browser shows it, against its own
  feed (expanded with recurring_ical_events), the subscriber's file and the day API: the advice
  about Apple's built-in holidays follows whether the feed holds the holidays; each reminder's
  words say how the feed rings it (a weekly reminder through the holidays or not, Saturdays only
  when worked, a schedule's days, each shift with its start); the leave is listed and rings no
  workday; a public schedule's page is linked;
- `variant_controls`: every feed address of the subscribe page, the variants under the
  disclosure included, has the controls that subscribe (webcal, Google Calendar with the webcal
  address, Outlook.com with the https one, the https address to copy), and each is a file of the
  build;
- `schedule_today`: each schedule's "today" page says, as built and as its script shows it on a
  later day, what the schedule API says of that day and of the weekend to come;
- `doc_print`: the subscribe page and the pages beside personal feeds print A4 portrait, on few
  sheets, with no text under 10 pt.
"""

import base64
import datetime
import glob
import html
import json
import os
import re
import subprocess
import tempfile
import urllib.parse

import icalendar
import recurring_ical_events
import yaml
from selenium.webdriver.common.by import By

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


def api_days(root):
    """Every day of the day API, by ISO date."""
    days = {}
    for path in glob.glob(os.path.join(root, "api", "[0-9][0-9][0-9][0-9].json")):
        with open(path, encoding="utf-8") as f:
            for day in json.load(f)["days"]:
                days[day["date"]] = day
    return days


def schedule_days(root, schedule):
    """A public schedule's days from its API, by ISO date."""
    days = {}
    for path in glob.glob(os.path.join(root, "api", "schedules", schedule, "*.json")):
        with open(path, encoding="utf-8") as f:
            for day in json.load(f)["days"]:
                days[day["date"]] = day
    return days


def feed_dates(path):
    """Each reminder's occurrences in a personal feed (`<id>.<reminder>.…` UIDs), as local
    (date, time or None), and whether the feed holds the public holidays and make-up days."""
    with open(path, "rb") as f:
        calendar = icalendar.Calendar.from_ical(f.read())
    subscriber = os.path.basename(path)[:-len(".ics")]
    by_reminder, holidays = {}, False
    events = recurring_ical_events.of(calendar).between(datetime.date(2024, 1, 1), datetime.date(2029, 1, 1))
    for event in events:
        uid = str(event.get("UID"))
        rest = uid[len(subscriber) + 1:] if uid.startswith(subscriber + ".") else ""
        if rest.startswith("holiday-") or re.match(r"makeup-\d{8}@", rest):
            holidays = True
            continue
        reminder = rest.split(".")[0]
        start = event.get("DTSTART").dt
        when = (start.date(), start.strftime("%H:%M")) if isinstance(start, datetime.datetime) else (start, None)
        by_reminder.setdefault(reminder, []).append(when)
    return by_reminder, holidays


READ_PRIVATE = """
var r = {advice: [], reminders: {}, leave: [], schedule: null};
document.querySelectorAll('.apple-advice').forEach(function (e) {
  if (e.offsetParent !== null) r.advice.push(e.getAttribute('data-advice')); });
document.querySelectorAll('ul.reminders > li').forEach(function (e) {
  var title = e.querySelector('strong').textContent;
  r.reminders[title] = e.textContent.slice(title.length); });
document.querySelectorAll('ul.leave > li').forEach(function (e) { r.leave.push(e.textContent); });
var link = document.querySelector('.schedule-link a');
if (link) r.schedule = link.getAttribute('href');
return r;
"""


def day_words(day, chinese):
    """`7月6日` / `6 Jul`: how the pages write a date in a range."""
    return f"{day.month}月{day.day}日" if chinese else f"{day.day} {day.strftime('%b')}"


def private_pages(driver, base, root):
    """Every page beside a personal feed against its own feed: (pages read, problems)."""
    problems, count = [], 0
    days = api_days(root)
    for page in sorted(glob.glob(os.path.join(root, "feeds", "*", "index.html"))):
        folder = os.path.dirname(page)
        feeds = [f for f in glob.glob(os.path.join(folder, "*.ics"))]
        users = [f for f in feeds if os.path.isfile(os.path.join(REPOSITORY, "Content", "users", os.path.basename(f)[:-4] + ".yml"))]
        if len(users) != 1:
            continue
        subscriber = os.path.basename(users[0])[:-4]
        with open(os.path.join(REPOSITORY, "Content", "users", subscriber + ".yml"), encoding="utf-8") as f:
            person = yaml.safe_load(f)
        by_reminder, holidays = feed_dates(users[0])
        driver.get(base + os.path.relpath(page, root).replace("index.html", ""))
        read = driver.execute_script(READ_PRIVATE)
        chinese = driver.execute_script("return document.documentElement.lang") == "zh-CN"
        where = f"page beside {subscriber}'s feed"
        count += 1
        # Apple's built-in holidays: keep one of the two, or keep Apple's when the feed has none.
        want = "keep-one" if holidays else "keep-apple"
        if read["advice"] != [want]:
            problems.append(f"{where}: advice {read['advice']}, but the feed {'holds' if holidays else 'lacks'} the holidays")
        schedule = None
        if person.get("schedule"):
            with open(os.path.join(REPOSITORY, "Content", "schedules", person["schedule"] + ".yml"), encoding="utf-8") as f:
                schedule = yaml.safe_load(f)
            if schedule.get("audience") == "public":
                if not read["schedule"] or not re.search(rf"schedules/{re.escape(person['schedule'])}/\d{{4}}/$", read["schedule"]):
                    problems.append(f"{where}: the schedule's page is not linked ({read['schedule']})")
        work_days = schedule_days(root, person["schedule"]) if schedule and schedule.get("audience") == "public" else {}
        # The leave: listed, and no workday reminder rings in it.
        leave = person.get("leave") or []
        if len(read["leave"]) != len(leave):
            problems.append(f"{where}: {len(read['leave'])} ranges of leave listed, the file has {len(leave)}")
        for entry, text in zip(leave, read["leave"], strict=False):  # a count that differs is reported above
            first, last = entry["from"], entry["to"]
            if day_words(first, chinese) not in text or day_words(last, chinese) not in text:
                problems.append(f"{where}: leave {first}–{last} reads {text!r}")
            for reminder in person["reminders"]:
                if reminder["kind"] in ("workdays", "shift-start"):
                    inside = [d for d, _ in by_reminder.get(reminder["id"], []) if first <= d <= last]
                    if inside:
                        problems.append(f"{where}: {reminder['id']} rings on leave: {inside[:3]}")
        for reminder in person["reminders"]:
            text = read["reminders"].get(reminder["title"])
            occurrences = by_reminder.get(reminder["id"], [])
            dates = sorted({d for d, _ in occurrences})
            label = f"{where}: {reminder['id']}"
            if text is None:
                problems.append(f"{label}: not described")
                continue
            kind = reminder["kind"]
            if kind == "weekly":
                if reminder.get("skip-off-days"):
                    if ("休息日不提醒" if chinese else "not on days off") not in text:
                        problems.append(f"{label}: skips days off but reads {text!r}")
                    off = [d for d in dates if str(d) in days and days[str(d)]["isOffDay"]]
                    if off:
                        problems.append(f"{label}: rings on days off {off[:3]}")
                    # PyYAML reads the key `on` as YAML 1.1's boolean.
                    chosen = reminder.get("on", reminder.get(True, []))
                    for weekend in ("sat", "sun"):
                        if weekend in chosen:
                            said = ("周六" if weekend == "sat" else "周日") + "只在补班时" if chinese else "only when a make-up workday"
                            if said not in text:
                                problems.append(f"{label}: rings on {weekend} only when worked, but reads {text!r}")
                else:
                    if ("节假日照常" if chinese else "holidays included") not in text:
                        problems.append(f"{label}: rings through holidays but reads {text!r}")
                    ringing = [d for d in dates if str(d) in days and days[str(d)]["kind"] == "holiday"]
                    if not ringing:
                        problems.append(f"{label}: says it rings through holidays, the feed has none on one")
            elif kind == "workdays" and schedule:
                if schedule["name"] not in text or ("每个工作日" in text):
                    problems.append(f"{label}: follows {schedule['name']} but reads {text!r}")
                not_worked = [d for d in dates if str(d) in work_days and not work_days[str(d)]["worked"]]
                if not_worked:
                    problems.append(f"{label}: rings on days the schedule is off: {not_worked[:3]}")
                saturdays = [d for d in dates if d.weekday() == 5 and str(d) in days and days[str(d)]["kind"] != "makeupWorkday"]
                if saturdays and not (("周六" in text) if chinese else ("Saturday" in text)):
                    problems.append(f"{label}: rings on Saturdays ({saturdays[:2]}) but does not say so: {text!r}")
            elif kind == "workdays" and person.get("timezone", "Asia/Shanghai") == "Asia/Shanghai":
                off = [d for d in dates if str(d) in days and days[str(d)]["isOffDay"]]
                if off:
                    problems.append(f"{label}: rings on days off {off[:3]}")
                if ("每个工作日" if chinese else "Every workday") not in text:
                    problems.append(f"{label}: reads {text!r}")
            elif kind == "shift-start" and schedule:
                starts = {name: shift["start"] for name, shift in schedule.get("shifts", {}).items()}
                for name, start in starts.items():
                    if f"{name} {start}" not in text:
                        problems.append(f"{label}: shift {name} at {start} not said: {text!r}")
                # An alarm before the shift: the event starts at a shift's start.
                times = {t for _, t in occurrences}
                if not times <= set(starts.values()):
                    problems.append(f"{label}: the feed's times {sorted(times - set(starts.values()))} are no shift's start")
            if not dates and kind in ("workdays", "weekly", "shift-start"):
                problems.append(f"{label}: no occurrence in the feed")
    return count, problems


def variant_controls(driver, base, root):
    """Every feed address of the subscribe page with the controls that subscribe: (addresses, problems)."""
    problems = []
    driver.get(base + "subscribe/")
    boxes = driver.find_elements(By.CSS_SELECTOR, ".feed-address, .variant-address")
    for box in boxes:
        https = box.find_element(By.CSS_SELECTOR, "input.url").get_attribute("value")
        webcal = "webcal://" + https.split("://", 1)[1]
        links = [a.get_attribute("href") for a in box.find_elements(By.CSS_SELECTOR, ".feed-links a")]
        google = [urllib.parse.parse_qs(urllib.parse.urlsplit(h).query).get("cid") for h in links
                  if h.startswith("https://calendar.google.com/")]
        outlook = [urllib.parse.parse_qs(urllib.parse.urlsplit(h).query).get("url") for h in links
                   if h.startswith("https://outlook.live.com/")]
        if webcal not in links or google != [[webcal]] or outlook != [[https]]:
            problems.append(f"/subscribe/: {https} lacks a control: {links}")
        if box.find_elements(By.CSS_SELECTOR, "button.copy") == []:
            problems.append(f"/subscribe/: {https} has no copy button")
        path = urllib.parse.urlsplit(https).path.lstrip("/")
        if not os.path.isfile(os.path.join(root, path)):
            problems.append(f"/subscribe/: {https} is no file of the build")
        # No plain https link that downloads the file once, outside the one labelled so.
        if any(h == https for h in links):
            problems.append(f"/subscribe/: {https} is a plain https link")
    variants = driver.find_elements(By.CSS_SELECTOR, "details.variants .variant-address")
    if len(variants) < 10:
        problems.append(f"/subscribe/: {len(variants)} variant addresses under the disclosure")
    first = driver.execute_script(
        "var c = document.querySelector('.chooser'); return c ? c.querySelectorAll('li').length : 0")
    order = driver.execute_script(
        "var m = document.querySelector('main'), c = m.querySelector('.chooser'), f = m.querySelector('.feed-addresses');"
        "return !!c && !!f && (c.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0")
    if first != 2 or not order:
        problems.append(f"/subscribe/: the two-line chooser does not come first ({first} lines)")
    return len(boxes), problems


def schedule_today(driver, base, root, fake_clock):
    """Each schedule's today page, as built and on a later day by its script: (views, problems)."""
    problems, views = [], 0
    index = os.path.join(root, "schedules", "index.html")
    if not os.path.isfile(index):
        return 0, []
    with open(index, encoding="utf-8") as f:
        page_text = f.read()
    start = page_text.index('<script type="application/json" id="schedule-data">') + len('<script type="application/json" id="schedule-data">')
    data = json.loads(page_text[start:page_text.index("</script>", start)])
    built = datetime.date.fromisoformat(data["built"])
    words = {"worked": "上班", "off": "休息", "unknown": "待定"}
    def as_built(page):
        """The answers as the page says them without its script."""
        with open(os.path.join(root, page, "index.html"), encoding="utf-8") as f:
            text = f.read()
        return [[m.group(1), html.unescape(m.group(2)), html.unescape(m.group(3))] for m in re.finditer(
            r'<div class="schedule-answer" data-schedule="([^"]+)">[\s\S]*?<p class="today-line">(.*?)</p>\n'
            r'<p class="weekend-line">(.*?)</p>', text)]

    later_day = built + datetime.timedelta(days=9)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                           {"source": fake_clock % (later_day.year, later_day.month - 1, later_day.day)})
    for later in [False, True]:
        day = later_day if later else built
        for page in ["schedules/"] + [f"schedules/{s}/" for s in data["days"]]:
            views += 1
            if later:
                driver.get(base + page)
                shown = driver.execute_script(
                    "return Array.from(document.querySelectorAll('.schedule-answer')).map(function (b) {"
                    "  return [b.getAttribute('data-schedule'), b.querySelector('.today-line').textContent,"
                    "          b.querySelector('.weekend-line').textContent]; })")
            else:
                shown = as_built(page)
            if not shown:
                problems.append(f"/{page}: no answer")
            for schedule, today, weekend in shown:
                api = schedule_days(root, schedule)
                facts = api.get(day.isoformat())
                where = f"/{page} on {day} ({'by its script' if later else 'as built'})"
                if facts is None:
                    continue
                word = "上半天" if facts["halfDay"] and facts["work"] == "worked" else words[facts["work"]]
                if f"今天 {day.month}月{day.day}日" not in today or f" {word}" not in today:
                    problems.append(f"{where}: {schedule} says {today!r}, the API {facts['work']}")
                # The Saturday and Sunday to come.
                saturday = day + datetime.timedelta(days=(5 - day.weekday()) % 7 if day.weekday() != 6 else 6)
                for d in [saturday, saturday + datetime.timedelta(days=1)]:
                    if d <= day or d.isoformat() not in api:
                        continue
                    f2 = api[d.isoformat()]
                    w2 = "上半天" if f2["halfDay"] and f2["work"] == "worked" else words[f2["work"]]
                    if f"{d.month}月{d.day}日 {w2}" not in weekend:
                        problems.append(f"{where}: {schedule}'s weekend {weekend!r} lacks {d} {w2}")
    return views, problems


def doc_print(driver, base, pages):
    """The subscribe page and the pages beside personal feeds printed: A4 portrait, at most three
    sheets, no visible text under 10 pt. Returns (sheets by page, problems)."""
    problems, sheets = [], {}
    for n, page in enumerate(pages):
        driver.get(base + page)
        pdf = base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF", {"preferCSSPageSize": True, "printBackground": True})["data"])
        with tempfile.NamedTemporaryFile(suffix=".pdf") as f:
            f.write(pdf)
            f.flush()
            info = subprocess.run(["pdfinfo", f.name], capture_output=True, text=True, check=True).stdout
        count = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
        width, height = map(float, re.search(r"^Page size:\s+([\d.]+) x ([\d.]+)", info, re.M).groups())
        # A personal page's folder is secret: numbered in the log.
        shown = re.sub(r"^feeds/[^/]+/", f"feeds/…{n}/", page)
        sheets[shown] = count
        if width > height:
            problems.append(f"/{shown} printed: {width:.0f}×{height:.0f} pt, not A4 portrait")
        if count > 3:
            problems.append(f"/{shown} printed: {count} sheets")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        small = driver.execute_script(
            "return Array.from(document.querySelectorAll('main p, main li, main h1, main h2, main h3, main figcaption, main td'))"
            ".filter(function (e) { return e.offsetParent !== null && e.textContent.trim() &&"
            "  parseFloat(getComputedStyle(e).fontSize) < 13.3; })"
            ".map(function (e) { return e.tagName + '.' + e.className + ' ' + getComputedStyle(e).fontSize; })")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        if small:
            problems.append(f"/{shown} printed: text under 10 pt: {small[:3]}")
    return sheets, problems
