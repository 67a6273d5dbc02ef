"""Work schedules recomputed without calgen, from their YAML and the raw holiday-cn files.

Reads every `schedules/<id>.yml` of a content folder with PyYAML and answers each date as the
README's order of precedence says (the schedule's dates, the person's leave, the national
arrangement by `national`, the pattern), with the law's statutory days from reference.py's own
copy of the law. Then, for a built output:

- every `api/schedules/<id>/YYYY.json` against Schemas/schedule-year.schema.json, and every
  day of it (work, shift, start, end, half day, reason, detail, statutory holiday) against the
  recomputed answer; `api/schedules.json` lists exactly the public schedules;
- every public schedule's feed, expanded with `recurring-ical-events`, against the events the
  README's feed rule gives for the recomputed days: a timed event over the shift on each worked
  day of a rotation, an all-day 班/休/半天 event on each other day that differs from Monday to
  Friday, nothing on a day not known yet;
- every subscriber's `shift-start` reminders, expanded, against the recomputed shifts (with the
  subscriber's leave).

Run by test_feeds.py for each encoding (it flips every schedule's `encoding` too).
The feed horizon (the years of the API files and of the feeds' window) is worked out here from
site.yml and SOURCE_DATE_EPOCH, the build's time, never taken from calgen's output.
"""
import datetime as dt
import json
import os
import zoneinfo

import icalendar
import jsonschema
import recurring_ical_events
import referencing
import yaml

from checks import holidays
from checks.reference import Arrangement, Sky  # the law and the raw files, written once

WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
# The one name the README gives each holiday whatever the data's spelling (the day API's `name`).
DISPLAY_NAMES = {"国庆节、中秋节": "国庆节", "中秋节、国庆节": "国庆节", "十一": "国庆节", "“十一”": "国庆节", "五一": "劳动节",
                 "“五一”": "劳动节", "“五一”国际劳动节": "劳动节", "国际劳动节": "劳动节"}
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1}
_sky = None


def reminder_uid_owner(subscriber):
    """What begins a reminder's UIDs: the subscriber's id, or `user:schedule` for the subscriber
    called `schedule`, whose UIDs would otherwise be those of the schedules' feeds (FeedUIDs)."""
    return "user:schedule" if subscriber == "schedule" else subscriber


def sky():
    global _sky
    if _sky is None:
        _sky = Sky()
    return _sky


def weekdays(items):
    days = set()
    for item in items:
        ends = [WEEKDAYS.index(str(x)[:3].lower()) for x in str(item).split("..")]
        days.update(range(ends[0], ends[-1] + 1))
    return days


def minutes(text):
    hours, mins = str(text).split(":")
    return int(hours) * 60 + int(mins)


def as_date(value):
    return value if isinstance(value, dt.date) else dt.date.fromisoformat(str(value))


