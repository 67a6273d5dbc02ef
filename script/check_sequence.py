#!/usr/bin/env python3
"""Two calgen binaries over one sequence of edits: their outputs must be identical at every step.

For a change of calgen that must not change what it makes (only how fast, or what it keeps
beside the output): a site is copied twice, each copy is built by one binary, and then step
after step the same edit is made to both copies and both are built again; after every step
`diff -r` of the two outputs must find nothing (but the calgen each feed manifest names), and
both builds must end alike.

    script/check_sequence.py OLD_CALGEN NEW_CALGEN [CONTENT ...]

CONTENT defaults to the bundled Content/. The sequence: the first build; nothing changed; a
note edited; nothing changed; a template edited; a subscriber edited; the site's title; the
next day; the base URL; a note addressed to one subscriber; a schedule renamed. Not part of the
test suite (it builds each site 22 times); its figures go in closing notes.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EPOCH = 1795233600  # 2026-11-21 00:00 UTC


def first(folder: Path, pattern: str) -> Path:
    found = sorted(folder.glob(pattern))
    if not found:
        raise SystemExit(f"check_sequence: no {pattern} in {folder}")
    return found[0]


def edit(path: Path, change) -> None:
    path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")


def steps():
    """(name, edit of a site folder holding Content/ and Templates/, days added to the epoch)."""
    def note(site):
        edit(first(site / "Content/notes", "*/*.md"), lambda t: t + "\nOne more line.\n")

    def template(site):
        edit(site / "Templates/layout.mustache", lambda t: t.replace("</footer>", "<!-- edited --></footer>", 1))

    def subscriber(site):
        edit(first(site / "Content/users", "*.yml"), lambda t: re.sub(r"(?m)^name: (.*)$", r"name: \1 (edited)", t, count=1))

    def title(site):
        edit(site / "Content/site.yml", lambda t: re.sub(r"(?m)^title: (.*)$", r"title: \1 (edited)", t, count=1))

    def base_url(site):
        edit(site / "Content/site.yml", lambda t: re.sub(r"(?m)^base-url: .*$", "base-url: https://other.example.org/cal/", t, count=1))

    def addressed(site):
        user = first(site / "Content/users", "*.yml").stem
        (site / "Content/notes/2026").mkdir(parents=True, exist_ok=True)
        (site / "Content/notes/2026/addressed.md").write_text(
            f"---\ntitle: For one person\ndate: 2026-12-02\naudience: [{user}]\n---\nOnly for {user}.\n",
            encoding="utf-8")

    def schedule(site):
        folder = site / "Content/schedules"
        if folder.is_dir() and any(folder.glob("*.yml")):
            edit(first(folder, "*.yml"), lambda t: re.sub(r"(?m)^name: (.*)$", r"name: \1 (renamed)", t, count=1))

    nothing = lambda site: None  # noqa: E731
    return [
        ("first build", nothing, 0), ("nothing changed", nothing, 0), ("note edited", note, 0),
        ("nothing changed again", nothing, 0), ("template edited", template, 0),
        ("subscriber edited", subscriber, 0), ("site title", title, 0), ("next day", nothing, 1),
        ("base URL", base_url, 1), ("addressed note", addressed, 1), ("schedule renamed", schedule, 1),
    ]


def differences(old: Path, new: Path) -> list:
    """The files `diff -r` finds different, but for what a feed manifest says of the calgen that
    made it: its `inputs` key (whose head names the code revision) and the `integrity` digest
    over it, which differ between any two builds of calgen by design."""
    diff = subprocess.run(["diff", "-r", "-q", str(old), str(new)], capture_output=True, text=True)
    found = []
    for line in diff.stdout.splitlines():
        match = re.match(r"^Files (.+) and (.+) differ$", line)
        if match and match.group(1).endswith(".json") and "/feeds/" in match.group(1):
            a, b = (json.loads(Path(p).read_text(encoding="utf-8")) for p in match.groups())
            for manifest in (a, b):
                manifest.pop("inputs", None)
                manifest.pop("integrity", None)
            if a == b:
                continue
        found.append(line)
    return found


def build(calgen: str, site: Path, days: int):
    env = dict(os.environ, SOURCE_DATE_EPOCH=str(EPOCH + days * 86400),
               CALGEN_FEED_SECRET="sequence-secret-0123456789abcdef")
    return subprocess.run([calgen, "build", "--content", str(site / "Content"), "--templates",
                           str(site / "Templates"), "--output", str(site / "public")],
                          env=env, capture_output=True, text=True)


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    old, new = sys.argv[1], sys.argv[2]
    contents = [Path(c) for c in sys.argv[3:]] or [ROOT / "Content"]
    failures = 0
    with tempfile.TemporaryDirectory(prefix="calgen-sequence-") as scratch:
        for content in contents:
            sites = []
            for name in ("old", "new"):
                site = Path(scratch) / content.name / name
                shutil.copytree(content, site / "Content")
                shutil.copytree(ROOT / "Templates", site / "Templates")
                sites.append(site)
            for name, change, days in steps():
                results = []
                for calgen, site in zip((old, new), sites, strict=True):
                    change(site)
                    results.append(build(calgen, site, days))
                found = differences(sites[0] / "public", sites[1] / "public")
                same = not found and results[0].returncode == results[1].returncode
                files = sum(len(f) for _, _, f in os.walk(sites[1] / "public"))
                print(f"{content}: {name}: {'identical' if same else 'DIFFERENT'} ({files} files, "
                      f"exit {results[0].returncode}/{results[1].returncode})")
                if not same:
                    failures += 1
                    print("\n".join(found[:20]) + results[0].stderr[-1000:] + results[1].stderr[-1000:], file=sys.stderr)
    print(f"check_sequence: {failures} step(s) differ" if failures else "check_sequence: every step identical")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
