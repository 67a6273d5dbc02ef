"""Checks calgen's iCalendar feeds with independent readers.

For each encoding (expanded, compact) it builds a copy of the content with every subscriber
switched to that encoding, plus one subscriber whose texts hold every character iCalendar
must escape, then:

- reads every feed of the output (every `.ics` below `feeds/`, whatever its kind; each public
  feed the site manifest lists and each subscriber's must be among them) byte by byte: CRLF
  line ends, at most 75 octets per line, no line that splits a UTF-8 sequence;
- parses every feed with Python `icalendar`: UIDs unique, DTSTAMP present, escaped texts
  round-trip unchanged and create no extra property;
- expands every reminder with `recurring-ical-events` over the feed's horizon and compares
  the dates and instants with what calgen's core computes (`calgen feeds --json
  --occurrences`), each local date-time placed in the subscriber's zone by `zoneinfo` as RFC
  5545 §3.3.5 says (a time the clocks skip read with the offset before the change, fold=0; a
  time they repeat, its first occurrence): exactly the same set, no duplicates, and each timed
  occurrence as long as its reminder says (15 minutes without a duration). Two subscribers,
  in New York and on the Chatham Islands, have weekly reminders at times their zones skip and
  repeat (02:30 and 01:30 on Sundays; 03:00, where Chatham changes at 02:45);
- recomputes every `workdays` and `makeup-eve` reminder from the raw holiday-cn files (and the
  subscriber's work schedule and leave, from the raw YAML), without calgen, and compares again;
- checks the public variants of the holiday feed (makeup, statutory, per year, per language)
  against the raw holiday-cn files and the day API (variants.py);
- recomputes every work schedule (schedules.py, every schedule switched to the
  encoding too) and compares the schedule API, each public schedule's feed and every
  `shift-start` reminder with it.

    python3 -m pytest checks/test_feeds.py --calgen CALGEN [--content CONTENT --templates TEMPLATES]
"""
import datetime as dt
import json
import os
import re
import shutil
import subprocess
import zoneinfo

import icalendar
import pytest
import recurring_ical_events
import yaml

from checks import holidays, schedules, sites, variants

TRICKY = {
    # One-line values refuse line breaks; a literal backslash-n must stay two characters.
    "title": 'Comma, semicolon; backslash \\ and \\nDTSTART:19700101T000000Z',
    "location": 'Room 1, Floor 2; "East" \\ wing',
    "description": "Line one\nLine two, with; specials\\\nDTSTART:19700101T000000Z",
}

def raw_checks(path, data, fail):
    if b"\n" in data.replace(b"\r\n", b""):
        fail(f"{path}: a line ends without CR")
    for number, line in enumerate(data.split(b"\r\n")[:-1], 1):
        if len(line) > 75:
            fail(f"{path}:{number}: {len(line)} octets")
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            fail(f"{path}:{number}: the line splits a UTF-8 sequence")


def unescape_text(value):
    """RFC 5545 TEXT unescaping (section 3.3.11), left to right: icalendar's unescape_char
    replaces sequence by sequence and so reads an escaped backslash before an n as a line break."""
    out, i = [], 0
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value):
            out.append("\n" if value[i + 1] in "nN" else value[i + 1])
            i += 2
        else:
            out.append(value[i])
            i += 1
    return "".join(out)


# Subscribers whose weekly reminders fall where the clocks change: 2025-03-09 and 2026-03-08 have
# no 02:30 in New York, 2025-11-02 and 2026-11-01 have 01:30 twice; 2025-09-28 and 2026-09-27 have
# no 03:00 on the Chatham Islands (+12:45 becomes +13:45 at 02:45), 2025-04-06 and 2026-04-05
# have it twice.
CLOCK_CHANGES = {
    "dst-new-york": ("America/New_York", [("gap", "02:30", "1h"), ("overlap", "01:30", "1h"), ("noon", "12:00", None)]),
    "dst-chatham": ("Pacific/Chatham", [("gap-overlap", "03:00", "30m"), ("before", "02:15", "1h")]),
}


def instant_key(value):
    """A timed occurrence as its UTC instant, an all-day one as its date."""
    if isinstance(value, dt.datetime):
        return value.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%MZ")
    return value.isoformat()


def expected_key(local, zone):
    """A computed local date-time placed by zoneinfo (fold=0: RFC 5545 §3.3.5), or a date."""
    if "T" not in local:
        return local
    naive = dt.datetime.strptime(local, "%Y-%m-%dT%H:%M")
    return instant_key(naive.replace(tzinfo=zoneinfo.ZoneInfo(zone), fold=0))


