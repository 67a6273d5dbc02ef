"""Checks calgen's static day API against independent sources, sharing no code with calgen:

- every file against Schemas/day.schema.json and Schemas/year.schema.json (`jsonschema`);
- the arrangement, workday arithmetic (previous/next workday, the workday's number in its
  year, the year's workdays, the next holiday break) recomputed from the raw holiday-cn files;
- the lunar date against `lunardate`;
- solar terms against `lunar_python` (an ephemeris, 寿星天文历) and `chinesecalendar` (a
  formula with corrections), festivals against `lunar_python`'s lunar calendar and its 清明;
- statutory days from the law's rules written out here again, and that every statutory day of
  an announced year is an off day in the data;
- with CALGEN, the whole range 1901–2100 through `calgen day FIRST..LAST --json`: the lunar date of
  every day against `lunardate` (the Hong Kong Observatory's tables; any difference fails), and
  after 2100-02-08, where `lunardate`'s lunar years end, against lunar_python's; the 干支 (year by
  春节 and by 立春, month, day), 生肖, 数九 and 三伏 of every day against lunar_python's, and the
  year (by 春节), month and day 干支 against `cnlunar`'s as well (to 2100-02-08); solar terms and
  festivals of every day.

    python3 -m pytest checks/test_api.py --site PUBLIC_DIR --calgen CALGEN [--content CONTENT --schemas SCHEMAS_DIR]
"""
import datetime
import json
import multiprocessing
import pathlib
import subprocess

import cnlunar
import pytest
from lunar_python import LunarYear, Solar
from lunardate import LunarDate

from checks.reference import ONE_DAY, Arrangement, Sky, schema_validators, site_observances

# The last day of lunardate's tables, which end with lunar 2099 (its 腊月三十).
HKO_LAST = datetime.date(2100, 2, 8)

@pytest.fixture(scope="module")
def sky(content):
    return Sky(site_observances(content))


def test_day_api_against_the_raw_data(raw_holidays, sky, site, schemas, failures):
    data = Arrangement(raw_holidays)
    validators = schema_validators(schemas)
    breaks = data.breaks_by_file_year()
    public = pathlib.Path(site)
    checked = 0
    statutory_checked = 0
    for year in sorted(data.announced):
        year_file = json.loads((public / "api" / f"{year}.json").read_text(encoding="utf-8"))
        for error in validators["year"].iter_errors(year_file):
            failures.add(f"api/{year}.json: {error.json_path}: {error.message}")
        # The lunar year's months against lunar_python's.
        lunar_file = json.loads((public / "api" / "lunar" / f"{year}.json").read_text(encoding="utf-8"))
        for error in validators["lunar-year"].iter_errors(lunar_file):
            failures.add(f"api/lunar/{year}.json: {error.json_path}: {error.message}")
        months = []
        for month in LunarYear.fromYear(year).getMonths():
            if month.getYear() == year:
                start = Solar.fromJulianDay(month.getFirstJulianDay())
                months.append((abs(month.getMonth()), month.getMonth() < 0,
                               datetime.date(start.getYear(), start.getMonth(), start.getDay()).isoformat(),
                               month.getDayCount()))
        if [(m["month"], m["leap"], m["start"], m["days"]) for m in lunar_file["months"]] != months:
            failures.add(f"api/lunar/{year}.json: months differ from lunar_python's {months}")
        new_year = Solar.fromYmd(year, 7, 1).getLunar()
        if (year_file["ganzhi"], year_file["zodiac"]) != (new_year.getYearInGanZhi(), new_year.getYearShengXiao()):
            failures.add(f"api/{year}.json: ganzhi {year_file['ganzhi']} {year_file['zodiac']}")
        if year_file["announced"] != data.announced[year]:
            failures.add(f"api/{year}.json: announced is {year_file['announced']}")
        statutory = sky.statutory(year)
        if year_file["statutoryDays"] != [d.isoformat() for d in statutory]:
            failures.add(f"api/{year}.json: statutoryDays {year_file['statutoryDays']}")
        if data.announced[year]:
            for day in statutory:
                statutory_checked += 1
                if not data.off(day):
                    failures.add(f"{day}: a statutory day of {year} is a workday in the data")
        workdays = [d for d in (datetime.date(year, 1, 1) + i * ONE_DAY for i in range(366))
                    if d.year == year and not data.off(d)]
        expected_workdays = [d.isoformat() for d in workdays] if data.announced[year] else None
        if year_file["workdays"] != expected_workdays:
            failures.add(f"api/{year}.json: workdays differ")
        terms = [{"name": n, "date": d.isoformat()} for d, n in sorted(sky.terms.items()) if d.year == year]
        if year_file["solarTerms"] != terms:
            failures.add(f"api/{year}.json: solarTerms differ from lunar_python")
        date = datetime.date(year, 1, 1)
        for from_year in year_file["days"]:
            path = public / "api" / "days" / f"{date.isoformat()}.json"
            got = json.loads(path.read_text(encoding="utf-8"))
            if got != from_year:
                failures.add(f"{path.name}: differs from its entry in api/{year}.json")
            for error in validators["day"].iter_errors(got):
                failures.add(f"{path.name}: {error.json_path}: {error.message}")
            failures.extend(f"{path.name}: {f}" for f in check_day(date, got, data, sky, statutory, workdays, breaks))
            checked += 1
            date += ONE_DAY
        if date.year != year + 1:
            failures.add(f"api/{year}.json: does not cover the whole year")
    failures.verify(f"day API: {checked} days checked against the raw data, lunardate, lunar_python and chinesecalendar; "
          f"{statutory_checked} statutory days of announced years are off days; {len(data.joined)} weekend days the "
          f"data leaves out of a break are holidays of it; {len(failures)} failed")


