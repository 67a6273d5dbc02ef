#!/usr/bin/env python3
"""Times `calgen serve` on a site: a note saved → the reloaded page shows it.

Starts `calgen serve --port 0 --poll POLL` on a copy-free content folder (the note is edited in
place and restored), waits for the first build, then RUNS times appends a line to one note and
measures, from the moment the file is written, the time until the server's build generation
changes and the note's page, fetched again, holds the new line. Prints JSON: the times (seconds),
the poll interval and the note. For script/benchmark; not part of the test suite.

usage: benchmark_serve.py CALGEN CONTENT TEMPLATES RUNS [POLL]
"""
import json
import os
import re
import subprocess
import sys
import time
import urllib.request


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, answer.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, ""


def main():
    calgen, content, templates, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    poll = sys.argv[5] if len(sys.argv) > 5 else "0.1"
    notes = sorted(os.path.join(d, f) for d, _, names in os.walk(os.path.join(content, "notes")) for f in names
                   if f.endswith(".md"))
    note = notes[len(notes) // 2]
    slug = os.path.basename(note)[:-3]
    original = open(note, "rb").read()
    server = subprocess.Popen([calgen, "serve", "--content", content, "--templates", templates, "--port", "0",
                               "--poll", poll], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    times = []
    try:
        base = None
        for line in server.stdout:
            found = re.search(r"Serving on (http://127\.0\.0\.1:\d+\S*)", line)
            if found:
                base = found.group(1)
                break
        if base is None:
            raise SystemExit("benchmark_serve: calgen serve did not start")
        page = None
        for run in range(runs):
            _, generation = get(base + "__calgen/generation")
            marker = f"补充{run}：第{run}次修改，时间有调整。"
            with open(note, "ab") as f:
                f.write(f"\n{marker}\n".encode())
            start = time.perf_counter()
            while get(base + "__calgen/generation")[1] == generation:
                time.sleep(0.005)
            if page is None:
                # The note's page: the one page whose path ends in the note's slug.
                page = next(p for p in (f"notes/{slug}/", f"{slug}/") if get(base + p)[0] == 200)
            status, html = get(base + page)
            seconds = time.perf_counter() - start
            if status != 200 or marker not in html:
                raise SystemExit(f"benchmark_serve: {page} does not show the saved text after the reload")
            times.append(seconds)
            time.sleep(1)
    finally:
        with open(note, "wb") as f:
            f.write(original)
        server.terminate()
        server.wait(timeout=30)
    print(json.dumps({"seconds": times, "poll": float(poll), "note": os.path.relpath(note, content)}))


if __name__ == "__main__":
    main()
