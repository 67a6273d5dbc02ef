"""Reads calgen's feeds with four independent iCalendar implementations and checks every timed
event's instant against Python's `zoneinfo`.

It builds a copy of the content with one extra subscriber per time zone in ZONES (a weekly
reminder and the evening before each make-up workday, ten years back), then reads every feed,
public and personal, with:

- libical 3 (Debian's, through GObject introspection): the parser's `X-LIC-ERROR`s and
  `check_restrictions` (the rule that a METHOD:PUBLISH event needs an ORGANIZER is accepted:
  published feeds have no organizer);
- vobject with `validate=True`;
- Ruby `icalendar` (Debian's ruby-icalendar, with ice_cube for the time zone rules);
- Python `icalendar`;
- KDE's KCalendarCore 5 (`checks/kcalendarcore_instants.cpp`, compiled here), which matches each
  VTIMEZONE to a system zone by its rules.

For the instants every TZID is renamed to one no implementation knows, so each must use the
feed's own VTIMEZONE; every timed DTSTART and DTEND then has to be the UTC instant `zoneinfo`
gives for its local time in the real zone (or the UTC instant it is written as).

Four more subscribers, in New York and on the Chatham Islands, each expanded and compact, have
weekly reminders at times their zones skip or repeat (02:30 and 01:30 on Sundays in New York;
03:00 on Chatham, whose clocks change at 02:45). Every occurrence calgen computes for them
(`calgen feeds --json --occurrences`) must start at the instant zoneinfo gives its local time with
fold=0, which is RFC 5545 §3.3.5's (a skipped time read with the offset before the change, a
repeated one at its first occurrence), and end its duration later: each event of the expanded
feeds read by every implementation, and every instance of the compact feeds expanded by vobject
(dateutil) and KCalendarCore, their EXDATEs applied. Prints a matrix of feed × implementation.

    python3 -m pytest checks/test_interop.py --calgen CALGEN [--content CONTENT --templates TEMPLATES]
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
import vobject
import yaml

from checks import sites

ZONES = [
    "America/New_York", "Europe/Berlin", "Australia/Sydney", "America/Sao_Paulo", "Asia/Tehran",
    "Pacific/Chatham", "America/St_Johns", "Asia/Jerusalem", "Europe/Dublin",
]

LIBICAL = r'''
import json, sys
import gi
gi.require_version("ICalGLib", "3.0")
from gi.repository import ICalGLib as I
text = sys.stdin.read()
root = I.Component.new_from_string(text)
def errors(component):
    found = []
    p = component.get_first_property(I.PropertyKind.XLICERROR_PROPERTY)
    while p is not None:
        found.append(p.get_xlicerror())
        p = component.get_next_property(I.PropertyKind.XLICERROR_PROPERTY)
    sub = component.get_first_component(I.ComponentKind.ANY_COMPONENT)
    while sub is not None:
        found += errors(sub)
        sub = component.get_next_component(I.ComponentKind.ANY_COMPONENT)
    return found
parse_errors = errors(root)
instants = {}
def seconds(t):
    zone = t.get_timezone()
    return t.as_timet_with_zone(zone) if zone is not None else t.as_timet()
event = root.get_first_component(I.ComponentKind.VEVENT_COMPONENT)
while event is not None:
    start = event.get_dtstart()
    if not start.is_date() and (start.get_timezone() is not None or start.is_utc()):
        instants[event.get_uid()] = [seconds(start), seconds(event.get_dtend())]
    event = root.get_next_component(I.ComponentKind.VEVENT_COMPONENT)
root.check_restrictions()
restriction_errors = [e for e in errors(root) if e not in parse_errors]
print(json.dumps({"parse": parse_errors, "restrictions": restriction_errors, "instants": instants}))
'''

RUBY = r'''
require "stringio"
require "icalendar"
require "json"
cal = Icalendar::Calendar.parse(STDIN.read).first
zones = {}
cal.timezones.each { |tz| zones[tz.tzid.to_s] = tz }
instants = {}
seconds = lambda do |v|
  tzid = v.ical_params["tzid"]
  raw = v.value_ical.to_s
  local = Time.utc(raw[0, 4].to_i, raw[4, 2].to_i, raw[6, 2].to_i, raw[9, 2].to_i, raw[11, 2].to_i, raw[13, 2].to_i)
  next local.to_i if raw.end_with?("Z") # a UTC time (which ruby-icalendar gives the tzid "UTC")
  next nil if tzid.nil?
  offset = zones[Array(tzid).first.to_s].offset_for_local(local)
  o = offset.value_ical.to_s # +0100, -0330
  local.to_i - (o[0] == "-" ? -1 : 1) * (o[1, 2].to_i * 3600 + o[3, 2].to_i * 60)
end
cal.events.each do |e|
  v = e.dtstart
  next unless v.is_a?(Icalendar::Values::DateTime)
  start = seconds.call(v)
  next if start.nil?
  instants[e.uid.to_s] = [start, e.dtend.nil? ? nil : seconds.call(e.dtend)]
end
puts JSON.generate({"events" => cal.events.size, "instants" => instants})
'''


# Weekly Sunday reminders at times the zone skips or repeats: (id, time, minutes).
CLOCK_CHANGES = {
    "America/New_York": [("gap", "02:30", 60), ("overlap", "01:30", 60), ("noon", "12:00", 15)],
    "Pacific/Chatham": [("gap-overlap", "03:00", 30), ("early", "02:15", 60)],
}


def clock_subscribers():
    """(id, zone, encoding, reminders) of the subscribers at times the clocks skip or repeat."""
    for n, (zone, reminders) in enumerate(CLOCK_CHANGES.items()):
        for encoding in ("expanded", "compact"):
            yield f"clock-{n}-{encoding}", zone, encoding, reminders


def build(calgen, content, templates, scratch):
    copy = os.path.join(scratch, "content")
    shutil.copytree(content, copy)
    for id, zone, encoding, reminders in clock_subscribers():
        subscriber = {
            "name": id, "timezone": zone, "encoding": encoding, "years-before": 2,
            "reminders": [{"id": r, "kind": "weekly", "on": ["sun"], "time": time, "duration": f"{minutes}m",
                           "title": r} for r, time, minutes in reminders],
        }
        with open(os.path.join(copy, "users", f"{id}.yml"), "w", encoding="utf-8") as f:
            yaml.safe_dump(subscriber, f, allow_unicode=True)
    for i, zone in enumerate(ZONES):
        subscriber = {
            "name": zone, "timezone": zone, "years-before": 10, "holidays": True,
            "reminders": [
                {"id": "weekly", "kind": "weekly", "on": ["mon", "thu"], "time": "09:30", "title": "Weekly"},
                {"id": "eve", "kind": "makeup-eve", "time": "21:00", "title": "Eve"},
            ],
        }
        with open(os.path.join(copy, "users", f"zone-{i}.yml"), "w", encoding="utf-8") as f:
            yaml.safe_dump(subscriber, f, allow_unicode=True)
    output = os.path.join(scratch, "public")
    env = sites.environment(env=dict(os.environ, CALGEN_FEED_SECRET="check-interop-secret-0123456789"))
    # The zone subscribers' ten years pass the Google size threshold: the warnings are expected.
    sites.build(calgen, output, copy, templates, env=env)
    feeds = []
    for root, _, names in os.walk(os.path.join(output, "feeds")):
        feeds += [os.path.join(root, n) for n in names if n.endswith(".ics")]
    listing = subprocess.run([calgen, "feeds", "--json", "--occurrences", "--content", copy], env=env, check=True,
                             capture_output=True, text=True).stdout
    occurrences = {entry["id"]: entry for entry in json.loads(listing)}
    return sorted(feeds), occurrences, output


def renamed(text, feed):
    """The feed unfolded, with every TZID replaced by a name no implementation knows (and no
    other feed uses: vobject and icalendar keep the zones they read for the whole process)."""
    text = text.replace("\r\n ", "")
    names = {}

    def rename(match):
        names.setdefault(match.group(2), f"Calgen-Test-Zone-{feed}-{len(names)}")
        return match.group(1) + names[match.group(2)]

    text = re.sub(r"(TZID[:=])([^:;\r\n]+)", rename, text)
    return text, {v: k for k, v in names.items()}


def expected_instants(text, real_names):
    """uid → [start, end]: the UTC instants zoneinfo gives each timed DTSTART and DTEND with a
    TZID, or the UTC instants they are written as."""
    result = {}
    uid = None
    for line in text.split("\r\n"):
        if line.startswith("UID:"):
            uid = line[4:]
        match = re.match(r"(DTSTART|DTEND)(?:;TZID=([^:;]+))?:(\d{8}T\d{6})(Z?)$", line)
        if match and uid and (match.group(2) or match.group(4)):
            local = dt.datetime.strptime(match.group(3), "%Y%m%dT%H%M%S")
            zone = zoneinfo.ZoneInfo(real_names[match.group(2)]) if match.group(2) else dt.UTC
            instant = int(local.replace(tzinfo=zone).timestamp())
            if match.group(1) == "DTSTART":
                result[uid] = [instant, None]
            elif uid in result:
                result[uid][1] = instant
    return result


def intended(occurrences, zone, minutes):
    """[start, end] instants of local date-times by zoneinfo, fold=0 (RFC 5545 §3.3.5)."""
    result = []
    for local in occurrences:
        naive = dt.datetime.strptime(local, "%Y-%m-%dT%H:%M")
        start = int(naive.replace(tzinfo=zoneinfo.ZoneInfo(zone), fold=0).timestamp())
        result.append([start, start + minutes * 60])
    return result


def skipped_or_repeated(local, zone):
    naive = dt.datetime.strptime(local, "%Y-%m-%dT%H:%M")
    return (naive.replace(tzinfo=zoneinfo.ZoneInfo(zone), fold=0).utcoffset()
            != naive.replace(tzinfo=zoneinfo.ZoneInfo(zone), fold=1).utcoffset())


RUBY_LIMITATION = "comparison of IceCube::Occurrence with nil failed"


def kcalendarcore(scratch):
    """The compiled KCalendarCore reader, or None with the reason."""
    here = os.path.dirname(os.path.abspath(__file__))
    binary = os.path.join(scratch, "kcalendarcore_instants")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "Qt5Core", "Qt5Gui"], capture_output=True, text=True)
    if flags.returncode != 0:
        return None, "Qt 5 not installed"
    result = subprocess.run(
        ["c++", "-std=c++17", "-fPIC", os.path.join(here, "kcalendarcore_instants.cpp"), "-o", binary,
         "-I/usr/include/KF5/KCalendarCore", *flags.stdout.split(), "-lKF5CalendarCore"],
        capture_output=True, text=True)
    if result.returncode != 0:
        return None, result.stderr.strip()[-300:]
    return binary, None


def check_clock_changes(id, feed, expected, text, vtext, kcal_path, counts):
    """The occurrences calgen computes for a clock-change subscriber against the feed: each
    event (expanded) or each instance of its rules (compact) at zoneinfo's instant."""
    failures = []
    zone = feed["timezone"]
    minutes = {r: m for r, _, m in CLOCK_CHANGES[zone]}
    wanted = {}
    for reminder, times in feed["occurrences"].items():
        counts["changes"] += sum(1 for t in times if skipped_or_repeated(t, zone))
        for t, instants in zip(times, intended(times, zone, minutes[reminder]), strict=True):
            wanted[(reminder, t[:10].replace("-", ""))] = instants
    if feed["encoding"] == "expanded":
        # `expected` is what the feed says (zoneinfo for TZID times): every reader matched it.
        for (reminder, day), instants in wanted.items():
            uid = next((u for u in expected if u.startswith(f"{id}.{reminder}.{day}@")), None)
            counts["events"] += 1
            if uid is None or expected[uid] != instants:
                failures.append(f"{id}: {reminder} on {day} is {expected.get(uid)}, zoneinfo gives {instants}")
        return failures
    by_reminder = {}
    for (reminder, _), instants in wanted.items():
        by_reminder.setdefault(reminder, []).append(instants)
    readers = {}
    if vtext is not None:
        found = {}
        lo = dt.datetime(2020, 1, 1, tzinfo=dt.UTC)
        hi = dt.datetime(2031, 1, 1, tzinfo=dt.UTC)
        for event in vtext.vevent_list:
            start = event.dtstart.value
            if not isinstance(start, dt.datetime):
                continue
            length = int(event.dtend.value.timestamp()) - int(start.timestamp())
            rules = event.getrruleset(addRDate=True)
            times = [start] if rules is None else list(rules.between(lo, hi, inc=True))
            reminder = event.uid.value.split("@")[0].split(".")[1]
            found.setdefault(reminder, []).extend([int(t.timestamp()), int(t.timestamp()) + length] for t in times)
        readers["vobject"] = found
    if kcal_path:
        out = subprocess.run([kcal_path[0], kcal_path[1], "expand"], capture_output=True, text=True)
        found = {}
        for line in out.stdout.splitlines():
            uid, start, end = line.split(" ")
            found.setdefault(uid.split("@")[0].split(".")[1], []).append([int(start), int(end)])
        readers["KCalendarCore"] = found
    for reader, found in readers.items():
        for reminder, instants in by_reminder.items():
            got = sorted(found.get(reminder, []))
            counts["instances"] += len(got)
            if got != sorted(instants):
                extra = [x for x in got if x not in instants][:3]
                missing = [x for x in instants if x not in got][:3]
                failures.append(f"{id}: {reader} expands {reminder} to {len(got)} instances, zoneinfo gives "
                                f"{len(instants)}: extra {extra}, missing {missing}")
    return failures


