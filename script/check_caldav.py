#!/usr/bin/env python3
"""`calgen sync` against a real CalDAV server: Radicale, started here on 127.0.0.1 on a free port
with htpasswd authentication and a temporary storage folder, read back with the Python `caldav`
library and compared with the source feed read by Python `icalendar`. Installs nothing
(script/bootstrap --test does: radicale, xandikos, caldav).

    python3 script/check_caldav.py .build/debug/calgen

Builds the bundled site, creates a calendar (MKCALENDAR, by the caldav library) holding one
foreign event, syncs a personal feed into it and checks: the calendar holds the feed's UIDs and,
for each, its DTSTART, SUMMARY and number of VALARMs; a second sync writes nothing (no PUT or
DELETE in Radicale's log, and calgen says so); one event changed and one removed in the source
give one PUT and one DELETE; an event edited in the calendar is written back, or kept with
--keep-edited; a wrong password fails with a clear message naming the user and the URL, a
non-zero exit and no password in the output; a state inside the build's output is refused; the
foreign event survives all of it; a sync killed half way and run again leaves each event once.
Then the first, second and changed syncs again into Xandikos (without authentication: its own
needs HTTPS with its own certificate). Prints one line per check and exits 1 when any failed.
"""
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import caldav
import icalendar

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CALGEN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/calgen")
USER = "wang"
PASSWORD = "correct-horse-7f3a9c"
WRONG = "wrong-battery-51d2e0"
FOREIGN_UID = "team-dinner-2026@example.org"
FOREIGN = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//example//hand written//EN
BEGIN:VEVENT
UID:team-dinner-2026@example.org
DTSTAMP:20261101T000000Z
DTSTART:20261218T110000Z
DTEND:20261218T130000Z
SUMMARY:Team dinner
BEGIN:VALARM
ACTION:DISPLAY
DESCRIPTION:Team dinner
TRIGGER:-PT30M
END:VALARM
END:VEVENT
END:VCALENDAR
"""

failures = []


def check(condition, what, detail=""):
    print(("ok    " if condition else "FAIL  ") + what + ("" if condition or not detail else f": {detail}"))
    if not condition:
        failures.append(what)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def events_of(ics_bytes):
    """UID → (DTSTART as text, SUMMARY, number of VALARMs) of every VEVENT."""
    found = {}
    for event in icalendar.Calendar.from_ical(ics_bytes).walk("VEVENT"):
        start = event.get("DTSTART")
        found[str(event.get("UID"))] = (
            start.to_ical().decode() + str(start.params.get("TZID", "")),
            str(event.get("SUMMARY")),
            len([c for c in event.subcomponents if c.name == "VALARM"]),
        )
    return found


def calendar_events(calendar):
    found = {}
    for resource in calendar.events():
        found.update(events_of(resource.data.encode() if isinstance(resource.data, str) else resource.data))
    return found


class Radicale:
    """Radicale on 127.0.0.1, its log in a file whose PUT and DELETE lines can be counted."""

    def __init__(self, folder):
        self.port = free_port()
        self.log_path = os.path.join(folder, "radicale.log")
        users = os.path.join(folder, "users")
        with open(users, "w") as f:
            f.write(f"{USER}:{PASSWORD}\n")
        config = os.path.join(folder, "config")
        with open(config, "w") as f:
            f.write(f"""[server]
