"""The independent reference the day API and the schedules are checked against, sharing no code
with calgen: the law's statutory days written out again, lunar months and solar terms from
lunar_python (an ephemeris) and chinesecalendar (a formula), festivals by their rules, and the
arrangement (off days, workdays, breaks) recomputed from the raw holiday-cn files."""
import datetime
import functools
import json
import pathlib

import chinese_calendar
import jsonschema
import referencing
import yaml
from lunar_python import Lunar, LunarYear, Solar

from checks import holidays

ONE_DAY = datetime.timedelta(days=1)

# lunar_python keeps the one lunar year it computed last (an ephemeris's work) and computes a year
# again whenever another was asked for in between: a day's 数九 asks for the year before, so a walk
# over the days computed most years many times. A year is the same whoever asks, so every year
# asked is kept: the same values for a quarter of the CPU.
LunarYear.fromYear = staticmethod(functools.lru_cache(maxsize=None)(LunarYear.fromYear))

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


def site_observances(content):
    """The observance sets of the content folder's site.yml."""
    path = pathlib.Path(content) / "site.yml"
    if not path.exists():
        return []
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

    def __init__(self, raw: holidays.RawHolidays):
        self.listed = raw.listed
        self.announced = raw.announced
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