def several_sections(text):
    """Whether some VTIMEZONE has more than one STANDARD or more than one DAYLIGHT section."""
    for block in text.split("BEGIN:VTIMEZONE")[1:]:
        block = block.split("END:VTIMEZONE")[0]
        if block.count("BEGIN:STANDARD") > 1 or block.count("BEGIN:DAYLIGHT") > 1:
            return True
    return False


def compare(name, got, expected):
    wrong = [uid for uid, t in expected.items() if got.get(uid) != t]
    return wrong


class Feed:
    """One feed of the build: its text as written, its text with every TZID renamed (and the
    real zones by the new names), and the instants zoneinfo gives its timed events."""

    def __init__(self, number, path):
        self.number, self.path = number, path
        with open(path, encoding="utf-8", newline="") as f:
            self.original = f.read()
        self.text, self.real = renamed(self.original, number)
        self.expected = expected_instants(self.text, self.real)
        self.label = os.path.basename(path)


@pytest.fixture(scope="module")
def build_result(calgen, content, templates, tmp_path_factory):
    """The content with the zone and clock-change subscribers, built: (feeds, the occurrences
    of `calgen feeds --json --occurrences` by subscriber, the output, the scratch folder)."""
    scratch = str(tmp_path_factory.mktemp("interop"))
    paths, occurrences, output = build(calgen, content, templates, scratch)
    return [Feed(n, p) for n, p in enumerate(paths)], occurrences, output, scratch