hosts = 127.0.0.1:{self.port}
[auth]
type = htpasswd
htpasswd_filename = {users}
htpasswd_encryption = plain
[rights]
type = owner_only
[storage]
filesystem_folder = {os.path.join(folder, "collections")}
[logging]
level = info
mask_passwords = True
""")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "radicale", "--config", config], stdout=self.log, stderr=subprocess.STDOUT)
        self.url = f"http://127.0.0.1:{self.port}/"
        for _ in range(100):
            try:
                urllib.request.urlopen(self.url, timeout=1)
                break
            except urllib.error.HTTPError:
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise SystemExit("Radicale did not start; its log:\n" + open(self.log_path).read())

    def writes(self):
        """The PUT and DELETE requests Radicale has logged so far."""
        self.log.flush()
        text = open(self.log_path, encoding="utf-8", errors="replace").read()
        return len(re.findall(r"\b(PUT|DELETE) request for", text))

    def requests(self):
        """Every request Radicale has logged so far."""
        self.log.flush()
        text = open(self.log_path, encoding="utf-8", errors="replace").read()
        return len(re.findall(r"\b[A-Z]+ request for", text))

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.log.close()


def run(args, env=None):
    result = subprocess.run([CALGEN] + args, capture_output=True, text=True, timeout=120, env=env, cwd=ROOT)
    return result.returncode, result.stdout + result.stderr


def changed_copy(source, source_bytes, uids, folder):
    """A copy of the feed with its first event changed (SUMMARY, SEQUENCE 1) and its second removed."""
    changed_uid, removed_uid = uids[0], uids[1]
    edited = []
    for block in re.split(r"(?=BEGIN:VEVENT\r\n)", source_bytes.decode()):
        if f"\r\nUID:{removed_uid}\r\n" in block:
            edited.append(block[block.index("END:VEVENT\r\n") + len("END:VEVENT\r\n"):])
            continue
        if f"\r\nUID:{changed_uid}\r\n" in block:
            block = re.sub(r"\r\nSUMMARY:[^\r]*", "\r\nSUMMARY:改了的事件", block, count=1)
            block = block.replace("\r\nDTSTART", "\r\nSEQUENCE:1\r\nDTSTART", 1)
        edited.append(block)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, os.path.basename(source))
    with open(path, "w", newline="") as f:
        f.write("".join(edited))
    return path, changed_uid, removed_uid


class Xandikos:
    """Xandikos on 127.0.0.1 without authentication (its --htpasswd needs HTTPS with a certificate
    of its own); its access log counts the PUT and DELETE requests."""

    def __init__(self, folder):
        self.port = free_port()
        self.log_path = os.path.join(folder, "xandikos.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "xandikos", "serve", "-d", os.path.join(folder, "xandikos"), "--defaults",
             "-l", "127.0.0.1", "-p", str(self.port), "--state-dir", os.path.join(folder, "xandikos-state")],
            stdout=self.log, stderr=subprocess.STDOUT)
        self.url = f"http://127.0.0.1:{self.port}/"
        for _ in range(100):
            try:
                urllib.request.urlopen(self.url, timeout=1)
                break
            except urllib.error.HTTPError:
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise SystemExit("Xandikos did not start; its log:\n" + open(self.log_path).read())

    def writes(self):
        self.log.flush()
        text = open(self.log_path, encoding="utf-8", errors="replace").read()
        return len(re.findall(r'"(PUT|DELETE) /', text))

    def requests(self):
        self.log.flush()
        text = open(self.log_path, encoding="utf-8", errors="replace").read()
        return len(re.findall(r'"[A-Z]+ /', text))

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.log.close()


def check_xandikos(folder, source, expected, env):
    """The same sync into Xandikos's default calendar: its listing, ETags and preconditions."""
    server = Xandikos(folder)
    try:
        collection = f"{server.url}user/calendars/calendar/"
        calendar = caldav.Calendar(client=caldav.DAVClient(url=server.url), url=collection)
        calendar.save_event(FOREIGN)
        foreign_before = calendar_events(calendar)[FOREIGN_UID]
        sync = ["sync", source, "--to", collection, "--user", USER, "--state", os.path.join(folder, "xandikos.sync-state.json")]
        env = dict(env, CALGEN_CALDAV_PASSWORD=PASSWORD)
        before = server.writes()
        code, output = run(sync, env)
        print("      " + output.strip())
        ours = {uid: e for uid, e in calendar_events(calendar).items() if uid != FOREIGN_UID}
        check(code == 0 and server.writes() - before == len(expected) and ours == expected,
              f"Xandikos: the first sync puts {len(expected)} events, read back with their DTSTART, SUMMARY and alarms",
              output.strip())
        before, requests_before = server.writes(), server.requests()
        code, output = run(sync, env)
        requests = server.requests() - requests_before
        check(code == 0 and "nothing changed" in output and "(0 writes, 1 request)" in output and server.writes() == before
              and requests == 1,
              f"Xandikos: a second sync writes nothing and makes {requests} request (its access log)", output.strip())
        changed_source, changed_uid, removed_uid = changed_copy(source, open(source, "rb").read(), sorted(expected),
                                                                os.path.join(folder, "x"))
        before = server.writes()
        code, output = run(["sync", changed_source] + sync[2:], env)
        stored = calendar_events(calendar)
        check(code == 0 and "0 added, 1 changed, 1 deleted" in output and server.writes() - before == 2
              and stored.get(changed_uid, ("", "", 0))[1] == "改了的事件" and removed_uid not in stored,
              "Xandikos: one event changed and one removed: one PUT and one DELETE", output.strip())
        check(stored.get(FOREIGN_UID) == foreign_before, "Xandikos: the foreign event survives")
    finally:
        server.stop()