def minutes_of(text):
    """`1h30m`, `45m`, `2h` in minutes; 15 without a duration."""
    if not text:
        return 15
    match = re.fullmatch(r"(?:(\d+)h)?(?:(\d+)m)?", str(text))
    return int(match.group(1) or 0) * 60 + int(match.group(2) or 0)


def clock_change(local, zone):
    """Whether zoneinfo finds a local date-time skipped or repeated in the zone."""
    naive = dt.datetime.strptime(local, "%Y-%m-%dT%H:%M")
    first = naive.replace(tzinfo=zoneinfo.ZoneInfo(zone), fold=0)
    second = naive.replace(tzinfo=zoneinfo.ZoneInfo(zone), fold=1)
    return first.utcoffset() != second.utcoffset()


def holiday_rule(content):
    """Day status from the raw files: {date: is_off} and the announced years."""
    raw = holidays.read(os.path.join(content, "holidays"))
    return raw.off_days(), raw.announced_years()


def schedule_rule(content, subscriber):
    """Whether a subscriber works a date, by their schedule and leave, recomputed from the raw
    files by schedules.py: a function of (date, listed, announced) giving True (worked) or
    False (off or not known), and the schedule's pattern alone; None with neither key."""
    found = schedules.person(content, subscriber)
    if found is None:
        return None
    schedule, leave = found

    def worked(d, listed, announced):
        return schedule.day(d, leave)["work"] == "worked"

    def pattern(d):
        return schedule.decide(d)[0]

    return worked, pattern


def independent(kind, start, end, listed, announced, time, rule=None, weekends=False):
    """The dates of a workdays or makeup-eve reminder, computed from the raw data (and the
    subscriber's schedule and leave, `rule`, from `schedule_rule`)."""
    def workday(d):
        if d in listed:
            return not listed[d]
        return d.weekday() < 5

    result = []
    d = start
    while d <= end:
        n = d + dt.timedelta(days=1)
        if rule:
            worked, pattern = rule
            if kind == "workdays" and worked(d, listed, announced):
                result.append(d)
            if kind == "makeup-eve" and worked(n, listed, announced) and (not pattern(n) or (weekends and n.weekday() >= 5)):
                result.append(d)
        else:
            if kind == "workdays" and d.year in announced and workday(d):
                result.append(d)
            if kind == "makeup-eve":
                if n.year in announced and n.weekday() >= 5 and listed.get(n) is False:
                    result.append(d)
        d += dt.timedelta(days=1)
    return sorted(x.isoformat() + ("T" + time if time else "") for x in result)


def prepare(content, encoding, scratch):
    copy = os.path.join(scratch, f"content-{encoding}")
    shutil.copytree(content, copy)
    users = os.path.join(copy, "users")
    os.makedirs(users, exist_ok=True)
    for name in os.listdir(users):
        path = os.path.join(users, name)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if re.search(r"^encoding:", text, re.M):
            text = re.sub(r"^encoding:.*$", f"encoding: {encoding}", text, flags=re.M)
        else:
            text = f"encoding: {encoding}\n" + text
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    tricky = {
        "name": "Tricky, Name; \\", "calendar": TRICKY["title"], "timezone": "Europe/London", "encoding": encoding,
        "reminders": [
            {"id": "tricky", "kind": "workdays", "time": "07:15", "duration": "5m", **TRICKY},
            {"id": "tricky-day", "kind": "once", "date": "2026-06-01", "all-day": True, **TRICKY},
        ],
    }
    with open(os.path.join(users, "tricky.yml"), "w", encoding="utf-8") as f:
        yaml.safe_dump(tricky, f, allow_unicode=True)
    for id, (zone, reminders) in CLOCK_CHANGES.items():
        subscriber = {
            "name": id, "timezone": zone, "encoding": encoding,
            "reminders": [{"id": r, "kind": "weekly", "on": ["sun"], "time": time, "title": r.capitalize(),
                           **({"duration": duration} if duration else {})} for r, time, duration in reminders],
        }
        with open(os.path.join(users, f"{id}.yml"), "w", encoding="utf-8") as f:
            yaml.safe_dump(subscriber, f, allow_unicode=True)
    schedules = os.path.join(copy, "schedules")
    for name in os.listdir(schedules) if os.path.isdir(schedules) else []:
        path = os.path.join(schedules, name)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        text = re.sub(r"^encoding:.*\n", "", text, flags=re.M) + f"encoding: {encoding}\n"
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return copy


