#!/usr/bin/env python3
"""SIGKILL trials of calgen's write path on a generated site (issue 30).

Builds a site (by default the M benchmark site: 500 notes, 1,000 subscribers), then, trial after
trial, changes the content (a note edited, every third trial a subscriber, every fifth a new note),
starts a build, kills it with SIGKILL at a random moment of the time such a build takes, and checks:

  * the output is byte for byte the previous complete output or the new one (the one the next,
    unkilled build leaves);
  * the next build succeeds, and afterwards no staging folder is left beside the output and at
    most one old output moved aside (`.<name>.old-*`), which the next build reuses or removes;
  * every file whose bytes the next build did not change kept its inode and modification time.

    script/kill_trials.py [--trials 100] [--size M] [--calgen .build/release/calgen] [--seed 30]

Not part of the test suite (it takes minutes); KillTests is the short version. Exits 1 on any
failure and prints one line per failed trial and a summary.
"""
import argparse
import hashlib
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def snapshot(output: Path) -> dict:
    """Every file below `output`: relative path -> (sha256, inode, mtime_ns)."""
    files = {}
    for directory, _, names in os.walk(output):
        for name in names:
            path = Path(directory) / name
            info = path.lstat()
            with open(path, "rb") as handle:
                digest = hashlib.sha256(handle.read()).hexdigest()
            files[str(path.relative_to(output))] = (digest, info.st_ino, info.st_mtime_ns)
    return files


def contents(snap: dict) -> dict:
    return {path: value[0] for path, value in snap.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=100)
    parser.add_argument("--size", default="M")
    parser.add_argument("--calgen", default=str(ROOT / ".build/release/calgen"))
    parser.add_argument("--site-generator", default=str(ROOT / ".build/release/calgen-benchmark-site"))
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    scratch = Path(tempfile.mkdtemp(prefix="calgen-kill-"))
    env = dict(os.environ, SOURCE_DATE_EPOCH="1795233600", CALGEN_FEED_SECRET="benchmark-secret-0123456789abcdef")
    content, output = scratch / "content", scratch / "public"
    command = [args.calgen, "build", "--quiet", "--content", str(content), "--templates", str(ROOT / "Templates"),
               "--output", str(output)]
    failures = []
    outcomes = {"old": 0, "new": 0}
    try:
        subprocess.run([args.site_generator, "--size", args.size, str(content)], check=True, stdout=subprocess.DEVNULL)
        subprocess.run(command, check=True, env=env)
        notes = sorted((content / "notes").rglob("*.md"))
        users = sorted((content / "users").glob("*.yml"))

        def change(trial: int) -> None:
            with open(rng.choice(notes), "a", encoding="utf-8") as note:
                note.write(f"\n补充 {trial}。\n")
            if trial % 3 == 0:
                user = rng.choice(users)
                text = user.read_text(encoding="utf-8")
                user.write_text(text.replace("name: ", f"name: 改{trial}", 1), encoding="utf-8")
            if trial % 5 == 0:
                (notes[0].parent / f"kill-{trial}.md").write_text(
                    f"---\ntitle: 第{trial}次\ndate: 2026-12-{10 + trial % 18}\n---\n正文{trial}\n", encoding="utf-8")

        # How long a build with such a change takes here: kills spread over 1.3 times that.
        change(-1)
        start = time.monotonic()
        subprocess.run(command, check=True, env=env)
        seconds = time.monotonic() - start
        print(f"kill trials: one rebuild takes {seconds:.2f} s; {args.trials} trials on {args.size}", flush=True)
        old = snapshot(output)
        for trial in range(args.trials):
            change(trial)
            process = subprocess.Popen(command, env=env)
            delay = rng.uniform(0, seconds * 1.3)
            time.sleep(delay)
            process.send_signal(signal.SIGKILL)
            process.wait()
            after_kill = contents(snapshot(output))
            result = subprocess.run(command, env=env, capture_output=True, text=True)
            if result.returncode != 0:
                failures.append(f"trial {trial}: the next build failed: {result.stderr.strip()}")
                break
            new = snapshot(output)
            if after_kill == contents(old):
                outcomes["old"] += 1
            elif after_kill == contents(new):
                outcomes["new"] += 1
            else:
                failures.append(f"trial {trial} (killed after {delay:.2f} s): the output is neither the old nor the new one")
            siblings = [name for name in os.listdir(scratch) if name.startswith(".public.")]
            staging = [name for name in siblings if ".staging-" in name]
            moved = [name for name in siblings if ".old-" in name]
            if staging or len(moved) > 1:
                failures.append(f"trial {trial}: left beside the output: {sorted(staging + moved)}")
            # Unchanged bytes, unchanged file (what sync tools compare), against the output the
            # next build started from (the old one, or the new one when the kill came after the swap).
            base = old if after_kill == contents(old) else None
            if base is not None:
                moved_files = [path for path, (digest, inode, mtime) in new.items()
                               if path in base and base[path][0] == digest and base[path][1:] != (inode, mtime)]
                if moved_files:
                    failures.append(f"trial {trial}: {len(moved_files)} unchanged files got a new inode or mtime, "
                                    f"e.g. {moved_files[0]}")
            old = new
            if trial % 10 == 9:
                print(f"kill trials: {trial + 1} done, {len(failures)} failures", flush=True)
    finally:
        if args.keep:
            print(f"kill trials: scratch folder {scratch}", file=sys.stderr)
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    for failure in failures:
        print(failure)
    print(f"kill trials: {args.trials} trials, {outcomes['old']} left the old output, {outcomes['new']} the new one, "
          f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