@pytest.fixture(scope="module")
def feeds(build_result):
    return build_result[0]


@pytest.fixture(scope="module")
def matrix(feeds):
    """{feed label: {implementation: what it made of the feed}}, printed as a table at the end."""
    rows = {feed.label: {} for feed in feeds}
    yield rows
    print("\n| feed | zones | libical 3 (errors, instants) | vobject | Ruby icalendar | Python icalendar | KCalendarCore 5 |")
    print("|---|---|---|---|---|---|---|")
    for feed in sorted(feeds, key=lambda f: f.label):
        cells = rows[feed.label]
        zones = ", ".join(sorted(set(feed.real.values()))) or "—"
        print(f"| {feed.label} | {zones} | {cells.get('libical')} | {cells.get('vobject')} | {cells.get('ruby')} | "
              f"{cells.get('icalendar')} | {cells.get('kcal')} |")
    print(f"interoperability: {len(rows)} feeds × 5 implementations")


@pytest.fixture(scope="module")
def kcal(build_result):
    """The compiled KCalendarCore reader."""
    binary, why = kcalendarcore(build_result[3])
    if binary is None:
        pytest.fail(f"KCalendarCore: {why}", pytrace=False)
    return binary


def renamed_file(feed, scratch):
    """The feed with its TZIDs renamed, written to a file (for KCalendarCore)."""
    path = os.path.join(scratch, f"renamed-{feed.number}.ics")
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(feed.text)
    return path


