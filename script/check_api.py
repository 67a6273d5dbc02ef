"""Checks calgen's static day API against the raw holiday-cn files and an independent
lunar calendar (the `lunardate` package), sharing no code with calgen.

usage: check_api.py HOLIDAYS_DIR PUBLIC_DIR
"""
import datetime
import json
import pathlib
import sys

from lunardate import LunarDate


def main(holidays_dir: str, public_dir: str) -> int:
    listed = {}
    announced = {}
    for path in sorted(pathlib.Path(holidays_dir).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        announced[data["year"]] = bool(data["days"])
        for day in data["days"]:
            listed[day["date"]] = day
    public = pathlib.Path(public_dir)
    failures = []
    checked = 0
    for year in sorted(announced):
        year_file = json.loads((public / "api" / f"{year}.json").read_text(encoding="utf-8"))
        if year_file["announced"] != announced[year]:
            failures.append(f"api/{year}.json: announced is {year_file['announced']}")
        date = datetime.date(year, 1, 1)
        for from_year in year_file["days"]:
            path = public / "api" / "days" / f"{date.isoformat()}.json"
            got = json.loads(path.read_text(encoding="utf-8"))
            if got != from_year:
                failures.append(f"{path.name}: differs from its entry in api/{year}.json")
            weekend = date.isoweekday() >= 6
            entry = listed.get(date.isoformat())
            off = entry["isOffDay"] if entry else weekend
            if entry is None:
                kind = "weekend" if weekend else "workday"
            elif entry["isOffDay"]:
                kind = "holiday"
            else:
                kind = "makeupWorkday" if weekend else "workday"
            lunar = LunarDate.from_solar_date(date.year, date.month, date.day)
            expected = {
                "date": date.isoformat(),
                "weekday": date.isoweekday(),
                "isOffDay": off,
                "kind": kind,
                "originalName": entry["name"] if entry else None,
                "announced": announced.get(date.year, False),
            }
            for key, value in expected.items():
                if got.get(key) != value:
                    failures.append(f"{path.name}: {key} is {got.get(key)!r}, expected {value!r}")
            if (entry is None) != (got.get("name") is None):
                failures.append(f"{path.name}: name is {got.get('name')!r}")
            moon = got.get("lunar") or {}
            if (moon.get("year"), moon.get("month"), moon.get("day"), moon.get("leap")) != (
                lunar.year, lunar.month, lunar.day, lunar.is_leap_month):
                failures.append(f"{path.name}: lunar {moon} but lunardate says {lunar}")
            checked += 1
            date += datetime.timedelta(days=1)
        if date.year != year + 1:
            failures.append(f"api/{year}.json: does not cover the whole year")
    for line in failures[:50]:
        print("FAIL", line)
    print(f"day API: {checked} days checked, {len(failures)} failed")
    print(f"{checked - len(set(f.split(':')[0] for f in failures))} passed, {len(set(f.split(':')[0] for f in failures))} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