ENCODINGS = ("expanded", "compact")


@pytest.fixture(scope="module", params=ENCODINGS)
def built(request, calgen, content, templates, tmp_path_factory, monkeypatch_module):
    """The content with every subscriber and schedule in one encoding, built: (encoding, the
    content's copy, the output, the subscribers' feeds of `calgen feeds --json --occurrences`,
    the scratch folder)."""
    encoding = request.param
    scratch = str(tmp_path_factory.mktemp(f"feeds-{encoding}"))
    copy = prepare(content, encoding, scratch)
    output = os.path.join(scratch, f"public-{encoding}")
    env = sites.environment(env=dict(os.environ, CALGEN_FEED_SECRET="interoperability-check-secret-0123456789"))
    sites.build(calgen, output, copy, templates, env=env)
    feeds = json.loads(subprocess.run([calgen, "feeds", "--json", "--occurrences", "--content", copy],
                                      check=True, env=env, capture_output=True, text=True).stdout)
    # The schedules' feeds are listed too (`kind: schedule`); their files are checked from the output.
    feeds = [feed for feed in feeds if feed.get("kind", "subscriber") == "subscriber"]
    return encoding, copy, output, feeds, scratch


@pytest.fixture(scope="module")
def monkeypatch_module():
    """schedules.py works out the feed horizon from the build's time, SOURCE_DATE_EPOCH."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOURCE_DATE_EPOCH", str(sites.EPOCH))
        yield patch


def test_every_feed_parses(built, failures):
    """Every feed of the output, whatever its kind: a kind of feed calgen adds is read too. The
    site manifest's public feeds and the subscribers' (`calgen feeds --json`) must be among them."""
    encoding, copy, output, feeds, _ = built
    fail = failures.add
    counts = {"feeds": 0, "events": 0}
    paths = sorted(os.path.relpath(os.path.join(root, n), output).replace(os.sep, "/")
                   for root, _, names in os.walk(os.path.join(output, "feeds")) for n in names if n.endswith(".ics"))
    with open(os.path.join(output, "manifest.json"), encoding="utf-8") as f:
        public = [a["path"] for a in json.load(f)["artifacts"] if a["path"].startswith("feeds/") and a["path"].endswith(".ics")]
    missing = sorted(set(public + [feed["path"] for feed in feeds]) - set(paths))
    if missing:
        fail(f"{encoding}: feeds listed but not in the output: {missing}")
    # The public variants: every public feed beside holidays.ics and festivals.ics but the schedules'.
    public_variants = [p for p in public if p not in ("feeds/holidays.ics", "feeds/festivals.ics")
                and not p.startswith("feeds/schedules/")]
    for relative in paths:
        with open(os.path.join(output, relative), "rb") as f:
            data = f.read()
        raw_checks(relative, data, fail)
        calendar = icalendar.Calendar.from_ical(data)
        events = calendar.walk("VEVENT")
        counts["feeds"] += 1
        counts["events"] += len(events)
        uids = [str(e["UID"]) for e in events]
        if len(uids) != len(set(uids)):
            fail(f"{relative}: duplicate UIDs")
        for e in events:
            if "DTSTAMP" not in e:
                fail(f"{relative}: {e['UID']} has no DTSTAMP")
    failures.verify(f"{encoding}: {len(public_variants)} feed variants among {counts['feeds']} feeds, "
                    f"{counts['events']} events parsed")


def test_reminders_expand_as_computed(built, failures):
    """Every reminder expanded with recurring-ical-events against `calgen feeds --occurrences`
    as instants placed by zoneinfo; workdays and makeup-eve recomputed from the raw files."""
    encoding, copy, output, feeds, _ = built
    fail = failures.add
    listed, announced = holiday_rule(copy)
    kinds = {}
    rules = {}
    for name in os.listdir(os.path.join(copy, "users")):
        with open(os.path.join(copy, "users", name), encoding="utf-8") as f:
            data = yaml.safe_load(f)
        rules[name.rsplit(".", 1)[0]] = schedule_rule(copy, data)
        for r in data.get("reminders", []):
            kinds[(name.rsplit(".", 1)[0], r["id"])] = (r["kind"], r.get("time"), r.get("weekends", False),
                                                         r.get("duration"))
    counts = {"occurrences": 0}
    for feed in feeds:
        with open(os.path.join(output, feed["path"]), "rb") as f:
            calendar = icalendar.Calendar.from_ical(f.read())
        start = dt.date.fromisoformat(feed["from"])
        end = dt.date.fromisoformat(feed["through"]) + dt.timedelta(days=1)
        found = {}
        lengths = {}
        zone = feed["timezone"]
        for occurrence in recurring_ical_events.of(calendar).between(start, end):
            parts = str(occurrence["UID"]).split("@")[0].split(".")
            if len(parts) != 3:
                continue  # holidays and notes
            found.setdefault(parts[1], []).append(instant_key(occurrence["DTSTART"].dt))
        # Lengths from the events themselves (a rule's instances last as long as it): DTEND is an
        # instant in UTC. recurring-ical-events moves UTC times into X-WR-TIMEZONE and loses
        # which of a repeated hour's two passes an end is in (01:30 EST reads as 01:30 EDT), so
        # its occurrences' ends are not used.
        for event in calendar.walk("VEVENT"):
            parts = str(event["UID"]).split("@")[0].split(".")
            begins = event["DTSTART"].dt
            if len(parts) == 3 and isinstance(begins, dt.datetime):
                ends = event["DTEND"].dt
                seconds = (ends.astimezone(dt.UTC) - begins.astimezone(dt.UTC)).total_seconds()
                lengths.setdefault(parts[1], set()).add(int(seconds) // 60)
        for reminder, expected in feed["occurrences"].items():
            got = sorted(found.get(reminder, []))
            counts["occurrences"] += len(got)
            kind, time, weekends, duration = kinds[(feed["id"], reminder)]
            expected = sorted(expected_key(t, zone) for t in expected)
            if got != expected:
                missing = sorted(set(expected) - set(got))[:5]
                extra = sorted(set(got) - set(expected))[:5]
                fail(f"{encoding} {feed['id']}/{reminder}: {len(got)} occurrences in the feed, {len(expected)} computed; "
                     f"missing {missing}, extra {extra}")
            if time and lengths.get(reminder, {minutes_of(duration)}) != {minutes_of(duration)}:
                fail(f"{encoding} {feed['id']}/{reminder}: occurrences last {sorted(lengths[reminder])} minutes, "
                     f"not {minutes_of(duration)}")
            if feed["id"] in CLOCK_CHANGES:
                changes = [t for t in feed["occurrences"][reminder] if "T" in t and clock_change(t, zone)]
                counts["clock changes"] = counts.get("clock changes", 0) + len(changes)
            if kind in ("workdays", "makeup-eve"):
                expected = feed["occurrences"][reminder]
                raw = independent(kind, start, end - dt.timedelta(days=1), listed, announced, time, rules[feed["id"]],
                                  weekends)
                if raw != sorted(expected):
                    fail(f"{feed['id']}/{reminder}: differs from the rule computed from the raw holiday-cn files")
        if feed["id"] == "tricky":
            for e in calendar.walk("VEVENT"):
                for key in ("SUMMARY", "LOCATION", "DESCRIPTION"):
                    if str(e[key]) != TRICKY["title" if key == "SUMMARY" else key.lower()]:
                        fail(f"tricky: {key} did not round-trip: {str(e[key])!r}")
                names = {name for name, _ in e.property_items(recursive=False)}
                if "RRULE" not in names and len([1 for n, _ in e.property_items(recursive=False) if n == "DTSTART"]) != 1:
                    fail("tricky: a text created a second DTSTART")
            # Calendar-level NAME is not typed by icalendar: decode it as TEXT with icalendar's own reader.
            for key in ("NAME", "X-WR-CALNAME"):
                name = unescape_text(calendar[key].to_ical().decode())
                if name != TRICKY["title"]:
                    fail(f"tricky: the calendar's {key} did not round-trip: {name!r}")
    failures.verify(f"{encoding}: {counts['occurrences']} reminder occurrences expanded and compared as instants with "
                    f"zoneinfo's ({counts.get('clock changes', 0)} of them at a time the clocks skip or repeat)")


def test_festivals(built, failures):
    festivals_check(built[2], failures.add)
    failures.verify()


def test_variants(built, failures):
    """The public variants of the holiday feed against the raw files and the day API."""
    encoding, copy, output, _, _ = built
    figures = variants.check(copy, output, lambda message: failures.add(f"{encoding} {message}"))
    failures.verify(f"{encoding}: against the raw files and the day API: "
                    + ", ".join(f"{path.removeprefix('feeds/')} {n}" for path, n in figures.items()) + " events")


def test_khal(built, failures):
    encoding, copy, output, feeds, scratch = built
    client_check(output, feeds, copy, scratch, encoding, failures.add)
    failures.verify()


def test_schedules(built, schemas, failures):
    """Every work schedule recomputed from the YAML and the raw data: the schedule API, each
    public schedule's feed and every `shift-start` reminder."""
    encoding, copy, output, feeds, _ = built
    found = []
    schedule_counts = schedules.check(copy, output, schemas, found, api=encoding == "expanded")
    shifts = schedules.check_shift_reminders(copy, feeds, output, found)
    failures.extend(f"{encoding} {message}" for message in found)
    failures.verify(f"{encoding}: work schedules recomputed from the YAML and the raw data: {schedule_counts['days']} days "
                    f"of the schedule API, {schedule_counts['events']} events of {schedule_counts['feeds']} schedule feeds, "
                    f"{shifts} shift starts")


