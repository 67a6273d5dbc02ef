#!/usr/bin/env python3
"""Two calgen binaries, alternated, over the same one-note edits of one site: wall and CPU time.

For a change of calgen meant to make a rebuild faster. Absolute times drift on a shared machine
by a quarter within minutes; two binaries run turn about, each into its own copy of the output,
see the same drift, so their medians can be compared. The site (by default the L benchmark site:
2,000 notes, 10,000 subscribers) is generated once and shared; each binary first builds its own
output whole, then, round after round, one note is edited and each binary rebuilds (which one
goes first alternates). Every file is settled (three seconds old) before each round, as a
publisher's edit is: calgen trusts no stamp younger than two seconds.

    script/benchmark_pair.py OLD_CALGEN NEW_CALGEN [--rounds 10] [--size L] [--content DIR]

Prints each build's wall and CPU (user + system) milliseconds and their medians, and the
machine's load before and after. Not part of the test suite; its figures go in closing notes.
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EPOCH = 1795233600  # 2026-11-21 00:00 UTC, as script/benchmark


def timed(command: list, env: dict) -> tuple:
    """(wall ms, CPU ms) of one run, which must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"benchmark_pair: {command[0]} failed:\n{done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return wall, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--size", default="L", choices=["M", "L"])
    parser.add_argument("--content", help="a content folder to use instead of a generated one")
    parser.add_argument("--site-generator", default=str(ROOT / ".build/release/calgen-benchmark-site"))
    arguments = parser.parse_args()
    env = dict(os.environ, SOURCE_DATE_EPOCH=str(EPOCH), CALGEN_FEED_SECRET="benchmark-secret-0123456789abcdef")
    load_start = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="calgen-pair-") as scratch:
        content = Path(scratch) / "Content"
        if arguments.content:
            shutil.copytree(arguments.content, content)
        else:
            subprocess.run([arguments.site_generator, "--size", arguments.size, str(content)], check=True,
                           capture_output=True)
        note = sorted(content.glob("notes/**/*.md"))[-1]
        binaries = {"old": arguments.old, "new": arguments.new}

        def build(name: str) -> tuple:
            return timed([binaries[name], "build", "--quiet", "--content", str(content), "--templates",
                          str(ROOT / "Templates"), "--output", str(Path(scratch) / f"public-{name}")], env)

        time.sleep(3)
        for name in binaries:
            build(name)
        figures = {name: [] for name in binaries}
        for round_ in range(arguments.rounds):
            with note.open("a", encoding="utf-8") as file:
                file.write(f"\nEdited in round {round_ + 1}.\n")
            time.sleep(3)
            order = ["old", "new"] if round_ % 2 == 0 else ["new", "old"]
            for name in order:
                figures[name].append(build(name))
    load_end = os.getloadavg()
    print(f"one note edited ({note.name}), {arguments.rounds} rounds, binaries alternated; "
          f"load {load_start[0]:.2f} before, {load_end[0]:.2f} after")
    for name in binaries:
        walls = [wall for wall, _ in figures[name]]
        cpus = [cpu for _, cpu in figures[name]]
        print(f"{name}: wall median {statistics.median(walls):.0f} ms, CPU median {statistics.median(cpus):.0f} ms "
              f"({binaries[name]})")
        print("     " + " ".join(f"{wall:.0f}/{cpu:.0f}" for wall, cpu in figures[name]) + " (wall/CPU ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