def test_libical(feeds, matrix, failures):
    for feed in feeds:
        label, expected, cells = feed.label, feed.expected, matrix[feed.label]
        out = subprocess.run(["/usr/bin/python3", "-c", LIBICAL], input=feed.original, capture_output=True, text=True)
        if out.returncode != 0:
            failures.add(f"{label}: libical: {out.stderr.strip()[-300:]}")
            cells["libical"] = "crash"
            continue
        report = json.loads(out.stdout)
        restrictions = [e for e in report["restrictions"] if "ORGANIZER" not in e]
        for e in report["parse"] + restrictions:
            failures.add(f"{label}: libical: {e}")
        timed = subprocess.run(["/usr/bin/python3", "-c", LIBICAL], input=feed.text, capture_output=True, text=True)
        instants = json.loads(timed.stdout)["instants"] if timed.returncode == 0 else {}
        wrong = compare("libical", instants, expected)
        failures.extend(f"{label}: libical: {uid} at the wrong instant" for uid in wrong[:5])
        accepted = len(report["restrictions"]) - len(restrictions)
        cells["libical"] = (f"{len(report['parse']) + len(restrictions)} errors ({accepted} ORGANIZER accepted), "
                            f"{len(expected) - len(wrong)}/{len(expected)} instants")
    failures.verify(f"libical: {len(feeds)} feeds")