KHAL_CONFIG = """[calendars]
[[feed]]
path = {root}/calendar
[locale]
timeformat = %H:%M
dateformat = %Y-%m-%d
longdateformat = %Y-%m-%d
datetimeformat = %Y-%m-%d %H:%M
longdatetimeformat = %Y-%m-%d %H:%M
local_timezone = {zone}
default_timezone = {zone}
[sqlite]
path = {root}/khal.db
"""


def client_check(output, feeds, content, scratch, encoding, fail):
    """Imports each personal feed into khal, a real calendar client, and compares what it lists
    for October 2026 (a month with a holiday week and a make-up Saturday) with calgen's
    occurrences of the subscriber's workdays reminders."""
    if not shutil.which("khal"):
        print("khal not installed: client check skipped")
        return
    for feed in feeds:
        with open(os.path.join(content, "users", feed["id"] + ".yml"), encoding="utf-8") as f:
            reminders = yaml.safe_load(f).get("reminders", [])
        root = os.path.join(scratch, f"khal-{encoding}-{feed['id']}")
        os.makedirs(os.path.join(root, "calendar"))
        config = os.path.join(root, "config")
        with open(config, "w") as f:
            f.write(KHAL_CONFIG.format(root=root, zone=feed["timezone"]))
        result = subprocess.run(["khal", "-c", config, "import", "--batch", "-a", "feed", os.path.join(output, feed["path"])],
                                capture_output=True, text=True)
        if result.returncode != 0 or "error" in (result.stdout + result.stderr).lower():
            fail(f"khal could not import {feed['id']} ({encoding}): {result.stdout} {result.stderr}")
            continue
        listing = subprocess.run(["khal", "-c", config, "list", "--format", "{start} {title}", "--day-format", "",
                                  "2026-10-01", "2026-10-31"], capture_output=True, text=True, check=True).stdout
        for r in reminders:
            if r["kind"] != "workdays" or "time" not in r or "\n" in r["title"] or "\\" in r["title"]:
                continue
            expected = sorted(t.replace("T", " ") for t in feed["occurrences"][r["id"]] if t.startswith("2026-10"))
            got = sorted(line[:16] for line in listing.splitlines() if line.endswith(" " + r["title"]))
            if got != expected:
                fail(f"khal lists {feed['id']}/{r['id']} on {got}, calgen computed {expected}")
    print(f"{encoding}: khal imported {len(feeds)} personal feeds; October 2026 workday reminders as computed")


