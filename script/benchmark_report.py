"""Prints script/benchmark's results: per size, then against Hugo and Python, then the targets."""

import json
import pathlib
import re
import statistics
import sys

results = pathlib.Path(sys.argv[1])
sizes = sys.argv[2:]


def read(name):
    path = results / name
    return path.read_text() if path.exists() else None


def summary(name):
    text = read(f"{name}.txt")
    timing = read(f"{name}.time") or ""
    built = re.search(r"in ([\d.]+) m?s: (\d+) pages, (\d+) notes, (\d+) feeds \((.*?)\)", text)
    if built is None:  # stopped before loading: "… left as it was (281 pages, 4 feeds)"
        built = re.search(r"in ([\d.]+) m?s: .*\((\d+) pages, ()(\d+) feeds()\)", text)
    feeds_part = built.group(5) or "0 events"
    events = int(re.search(r"([\d,]+) events", feeds_part).group(1).replace(",", ""))
    rendered = re.search(r"(\d[\d,]*) rendered", feeds_part)
    written = re.search(r"([\d,]+) files written \(([\d.]+) MB\), ([\d,]+) unchanged", text)
    wall = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", timing)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", timing)
    return {
        "pages": int(built.group(2)),
        "notes": int(built.group(3) or 0),
        "feeds": int(built.group(4)),
        "rendered": int(rendered.group(1).replace(",", "")) if rendered else int(built.group(4)),
        "events": events,
        "steps": {n: int(ms) for n, ms in re.findall(r"(\w+) (\d+) ms", text)},
        "written": int(written.group(1).replace(",", "")) if written else 0,
        "mb": float(written.group(2)) if written else 0.0,
        "kept": int(written.group(3).replace(",", "")) if written else 0,
        "untouched": "left as it was" in text,
        "skipped": "nothing calgen reads changed" in text,
        "wall": (int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))) if wall else None,
        "rss": int(rss.group(1)) / 1024 if rss else None,
    }


def rate(count, ms):
    return count / (ms / 1000) if ms else float("inf")


def fmt(x, digits=0):
    return f"{x:,.{digits}f}"


load = (read("load.start") or "?").strip(), (read("load.end") or "?").strip()
print(f"calgen benchmark (release build; medians where repeated; load average {load[0]} at the start, {load[1]} at the end)\n")
stats = {}
for size in sizes:
    s = stats[size] = summary(size)
    steps = s["steps"]
    print(f"{size}: {s['pages']:,} pages, {s['notes']:,} notes, {s['feeds']:,} feeds, {s['events']:,} events")
    print("  steps:   " + ", ".join(f"{n} {ms} ms" for n, ms in steps.items()))
    print(f"  pages:   {fmt(rate(s['pages'], steps.get('pages', 0)))} pages/s rendered")
    feed_mb = s["mb"]
    print(f"  feeds:   {fmt(rate(s['events'], steps.get('feeds', 0)))} events/s "
          f"(rendered, stamped, hashed and written in the feeds step)")
    print(f"  output:  {s['written']:,} files written, {s['mb']:,.1f} MB, "
          f"{fmt(s['mb'] / s['wall'] if s['wall'] else 0, 0)} MB/s over the whole build")
    print(f"  whole:   {s['wall']:.2f} s wall, peak resident memory {s['rss']:.0f} MB\n")

