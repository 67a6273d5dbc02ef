"""Runs the logic of the integration examples in Examples/ against a built site.

The site is served on 127.0.0.1 (Python's http.server) and every example asks it as it would
ask the published one, for fixed dates: a make-up Saturday (2026-10-10), a holiday
(2026-10-01), a Monday (2026-10-12) and the Friday before a make-up Saturday (2026-10-09);
each answer must be what the day API says (`api/days/<date>.json`, read from the files).

- Home Assistant (Examples/home-assistant/calgen.yaml): every `rest` resource is rendered with
  Jinja2, `now()` fixed at 06:30 of the date in Asia/Shanghai, fetched, and its
  `value_template` and `json_attributes` made into the sensor's state; then every template
  binary sensor's `state` and `availability` are rendered with HA's `states`, `state_attr`,
  `now` and `timedelta`. workday_today and workday_tomorrow must be the negation of `isOffDay`
  of the date and the next day; makeup_day_this_week whether a day of the date's week, Monday
  to Sunday, is a `makeupWorkday`. Sensors left with yesterday's data must be unavailable.
- iOS Shortcuts (Examples/shortcuts.md): the automation's steps, the URL from the formatted
  date and `isOffDay` from the dictionary.
- cron/systemd (Examples/cron/should-ring.sh): run with each date, exit 0 (ring) on a
  workday, 1 on a day off, 2 for an unannounced year and for a date the site has no file for;
  and without a date (tomorrow in Asia/Shanghai) when the site covers tomorrow. The systemd
  units are checked with systemd-analyze when it is installed.

    python3 -m pytest checks/test_integrations.py --site OUTPUT
"""
import datetime as dt
import json
import os
import shutil
import subprocess
import urllib.request
import zoneinfo

import jinja2
import pytest
import yaml

from checks.sites import ROOT

EXAMPLES = os.path.join(ROOT, "Examples")
SITE = "https://calendar.example.com"
ZONE = zoneinfo.ZoneInfo("Asia/Shanghai")
DATES = [dt.date(2026, 10, 10), dt.date(2026, 10, 1), dt.date(2026, 10, 12), dt.date(2026, 10, 9)]

@pytest.fixture(scope="module")
def base(site, served_for_module):
    """The built site on 127.0.0.1, without the final `/` (as the examples' CALGEN_BASE)."""
    return served_for_module(site).rstrip("/")


def api_day(output, day):
    with open(os.path.join(output, "api", "days", f"{day.isoformat()}.json"), encoding="utf-8") as f:
        return json.load(f)


def expected(output, day):
    """What the day API says for the examples' questions on `day`."""
    monday = day - dt.timedelta(days=day.weekday())
    week = [monday + dt.timedelta(days=i) for i in range(7)]
    return {
        "workday_today": not api_day(output, day)["isOffDay"],
        "workday_tomorrow": not api_day(output, day + dt.timedelta(days=1))["isOffDay"],
        "makeup_day_this_week": any(api_day(output, d)["kind"] == "makeupWorkday" for d in week),
    }


def slug(name):
    return "".join(c if c.isalnum() else "_" for c in name.lower())


def truthy(text):
    """How Home Assistant reads a rendered template's result as a binary sensor's state."""
    return text.strip().lower() in ("true", "on", "yes", "1", "enable")


class HomeAssistant:
    """The few pieces of Home Assistant's template environment the example uses."""

    def __init__(self, config, base, failures):
        self.failures = failures
        self.config = config
        self.base = base
        self.env = jinja2.Environment(undefined=jinja2.StrictUndefined)
        self.env.globals.update(timedelta=dt.timedelta, states=self.states, state_attr=self.state_attr)
        self.sensors = {}

    def states(self, entity):
        return self.sensors[entity]["state"] if entity in self.sensors else "unknown"

    def state_attr(self, entity, attribute):
        return self.sensors.get(entity, {}).get("attributes", {}).get(attribute)

    def render(self, template, now, **values):
        return self.env.from_string(template).render(now=lambda: now, **values)

    def update_rest(self, now):
        """Renders each resource, fetches it from the served site, and sets its sensors."""
        for resource in self.config["rest"]:
            url = self.render(resource["resource_template"], now)
            if not url.startswith(SITE + "/"):
                self.failures.add(f"home-assistant: {url} is not on the example site")
                continue
            with urllib.request.urlopen(self.base + url[len(SITE):], timeout=20) as answer:
                value_json = json.load(answer)
            for sensor in resource["sensor"]:
                state = self.render(sensor["value_template"], now, value_json=value_json)
                if len(state) > 255:
                    self.failures.add(f"home-assistant: {sensor['name']}'s state has {len(state)} characters "
                                      "(Home Assistant keeps 255)")
                attributes = {k: value_json[k] for k in sensor.get("json_attributes", []) if k in value_json}
                self.sensors["sensor." + slug(sensor["name"])] = {"state": state, "attributes": attributes}

    def binary_sensors(self, now):
        answers = {}
        for block in self.config["template"]:
            for sensor in block.get("binary_sensor", []):
                available = truthy(self.render(sensor.get("availability", "true"), now))
                answers[sensor["name"]] = truthy(self.render(sensor["state"], now)) if available else None
        return answers