def festivals_check(output, fail):
    """feeds/festivals.ics holds exactly the festivals and solar terms the day API gives its days."""
    with open(os.path.join(output, "feeds/festivals.ics"), "rb") as f:
        calendar = icalendar.Calendar.from_ical(f.read())
    got = sorted((e["DTSTART"].dt, str(e["SUMMARY"])) for e in calendar.walk("VEVENT"))
    if not got:
        fail("feeds/festivals.ics has no events")
        return
    expected = []
    day = got[0][0].replace(month=1, day=1)
    last = got[-1][0].replace(month=12, day=31)
    while day <= last:
        path = os.path.join(output, "api", "days", f"{day.isoformat()}.json")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                entry = json.load(f)
            expected += [(day, name) for name in entry["festivals"]]
            if entry["solarTerm"] and not (entry["solarTerm"] == "清明" and "清明节" in entry["festivals"]):
                expected.append((day, entry["solarTerm"]))
        day += dt.timedelta(days=1)
    if got != sorted(expected):
        fail(f"feeds/festivals.ics: {len(got)} events, the day API gives {len(expected)}; "
             f"first difference {sorted(set(got) ^ set(expected))[:3]}")
    else:
        print(f"festivals.ics: {len(got)} festivals and solar terms, each on the day the day API gives")