def test_vobject(feeds, matrix, failures):
    for feed in feeds:
        label, expected, cells = feed.label, feed.expected, matrix[feed.label]
        try:
            calendar = vobject.readOne(feed.original, validate=True)
            vtext = vobject.readOne(feed.text, validate=True)
            instants = {}
            for event in vtext.vevent_list:
                start = event.dtstart.value
                if isinstance(start, dt.datetime) and start.tzinfo is not None:
                    instants[event.uid.value] = [int(start.timestamp()), int(event.dtend.value.timestamp())]
            wrong = compare("vobject", instants, expected)
            failures.extend(f"{label}: vobject: {uid} at the wrong instant" for uid in wrong[:5])
            cells["vobject"] = f"{len(calendar.vevent_list)} events, {len(expected) - len(wrong)}/{len(expected)} instants"
        except Exception as error:  # noqa: BLE001 - any failure to read is the finding
            failures.add(f"{label}: vobject: {type(error).__name__}: {error}")
            cells["vobject"] = "error"
    failures.verify(f"vobject: {len(feeds)} feeds")


def test_ruby_icalendar(feeds, matrix, failures):
    limitations = []
    for feed in feeds:
        label, expected, cells = feed.label, feed.expected, matrix[feed.label]
        out = subprocess.run(["ruby", "-e", RUBY], input=feed.text, capture_output=True, text=True,
                             env=dict(os.environ, TZ="UTC"))
        if out.returncode != 0 and RUBY_LIMITATION in out.stderr and several_sections(feed.text):
            # ruby-icalendar 2.8 compares a nil "previous change" for a section that starts
            # after the event (timezone.rb:111): any zone whose rule changed within the feed's
            # years, which needs a section per rule. A known limitation, not a calgen error.
            limitations.append(label)
            cells["ruby"] = "limitation: a zone with several rules"
        elif out.returncode != 0:
            failures.add(f"{label}: ruby icalendar: {out.stderr.strip()[:300]}")
            cells["ruby"] = "error"
        else:
            report = json.loads(out.stdout)
            wrong = compare("ruby", report["instants"], expected)
            failures.extend(f"{label}: ruby icalendar: {uid} at the wrong instant" for uid in wrong[:5])
            cells["ruby"] = f"{report['events']} events, {len(expected) - len(wrong)}/{len(expected)} instants"
    if limitations:
        print(f"ruby-icalendar 2.8 cannot read zones with several rules (timezone.rb:111): {', '.join(limitations)}")
    failures.verify(f"Ruby icalendar: {len(feeds)} feeds")