def check_day(date, got, data, sky, statutory, workdays, breaks):
    failures = []
    weekend = date.isoweekday() >= 6
    entry = data.entry(date)
    if entry is None:
        kind = "weekend" if weekend else "workday"
    elif entry["isOffDay"]:
        kind = "holiday"
    else:
        kind = "makeupWorkday" if weekend else "workday"
    lunar = LunarDate.from_solar_date(date.year, date.month, date.day)
    previous = data.step(date, -ONE_DAY)
    following = data.step(date, ONE_DAY)
    upcoming = None
    for start, end, _, file_year in breaks:
        if start > date:
            if all(data.announced.get(y, False) for y in range(date.year, max(file_year, start.year) + 1)):
                upcoming = {"start": start.isoformat(), "end": end.isoformat(),
                            "days": (end - start).days + 1, "daysUntil": (start - date).days}
            break
    if not data.settled(date):
        upcoming = None
    expected = {
        "date": date.isoformat(),
        "weekday": date.isoweekday(),
        "isOffDay": data.off(date),
        "kind": kind,
        "originalName": entry["name"] if date in data.listed else None,
        "announced": data.announced.get(date.year, False),
        "solarTerm": sky.terms.get(date),
        "festivals": sky.festivals(date),
        "statutory": date in statutory,
        "statutoryHoliday": statutory.get(date),
        "previousWorkday": previous.isoformat() if previous else None,
        "nextWorkday": following.isoformat() if following else None,
        "workdayOfYear": workdays.index(date) + 1 if data.settled(date) and date in workdays else None,
    }
    for key, value in expected.items():
        if got.get(key) != value:
            failures.add(f"{key} is {got.get(key)!r}, expected {value!r}")
    if (entry is None) != (got.get("name") is None):
        failures.add(f"name is {got.get('name')!r}")
    moon = got.get("lunar") or {}
    if (moon.get("year"), moon.get("month"), moon.get("day"), moon.get("leap")) != (
            lunar.year, lunar.month, lunar.day, lunar.is_leap_month):
        failures.add(f"lunar {moon} but lunardate says {lunar}")
    holiday = got.get("nextHoliday")
    if holiday is not None:
        holiday = {k: v for k, v in holiday.items() if k != "name"}
    if holiday != upcoming:
        failures.add(f"nextHoliday is {got.get('nextHoliday')}, expected {upcoming}")
    return failures