def median_run(prefix):
    """The run of NAME-1 … NAME-k with the median wall time, and every wall time."""
    runs = sorted((summary(p.stem) for p in results.glob(f"{prefix}-*.txt")), key=lambda r: r["wall"])
    return runs[len(runs) // 2], [r["wall"] for r in runs]


if "L" in stats:
    noop, noop_walls = median_run("L-noop")
    note, note_walls = median_run("L-note")
    newer = max(int(p.read_text().strip() or 0) for p in results.glob("L-noop-*.newer"))
    def walls(values):
        return ", ".join(f"{v:.2f}" for v in values)

    print(f"L rebuilt, nothing changed: {noop['wall']:.2f} s wall (median of {walls(noop_walls)}), {noop['written']} files "
          f"written, {newer} paths in the output newer than the build's start, output untouched: {noop['untouched']}, "
          f"stopped before loading: {noop['skipped']} (target at most 0.2 s)")
    print("  steps: " + ", ".join(f"{n} {ms} ms" for n, ms in noop["steps"].items()))
    print(f"L rebuilt, one note edited: {note['wall']:.2f} s wall (median of {walls(note_walls)}), {note['written']} files "
          f"written, {note['kept']:,} kept, {note['rendered']} feeds rendered (target at most 1.0 s)")
    print("  steps: " + ", ".join(f"{n} {ms} ms" for n, ms in note["steps"].items()))
    serve = read("serve.json")
    if serve:
        serve = json.loads(serve)
        print(f"calgen serve on L, a note saved → its reloaded page shows it: "
              f"{statistics.median(serve['seconds']) * 1000:.0f} ms (median of "
              f"{', '.join(f'{s * 1000:.0f}' for s in serve['seconds'])} ms; polling every {serve['poll']} s; "
              f"target at most 300 ms)")
    print()

page_ratios = {}
for size in sizes:
    if size == "S":
        continue
    calgen_walls = [float(p.read_text()) for p in sorted(results.glob(f"{size}-pages-calgen-*.wall"))]
    calgen_text = read(f"{size}-pages-calgen-1.txt")
    calgen_pages = int(re.search(r"(\d+) pages", calgen_text).group(1))
    render_ms = statistics.median(
        int(re.search(r"pages (\d+) ms", p.read_text()).group(1)) for p in results.glob(f"{size}-pages-calgen-*.txt"))
    calgen_per_page = statistics.median(calgen_walls) / calgen_pages * 1000
    print(f"{size} notes only, calgen: {calgen_pages:,} pages in {statistics.median(calgen_walls):.2f} s wall "
          f"= {calgen_per_page:.3f} ms/page (rendering alone {render_ms / calgen_pages:.3f} ms/page; "
          "the wall time also covers the 7,700 day API files)")
    print(f"  rendering alone: {fmt(calgen_pages / (render_ms / 1000) if render_ms else 0, 0)} pages/s "
          "(target at least 5,000)")
    hugo_walls = [float(p.read_text()) for p in sorted(results.glob(f"{size}-pages-hugo-*.wall"))]
    if hugo_walls:
        hugo_pages = int(read(f"{size}-pages-hugo.count"))
        hugo_per_page = statistics.median(hugo_walls) / hugo_pages * 1000
        page_ratios[size] = calgen_per_page / hugo_per_page
        print(f"{size} notes only, Hugo:   {hugo_pages:,} pages in {statistics.median(hugo_walls):.2f} s wall "
              f"= {hugo_per_page:.3f} ms/page")
        print(f"  calgen's time per page / Hugo's: {page_ratios[size]:.2f} (target at most 1.00: faster than Hugo)")
    else:
        print("  Hugo is not installed: no comparison")
print()

python = json.loads(read("python.json"))
base = summary("M-expanded")
calgen_rate = rate(base["events"], base["steps"]["feeds"])
library_rate = python["library"]["events"] / python["library"]["seconds"]
strings_rate = python["strings"]["events"] / python["strings"]["seconds"]
print("Events of M's subscribers, all expanded, each way writing one .ics per subscriber:")
print(f"  calgen:                {fmt(calgen_rate)} events/s ({base['events']:,} events, feeds step; "
      f"peak memory {base['rss']:.0f} MB)")
print(f"  Python icalendar:      {fmt(library_rate)} events/s ({python['library']['events']:,} events, first 100 subscribers)"
      f" -> calgen is {calgen_rate / library_rate:,.0f}x (target at least 300x)")
print(f"  Python string building: {fmt(strings_rate)} events/s ({python['strings']['events']:,} events)"
      f" -> calgen is {calgen_rate / strings_rate:,.1f}x (target at least 4x)")
print()

raw = json.loads(read("raw.json"))
largest = sizes[-1]
feeds_ms = stats[largest]["steps"].get("feeds", 0)
feed_files = pathlib.Path(results)
print(f"Raw write speed: {raw['one'] / 1e6:,.0f} MB/s into one file, {raw['many'] / 1e6:,.0f} MB/s into "
      f"{raw['files']:,} files ({raw['bytes'] / 1e6:,.0f} MB, as much as {largest}'s feeds and their manifests)")
feeds_mb_s = raw["bytes"] / 1e6 / (feeds_ms / 1000) if feeds_ms else 0
print(f"  {largest}'s feeds step: {feeds_mb_s:,.0f} MB/s, {raw['many'] / 1e6 / feeds_mb_s if feeds_mb_s else 0:.1f}x slower "
      "than the raw many-file speed (target within 1.2x)")
if "L" in stats:
    large, m = stats["L"], stats.get("M")
    print(f"\nPeak memory: L {large['rss']:.0f} MB (target at most 300 MB, growing no faster than the events)" +
          (f", M {m['rss']:.0f} MB: L/M = {large['rss'] / m['rss']:.1f} for {large['events'] / m['events']:.1f}x the events"
           if m else ""))
    print(f"L feeds step: {fmt(rate(large['events'], large['steps']['feeds']))} events/s, writing included")

alone = read("render-feeds.json")
if alone:
    figures = json.loads(alone)
    seconds = statistics.median(figures["seconds"])
    print(f"\nFeeds rendering alone ({read('render-feeds.size').strip()}'s {figures['feeds']:,} personal feeds into memory, "
          f"stamped, hashed and their manifests encoded, on {figures['cores']} cores; median of {len(figures['seconds'])}): "
          f"{fmt(figures['events'] / seconds)} events/s ({figures['events']:,} events, {figures['bytes'] / 1e6:,.0f} MB "
          f"in {seconds:.3f} s; target at least 2,000,000)")
