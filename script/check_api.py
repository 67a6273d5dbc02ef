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

usage: check_api.py HOLIDAYS_DIR PUBLIC_DIR SCHEMAS_DIR [CALGEN]
"""
import datetime
import json
import multiprocessing
import pathlib
import subprocess
import sys

import chinese_calendar
import cnlunar
import jsonschema
import referencing
from lunar_python import Lunar, LunarYear, Solar
from lunardate import LunarDate

ONE_DAY = datetime.timedelta(days=1)
# The last day of lunardate's tables, which end with lunar 2099 (its 腊月三十).
HKO_LAST = datetime.date(2100, 2, 8)

LUNAR_FESTIVALS = {
    (1, 1): "春节", (1, 15): "元宵节", (2, 2): "龙抬头", (5, 5): "端午节", (7, 7): "七夕节",
    (7, 15): "中元节", (8, 15): "中秋节", (9, 9): "重阳节", (10, 1): "寒衣节", (10, 15): "下元节",
    (12, 8): "腊八节", (12, 23): "北方小年", (12, 24): "南方小年",
}
GREGORIAN_FESTIVALS = {
    (1, 1): "元旦", (3, 8): "妇女节", (3, 12): "植树节", (5, 1): "劳动节", (5, 4): "青年节",
    (6, 1): "儿童节", (7, 1): "建党节", (8, 1): "建军节", (9, 10): "教师节", (10, 1): "国庆节",
}
# The n-th weekday of a month: (month, ordinal, weekday with Monday 0).
WEEKDAY_FESTIVALS = {(5, 2, 6): "母亲节", (6, 3, 6): "父亲节"}
# The sets `observances:` in site.yml adds.
OBSERVANCE_SETS = {"western": {(2, 14): "情人节", (12, 24): "平安夜", (12, 25): "圣诞节"}}
# The order a day lists them in: lunar, 除夕, 清明节, Gregorian, by weekday, the sets'.
FESTIVAL_ORDER = (list(LUNAR_FESTIVALS.values()) + ["除夕", "清明节"] + list(GREGORIAN_FESTIVALS.values())
                  + list(WEEKDAY_FESTIVALS.values())
                  + [name for key in sorted(OBSERVANCE_SETS) for name in OBSERVANCE_SETS[key].values()])


def site_observances(holidays_dir):
    """The observance sets of the site.yml beside the holidays folder."""
    path = pathlib.Path(holidays_dir).parent / "site.yml"
    if not path.exists():
        return []
    import yaml
    sets = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("observances") or []
    return [sets] if isinstance(sets, str) else list(sets)


class Sky:
    """Lunar months and solar terms of 1900–2101 from lunar_python."""

    def __init__(self, observances=()):
        self.gregorian = dict(GREGORIAN_FESTIVALS)
        for name in observances:
            self.gregorian.update(OBSERVANCE_SETS[name])
        self.lunar = {}  # date -> (lunar year, month, day, leap)
        for year in range(1900, 2102):
            for month in LunarYear.fromYear(year).getMonths():
                if month.getYear() != year:
                    continue
                start = Solar.fromJulianDay(month.getFirstJulianDay())
                first = datetime.date(start.getYear(), start.getMonth(), start.getDay())
                for i in range(month.getDayCount()):
                    self.lunar[first + datetime.timedelta(days=i)] = (
                        year, abs(month.getMonth()), i + 1, month.getMonth() < 0)
        self.terms = {}
        for year in range(1900, 2102):
            for name, solar in Lunar.fromYmd(year, 6, 1).getJieQiTable().items():
                if name.isascii():
                    continue  # the table's extra entries for neighbouring years
                self.terms[datetime.date(solar.getYear(), solar.getMonth(), solar.getDay())] = name
        self.formula_terms = {
            date: name for date, name in chinese_calendar.get_solar_terms(
                datetime.date(1901, 1, 1), datetime.date(2100, 12, 31))}

    def festivals(self, date):
        found = []
        year, month, day, leap = self.lunar[date]
        if not leap and (month, day) in LUNAR_FESTIVALS:
            found.append(LUNAR_FESTIVALS[(month, day)])
        following = self.lunar[date + ONE_DAY]
        if month == 12 and not leap and following[1:] == (1, 1, False):
            found.append("除夕")
        if self.terms.get(date) == "清明":
            found.append("清明节")
        if (date.month, date.day) in self.gregorian:
            found.append(self.gregorian[(date.month, date.day)])
        for (month, ordinal, weekday), name in WEEKDAY_FESTIVALS.items():
            if date.month == month and date.weekday() == weekday and (date.day - 1) // 7 + 1 == ordinal:
                found.append(name)
        return sorted(found, key=FESTIVAL_ORDER.index)

    def statutory(self, year):
        """The law's 法定节假日 of a year (1999, 2007, 2013 and 2024 versions), each with its holiday."""
        by_lunar = {value[1:]: date for date, value in self.lunar.items() if value[0] == year}
        new_year = by_lunar[(1, 1, False)]
        qingming = next(d for d, n in self.terms.items() if n == "清明" and d.year == year)
        days = {datetime.date(year, 1, 1): "元旦"}
        days.update({datetime.date(year, 10, d): "国庆节" for d in (1, 2, 3)})
        if year <= 2007:
            spring, labour, lunar_days = (0, 1, 2), (1, 2, 3), []
        elif year <= 2013:
            spring, labour, lunar_days = (-1, 0, 1), (1,), [(5, 5, "端午节"), (8, 15, "中秋节")]
        elif year <= 2024:
            spring, labour, lunar_days = (0, 1, 2), (1,), [(5, 5, "端午节"), (8, 15, "中秋节")]
        else:
            spring, labour, lunar_days = (-1, 0, 1, 2), (1, 2), [(5, 5, "端午节"), (8, 15, "中秋节")]
        days.update({new_year + datetime.timedelta(days=o): "春节" for o in spring})
        days.update({datetime.date(year, 5, d): "劳动节" for d in labour})
        # A day two holidays share (中秋节 on 10-01) is named for the first in the law's order.
        days.update({by_lunar[(m, d, False)]: name for m, d, name in lunar_days})
        if year >= 2008:
            days[qingming] = "清明节"
        return dict(sorted(days.items()))


