"""Writes the same reminder events as calgen with Python, for script/benchmark's ratios.

Reads `calgen feeds --json --occurrences` (what calgen computes for every subscriber) and
writes one .ics per subscriber twice: with the `icalendar` library, and with plain string
building. Prints JSON: events and seconds for each way. Only the writing is timed.
"""

import datetime
import json
import os
import sys
import time

import icalendar

STAMP = "20261121T000000Z"
TITLES = {"clock-in": "打卡上班", "makeup-eve": "明天补班，记得定闹钟", "birthday": "生日"}


def events_of(feed):
    for reminder, times in feed["occurrences"].items():
        for value in times:
            yield reminder, value


def with_library(feeds, folder, limit):
    count = 0
    start = time.perf_counter()
    for feed in feeds[:limit]:
        cal = icalendar.Calendar()
        cal.add("prodid", "-//benchmark//python icalendar//ZH")
        cal.add("version", "2.0")
        cal.add("x-wr-calname", feed["name"])
        stamp = datetime.datetime(2026, 11, 21, tzinfo=datetime.UTC)
        for reminder, value in events_of(feed):
            event = icalendar.Event()
            event.add("uid", f"{feed['id']}.{reminder}.{value.replace('-', '')[:8]}@calendar.example.com")
            event.add("dtstamp", stamp)
            if "T" in value:
                start_time = datetime.datetime.fromisoformat(value)
                event.add("dtstart", start_time, parameters={"TZID": feed["timezone"]})
                event.add("dtend", start_time + datetime.timedelta(minutes=10), parameters={"TZID": feed["timezone"]})
            else:
                day = datetime.date.fromisoformat(value)
                event.add("dtstart", day)
                event.add("dtend", day + datetime.timedelta(days=1))
            event.add("summary", TITLES.get(reminder, reminder))
            event.add("transp", "OPAQUE")
            alarm = icalendar.Alarm()
            alarm.add("action", "DISPLAY")
            alarm.add("description", TITLES.get(reminder, reminder))
            alarm.add("trigger", datetime.timedelta(minutes=-10))
            event.add_component(alarm)
            cal.add_component(event)
            count += 1
        with open(os.path.join(folder, feed["id"] + ".ics"), "wb") as f:
            f.write(cal.to_ical())
    return count, time.perf_counter() - start


def escape(text):
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def with_strings(feeds, folder):
    count = 0
    start = time.perf_counter()
    for feed in feeds:
        lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//benchmark//python strings//ZH",
                 f"X-WR-CALNAME:{escape(feed['name'])}"]
        zone = feed["timezone"]
        for reminder, value in events_of(feed):
            title = escape(TITLES.get(reminder, reminder))
            compact = value.replace("-", "").replace(":", "")
            lines.append("BEGIN:VEVENT")
            lines.append(f"UID:{feed['id']}.{reminder}.{compact[:8]}@calendar.example.com")
            lines.append(f"DTSTAMP:{STAMP}")
            if "T" in value:
                start_time = datetime.datetime.fromisoformat(value)
                end = start_time + datetime.timedelta(minutes=10)
                lines.append(f"DTSTART;TZID={zone}:{start_time:%Y%m%dT%H%M%S}")
                lines.append(f"DTEND;TZID={zone}:{end:%Y%m%dT%H%M%S}")
            else:
                day = datetime.date.fromisoformat(value)
                lines.append(f"DTSTART;VALUE=DATE:{day:%Y%m%d}")
                lines.append(f"DTEND;VALUE=DATE:{day + datetime.timedelta(days=1):%Y%m%d}")
            lines.append(f"SUMMARY:{title}")
            lines.append("TRANSP:OPAQUE")
            lines += ["BEGIN:VALARM", "ACTION:DISPLAY", f"DESCRIPTION:{title}", "TRIGGER:-PT10M", "END:VALARM"]
            lines.append("END:VEVENT")
            count += 1
        lines.append("END:VCALENDAR")
        with open(os.path.join(folder, feed["id"] + ".ics"), "w", encoding="utf-8", newline="") as f:
            f.write("\r\n".join(lines) + "\r\n")
    return count, time.perf_counter() - start


def main():
    source, folder, limit = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(source, encoding="utf-8") as f:
        feeds = [feed for feed in json.load(f) if feed.get("occurrences")]
    for way in ("library", "strings"):
        os.makedirs(os.path.join(folder, way), exist_ok=True)
    library = with_library(feeds, os.path.join(folder, "library"), limit)
    strings = with_strings(feeds, os.path.join(folder, "strings"))
    print(json.dumps({"library": {"events": library[0], "seconds": library[1]},
                      "strings": {"events": strings[0], "seconds": strings[1]}}))


if __name__ == "__main__":
    main()