class Schedule:
    """One schedule file, answering dates by the README's rules."""

    # The legal calendar as a schedule: what a subscriber with leave but no schedule works by.
    LEGAL = {"name": "法定工作日", "national": "follow", "pattern": {"weekly": ["mon..fri"]}}

    @classmethod
    def read(cls, path, arrangement):
        with open(path, encoding="utf-8") as f:
            return cls(os.path.basename(path).rsplit(".", 1)[0], yaml.safe_load(f), arrangement)

    def __init__(self, id, data, arrangement):
        self.id = id
        self.name = data.get("name", self.id)
        self.audience = data.get("audience", "private")
        self.national = data.get("national", "follow")
        self.pattern = data.get("pattern", {"weekly": ["mon..fri"]})
        self.shifts = {str(k): (minutes(v["start"]), minutes(v["end"])) for k, v in (data.get("shifts") or {}).items()}
        self.default_shift = data.get("shift")
        self.dates = []
        for e in data.get("dates") or []:
            first, last = as_date(e.get("date", e.get("from"))), as_date(e.get("date", e.get("to")))
            # PyYAML reads `day: off` (YAML 1.1) as false.
            status = "off" if e["day"] in ("off", False) else e["day"]
            self.dates.append((first, last, status, e["reason"], e.get("shift")))
        self.arrangement = arrangement
        self.statutory = {}

    def is_rotation(self):
        return "rotation" in self.pattern

    def decide(self, d):
        """(worked, shift) by the pattern alone."""
        (kind, value), = self.pattern.items()
        if kind == "weekly":
            return d.weekday() in weekdays(value), None
        if kind == "alternate":
            anchor = as_date(value["anchor"])
            weeks = ((d - dt.timedelta(days=d.weekday())) - (anchor - dt.timedelta(days=anchor.weekday()))).days // 7
            return d.weekday() in weekdays(value["weeks"][weeks % len(value["weeks"])]), None
        if kind == "rotation":
            slot = value["cycle"][(d - as_date(value["anchor"])).days % len(value["cycle"])]
            return (False, None) if slot in ("off", False) else (True, str(slot))
        if kind == "monthly":
            def matches(rule):
                ordinal, day = rule.split("-")
                if d.weekday() != WEEKDAYS.index(day[:3]):
                    return False
                if ORDINALS[ordinal] == -1:
                    return (d + dt.timedelta(days=7)).month != d.month
                return (d.day - 1) // 7 + 1 == ORDINALS[ordinal]
            if any(matches(r) for r in value.get("off", [])):
                return False, None
            if any(matches(r) for r in value.get("worked", [])):
                return True, None
            return d.weekday() in weekdays(value.get("weekly", ["mon..fri"])), None
        raise ValueError(f"schedules.py does not know the pattern {kind}")

    def statutory_holiday(self, d):
        if d.year not in self.statutory:
            self.statutory[d.year] = sky().statutory(d.year)
        return self.statutory[d.year].get(d)

    def day(self, d, leave=()):
        """The answer as the schedule API gives it."""
        statutory = self.statutory_holiday(d)

        def answer(work, reason, detail=None, shift=None, half=False):
            start = end = None
            if work == "worked" and shift in self.shifts:
                s, e = self.shifts[shift]
                length = (24 * 60 - s + e) if e <= s else e - s
                length = length // 2 if half else length
                start = f"{d.isoformat()}T{s // 60:02d}:{s % 60:02d}"
                finish = s + length
                end_day = d + dt.timedelta(days=finish // 1440)
                end = f"{end_day.isoformat()}T{finish % 1440 // 60:02d}:{finish % 60:02d}"
            else:
                shift = None if work != "worked" else shift
            return {"date": d.isoformat(), "work": work, "worked": {"worked": True, "off": False}.get(work),
                    "halfDay": half, "shift": shift if work == "worked" else None, "start": start, "end": end,
                    "reason": reason, "detail": detail, "statutoryHoliday": statutory}

        for first, last, status, reason, shift in self.dates:
            if first <= d <= last:
                if status == "off":
                    return answer("off", "schedule-date", reason)
                name = shift or self.decide(d)[1] or self.default_shift
                return answer("worked", "schedule-date", reason, name, half=status == "half")
        for first, last, reason in leave:
            if first <= d <= last:
                return answer("off", "leave", reason)
        worked, shift = self.decide(d)
        by_pattern = answer("worked", "pattern", None, shift or self.default_shift) if worked else answer("off", "pattern")
        if self.national == "ignore":
            return by_pattern
        if not self.arrangement.settled(d):
            if statutory:
                return answer("off", "statutory-day", statutory)
            if self.national == "holidays-only" and not worked:
                return by_pattern
            return answer("unknown", "unannounced")
        # A weekend day a break takes in (reference.Arrangement.joined) is a day of the break.
        entry = self.arrangement.entry(d)
        if entry and entry["isOffDay"]:
            return answer("off", "national-holiday", DISPLAY_NAMES.get(entry["name"].strip(), entry["name"].strip()))
        if entry and not entry["isOffDay"] and self.national == "follow":
            return answer("worked", "national-makeup", DISPLAY_NAMES.get(entry["name"].strip(), entry["name"].strip()),
                          self.default_shift)
        return by_pattern

    def expected_event(self, answer):
        """What the feed holds for a day: ("timed", start, end), ("all-day", mark) or None."""
        if answer["work"] == "unknown":
            return None
        d = dt.date.fromisoformat(answer["date"])
        if self.is_rotation() and answer["start"]:
            return ("timed", answer["start"], answer["end"])
        if answer["halfDay"] or (answer["work"] == "worked") != (d.weekday() < 5):
            return ("all-day", "half" if answer["halfDay"] else answer["work"])
        return None


def load(content):
    arrangement = Arrangement(holidays.read(os.path.join(content, "holidays")))
    folder = os.path.join(content, "schedules")
    names = sorted(n for n in os.listdir(folder) if n.endswith(".yml")) if os.path.isdir(folder) else []
    return {s.id: s for s in (Schedule.read(os.path.join(folder, n), arrangement) for n in names)}


def leave_of(user):
    """A subscriber's `leave` as (first, last, reason) ranges."""
    return [(as_date(e.get("date", e.get("from"))), as_date(e.get("date", e.get("to"))), e.get("reason"))
            for e in user.get("leave") or []]


def person(content, user):
    """What a subscriber works by: (schedule, leave); their schedule, or the legal calendar when
    they have leave but no schedule; None with neither."""
    if "schedule" not in user and "leave" not in user:
        return None
    if "schedule" in user:
        return load(content)[user["schedule"]], leave_of(user)
    return Schedule("legal", Schedule.LEGAL, Arrangement(holidays.read(os.path.join(content, "holidays")))), leave_of(user)


def horizon_years(content, before=None, after=None):
    """The years of the site's feed horizon (or a subscriber's, with its `years-before` and
    `years-after`), worked out here from site.yml and SOURCE_DATE_EPOCH (the build's time, in the
    site's time zone): `feed-years-before` years before the current one through
    `feed-years-after` after it, and on through the last announced year."""
    with open(os.path.join(content, "site.yml"), encoding="utf-8") as f:
        site = yaml.safe_load(f) or {}
    zone = zoneinfo.ZoneInfo(site.get("timezone", "Asia/Shanghai"))
    today = dt.datetime.fromtimestamp(int(os.environ["SOURCE_DATE_EPOCH"]), zone).date()
    announced = [y for y, known in Arrangement(holidays.read(os.path.join(content, "holidays"))).announced.items() if known]
    before = site.get("feed-years-before", 1) if before is None else before
    after = site.get("feed-years-after", 1) if after is None else after
    first = today.year - int(before)
    last = max(today.year + int(after), max(announced, default=today.year), first)
    return list(range(first, last + 1))


def validator(schemas):
    registry = referencing.Registry()
    loaded = {}
    for name in ("day", "schedule-year"):
        with open(os.path.join(schemas, f"{name}.schema.json"), encoding="utf-8") as f:
            loaded[name] = json.load(f)
        registry = registry.with_resource(loaded[name]["$id"], referencing.Resource.from_contents(loaded[name]))
    jsonschema.Draft202012Validator.check_schema(loaded["schedule-year"])
    return jsonschema.Draft202012Validator(loaded["schedule-year"], registry=registry)


def local(value, zone=None):
    """A date-time on the wall clock of `zone` (an end written in UTC is read back there), or a date."""
    if isinstance(value, dt.datetime):
        if zone is not None and value.tzinfo is not None:
            value = value.astimezone(zone)
        return value.strftime("%Y-%m-%dT%H:%M")
    return value.isoformat()


def site_zone(content):
    with open(os.path.join(content, "site.yml"), encoding="utf-8") as f:
        return zoneinfo.ZoneInfo((yaml.safe_load(f) or {}).get("timezone", "Asia/Shanghai"))


def check(content, output, schemas, failures, api=True):
    """Appends a line to `failures` for each difference; returns the counts."""
    schedules = load(content)
    public = sorted((s for s in schedules.values() if s.audience == "public"), key=lambda s: s.id)
    if not public:
        failures.append("no public schedule in the content: nothing to compare")
    years = horizon_years(content)
    zone = site_zone(content)
    counts = {"days": 0, "files": 0, "feeds": 0, "events": 0, "shifts": 0}
    if api:
        with open(os.path.join(output, "api", "schedules.json"), encoding="utf-8") as f:
            index = json.load(f)
        if [s["id"] for s in index["schedules"]] != [s.id for s in sorted(public, key=lambda s: s.id)]:
            failures.append(f"api/schedules.json lists {[s['id'] for s in index['schedules']]}")
        check_schema = validator(schemas)
        for entry in index["schedules"]:
            schedule = schedules[entry["id"]]
            if entry["years"] != years:
                failures.append(f"api/schedules.json gives {schedule.id} the years {entry['years']}, not {years}")
            for year in years:
                path = os.path.join(output, "api", "schedules", schedule.id, f"{year}.json")
                with open(path, encoding="utf-8") as f:
                    data = json.load(f)
                counts["files"] += 1
                for error in check_schema.iter_errors(data):
                    failures.append(f"{path}: {error.json_path}: {error.message}")
                for got in data["days"]:
                    counts["days"] += 1
                    expected = schedule.day(dt.date.fromisoformat(got["date"]))
                    if got != expected:
                        differing = {k: (got.get(k), expected.get(k)) for k in expected if got.get(k) != expected.get(k)}
                        failures.append(f"{schedule.id} {got['date']}: calgen and the raw rules differ: {differing}")
    for schedule in sorted(public, key=lambda s: s.id):
        with open(os.path.join(output, "feeds", "schedules", f"{schedule.id}.ics"), "rb") as f:
            calendar = icalendar.Calendar.from_ical(f.read())
        counts["feeds"] += 1
        # The window is the horizon worked out here, never the feed's own dates: a year missing
        # from the feed is a difference.
        first, last = dt.date(years[0], 1, 1), dt.date(years[-1], 12, 31)
        got = {}
        for occurrence in recurring_ical_events.of(calendar).between(first, last + dt.timedelta(days=1)):
            start = occurrence["DTSTART"].dt
            day = start.date().isoformat() if isinstance(start, dt.datetime) else start.isoformat()
            if isinstance(start, dt.datetime):
                # The end is an instant in UTC: the shift's end on the site's wall clock.
                value = ("timed", local(start, zone), local(occurrence["DTEND"].dt, zone))
            else:
                summary = str(occurrence["SUMMARY"])
                mark = {"班": "worked", "Work": "worked", "休": "off", "Off": "off", "半天": "half", "Half": "half"}
                value = ("all-day", mark.get(summary.split(" · ")[0], summary))
            if day in got:
                failures.append(f"{schedule.id}: two events on {day}")
            got[day] = value
            counts["events"] += 1
        expected = {}
        d = first
        while d <= last:
            value = schedule.expected_event(schedule.day(d))
            if value:
                expected[d.isoformat()] = value
            d += dt.timedelta(days=1)
        if got != expected:
            wrong = sorted(k for k in set(got) | set(expected) if got.get(k) != expected.get(k))
            failures.append(f"feeds/schedules/{schedule.id}.ics: {len(wrong)} days differ from the raw rules, "
                            f"e.g. {[(k, got.get(k), expected.get(k)) for k in wrong[:3]]}")
    if api and counts["days"] != sum(366 if y % 4 == 0 and (y % 100 or y % 400 == 0) else 365 for y in years) * len(public):
        failures.append(f"{counts['days']} days in the schedule API, not every day of {years} for {len(public)} schedules")
    return counts


def check_shift_reminders(content, feeds, output, failures):
    """Each `shift-start` reminder's occurrences, expanded from the feed, against the recomputed
    shifts of the subscriber's schedule and leave. `feeds`: `calgen feeds --json`."""
    schedules = load(content)
    compared = 0
    for feed in feeds:
        if feed.get("kind", "subscriber") != "subscriber":
            continue
        with open(os.path.join(content, "users", feed["id"] + ".yml"), encoding="utf-8") as f:
            user = yaml.safe_load(f)
        reminders = [r for r in user.get("reminders", []) if r["kind"] == "shift-start"]
        if not reminders:
            continue
        schedule, leave = schedules[user["schedule"]], leave_of(user)
        years = horizon_years(content, user.get("years-before"), user.get("years-after"))
        first, last = dt.date(years[0], 1, 1), dt.date(years[-1], 12, 31)
        with open(os.path.join(output, feed["path"]), "rb") as f:
            calendar = icalendar.Calendar.from_ical(f.read())
        for reminder in reminders:
            got = sorted(local(o["DTSTART"].dt) for o in recurring_ical_events.of(calendar).between(
                first, last + dt.timedelta(days=1)) if str(o["UID"]).startswith(f"{reminder_uid_owner(feed['id'])}.{reminder['id']}."))
            expected = []
            d = first
            while d <= last:
                answer = schedule.day(d, leave)
                if answer["start"]:
                    expected.append(answer["start"])
                d += dt.timedelta(days=1)
            compared += len(got)
            if got != expected:
                failures.append(f"{feed['id']}/{reminder['id']}: {len(got)} shift starts in the feed, {len(expected)} "
                                f"recomputed; e.g. {sorted(set(got) ^ set(expected))[:3]}")
    return compared