class Arrangement:
    """The raw holiday-cn files: off days, workdays, settled years and the breaks."""

    def __init__(self, holidays_dir):
        self.listed = {}
        self.announced = {}
        for path in sorted(pathlib.Path(holidays_dir).glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            self.announced[data["year"]] = bool(data["days"])
            for day in data["days"]:
                self.listed[datetime.date.fromisoformat(day["date"])] = day
        # One meaning of a break, the notices': "4月5日放假，与周末连休" (2019), "4月5日至7日放假调休，
        # 共3天" (2018). A Saturday or Sunday next to a listed off day (or to such a weekend day)
        # is a day of that break although holiday-cn leaves it out in some years (34 days of
        # 2014–2024, 清明 2019-04-06 and 07): kind "holiday", the break's name, no originalName.
        # Each takes the name of the earliest listed off day it joins.
        self.joined = {}
        for date in sorted(d for d, e in self.listed.items() if e["isOffDay"]):
            for step in (ONE_DAY, -ONE_DAY):
                d = date + step
                while d.isoweekday() >= 6 and d not in self.listed:
                    self.joined.setdefault(d, self.listed[date])
                    d += step

    def entry(self, date):
        """The listed day, or for a weekend day a break takes in, its break's listed day (off)."""
        return self.listed.get(date) or self.joined.get(date)

    def off(self, date):
        entry = self.listed.get(date)
        return entry["isOffDay"] if entry else date.isoweekday() >= 6

    def settled(self, date):
        return self.announced.get(date.year, False)

    def step(self, date, direction):
        date += direction
        while self.settled(date):
            if not self.off(date):
                return date
            date += direction
        return None

    def breaks(self):
        """Maximal runs of off days holding a listed holiday, as (start, end, names)."""
        runs = []
        for date in sorted(d for d, e in self.listed.items() if e["isOffDay"]):
            gap = [runs[-1][1] + ONE_DAY * i for i in range(1, (date - runs[-1][1]).days)] if runs else None
            if runs and all(self.off(d) for d in gap):
                runs[-1][1] = max(runs[-1][1], date)
                runs[-1][2].add(self.listed[date]["name"])
                continue
            start, end = date, date
            while self.off(start - ONE_DAY) and (start - ONE_DAY) not in self.listed:
                start -= ONE_DAY
            runs.append([start, end, {self.listed[date]["name"]}])
        for run in runs:
            while self.off(run[1] + ONE_DAY) and (run[1] + ONE_DAY) not in self.listed:
                run[1] += ONE_DAY
        return runs

    def breaks_by_file_year(self):
        """Each break with the year of the file that announces it (the year of its listed days' majority)."""
        result = []
        for start, end, names in self.breaks():
            years = sorted(d.year for d in self.listed if start <= d <= end and self.listed[d]["isOffDay"])
            result.append((start, end, names, max(set(years), key=years.count)))
        return result


def schema_validators(schemas_dir):
    resources = []
    schemas = {}
    for name in ("day", "year", "lunar-year"):
        schema = json.loads((pathlib.Path(schemas_dir) / f"{name}.schema.json").read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
        schemas[name] = schema
        resources.append((schema["$id"], referencing.Resource.from_contents(schema)))
    registry = referencing.Registry().with_resources(resources)
    return {name: jsonschema.Draft202012Validator(s, registry=registry) for name, s in schemas.items()}


def main(holidays_dir, public_dir, schemas_dir, calgen=None):
    data = Arrangement(holidays_dir)
    sky = Sky(site_observances(holidays_dir))
    validators = schema_validators(schemas_dir)
    breaks = data.breaks_by_file_year()
    public = pathlib.Path(public_dir)
    failures = []
    checked = 0
    statutory_checked = 0
    for year in sorted(data.announced):
        year_file = json.loads((public / "api" / f"{year}.json").read_text(encoding="utf-8"))
        for error in validators["year"].iter_errors(year_file):
            failures.append(f"api/{year}.json: {error.json_path}: {error.message}")
        # The lunar year's months against lunar_python's.
        lunar_file = json.loads((public / "api" / "lunar" / f"{year}.json").read_text(encoding="utf-8"))
        for error in validators["lunar-year"].iter_errors(lunar_file):
            failures.append(f"api/lunar/{year}.json: {error.json_path}: {error.message}")
        months = []
        for month in LunarYear.fromYear(year).getMonths():
            if month.getYear() == year:
                start = Solar.fromJulianDay(month.getFirstJulianDay())
                months.append((abs(month.getMonth()), month.getMonth() < 0,
                               datetime.date(start.getYear(), start.getMonth(), start.getDay()).isoformat(),
                               month.getDayCount()))
        if [(m["month"], m["leap"], m["start"], m["days"]) for m in lunar_file["months"]] != months:
            failures.append(f"api/lunar/{year}.json: months differ from lunar_python's {months}")
        new_year = Solar.fromYmd(year, 7, 1).getLunar()
        if (year_file["ganzhi"], year_file["zodiac"]) != (new_year.getYearInGanZhi(), new_year.getYearShengXiao()):
            failures.append(f"api/{year}.json: ganzhi {year_file['ganzhi']} {year_file['zodiac']}")
        if year_file["announced"] != data.announced[year]:
            failures.append(f"api/{year}.json: announced is {year_file['announced']}")
        statutory = sky.statutory(year)
        if year_file["statutoryDays"] != [d.isoformat() for d in statutory]:
            failures.append(f"api/{year}.json: statutoryDays {year_file['statutoryDays']}")
        if data.announced[year]:
            for day in statutory:
                statutory_checked += 1
                if not data.off(day):
                    failures.append(f"{day}: a statutory day of {year} is a workday in the data")
        workdays = [d for d in (datetime.date(year, 1, 1) + i * ONE_DAY for i in range(366))
                    if d.year == year and not data.off(d)]
        expected_workdays = [d.isoformat() for d in workdays] if data.announced[year] else None
        if year_file["workdays"] != expected_workdays:
            failures.append(f"api/{year}.json: workdays differ")
        terms = [{"name": n, "date": d.isoformat()} for d, n in sorted(sky.terms.items()) if d.year == year]
        if year_file["solarTerms"] != terms:
            failures.append(f"api/{year}.json: solarTerms differ from lunar_python")
        date = datetime.date(year, 1, 1)
        for from_year in year_file["days"]:
            path = public / "api" / "days" / f"{date.isoformat()}.json"
            got = json.loads(path.read_text(encoding="utf-8"))
            if got != from_year:
                failures.append(f"{path.name}: differs from its entry in api/{year}.json")
            for error in validators["day"].iter_errors(got):
                failures.append(f"{path.name}: {error.json_path}: {error.message}")
            failures += [f"{path.name}: {f}" for f in check_day(date, got, data, sky, statutory, workdays, breaks)]
            checked += 1
            date += ONE_DAY
        if date.year != year + 1:
            failures.append(f"api/{year}.json: does not cover the whole year")
    for line in failures[:50]:
        print("FAIL", line)
    print(f"day API: {checked} days checked against the raw data, lunardate, lunar_python and chinesecalendar; "
          f"{statutory_checked} statutory days of announced years are off days; {len(data.joined)} weekend days the "
          f"data leaves out of a break are holidays of it; {len(failures)} failed")
    if calgen:
        failures += check_whole_range(calgen, sky)
    return 1 if failures else 0


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
    for start, end, names, file_year in breaks:
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
            failures.append(f"{key} is {got.get(key)!r}, expected {value!r}")
    if (entry is None) != (got.get("name") is None):
        failures.append(f"name is {got.get('name')!r}")
    moon = got.get("lunar") or {}
    if (moon.get("year"), moon.get("month"), moon.get("day"), moon.get("leap")) != (
            lunar.year, lunar.month, lunar.day, lunar.is_leap_month):
        failures.append(f"lunar {moon} but lunardate says {lunar}")
    holiday = got.get("nextHoliday")
    if holiday is not None:
        holiday = {k: v for k, v in holiday.items() if k != "name"}
    if holiday != upcoming:
        failures.append(f"nextHoliday is {got.get('nextHoliday')}, expected {upcoming}")
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


def check_whole_range(calgen, sky):
    """Solar terms and festivals of every day 1901–2100 through `calgen day --json`."""
    out = subprocess.run([calgen, "day", "1901-01-01..2100-12-31", "--json"], check=True,
                         capture_output=True, text=True).stdout
    failures = []
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
            failures.append(f"{date}: lunar {got}, {source} gives {want}")
    # Festival rules are compared wherever calgen's lunar calendar and lunar_python's agree on
    # the day and the next; the days where the calendars themselves differ are counted apart.
    lunar_differs = sorted(d for d in lunar if lunar[d] != sky.lunar[d])
    compared = 0
    for date, names in festivals.items():
        if date in lunar_differs or (date + ONE_DAY) in lunar_differs:
            continue
        compared += 1
        if names != sky.festivals(date):
            failures.append(f"{date}: festivals {names}, lunar_python gives {sky.festivals(date)}")
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
            failures.append(f"{date}: 干支/生肖/数九/三伏 {got}, lunar_python gives {want}")
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
            failures.append(f"{date}: 干支 {got}, cnlunar gives {want}")
    reference = {d: n for d, n in sky.terms.items() if 1901 <= d.year <= 2100}
    equal = sum(1 for d, n in calgen_terms.items() if reference.get(d) == n)
    for date in sorted(set(calgen_terms) ^ set(reference)):
        failures.append(f"{date}: solar term {calgen_terms.get(date)}, lunar_python gives {reference.get(date)}")
    formula = sky.formula_terms
    disagree = sorted({(d.year, n) for d, n in formula.items() if reference.get(d) != n}
                      | {(d.year, n) for d, n in reference.items() if formula.get(d) != n})
    twentieth_liqiu = sum(1 for y, n in disagree if n == "立秋" and y < 2000)
    for line in failures[:50]:
        print("FAIL", line)
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
    return failures


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