def python_icalendar_instants(calendar):
    """{UID: [start, end]} of the timed events, each TZID read from the feed's own VTIMEZONE."""
    zones = {str(tz["TZID"]): tz.to_tz() for tz in calendar.walk("VTIMEZONE")}

    def seconds(prop):
        tzid = prop.params.get("TZID")
        if tzid:
            return int(prop.dt.replace(tzinfo=None).replace(tzinfo=zones[tzid]).timestamp())
        return int(prop.dt.timestamp())

    instants = {}
    for event in calendar.walk("VEVENT"):
        prop = event["DTSTART"]
        if isinstance(prop.dt, dt.datetime) and (prop.params.get("TZID") or prop.dt.tzinfo is not None):
            instants[str(event["UID"])] = [seconds(prop), seconds(event["DTEND"])]
    return instants


def test_python_icalendar(feeds, matrix, failures):
    for feed in feeds:
        label, expected, cells = feed.label, feed.expected, matrix[feed.label]
        try:
            calendar = icalendar.Calendar.from_ical(feed.text)
            wrong = compare("icalendar", python_icalendar_instants(calendar), expected)
            failures.extend(f"{label}: python icalendar: {uid} at the wrong instant" for uid in wrong[:5])
            cells["icalendar"] = f"{len(calendar.walk('VEVENT'))} events, {len(expected) - len(wrong)}/{len(expected)} instants"
        except Exception as error:  # noqa: BLE001
            failures.add(f"{label}: python icalendar: {type(error).__name__}: {error}")
            cells["icalendar"] = "error"
    failures.verify(f"Python icalendar: {len(feeds)} feeds")


def test_kcalendarcore(feeds, matrix, kcal, build_result, failures):
    for feed in feeds:
        label, expected, cells = feed.label, feed.expected, matrix[feed.label]
        out = subprocess.run([kcal, renamed_file(feed, build_result[3])], capture_output=True, text=True)
        if out.returncode != 0:
            failures.add(f"{label}: KCalendarCore: {out.stderr.strip()[:300]}")
            cells["kcal"] = "error"
            continue
        instants = {}
        for line in out.stdout.splitlines():
            uid, start, end, _ = line.split(" ", 3)
            instants[uid] = [int(start), int(end)]
        wrong = compare("kcal", instants, expected)
        failures.extend(f"{label}: KCalendarCore: {uid} at the wrong instant" for uid in wrong[:5])
        count = re.findall(r"^(\d+) events$", out.stderr, re.M)
        cells["kcal"] = f"{count[-1] if count else '?'} events, {len(expected) - len(wrong)}/{len(expected)} instants"
    failures.verify(f"KCalendarCore: {len(feeds)} feeds")


def test_clock_changes(feeds, build_result, kcal, failures):
    """The New York and Chatham subscribers' occurrences at times the clocks skip or repeat."""
    _, occurrences, output, scratch = build_result
    clock_compared = {"events": 0, "instances": 0, "changes": 0}
    clock_paths = {os.path.join(output, occurrences[id]["path"]): id for id, *_ in clock_subscribers()}
    for feed in feeds:
        if feed.path not in clock_paths:
            continue
        id = clock_paths[feed.path]
        try:
            vtext = vobject.readOne(feed.text, validate=True)
        except Exception:  # noqa: BLE001 - test_vobject reports it
            vtext = None
        failures.extend(check_clock_changes(id, occurrences[id], feed.expected, feed.text, vtext,
                                            (kcal, renamed_file(feed, scratch)), clock_compared))
    failures.verify(f"times the clocks skip or repeat: {clock_compared['events']} events of the expanded New York and "
                    f"Chatham feeds and {clock_compared['instances']} instances of the compact ones (vobject and "
                    f"KCalendarCore expanding) against zoneinfo (fold=0), {clock_compared['changes']} occurrences at such "
                    f"a time")
