"""Checks the public variants of the holiday feed against the raw data and the day API.

Run by test_feeds.py on each build it makes; every variant is parsed with Python `icalendar`:

- makeup.ics, makeup.en.ics, makeup.zh.ics: their days are exactly the make-up workdays (the
  weekend days with `isOffDay: false`) of the raw holiday-cn files of the announced years, and
  the day API calls each it has `makeupWorkday`; each is marked
  `X-APPLE-SPECIAL-DAY:ALTERNATE-WORKDAY` and with exactly one alarm, which rings at 21:00 the
  evening before: the all-day event's start, 00:00 of its day, plus the alarm's TRIGGER
  (computed here: recurring-ical-events 3.8.2 crashes expanding an alarm of an all-day event,
  as it adds the trigger to a date);
- statutory.ics and its language twins: exactly the `statutoryDays` of each announced year's
  `api/YYYY.json`, one event a day;
- years/YYYY.ics: one file per announced year, the same dates and summaries as the events of
  holidays.ics for that year (its holiday periods, and the make-up days its raw file lists);
- holidays.en.ics and holidays.zh.ics: the holiday events of holidays.ics (its notes aside),
  the same days; the English ones without Chinese characters;
- every variant's UIDs start with its own name and a slash.

`check(content, output, fail)` is what test_feeds.py calls.
"""
import datetime as dt
import json
import os
import re

import icalendar

from checks import holidays

CJK = re.compile(r"[\u3400-\u9fff]")


def raw_years(content):
    """{year: [(date, is_off)]} of the announced years of the raw holiday-cn files."""
    return holidays.read(os.path.join(content, "holidays")).by_year()


def events(output, relative):
    with open(os.path.join(output, relative), "rb") as f:
        return icalendar.Calendar.from_ical(f.read()).walk("VEVENT")


def start(event):
    return event["DTSTART"].dt