def lunar_text(lunar):
    """闰五月三十 for (year, 5, 30, True)."""
    _, month, day, leap = lunar
    months = "正二三四五六七八九十冬腊"
    tens = ["初", "十", "廿", "三"]
    digits = "十一二三四五六七八九"
    name = {10: "初十", 20: "二十", 30: "三十"}.get(day, tens[day // 10] + digits[day % 10])
    return ("闰" if leap else "") + months[month - 1] + "月" + name


def lunar_python_almanac(date):
    """(date, (ganzhi, zodiac, shujiu, sanfu)) as the day API writes them, from lunar_python."""
    lunar = Solar.fromYmd(date.year, date.month, date.day).getLunar()
    nine, fu = lunar.getShuJiu(), lunar.getFu()
    return date, ({"year": lunar.getYearInGanZhi(), "yearByLichun": lunar.getYearInGanZhiByLiChun(),
                   "month": lunar.getMonthInGanZhi(), "day": lunar.getDayInGanZhi()},
                  lunar.getYearShengXiao(),
                  {"name": nine.getName(), "day": nine.getIndex()} if nine else None,
                  {"name": fu.getName(), "day": fu.getIndex()} if fu else None)


def cnlunar_pillars(date):
    """(year by 春节, month by 节, day) 干支 of a date by cnlunar."""
    day = cnlunar.Lunar(datetime.datetime(date.year, date.month, date.day, 12), godType="8char")
    return date, (day.year8Char, day.month8Char, day.day8Char)


def test_whole_range_through_calgen_day(calgen, sky, failures):
    """Solar terms and festivals of every day 1901–2100 through `calgen day --json`."""
    out = subprocess.run([calgen, "day", "1901-01-01..2100-12-31", "--json"], check=True,
                         capture_output=True, text=True).stdout
    calgen_terms = {}
    days = 0
    lunar = {}
    festivals = {}
    almanac = {}
    for line in out.splitlines():
        day = json.loads(line)
        date = datetime.date.fromisoformat(day["date"])
        days += 1
        if day["solarTerm"]:
            calgen_terms[date] = day["solarTerm"]
        moon = day["lunar"]
        lunar[date] = (moon["year"], moon["month"], moon["day"], moon["leap"])
        festivals[date] = day["festivals"]
        almanac[date] = (day["ganzhi"], day["zodiac"], day["shujiu"], day["sanfu"])
    # The lunar date of every day against lunardate's HKO tables, which end with lunar 2099
    # (2100-02-08); lunar 2100, which lunardate lacks, against lunar_python.
    hko_compared = 0
    hko_differs = []
    for date, got in sorted(lunar.items()):
        if date <= HKO_LAST:
            want = LunarDate.from_solar_date(date.year, date.month, date.day)
            want, source = (want.year, want.month, want.day, want.is_leap_month), "lunardate (HKO)"
            hko_compared += 1
        else:
            want, source = sky.lunar[date], "lunar_python"
        if got != want:
            hko_differs.append(date)
            failures.add(f"{date}: lunar {got}, {source} gives {want}")
    # Festival rules are compared wherever calgen's lunar calendar and lunar_python's agree on
    # the day and the next; the days where the calendars themselves differ are counted apart.
    lunar_differs = sorted(d for d in lunar if lunar[d] != sky.lunar[d])
    compared = 0
    for date, names in festivals.items():
        if date in lunar_differs or (date + ONE_DAY) in lunar_differs:
            continue
        compared += 1
        if names != sky.festivals(date):
            failures.add(f"{date}: festivals {names}, lunar_python gives {sky.festivals(date)}")
    # 干支, 生肖, 数九 and 三伏 of every day against lunar_python's (the year by 春节 and the 生肖
    # only where the two lunar calendars agree on the day).
    with multiprocessing.Pool() as pool:
        expected = dict(pool.map(lunar_python_almanac, sorted(almanac), chunksize=2000))
    almanac_checked = 0
    for date, got in almanac.items():
        want = expected[date]
        if date in lunar_differs:
            got = ({**got[0], "year": None} if got[0] else None, None, got[2], got[3])
            want = ({**want[0], "year": None}, None, want[2], want[3])
        almanac_checked += 1
        if got != want:
            failures.add(f"{date}: 干支/生肖/数九/三伏 {got}, lunar_python gives {want}")
    # The year (by 春节, as cnlunar turns it), month (by 节) and day 干支 once more against
    # cnlunar, a third implementation with tables of its own, which end where lunardate's do.
    covered = sorted(d for d in almanac if d <= HKO_LAST)
    with multiprocessing.Pool() as pool:
        pillars = dict(pool.map(cnlunar_pillars, covered, chunksize=2000))
    pillars_checked = 0
    early_terms = []  # days cnlunar's 节 begin a day early: the ephemeris puts them minutes after midnight
    for date in covered:
        pillars_checked += 1
        ganzhi = almanac[date][0]
        got = (ganzhi["year"], ganzhi["month"], ganzhi["day"]) if ganzhi else None
        want = pillars[date]
        if got != want and got[0::2] == want[0::2] and (date + ONE_DAY) in calgen_terms:
            early_terms.append(f"{date} ({calgen_terms[date + ONE_DAY]} {date + ONE_DAY})")
        elif got != want:
            failures.add(f"{date}: 干支 {got}, cnlunar gives {want}")
    reference = {d: n for d, n in sky.terms.items() if 1901 <= d.year <= 2100}
    equal = sum(1 for d, n in calgen_terms.items() if reference.get(d) == n)
    for date in sorted(set(calgen_terms) ^ set(reference)):
        failures.add(f"{date}: solar term {calgen_terms.get(date)}, lunar_python gives {reference.get(date)}")
    formula = sky.formula_terms
    disagree = sorted({(d.year, n) for d, n in formula.items() if reference.get(d) != n}
                      | {(d.year, n) for d, n in reference.items() if formula.get(d) != n})
    twentieth_liqiu = sum(1 for y, n in disagree if n == "立秋" and y < 2000)
    print(f"1901–2100 through calgen day --json: {days} days; solar terms {equal}/{len(reference)} dates equal to "
          f"lunar_python; festivals of {compared} days checked against lunar_python's calendar, {len(failures)} differ")
    print(f"干支 (year by 春节 and by 立春, month by 节, day), 生肖, 数九 and 三伏 of {almanac_checked} days "
          f"against lunar_python; the year (by 春节), month and day of {pillars_checked} days (to {HKO_LAST}) "
          f"against cnlunar, whose month turns a day early on {len(early_terms)} days where the 节 begins just "
          f"after midnight by the ephemeris: {', '.join(early_terms)}")
    print(f"lunar dates: {hko_compared} days (1901-01-01…{HKO_LAST}) compared with lunardate (HKO), "
          f"{days - hko_compared} days of lunar 2100 with lunar_python; {len(hko_differs)} differ")
    runs = []  # [first, last] of each stretch of consecutive days that differ
    for date in lunar_differs:
        if runs and runs[-1][1] + ONE_DAY == date:
            runs[-1][1] = date
        else:
            runs.append([date, date])
    print(f"lunar dates: {len(lunar_differs)} days differ from lunar_python, where a new moon near midnight "
          f"puts a month's first day a day apart and calgen follows HKO (so do their festivals): "
          + ("; ".join(f"{a}…{b} ({(b - a).days + 1} days; {a} is {lunar_text(lunar[a])}, lunar_python "
                       f"{lunar_text(sky.lunar[a])})" for a, b in runs) or "none"))
    print(f"chinesecalendar (a formula) differs from lunar_python on {len(disagree)} terms "
          f"({twentieth_liqiu} of them 立秋 1901–1999, where its 20th-century constant puts 立秋 on Aug 28); "
          f"calgen follows the ephemeris")
    failures.verify()