def test_home_assistant(site, base, failures):
    output = site
    with open(os.path.join(EXAMPLES, "home-assistant", "calgen.yaml"), encoding="utf-8") as f:
        config = yaml.safe_load(f)
    checked = 0
    for day in DATES:
        now = dt.datetime.combine(day, dt.time(6, 30), tzinfo=ZONE)
        ha = HomeAssistant(config, base, failures)
        ha.update_rest(now)
        answers = ha.binary_sensors(now)
        want = expected(output, day)
        if answers != want:
            failures.add(f"home-assistant on {day}: {answers}, the day API says {want}")
        checked += len(answers)
        # Just after midnight the day sensors still hold yesterday's data: unavailable, never stale.
        later = now + dt.timedelta(days=1) - dt.timedelta(hours=6, minutes=29)
        stale = ha.binary_sensors(later)
        if stale["workday_today"] is not None or stale["workday_tomorrow"] is not None:
            failures.add(f"home-assistant at {later}: yesterday's sensors answer {stale}")
        print(f"home-assistant {day} ({day.strftime('%a')}): " + ", ".join(f"{k} {v}" for k, v in answers.items()))
    failures.verify(f"integrations: {checked} Home Assistant answers checked against the day API")


def test_shortcut(site, base, failures):
    """The automation's steps: Format Date yyyy-MM-dd, the URL, Get Dictionary Value isOffDay, If."""
    output = site
    for day in DATES:
        formatted = day.strftime("%Y-%m-%d")
        url = f"{SITE}/api/days/{formatted}.json"
        with urllib.request.urlopen(base + url[len(SITE):], timeout=20) as answer:
            value = json.load(answer)["isOffDay"]
        alarm_on = value is False
        if alarm_on != expected(output, day)["workday_today"]:
            failures.add(f"shortcuts on {day}: the alarm would be {'on' if alarm_on else 'off'}")
        print(f"shortcuts {day}: alarm {'on' if alarm_on else 'off'}")
    failures.verify(f"integrations: {len(DATES)} Shortcuts answers checked against the day API")


def test_cron(site, base, failures):
    output = site
    script = os.path.join(EXAMPLES, "cron", "should-ring.sh")
    env = dict(os.environ, CALGEN_BASE=base)

    def run(*args):
        result = subprocess.run(["sh", script, *args], env=env, capture_output=True, text=True, timeout=120)
        return result.returncode, (result.stdout + result.stderr).strip()

    checked = 0
    for day in DATES:
        status, said = run(day.isoformat())
        want = 0 if expected(output, day)["workday_today"] else 1
        if status != want:
            failures.add(f"should-ring.sh {day}: exit {status} ({said}), the day API says {want}")
        print(f"should-ring.sh {day}: exit {status} ({said})")
        checked += 1
    # An unannounced year, and a date the site has no file for, cannot be told.
    for day, why in (("2027-03-01", "an unannounced year"), ("1999-01-04", "a date before the data")):
        status, said = run(day)
        if status != 2:
            failures.add(f"should-ring.sh {day} ({why}): exit {status} ({said}), not 2")
        checked += 1
    tomorrow = dt.datetime.now(ZONE).date() + dt.timedelta(days=1)
    if os.path.exists(os.path.join(output, "api", "days", f"{tomorrow.isoformat()}.json")):
        status, said = run()
        day = api_day(output, tomorrow)
        want = 2 if not day["announced"] else 1 if day["isOffDay"] else 0
        if status != want or not said.startswith(tomorrow.isoformat()):
            failures.add(f"should-ring.sh without a date: exit {status} ({said}), tomorrow {tomorrow} wants {want}")
        checked += 1
    if shutil.which("systemd-analyze"):
        units = [os.path.join(EXAMPLES, "cron", n) for n in ("calgen-alarm.service", "calgen-alarm.timer")]
        result = subprocess.run(["systemd-analyze", "verify", "--man=no", *units], capture_output=True, text=True)
        problems = [line for line in (result.stdout + result.stderr).splitlines() if "calgen-alarm" in line]
        if result.returncode != 0:
            problems.append(f"exit {result.returncode}")
        if problems:
            failures.add("systemd-analyze verify: " + "; ".join(problems))
        print("systemd-analyze verify: calgen-alarm.service and .timer " + ("refused" if problems else "accepted"))
        calendar = subprocess.run(["systemd-analyze", "calendar", "*-*-* 21:00:00"], capture_output=True, text=True)
        if calendar.returncode != 0:
            failures.add(f"systemd-analyze calendar: {calendar.stderr}")
    failures.verify(f"integrations: {checked} should-ring.sh runs checked against the day API")