def check(content, output, fail):
    """Checks every variant in `output` against `content`'s raw files; returns the figures."""
    years = raw_years(content)
    figures = {}
    # A make-up workday is a weekend day the raw files list as worked; a weekday listed as worked
    # (2020-02-03, the first day after the extended Spring Festival break of 2020) is a plain one.
    makeup_days = sorted(day for days in years.values() for day, off in days if not off and day.weekday() >= 5)
    holidays = {str(e["UID"]): e for e in events(output, "feeds/holidays.ics")}

    def prefixed(relative, found):
        prefix = relative[len("feeds/"):-len(".ics")] + "/"
        for e in found:
            if not str(e["UID"]).startswith(prefix):
                fail(f"{relative}: UID {e['UID']} does not start with {prefix}")
        return prefix

    # The make-up feeds: the raw make-up days, each with one alarm at 21:00 the evening before.
    for relative in ("feeds/makeup.ics", "feeds/makeup.en.ics", "feeds/makeup.zh.ics"):
        found = events(output, relative)
        prefixed(relative, found)
        days = sorted(start(e) for e in found)
        if days != makeup_days:
            fail(f"{relative}: {len(days)} days, the raw files list {len(makeup_days)} make-up workdays; "
                 f"first difference {sorted(set(days) ^ set(makeup_days))[:3]}")
        for e in found:
            day = start(e)
            api = os.path.join(output, "api", "days", f"{day.isoformat()}.json")
            if os.path.exists(api):  # the site's days begin with its first data year (2006-12-30 has none)
                with open(api, encoding="utf-8") as f:
                    if json.load(f)["kind"] != "makeupWorkday":
                        fail(f"{relative}: the day API does not call {day} a make-up workday")
            if str(e.get("X-APPLE-SPECIAL-DAY")) != "ALTERNATE-WORKDAY":
                fail(f"{relative}: {day} is not marked ALTERNATE-WORKDAY")
            alarms = e.walk("VALARM")
            if len(alarms) != 1:
                fail(f"{relative}: {day} has {len(alarms)} alarms")
                continue
            trigger = alarms[0]["TRIGGER"]
            related = trigger.params.get("RELATED", "START")
            if not isinstance(trigger.dt, dt.timedelta) or related != "START":
                fail(f"{relative}: {day}'s alarm is not relative to the start: {trigger.to_ical()!r}")
                continue
            rings = dt.datetime.combine(day, dt.time()) + trigger.dt
            if rings != dt.datetime.combine(day - dt.timedelta(days=1), dt.time(21)):
                fail(f"{relative}: {day}'s alarm rings at {rings}, not at 21:00 the evening before")
        figures[relative] = len(found)

    # The statutory feeds: the year API's statutory days.
    statutory = []
    for year in sorted(years):
        with open(os.path.join(output, "api", f"{year}.json"), encoding="utf-8") as f:
            statutory += [dt.date.fromisoformat(d) for d in json.load(f)["statutoryDays"]]
    for relative in ("feeds/statutory.ics", "feeds/statutory.en.ics", "feeds/statutory.zh.ics"):
        found = events(output, relative)
        prefixed(relative, found)
        days = sorted(start(e) for e in found)
        if days != sorted(statutory):
            fail(f"{relative}: {len(days)} days, api/YYYY.json lists {len(statutory)} statutory days; "
                 f"first difference {sorted(set(days) ^ set(statutory))[:3]}")
        figures[relative] = len(found)

    # One feed per announced year, with holidays.ics's events of that year.
    folder = os.path.join(output, "feeds", "years")
    published = sorted(int(n[:-4]) for n in os.listdir(folder) if n.endswith(".ics")) if os.path.isdir(folder) else []
    if published != sorted(years):
        fail(f"feeds/years/: {published}, the announced years are {sorted(years)}")
    year_events = 0
    for year in sorted(years):
        relative = f"feeds/years/{year}.ics"
        if not os.path.exists(os.path.join(output, relative)):
            continue
        found = events(output, relative)
        prefixed(relative, found)
        own = sorted((start(e), e["DTEND"].dt, str(e["SUMMARY"])) for e in found)
        listed = {day for day, off in years[year] if not off and day.weekday() >= 5}
        expected = sorted(
            (start(e), e["DTEND"].dt, str(e["SUMMARY"])) for uid, e in holidays.items()
            if uid.startswith(f"holiday-{year}-") or (uid.startswith("makeup-") and start(e) in listed))
        if own != expected:
            fail(f"{relative}: {len(own)} events, holidays.ics has {len(expected)} for {year}; "
                 f"first difference {sorted(set(own) ^ set(expected))[:2]}")
        year_events += len(found)
    figures["feeds/years/*.ics"] = year_events

    # The language feeds: holidays.ics's holiday events, the same days.
    expected = sorted((uid, start(e)) for uid, e in holidays.items() if uid.startswith(("holiday-", "makeup-")))
    for relative in ("feeds/holidays.en.ics", "feeds/holidays.zh.ics"):
        found = events(output, relative)
        prefix = prefixed(relative, found)
        got = sorted((str(e["UID"])[len(prefix):], start(e)) for e in found)
        if got != expected:
            fail(f"{relative}: {len(got)} events, holidays.ics has {len(expected)} holiday events")
        for e in found:
            if relative.endswith(".en.ics") and CJK.search(str(e["SUMMARY"])):
                fail(f"{relative}: {e['UID']} is not in English: {e['SUMMARY']}")
            if relative.endswith(".zh.ics") and not CJK.search(str(e["SUMMARY"])):
                fail(f"{relative}: {e['UID']} is not in Chinese: {e['SUMMARY']}")
        figures[relative] = len(found)
    for relative in ("feeds/makeup.en.ics", "feeds/statutory.en.ics"):
        for e in events(output, relative):
            texts = [str(e["SUMMARY"])] + [str(a["DESCRIPTION"]) for a in e.walk("VALARM")]
            if any(CJK.search(text) for text in texts):
                fail(f"{relative}: {e['UID']} is not in English")
    return figures

