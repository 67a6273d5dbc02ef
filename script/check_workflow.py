#!/usr/bin/env python3
"""Checks Examples/github-actions/publish.yml: validates it against GitHub's workflow schema
(check-jsonschema's vendored copy; actionlint cannot be installed offline), then runs its shell
steps as a scheduled run would, against 127.0.0.1:

- a "previous site" (the bundled site built once, version 1) and a holiday-cn mirror in which
  2027 has just been announced, both served by Python's http.server;
- a clone of this repository whose origin is a bare repository, so that `git push` works.

It expects the new 2027 file committed and pushed, a site whose version continues (2), and the
unchanged events of the previous release with their DTSTAMP.

usage: check_workflow.py CALGEN
"""
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

import yaml

WORKFLOW = "Examples/github-actions/publish.yml"


def run(args, **kwargs):
    return subprocess.run(args, check=True, capture_output=True, text=True, **kwargs)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main(calgen):
    calgen = os.path.abspath(calgen)
    repo = os.getcwd()
    result = subprocess.run(["check-jsonschema", "--builtin-schema", "vendor.github-workflows", WORKFLOW],
                            capture_output=True, text=True)
    print(result.stdout.strip() or result.stderr.strip())
    if result.returncode != 0:
        return 1
    with open(WORKFLOW, encoding="utf-8") as f:
        workflow = yaml.safe_load(f)
    steps = [s for s in workflow["jobs"]["build"]["steps"] if "run" in s]

    with tempfile.TemporaryDirectory() as scratch:
        env = dict(os.environ, HOME=scratch, GIT_TERMINAL_PROMPT="0", CALGEN=calgen,
                   CALGEN_FEED_SECRET="check-workflow-secret-0123456789", SOURCE_DATE_EPOCH="1795233600")
        # The repository as CI checks it out, with an origin that accepts the push.
        run(["git", "clone", "--quiet", "--bare", repo, os.path.join(scratch, "origin.git")])
        work = os.path.join(scratch, "work")
        run(["git", "clone", "--quiet", os.path.join(scratch, "origin.git"), work])
        # The previous release and the mirror, served from one folder.
        served = os.path.join(scratch, "served")
        run([calgen, "build", "--quiet", "--content", os.path.join(work, "Content"), "--templates",
             os.path.join(work, "Templates"), "--output", os.path.join(served, "site")], env=env)
        mirror = os.path.join(served, "holiday-cn")
        os.makedirs(mirror)
        for name in os.listdir(os.path.join(work, "Content", "holidays")):
            if name.endswith(".json"):
                shutil.copy(os.path.join(work, "Content", "holidays", name), mirror)
        with open(os.path.join(mirror, "2027.json"), "w", encoding="utf-8") as f:
            json.dump({"year": 2027, "papers": ["https://www.gov.cn/example"],
                       "days": [{"name": "元旦", "date": "2027-01-01", "isOffDay": True}]}, f, ensure_ascii=False)
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                                   "--directory", served], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(50):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    time.sleep(0.1)
            values = {"vars.SITE_URL": f"http://127.0.0.1:{port}/site/",
                      "vars.HOLIDAYS_SOURCE": f"http://127.0.0.1:{port}/holiday-cn/",
                      "secrets.CALGEN_FEED_SECRET": env["CALGEN_FEED_SECRET"]}
            # The next day's scheduled run.
            env["SOURCE_DATE_EPOCH"] = "1795320000"
            for step in steps:
                step_env = dict(env)
                for key, value in (step.get("env") or {}).items():
                    step_env[key] = re.sub(r"\$\{\{\s*([\w.]+)\s*\}\}", lambda m: values[m.group(1)], str(value))
                done = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=work, env=step_env,
                                      capture_output=True, text=True)
                print(f"step \"{step.get('name')}\": exit {done.returncode}")
                for line in (done.stdout + done.stderr).strip().splitlines()[-6:]:
                    print("   ", line)
                if done.returncode != 0:
                    return 1
        finally:
            server.terminate()
            server.wait()

        failures = []
        log = run(["git", "--git-dir", os.path.join(scratch, "origin.git"), "log", "-1", "--name-only",
                   "--format=%s"]).stdout
        if "Holiday data: update from holiday-cn" not in log or "Content/holidays/2027.json" not in log:
            failures.append(f"the new holiday file was not pushed: {log!r}")
        with open(os.path.join(work, "public", "manifest.json"), encoding="utf-8") as f:
            version = json.load(f)["version"]
        if version != 2:
            failures.append(f"the site's version is {version}, expected 2 (continuing the release's 1)")
        with open(os.path.join(work, "public", "feeds", "holidays.ics"), encoding="utf-8", newline="") as f:
            feed = f.read()
        if "UID:holiday-2026-national-day@calendar.example.com\r\nDTSTAMP:20261121T040000Z\r\n" not in feed:
            failures.append("an unchanged event lost the DTSTAMP of the previous release")
        for failure in failures:
            print("FAIL", failure)
        print(f"workflow: {len(steps)} shell steps run against 127.0.0.1; new data committed and pushed, "
              f"version {version}; {len(failures)} failed")
        return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