def main():
    folder = tempfile.mkdtemp(prefix="calgen-caldav-")
    server = None
    try:
        site = os.path.join(folder, "site")
        env = dict(os.environ, SOURCE_DATE_EPOCH="1795233600", CALGEN_FEED_SECRET="check-caldav-secret-0123456789abcdef")
        env.pop("CALGEN_CALDAV_PASSWORD", None)
        built = subprocess.run([CALGEN, "build", "--quiet", "--output", site], env=env, cwd=ROOT, capture_output=True, text=True)
        if built.returncode != 0:
            raise SystemExit("the build failed:\n" + built.stdout + built.stderr)
        feeds = sorted(
            os.path.join(d, f) for d, _, files in os.walk(os.path.join(site, "feeds")) for f in files if f.endswith(".ics"))
        # The personal feed with the most alarms: what a subscription loses and a sync keeps.
        source = max(feeds, key=lambda p: open(p, "rb").read().count(b"BEGIN:VALARM"))
        source_bytes = open(source, "rb").read()
        expected = events_of(source_bytes)
        # Shown as calgen shows a personal feed, without its token.
        print(f"source: feeds/…/{os.path.basename(source)}: {len(expected)} events, "
              f"{sum(e[2] for e in expected.values())} alarms")

        server = Radicale(folder)
        client = caldav.DAVClient(url=server.url, username=USER, password=PASSWORD)
        calendar = client.principal().make_calendar(name="Work", cal_id="work")
        collection = f"{server.url}{USER}/work/"
        calendar.save_event(FOREIGN)
        foreign_before = calendar_events(calendar)[FOREIGN_UID]

        password_file = os.path.join(folder, "password")
        with open(password_file, "w") as f:
            f.write(PASSWORD + "\n")
        os.chmod(password_file, 0o600)
        state = os.path.join(folder, "wang.sync-state.json")
        sync = ["sync", source, "--to", collection, "--user", USER, "--state", state]

        # A state beside a source inside the build's output would go with the next build.
        before = server.writes()
        code, output = run(["sync", source, "--to", collection, "--user", USER, "--password-file", password_file], env)
        check(code != 0 and "build's output" in output and server.writes() == before,
              "a state inside the build's output is refused before anything is sent", output.strip())

        before = server.writes()
        code, output = run(sync + ["--dry-run", "--password-file", password_file], env)
        check(code == 0 and f"{len(expected)} to add, 0 to change, 0 to delete" in output and server.writes() == before,
              f"--dry-run plans {len(expected)} additions and writes nothing", output.strip())

        before = server.writes()
        code, output = run(sync + ["--password-file", password_file], env)
        print("      " + output.strip())
        first_writes = server.writes() - before
        check(code == 0 and f"{len(expected)} added, 0 changed, 0 deleted" in output,
              "the first sync adds every event", output.strip())
        check(first_writes == len(expected), f"the first sync sent {len(expected)} PUTs (Radicale's log: {first_writes})")
        stored = calendar_events(calendar)
        ours = {uid: e for uid, e in stored.items() if uid != FOREIGN_UID}
        check(set(ours) == set(expected), "the calendar holds the feed's UIDs, no more and no less",
              f"missing {sorted(set(expected) - set(ours))[:3]}, extra {sorted(set(ours) - set(expected))[:3]}")
        differing = [uid for uid in expected if ours.get(uid) != expected[uid]]
        check(not differing, "every event's DTSTART, SUMMARY and VALARM count are the source's",
              f"{len(differing)} differ, e.g. {differing[:1]}: {ours.get(differing[0]) if differing else ''}"
              f" vs {expected.get(differing[0]) if differing else ''}")
        check(PASSWORD not in output and PASSWORD not in open(state).read(), "the password is in neither the output nor the state")

        before, requests_before = server.writes(), server.requests()
        code, output = run(sync, dict(env, CALGEN_CALDAV_PASSWORD=PASSWORD))
        print("      " + output.strip())
        noop_writes = server.writes() - before
        noop_requests = server.requests() - requests_before
        check(code == 0 and "nothing changed" in output and "(0 writes, 1 request)" in output and noop_writes == 0
              and noop_requests == 1,
              f"a second sync (password from CALGEN_CALDAV_PASSWORD) writes nothing: {noop_writes} PUT or DELETE, "
              f"{noop_requests} request in all in Radicale's log", output.strip())

        # One event changed and one removed in the source.
        uids = sorted(expected)
        changed_source, changed_uid, removed_uid = changed_copy(source, source_bytes, uids, folder)
        before = server.writes()
        code, output = run(["sync", changed_source] + sync[2:] + ["--password-file", password_file], env)
        print("      " + output.strip())
        stored = calendar_events(calendar)
        check(code == 0 and "0 added, 1 changed, 1 deleted" in output and server.writes() - before == 2
              and stored.get(changed_uid, ("", "", 0))[1] == "改了的事件" and removed_uid not in stored,
              "one event changed and one removed: one PUT and one DELETE", output.strip())

        # The owner edits one of calgen's events in their calendar.
        target = uids[2]
        resource = calendar.event_by_uid(target)
        component = icalendar.Calendar.from_ical(resource.data)
        for event in component.walk("VEVENT"):
            event["SUMMARY"] = "my own words"
        resource.data = component.to_ical().decode()
        resource.save()
        code, output = run(["sync", changed_source] + sync[2:] + ["--password-file", password_file, "--keep-edited"], env)
        check(code == 0 and "edited in the calendar, kept" in output and calendar_events(calendar)[target][1] == "my own words",
              "--keep-edited keeps an event edited in the calendar", output.strip())
        code, output = run(["sync", changed_source] + sync[2:] + ["--password-file", password_file], env)
        check(code == 0 and "1 changed" in output and calendar_events(calendar)[target] == expected[target],
              "by default calgen's version is written back over the edit", output.strip())

        # A wrong password.
        wrong_file = os.path.join(folder, "wrong")
        with open(wrong_file, "w") as f:
            f.write(WRONG)
        before = server.writes()
        code, output = run(sync + ["--password-file", wrong_file], env)
        print("      " + output.strip())
        check(code != 0 and f'"{USER}"' in output and collection in output and "401" in output
              and WRONG not in output and PASSWORD not in output and server.writes() == before,
              "a wrong password fails clearly, naming the user and the URL, printing no password, writing nothing",
              output.strip())

        stored = calendar_events(calendar)
        check(stored.get(FOREIGN_UID) == foreign_before, "the foreign event survives every sync")

        # A sync killed half way (SIGKILL: no state written), then run again: no duplicates.
        second = client.principal().make_calendar(name="Kill", cal_id="kill")
        kill_state = os.path.join(folder, "kill.sync-state.json")
        kill_sync = ["sync", source, "--to", f"{server.url}{USER}/kill/", "--user", USER, "--state", kill_state,
                     "--password-file", password_file]
        before = server.writes()
        process = subprocess.Popen([CALGEN] + kill_sync, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while server.writes() - before < len(expected) // 3 and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        process.kill()
        killed = process.wait() == -9
        written = server.writes() - before
        code, output = run(kill_sync, env)
        print("      " + output.strip())
        resources = second.events()
        rewritten = re.search(r"(\d+) changed", output)
        check(killed and 0 < written < len(expected) and code == 0 and len(resources) == len(expected)
              and set(calendar_events(second)) == set(expected) and rewritten and int(rewritten.group(1)) < 100,
              f"a sync killed after {written} of {len(expected)} PUTs, run again, leaves each event once and writes again "
              f"only those after the last saved state ({rewritten.group(1) if rewritten else '?'})", output.strip())
        code, output = run(kill_sync, env)
        check(code == 0 and "(0 writes, 1 request)" in output, "and the next sync writes nothing", output.strip())
        server.stop()
        server = None

        check_xandikos(folder, source, expected, env)
    finally:
        if server:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"{len(failures)} failed" if failures else "all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
