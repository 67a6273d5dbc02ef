"""The raw holiday-cn files (`Content/holidays/YEAR.json`), read as they are, without calgen."""
import datetime
import json
import pathlib


class RawHolidays:
    """What the raw files say: each file's days (`{"name", "date", "isOffDay"}`) by its year;
    every listed day by date (a later file's entry over an earlier one's); and by year whether
    the year is announced (its file lists any day)."""

    def __init__(self, files: dict):
        self.files = files
        self.announced = {year: bool(days) for year, days in files.items()}
        self.listed = {datetime.date.fromisoformat(day["date"]): day for days in files.values() for day in days}

    def off_days(self) -> dict:
        """{date: is_off} of every listed day."""
        return {date: day["isOffDay"] for date, day in self.listed.items()}

    def announced_years(self) -> set:
        return {year for year, announced in self.announced.items() if announced}

    def by_year(self) -> dict:
        """{year: [(date, is_off)]} of the announced years, each in its file's order."""
        return {year: [(datetime.date.fromisoformat(d["date"]), d["isOffDay"]) for d in days]
                for year, days in self.files.items() if days}


def read(folder) -> RawHolidays:
    """Reads every `*.json` of `folder` (a holidays folder), in the order of their names."""
    files = {}
    for path in sorted(pathlib.Path(folder).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        files[data["year"]] = data["days"]
    return RawHolidays(files)
