"""`calgen sync` against a real CalDAV server: Radicale, started here on 127.0.0.1 on a free port
with htpasswd authentication and a temporary storage folder, read back with the Python `caldav`
library and compared with the source feed read by Python `icalendar`. Installs nothing
(script/bootstrap --test does: radicale, xandikos, caldav).

    python3 -m pytest checks/test_caldav.py --calgen .build/debug/calgen

Builds the bundled site, creates a calendar (MKCALENDAR, by the caldav library) holding one
foreign event, syncs a personal feed into it and checks: the calendar holds the feed's UIDs and,
for each, its DTSTART, SUMMARY and number of VALARMs; a second sync lists once and a third
finds nothing changed, neither writing (no PUT or DELETE in Radicale's log, and calgen says so); one event changed and one removed in the source
give one PUT and one DELETE; an event edited in the calendar is written back, or kept with
--keep-edited; a wrong password fails with a clear message naming the user and the URL, a
non-zero exit and no password in the output; a state inside the build's output is refused; the
foreign event survives all of it; a sync killed half way and run again leaves each event once.
Those runs make exactly one request each (calgen's count and Radicale's log agree). Then, with
the smallest personal feed: discovery from the server's root URL (--calendar missing is an
error, --dry-run --create makes no calendar, --create makes it, the next runs one request each); the feed as a URL served
by Python's http.server on 127.0.0.1 (then a 304 and one request); a hostile front on
127.0.0.1 that answers 429 and 503 with Retry-After: 1 (waited out), slowly (--timeout 2 ends
the run clearly) and with 40 MiB (refused), and that lists a calendar on another origin (never
synced into: the other origin gets no request, so never the password); 20 syncs killed with
SIGKILL at random moments (at least 5 of them between PUTs), each run again, leaving exactly the
feed's events once, and, for up to 5 killed between PUTs, run again on a feed that lost one of
the events already PUT, leaving exactly the new feed; real rebuilds (a note addressed to the
subscriber edited, a reminder's time changed, a new year announced) each sending exactly the
events that changed; publisher mode syncing two subscribers
in one command, and going on when one account is refused. Then the first, second and changed
syncs, a wrong password and discovery again into Xandikos, behind Debian's nginx asking for the
account's password (Xandikos's own --htpasswd needs HTTPS with its own certificate). On both, a
calendar that holds the feed's events already (imported once): named and refused without
--adopt, taken over in place with it. Against a small hostile listing server: an HTML 207, a
listing cut short, a multistatus without the collection's own response (errors, nothing
written), decoy hrefs (not believed), and --time-limit ending a slow first sync (exit 75);
and ETags that change on every read, a PUT's ETag never listed, each resource listed twice, no
ETags at all: each time a second run writes nothing, with and without --keep-edited, and a later
change of the feed is still written under --keep-edited. Then SabreDAV (Debian's php-sabre-dav
on `php -S` with SQLite; script/bootstrap installs php-sabre-dav, php-cli, php-sqlite3), asking
for Basic and then for Digest authentication: the first, second, third and changed syncs,
--keep-edited, a wrong password and the calendar that holds the feed's events already.
With CALGEN_SYNC_BENCHMARK=1, last, the figures of script/benchmark_sync.py (250 ms RTT), printed,
not asserted (a benchmark, not a check: script/test leaves it out). Prints one line per check;
the checks are grouped into tests that run in order against the same servers.
"""
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import caldav
import icalendar
import pytest
import recurring_ical_events

from checks import loopback, sites

ROOT = str(sites.ROOT)
CALGEN = None  # the binary under test, set by the `world` fixture
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

REPORT = []  # the running test's Failures, set by the `report` fixture


def check(condition, what, detail=""):
    """One check of the running test: printed, and recorded in its report when it fails."""
    return REPORT[-1].check(condition, what, detail)


@pytest.fixture(autouse=True)
def report(failures):
    """Every `check` of a test goes to its report, which fails the test at its end."""
    REPORT.append(failures)
    yield
    REPORT.pop()
    failures.verify()


def counted(count, before, expected):
    """`count() - before` once the server's log has caught up: a server may log a request just
    after answering it, when calgen has already exited."""
    deadline = time.monotonic() + 3
    while count() - before < expected and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.2)
    return count() - before


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


def occurrences(texts):
    """Every occurrence of the events of these iCalendar texts but the foreign one, expanded by
    recurring-ical-events over 2000–2040: sorted (start, SUMMARY, number of VALARMs)."""
    found = []
    for text in texts:
        expanded = recurring_ical_events.of(icalendar.Calendar.from_ical(text))
        for event in expanded.between(datetime.date(2000, 1, 1), datetime.date(2041, 1, 1)):
            if str(event.get("UID")) != FOREIGN_UID:
                found.append((event["DTSTART"].dt.isoformat(), str(event.get("SUMMARY")),
                              len([c for c in event.subcomponents if c.name == "VALARM"])))
    return sorted(found)


def check_occurrences(label, calendar, source):
    """The calendar's events, as the caldav library reads them back, expand to the source feed's
    occurrences, alarms included."""
    stored = occurrences(r.data.encode() if isinstance(r.data, str) else r.data for r in calendar.events())
    wanted = occurrences([open(source, "rb").read()])
    check(stored == wanted, f"{label}: the calendar expands (recurring-ical-events) to the feed's {len(wanted)} "
          "occurrences, each with its alarms", f"{len(stored)} stored, e.g. {sorted(set(stored) ^ set(wanted))[:3]}")


def calendar_events(calendar):
    found = {}
    for resource in calendar.events():
        found.update(events_of(resource.data.encode() if isinstance(resource.data, str) else resource.data))
    return found


def logged(server, pattern):
    """How many times `pattern` matches the log the server has written so far."""
    server.log.flush()
    with open(server.log_path, encoding="utf-8", errors="replace") as f:
        return len(re.findall(pattern, f.read()))


class LoggedServer:
    """A CalDAV server whose log counts the requests it got: each kind of server names the
    patterns of a write (a PUT or DELETE it applied), of a request by method, and of any request."""

    WRITE = COUNT = REQUEST = None

    def writes(self):
        """The PUT and DELETE requests the server applied so far."""
        return logged(self, self.WRITE)

    def count(self, method):
        """The requests of `method` the server has logged so far."""
        return logged(self, self.COUNT.format(method=method))

    def requests(self):
        """Every request the server has logged so far."""
        return logged(self, self.REQUEST)


class Radicale(LoggedServer):
    """Radicale on 127.0.0.1, its log in a file whose PUT and DELETE lines can be counted."""

    WRITE = r"\b(PUT|DELETE) request for"
    COUNT = r"\b{method} request for"
    REQUEST = r"\b[A-Z]+ request for"

    def __init__(self, folder):
        self.log_path = os.path.join(folder, "radicale.log")
        self.log = open(self.log_path, "w")
        self.process, self.port = loopback.radicale(
            folder, USER, PASSWORD, logging="level = info\nmask_passwords = True\n",
            extra="[rights]\ntype = owner_only\n", output=self.log)
        if self.port is None:
            pytest.fail("Radicale did not start; its log:\n" + open(self.log_path).read(), pytrace=False)
        self.url = f"http://127.0.0.1:{self.port}/"

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.log.close()


# A guard against a hang, not a speed check: Radicale answers a PUT after reading every item of the
# collection (its UID check), so a first sync of 816 events costs it about 20 s of CPU on a quiet
# machine, and several times that while the other stages of script/test share the cores.
RUN_TIMEOUT = 600


def run(args, env=None):
    result = subprocess.run([CALGEN] + args, capture_output=True, text=True, timeout=RUN_TIMEOUT, env=env, cwd=ROOT)
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


class Xandikos(LoggedServer):
    """Xandikos on 127.0.0.1 behind Debian's nginx, which asks for the account's password (Basic
    authentication, as a reverse proxy in front of Xandikos does in production: its own
    --htpasswd needs HTTPS with a certificate of its own); Xandikos's access log counts the
    requests that got through. A write answered 423 (locked while another was stored, and tried
    again) is none."""

    WRITE = r'"(PUT|DELETE) /[^"]*" 2\d\d '
    COUNT = r'"{method} /'
    REQUEST = r'"[A-Z]+ /'

    def __init__(self, folder):
        inner = loopback.free_port()
        self.port = loopback.free_port()
        self.log_path = os.path.join(folder, "xandikos.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "xandikos", "serve", "-d", os.path.join(folder, "xandikos"), "--defaults",
             "-l", "127.0.0.1", "-p", str(inner), "--state-dir", os.path.join(folder, "xandikos-state")],
            stdout=self.log, stderr=subprocess.STDOUT)
        self.front = os.path.join(folder, "nginx")
        os.makedirs(self.front, exist_ok=True)
        os.chmod(folder, 0o755)
        with open(os.path.join(self.front, "htpasswd"), "w") as f:
            f.write(f"{USER}:{{PLAIN}}{PASSWORD}\n")
        os.chmod(os.path.join(self.front, "htpasswd"), 0o644)
        with open(os.path.join(self.front, "nginx.conf"), "w") as f:
            f.write(f"""pid {self.front}/nginx.pid;
error_log {self.front}/error.log;
events {{}}
http {{
    access_log off;
    client_body_temp_path {self.front}/body;
    proxy_temp_path {self.front}/proxy;
    fastcgi_temp_path {self.front}/fastcgi;
    uwsgi_temp_path {self.front}/uwsgi;
    scgi_temp_path {self.front}/scgi;
    client_max_body_size 10m;
    server {{
        listen 127.0.0.1:{self.port};
        location / {{
            auth_basic "calendar";
            auth_basic_user_file {self.front}/htpasswd;
            proxy_pass http://127.0.0.1:{inner};
            proxy_set_header Host $http_host;
            proxy_set_header Authorization "";
            proxy_redirect off;
        }}
    }}
}}
""")
        self.url = f"http://127.0.0.1:{self.port}/"
        if not loopback.answers(f"http://127.0.0.1:{inner}/"):
            pytest.fail("Xandikos did not start; its log:\n" + open(self.log_path).read(), pytrace=False)
        subprocess.run(["nginx", "-e", f"{self.front}/error.log", "-c", f"{self.front}/nginx.conf", "-p", self.front],
                       check=True)
        loopback.answers(self.url)

    def stop(self):
        try:
            with open(os.path.join(self.front, "nginx.pid")) as f:
                os.kill(int(f.read().strip()), 15)
        except (OSError, ValueError):
            pass
        self.process.terminate()
        self.process.wait(timeout=10)
        self.log.close()


def check_xandikos(folder, source, small, expected, env):
    """The same sync into Xandikos's default calendar: its listing, ETags and preconditions."""
    server = Xandikos(folder)
    try:
        collection = f"{server.url}user/calendars/calendar/"
        client = caldav.DAVClient(url=server.url, username=USER, password=PASSWORD)
        calendar = caldav.Calendar(client=client, url=collection)
        calendar.save_event(FOREIGN)
        foreign_before = calendar_events(calendar)[FOREIGN_UID]
        sync = ["sync", source, "--to", collection, "--user", USER, "--state", os.path.join(folder, "xandikos.sync-state.json")]
        env = dict(env, CALGEN_CALDAV_PASSWORD=PASSWORD)
        before = server.writes()
        code, output = run(sync, env)
        print("      " + output.strip())
        ours = {uid: e for uid, e in calendar_events(calendar).items() if uid != FOREIGN_UID}
        check(code == 0 and counted(server.writes, before, len(expected)) == len(expected) and ours == expected,
              f"Xandikos: the first sync puts {len(expected)} events, read back with their DTSTART, SUMMARY and alarms",
              output.strip())
        check_occurrences("Xandikos", calendar, source)
        # After calgen's own writes no tags are saved: the next run lists once, the one after
        # reads the tags only.
        before, requests_before = server.writes(), server.requests()
        code, output = run(sync, env)
        listed = counted(server.requests, requests_before, 1)
        check(code == 0 and "(0 writes, 1 request)" in output and server.writes() == before and listed == 1,
              f"Xandikos: a second sync lists once and writes nothing ({listed} request in its access log)", output.strip())
        requests_before = server.requests()
        code, output = run(sync, env)
        requests = counted(server.requests, requests_before, 1)
        check(code == 0 and "nothing changed" in output and "(0 writes, 1 request)" in output and server.writes() == before
              and requests == 1,
              f"Xandikos: a third sync finds nothing changed in {requests} request (its access log)", output.strip())
        changed_source, changed_uid, removed_uid = changed_copy(source, open(source, "rb").read(), sorted(expected),
                                                                os.path.join(folder, "x"))
        before = server.writes()
        code, output = run(["sync", changed_source] + sync[2:], env)
        stored = calendar_events(calendar)
        check(code == 0 and "0 added, 1 changed, 1 deleted" in output and counted(server.writes, before, 2) == 2
              and stored.get(changed_uid, ("", "", 0))[1] == "改了的事件" and removed_uid not in stored,
              "Xandikos: one event changed and one removed: one PUT and one DELETE", output.strip())
        check(stored.get(FOREIGN_UID) == foreign_before, "Xandikos: the foreign event survives")
        before = server.requests()
        code, output = run(sync, dict(env, CALGEN_CALDAV_PASSWORD=WRONG))
        check(code != 0 and USER in output and WRONG not in output and PASSWORD not in output
              and server.requests() == before,
              "Xandikos: a wrong password is refused by its front, a clear error naming the user, nothing got through",
              output.strip())
        check_discovery("Xandikos", server, client, small, env)
        imported = client.principal().make_calendar(name="Imported", cal_id="imported")
        check_imported("Xandikos", server, imported, str(imported.url), small, env, folder)
    finally:
        server.stop()


SABRE_SERVER = r"""<?php
// SabreDAV as Debian's php-sabre-dav ships it, on PHP's built-in server with SQLite: principals,
// calendars and the users' Digest hashes in PDO tables; Basic or Digest authentication.
date_default_timezone_set('UTC');
require_once 'Sabre/autoload.php';
$pdo = new \PDO('sqlite:' . __DIR__ . '/sabre.sqlite');
$pdo->setAttribute(\PDO::ATTR_ERRMODE, \PDO::ERRMODE_EXCEPTION);
class CheckBasic extends \Sabre\DAV\Auth\Backend\AbstractBasic {
    protected function validateUserPass($username, $password) {
        return $username === '@USER@' && $password === trim(file_get_contents(__DIR__ . '/password'));
    }
}
$auth = '@AUTH@' === 'digest' ? new \Sabre\DAV\Auth\Backend\PDO($pdo) : new CheckBasic();
$principals = new \Sabre\DAVACL\PrincipalBackend\PDO($pdo);
$calendars = new \Sabre\CalDAV\Backend\PDO($pdo);
$server = new \Sabre\DAV\Server(array(
    new \Sabre\CalDAV\Principal\Collection($principals),
    new \Sabre\CalDAV\CalendarRootNode($principals, $calendars),
));
$server->setBaseUri('/');
$server->addPlugin(new \Sabre\DAV\Auth\Plugin($auth, 'SabreDAV'));
$server->addPlugin(new \Sabre\DAVACL\Plugin());
$server->addPlugin(new \Sabre\CalDAV\Plugin());
// Each request and its status, one line each, for the check to count.
register_shutdown_function(function () {
    file_put_contents(__DIR__ . '/requests.log',
        $_SERVER['REQUEST_METHOD'] . ' ' . $_SERVER['REQUEST_URI'] . ' ' . http_response_code() . "\n",
        FILE_APPEND | LOCK_EX);
});
$server->exec();
"""


class SabreDAV:
    """SabreDAV (Debian's php-sabre-dav, the engine of Baïkal and of Nextcloud's CalDAV) on
    127.0.0.1, served by `php -S` from a server.php written here, its principals, calendars and
    Digest hashes in SQLite, asking for the password with Basic or with Digest (`auth`); the
    calendars `work` and `imported` made in its tables. Its own log of requests counts them."""

    def __init__(self, folder, auth):
        import sqlite3
        self.folder = os.path.join(folder, f"sabre-{auth}")
        os.makedirs(self.folder, exist_ok=True)
        self.port = loopback.free_port()
        with open(os.path.join(self.folder, "server.php"), "w") as f:
            f.write(SABRE_SERVER.replace("@USER@", USER).replace("@AUTH@", auth))
        with open(os.path.join(self.folder, "password"), "w") as f:
            f.write(PASSWORD)
        sql = "/usr/share/doc/php-sabre-dav/examples/sql"
        database = sqlite3.connect(os.path.join(self.folder, "sabre.sqlite"))
        for table in ("calendars", "principals", "locks"):
            with open(os.path.join(sql, f"sqlite.{table}.sql")) as f:
                database.executescript("\n".join(line for line in f.read().splitlines() if "principals/admin" not in line))
        import hashlib
        database.executescript("CREATE TABLE users (id integer primary key asc, username TEXT, digesta1 TEXT, UNIQUE(username));")
        database.execute("INSERT INTO users (username, digesta1) VALUES (?, ?)",
                         (USER, hashlib.md5(f"{USER}:SabreDAV:{PASSWORD}".encode()).hexdigest()))
        for uri in (f"principals/{USER}", f"principals/{USER}/calendar-proxy-read", f"principals/{USER}/calendar-proxy-write"):
            database.execute("INSERT INTO principals (uri, email, displayname) VALUES (?, ?, ?)",
                             (uri, f"{USER}@example.org" if uri.count("/") == 1 else None, USER if uri.count("/") == 1 else None))
        for uri, name in (("work", "Work"), ("imported", "Imported")):
            database.execute("INSERT INTO calendars (principaluri, displayname, uri, ctag, components) "
                             "VALUES (?, ?, ?, 1, 'VEVENT')", (f"principals/{USER}", name, uri))
        database.commit()
        database.close()
        self.log_path = os.path.join(self.folder, "requests.log")
        open(self.log_path, "w").close()
        self.output = open(os.path.join(self.folder, "php.log"), "w")
        self.process = subprocess.Popen(["php", "-S", f"127.0.0.1:{self.port}", "server.php"], cwd=self.folder,
                                        stdout=self.output, stderr=subprocess.STDOUT)
        self.url = f"http://127.0.0.1:{self.port}/"
        if not loopback.answers(self.url):
            pytest.fail("SabreDAV did not start; its output:\n" + open(os.path.join(self.folder, "php.log")).read(), pytrace=False)

    def lines(self):
        return open(self.log_path, encoding="utf-8", errors="replace").read().splitlines()

    def writes(self):
        """The PUT and DELETE requests SabreDAV applied."""
        return len([line for line in self.lines() if re.match(r"(PUT|DELETE) \S+ 2\d\d$", line)])

    def count(self, method):
        return len([line for line in self.lines() if line.startswith(method + " ")])

    def requests(self):
        """Every request SabreDAV answered but the 401s of authentication's first round."""
        return len([line for line in self.lines() if not line.endswith(" 401")])

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.output.close()


def check_sabre(folder, source, small, expected, env, auth):
    """The scenario set against SabreDAV asking for the password with `auth` (basic, digest): the
    first sync read back, a no-op of one request, one change and one removal, an edit kept with
    --keep-edited and written back without, a wrong password, the foreign event kept, and a
    calendar that holds the feed's events already, without and with --adopt."""
    label = f"SabreDAV ({'Digest' if auth == 'digest' else 'Basic'})"
    # Digest takes a 401 first on each run's new connection, for the server's nonce.
    noop = "(0 writes, 2 requests)" if auth == "digest" else "(0 writes, 1 request)"
    server = SabreDAV(folder, auth)
    try:
        collection = f"{server.url}calendars/{USER}/work/"
        client = caldav.DAVClient(url=server.url, username=USER, password=PASSWORD)
        calendar = caldav.Calendar(client=client, url=collection)
        calendar.save_event(FOREIGN)
        foreign_before = calendar_events(calendar)[FOREIGN_UID]
        state = os.path.join(folder, f"sabre-{auth}.sync-state.json")
        sync = ["sync", source, "--to", collection, "--user", USER, "--state", state]
        env = dict(env, CALGEN_CALDAV_PASSWORD=PASSWORD)
        before = server.writes()
        code, output = run(sync, env)
        print("      " + output.strip())
        ours = {uid: e for uid, e in calendar_events(calendar).items() if uid != FOREIGN_UID}
        written = server.writes() - before
        check(code == 0 and written == len(expected) and ours == expected,
              f"{label}: the first sync puts {len(expected)} events ({written} PUTs in its log), read back with their "
              "DTSTART, SUMMARY and alarms", output.strip())
        check_occurrences(label, calendar, source)
        before, requests_before = server.writes(), server.requests()
        code, output = run(sync, env)
        listed = server.requests() - requests_before
        check(code == 0 and noop in output and server.writes() == before and listed == 1,
              f"{label}: a second sync lists once and writes nothing ({listed} request in its log but the 401s; "
              f"calgen says {noop[1:-1]})", output.strip())
        requests_before = server.requests()
        code, output = run(sync, env)
        requests = server.requests() - requests_before
        check(code == 0 and "nothing changed" in output and noop in output and server.writes() == before
              and requests == 1, f"{label}: a third sync finds nothing changed in {requests} request", output.strip())
        uids = sorted(expected)
        changed_source, changed_uid, removed_uid = changed_copy(source, open(source, "rb").read(), uids,
                                                                os.path.join(folder, f"sabre-{auth}-changed"))
        before = server.writes()
        changed_sync = ["sync", changed_source] + sync[2:]
        code, output = run(changed_sync, env)
        stored = calendar_events(calendar)
        check(code == 0 and "0 added, 1 changed, 1 deleted" in output and server.writes() - before == 2
              and stored.get(changed_uid, ("", "", 0))[1] == "改了的事件" and removed_uid not in stored,
              f"{label}: one event changed and one removed: one PUT and one DELETE", output.strip())
        # The owner edits one of calgen's events in their calendar.
        target = uids[2]
        resource = calendar.event_by_uid(target)
        component = icalendar.Calendar.from_ical(resource.data)
        for event in component.walk("VEVENT"):
            event["SUMMARY"] = "my own words"
        resource.data = component.to_ical().decode()
        resource.save()
        before = server.writes()
        code, output = run(changed_sync + ["--keep-edited"], env)
        check(code == 0 and "edited in the calendar, kept" in output and server.writes() == before
              and calendar_events(calendar)[target][1] == "my own words",
              f"{label}: --keep-edited keeps an event edited in the calendar (no write)", output.strip())
        code, output = run(changed_sync, env)
        check(code == 0 and "1 changed" in output and calendar_events(calendar)[target] == expected[target],
              f"{label}: by default calgen's version is written back over the edit", output.strip())
        before = server.writes()
        code, output = run(sync, dict(env, CALGEN_CALDAV_PASSWORD=WRONG))
        check(code != 0 and USER in output and "refused" in output and WRONG not in output and PASSWORD not in output
              and server.writes() == before,
              f"{label}: a wrong password is refused, a clear error naming the user, nothing written", output.strip())
        check(calendar_events(calendar).get(FOREIGN_UID) == foreign_before, f"{label}: the foreign event survives")
        imported = caldav.Calendar(client=client, url=f"{server.url}calendars/{USER}/imported/")
        check_imported(label, server, imported, str(imported.url), small, env, folder, noop)
    finally:
        server.stop()


def calendar_named(client, name):
    """The calendar of the principal with this display name (the caldav library's view)."""
    for calendar in client.principal().calendars():
        if calendar.get_display_name() == name:
            return calendar
    return None


def resource_uids(calendar):
    """The UID of every resource of the calendar, a UID twice when it is stored twice."""
    uids = []
    for resource in calendar.events():
        data = resource.data.encode() if isinstance(resource.data, str) else resource.data
        uids += [str(e.get("UID")) for e in icalendar.Calendar.from_ical(data).walk("VEVENT")]
    return uids


def check_discovery(label, server, client, small, env):
    """From the server's root URL: --calendar of a missing name fails clearly, --create makes the
    calendar (MKCALENDAR) and syncs into it, the next run with --calendar makes one request."""
    small_expected = events_of(open(small, "rb").read())
    state = os.path.join(os.path.dirname(small), "..", "..", "..", f"{label}-discovered.sync-state.json")
    state = os.path.abspath(state)
    base = ["sync", small, "--to", server.url, "--user", USER, "--state", state]
    code, output = run(base + ["--calendar", "上班 shifts"], env)
    check(code != 0 and "no calendar named" in output and "--create" in output,
          f"{label}: discovery from the server root: a missing --calendar is a clear error", output.strip())
    # --dry-run with --create: says where it would make the calendar, plans every event, sends no write.
    before_writes, before_made = server.writes(), server.count("MKCALENDAR")
    code, output = run(base + ["--create", "上班 shifts", "--dry-run"], env)
    check(code == 0 and "would create calendar" in output and f"{len(small_expected)} to add" in output
          and calendar_named(client, "上班 shifts") is None and server.count("MKCALENDAR") == before_made
          and server.writes() == before_writes and not os.path.exists(state),
          f"{label}: --dry-run --create makes no calendar (no MKCALENDAR, no PUT) and plans {len(small_expected)} additions",
          output.strip())
    code, output = run(base + ["--create", "上班 shifts"], env)
    print("      " + output.strip().replace("\n", "\n      "))
    calendar = calendar_named(client, "上班 shifts")
    stored = calendar_events(calendar) if calendar else {}
    # The log counts MKCALENDAR (so the dry run's count of none above means something).
    check(code == 0 and "created calendar" in output and stored == small_expected
          and counted(lambda: server.count("MKCALENDAR"), before_made, 1) == 1,
          f"{label}: discovery from {server.url} (current-user-principal, calendar-home-set) and --create: "
          f"MKCALENDAR, then {len(small_expected)} events read back", output.strip())
    code, output = run(base + ["--calendar", "上班 shifts"], env)
    check(code == 0 and "(0 writes, 1 request)" in output,
          f"{label}: the next run (--calendar, the collection kept in the state) lists it once", output.strip())
    before = server.requests()
    code, output = run(base + ["--calendar", "上班 shifts"], env)
    requests = counted(server.requests, before, 1)
    check(code == 0 and "nothing changed" in output and "(0 writes, 1 request)" in output and requests == 1,
          f"{label}: the run after it finds nothing changed in {requests} request", output.strip())
    # The calendar deleted in the person's app: --create makes it again and fills it.
    calendar.delete()
    code, output = run(base + ["--create", "上班 shifts"], env)
    again = calendar_named(client, "上班 shifts")
    uids = resource_uids(again) if again else []
    check(code == 0 and "created calendar" in output and sorted(uids) == sorted(small_expected),
          f"{label}: the calendar deleted on the server, the next --create makes it again with the {len(uids)} events",
          output.strip())
    return again


class FeedHost:
    """A build's output served by Python's http.server on 127.0.0.1 (Last-Modified, 304)."""

    def __init__(self, site):
        FeedHost.log = []
        self.server = loopback.serve_folder(site, FeedHost.log)
        self.url = f"http://127.0.0.1:{self.server.server_port}/"

    def stop(self):
        self.server.shutdown()


def check_url_source(server, client, site, small, env, folder):
    """SOURCE as a URL: downloaded, then a conditional GET answered 304 and one PROPFIND."""
    host = FeedHost(site)
    try:
        url = host.url + os.path.relpath(small, site)
        expected = events_of(open(small, "rb").read())
        env = dict(env, XDG_CACHE_HOME=os.path.join(folder, "cache"))
        sync = ["sync", url, "--to", server.url, "--user", USER, "--create", "From a URL"]
        code, output = run(sync, env)
        calendar = calendar_named(client, "From a URL")
        states = os.listdir(os.path.join(folder, "cache", "calgen", "sync"))
        check(code == 0 and calendar is not None and calendar_events(calendar) == expected and len(states) == 1
              and f"{len(expected)} added" in output,
              f"a URL source ({url.split('/feeds/')[0]}/feeds/…): {len(expected)} events synced, the state in "
              f"$XDG_CACHE_HOME/calgen/sync/", output.strip())
        # The run after calgen's writes lists the calendar once (no tags were saved), and saves them.
        code, output = run(sync, env)
        check(code == 0 and "(0 writes, 1 request" in output,
              "a URL source: the run after the writes downloads it again and lists the calendar once", output.strip())
        before, gets = server.requests(), len(FeedHost.log)
        code, output = run(sync, env)
        requests = counted(server.requests, before, 1)
        check(code == 0 and "(HTTP 304)" in output and "(0 writes, 1 request, 1 download)" in output and requests == 1
              and any('" 304 ' in line for line in FeedHost.log[gets:]),
              f"a URL source not modified: a conditional GET answered 304 and {requests} request to the calendar",
              output.strip())
    finally:
        host.stop()


class HostileFront:
    """A CalDAV front on 127.0.0.1 that passes requests to `upstream` after misbehaving as told:
    `busy` answers 429 with Retry-After: 1 to the first request, `unavailable` 503 with
    Retry-After: 1 to the first two, `slow` waits 30 s before any answer, `huge` answers 40 MiB."""

    def __init__(self, upstream):
        import http.client
        import http.server
        front = self
        self.mode = "pass"
        self.misbehaved = 0
        self.seen = []
        self.upstream = upstream

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def answer(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                mode = front.mode
                front.seen.append((self.command, self.headers.get("Host", ""), self.path,
                                   "Authorization" in self.headers))
                if mode in ("well-known", "elsewhere") and self.path in ("/", "/.well-known/caldav"):
                    # The root is no DAV resource; the well-known URL redirects to the principal,
                    # on this origin or on another host name of the same machine.
                    self.send_response(404 if self.path == "/" else 301)
                    if self.path != "/":
                        host = "127.0.0.1" if mode == "well-known" else "localhost"
                        self.send_header("Location", f"http://{host}:{front.port}/{USER}/")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                if (mode == "busy" and front.misbehaved < 1) or (mode == "unavailable" and front.misbehaved < 2):
                    front.misbehaved += 1
                    self.send_response(429 if mode == "busy" else 503)
                    self.send_header("Retry-After", "1")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                if mode == "slow":
                    # Longer than calgen's --timeout; then the connection is closed without an answer.
                    front.misbehaved += 1
                    time.sleep(12)
                    self.close_connection = True
                    return
                if mode == "huge":
                    front.misbehaved += 1
                    self.send_response(207)
                    self.send_header("Content-Type", "application/xml")
                    self.send_header("Content-Length", str(40 << 20))
                    self.end_headers()
                    try:
                        for _ in range(40):
                            self.wfile.write(b" " * (1 << 20))
                    except OSError:
                        pass
                    return
                connection = http.client.HTTPConnection("127.0.0.1", front.upstream, timeout=30)
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
                connection.request(self.command, self.path, body=body, headers=headers)
                reply = connection.getresponse()
                data = reply.read()
                if mode == "foreign" and self.command == "PROPFIND" and self.headers.get("Depth") == "1" \
                        and self.path == f"/{USER}/":
                    # The calendar home lists its calendars at absolute URLs on another port.
                    data = re.sub(rb"(<(?:[A-Za-z0-9]+:)?href>)/", rb"\1" + f"http://127.0.0.1:{front.other.port}/".encode(),
                                  data)
                self.send_response(reply.status)
                for k, v in reply.getheaders():
                    if k.lower() not in ("transfer-encoding", "connection", "content-length"):
                        self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                try:
                    self.wfile.write(data)
                except OSError:
                    pass
                connection.close()

            do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = do_MKCALENDAR = answer

        self.server = loopback.serve(Handler)
        self.port = self.server.server_port
        self.other = Elsewhere()

    def stop(self):
        self.server.shutdown()
        self.other.stop()


class Elsewhere:
    """Another origin on 127.0.0.1 (another port) that only notes what it is sent: the password
    must never come here."""

    def __init__(self):
        import http.server
        other = self
        self.seen = []

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def answer(self):
                other.seen.append((self.command, self.path, "Authorization" in self.headers))
                length = int(self.headers.get("Content-Length") or 0)
                if length:
                    self.rfile.read(length)
                self.send_response(201 if self.command == "PUT" else 207)
                self.send_header("Content-Length", "0")
                self.end_headers()

            do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = do_MKCALENDAR = answer

        self.server = loopback.serve(Handler)
        self.port = self.server.server_port

    def stop(self):
        self.server.shutdown()


def check_hostile(server, client, small, env, folder):
    """429 and 503 with Retry-After are waited out; a slow answer ends at --timeout; a huge one is refused."""
    expected = events_of(open(small, "rb").read())
    front = HostileFront(server.port)
    try:
        client.principal().make_calendar(name="Hostile", cal_id="hostile")
        collection = f"http://127.0.0.1:{front.port}/{USER}/hostile/"
        state = os.path.join(folder, "hostile.sync-state.json")
        sync = ["sync", small, "--to", collection, "--user", USER, "--state", state]
        hostile = caldav.Calendar(client=client, url=f"{server.url}{USER}/hostile/")
        front.mode, front.misbehaved = "busy", 0
        started = time.monotonic()
        code, output = run(sync, env)
        took = time.monotonic() - started
        check(code == 0 and front.misbehaved == 1 and took >= 1 and calendar_events(hostile) == expected,
              f"429 with Retry-After: 1 waited out (the run took {took:.1f} s), then {len(expected)} events synced", output.strip())
        front.mode, front.misbehaved = "unavailable", 0
        os.remove(state)
        started = time.monotonic()
        code, output = run(sync, env)
        took = time.monotonic() - started
        check(code == 0 and front.misbehaved == 2 and took >= 2 and sorted(resource_uids(hostile)) == sorted(expected),
              f"503 with Retry-After: 1 twice waited out (the run took {took:.1f} s), the listing reconciled, no duplicates",
              output.strip())
        front.mode, front.misbehaved = "slow", 0
        os.remove(state)
        started = time.monotonic()
        code, output = run(sync + ["--timeout", "2"], env)
        took = time.monotonic() - started
        check(code != 0 and "no complete answer within 2 s" in output and took < 10 and "Traceback" not in output,
              f"an answer slower than --timeout 2: exit {code} after {took:.1f} s, clearly", output.strip())
        front.mode, front.misbehaved = "huge", 0
        code, output = run(sync, env)
        check(code != 0 and "larger than" in output and "refused" in output,
              "an answer of 40 MiB (over the 32 MiB limit) is refused", output.strip())
        check(PASSWORD not in output, "no password in any of these messages")
        # Discovery through /.well-known/caldav: one redirect on the same origin is followed...
        front.mode, front.seen = "well-known", []
        front_url = f"http://127.0.0.1:{front.port}/"
        well_known_state = os.path.join(folder, "well-known.sync-state.json")
        code, output = run(["sync", small, "--to", front_url, "--user", USER, "--state", well_known_state,
                            "--create", "Well known"], env)
        paths = [p for _, _, p, _ in front.seen]
        well_known = calendar_named(client, "Well known")
        check(code == 0 and paths[:3] == ["/", "/.well-known/caldav", f"/{USER}/"] and well_known is not None
              and len(resource_uids(well_known)) == len(expected),
              "discovery through /.well-known/caldav and its redirect on the same origin", output.strip())
        # ... and one to another host is not: nothing more is sent, the error names where it led.
        front.mode, front.seen = "elsewhere", []
        code, output = run(["sync", small, "--to", front_url, "--user", USER, "--state",
                            os.path.join(folder, "elsewhere.sync-state.json"), "--create", "Elsewhere"], env)
        hosts = {h.split(":")[0] for _, h, _, _ in front.seen}
        check(code != 0 and "another host" in output and f"localhost:{front.port}" in output and hosts == {"127.0.0.1"}
              and len(front.seen) == 2,
              f"a redirect to another host ({len(front.seen)} requests, all to 127.0.0.1) stops discovery clearly",
              output.strip())
        # A calendar home listing its calendars on another origin: never synced into, the
        # password never sent there; nor to a collection on another host that a state names.
        front.mode, front.seen, front.other.seen = "foreign", [], []
        foreign_state = os.path.join(folder, "foreign.sync-state.json")
        outputs = []
        for choice in (["--calendar", "Hostile"], ["--create", "Hostile"]):
            code, output = run(["sync", small, "--to", front_url, "--user", USER, "--state", foreign_state] + choice, env)
            outputs.append((code, output))
        with open(foreign_state, "w") as f:
            json.dump({"format": 1, "collection": f"http://127.0.0.1:{front.other.port}/{USER}/hostile/",
                       "events": {}, "target": f"{front_url} Hostile"}, f)
        code, output = run(["sync", small, "--to", front_url, "--user", USER, "--state", foreign_state,
                            "--calendar", "Hostile"], env)
        outputs.append((code, output))
        check(all(c != 0 and "another host" in o and PASSWORD not in o for c, o in outputs)
              and not any(auth for _, _, auth in front.other.seen) and not front.other.seen,
              f"a calendar listed on another origin (port {front.other.port}) is refused, as is a state naming one: "
              f"{len(front.other.seen)} requests reached that origin, none with the password",
              " | ".join(o.strip() for _, o in outputs))
    finally:
        front.stop()


def split_feed(ics_bytes):
    """Each VEVENT of a feed as a calendar of its own with the feed's VTIMEZONEs: what a person's
    calendar app stores when they import the .ics file once."""
    feed = icalendar.Calendar.from_ical(ics_bytes)
    zones = [c for c in feed.subcomponents if c.name == "VTIMEZONE"]
    calendars = []
    for event in feed.walk("VEVENT"):
        one = icalendar.Calendar()
        one.add("VERSION", "2.0")
        one.add("PRODID", "-//example//imported once//EN")
        for zone in zones:
            one.add_component(zone)
        one.add_component(event)
        calendars.append(one.to_ical().decode())
    return calendars


def check_imported(label, server, calendar, collection, small, env, folder, noop="(0 writes, 1 request)"):
    """A calendar that holds the feed's events already (imported from the .ics once, under names
    of the person's app): without --adopt calgen names the resources holding the feed's UIDs and
    writes nothing; with --adopt it writes them in place, each event once; the next run lists once."""
    small_bytes = open(small, "rb").read()
    expected = events_of(small_bytes)
    imported = server.writes()
    for text in split_feed(small_bytes):
        calendar.save_event(text)
    # The server's log caught up with the imports before counting calgen's writes.
    counted(server.writes, imported, len(expected))
    state = os.path.join(folder, f"{label}-imported.sync-state.json")
    sync = ["sync", small, "--to", collection, "--user", USER, "--state", state]
    before = server.writes()
    code, output = run(sync, env)
    print("      " + output.strip().replace("\n", "\n      "))
    written = counted(server.writes, before, 0)
    check(code == 1 and f"already holds {len(expected)} of the {len(expected)} events" in output and "--adopt" in output
          and " holds " in output and written == 0 and sorted(resource_uids(calendar)) == sorted(expected),
          f"{label}: a calendar holding the feed's {len(expected)} events (imported once): each resource holding a UID "
          f"named, --adopt offered, {written} writes", output.strip())
    before = server.writes()
    code, output = run(sync + ["--adopt"], env)
    print("      " + output.strip().replace("\n", "\n      "))
    written = counted(server.writes, before, len(expected))
    uids = resource_uids(calendar)
    check(code == 0 and f"{len(expected)} adopted" in output and written == len(expected)
          and sorted(uids) == sorted(expected) and calendar_events(calendar) == expected,
          f"{label}: --adopt takes the {len(expected)} resources over in place ({written} PUTs), each event once",
          output.strip())
    code, output = run(sync, env)
    check(code == 0 and noop in output,
          f"{label}: after --adopt the next run lists once and writes nothing", output.strip())


class ListingServer:
    """A small CalDAV collection in memory on 127.0.0.1 (PUT, DELETE, GET, PROPFIND, REPORT, with
    ETags and If-Match/If-None-Match) whose listing misbehaves as told by `mode`: `html` (a 207
    whose body is an HTML error page), `cut` (the listing cut short), `empty` (a multistatus
    without the collection's own response), `decoys` (the true listing plus calgen-named hrefs
    in another collection, on another host, in a comment, `..`, a sub-collection, each with
    another ETag), `slow-put` (each PUT answered after 1.5 s); and whose ETags misbehave as told by
    `etags`: `stable` (as they should), `on-read` (a new one on every listing and GET, which
    If-Match then takes), `put-unseen` (a PUT answers with an ETag no listing or GET shows),
    `twice` (each resource listed twice, first with an old ETag), `none` (no ETag anywhere, and
    If-Match never matches)."""

    def __init__(self):
        import http.server
        import threading
        store = self
        self.resources = {}
        self.counter = 0
        self.mode = "pass"
        self.etags = "stable"
        self.puts = 0
        self.deletes = 0
        self.lock = threading.Lock()

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def reply(self, status, body=b"", headers=()):
                self.send_response(status)
                for k, v in headers:
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def name(self):
                return self.path.rsplit("/", 1)[-1]

            def mismatched(self, current):
                """Whether If-Match fails: a server without ETags matches none."""
                wanted = self.headers.get("If-Match")
                return wanted and (current is None or store.etags == "none" or current[1] != wanted)

            def do_PUT(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if store.mode == "slow-put":
                    time.sleep(1.5)
                with store.lock:
                    current = store.resources.get(self.name())
                    if self.headers.get("If-None-Match") == "*" and current is not None or self.mismatched(current):
                        return self.reply(412)
                    store.counter += 1
                    etag = f'"v{store.counter}"'
                    store.resources[self.name()] = (body, etag)
                    store.puts += 1
                answered = None if store.etags == "none" else f'"put-{store.counter}"' \
                    if store.etags == "put-unseen" else etag
                self.reply(204 if current else 201, headers=[("ETag", answered)] if answered else [])

            def do_DELETE(self):
                with store.lock:
                    current = store.resources.get(self.name())
                    if current is None:
                        return self.reply(404)
                    if self.mismatched(current):
                        return self.reply(412)
                    del store.resources[self.name()]
                    store.deletes += 1
                self.reply(204)

            def do_GET(self):
                etag = store.shown(self.name())
                current = store.resources.get(self.name())
                if current is None:
                    return self.reply(404)
                self.reply(200, current[0], ([("ETag", etag)] if etag else []) + [("Content-Type", "text/calendar")])

            def do_REPORT(self):
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                self.reply(207, b'<multistatus xmlns="DAV:"><response><href>/dav/cal/</href></response></multistatus>')

            def do_PROPFIND(self):
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                def response(href, etag=None, collection=True):
                    prop = f"<getetag>{etag}</getetag>" if etag else "<resourcetype><collection/></resourcetype>" \
                        if collection else "<getcontenttype>text/calendar</getcontenttype>"
                    return (f"<response><href>{href}</href><propstat><prop>{prop}</prop>"
                            "<status>HTTP/1.1 200 OK</status></propstat></response>")
                parts = [response("/dav/cal/")]
                if self.headers.get("Depth") == "1":
                    for n in sorted(store.resources):
                        if store.etags == "twice":
                            parts.append(response(f"/dav/cal/{n}", f'"old-{n}"'))
                        parts.append(response(f"/dav/cal/{n}", store.shown(n), collection=False))
                mode = store.mode
                if mode == "html":
                    return self.reply(207, b"<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1>"
                                           b"<p>The proxy could not reach the calendar.<br></body></html>",
                                      [("Content-Type", "text/html")])
                if mode == "empty":
                    return self.reply(207, b'<?xml version="1.0"?><multistatus xmlns="DAV:"/>',
                                      [("Content-Type", "application/xml")])
                if mode == "decoys":
                    for n in sorted(store.resources):
                        parts += [response(f"/dav/other/{n}", '"decoy-1"'),
                                  response(f"https://elsewhere.example.net/dav/cal/{n}", '"decoy-2"'),
                                  "<!-- " + response(f"/dav/cal/{n}", '"decoy-3"') + " -->",
                                  response(f"/dav/cal/sub/{n}", '"decoy-4"'),
                                  response(f"/dav/cal/../cal2/{n}", '"decoy-5"')]
                    parts += [response("/dav/other/calgen-stranger.ics", '"decoy-6"'), response("../", '"decoy-7"')]
                body = ('<?xml version="1.0" encoding="utf-8"?><multistatus xmlns="DAV:">' + "".join(parts)
                        + "</multistatus>").encode()
                if mode == "cut":
                    body = body[: len(body) * 2 // 3]
                self.reply(207, body, [("Content-Type", "application/xml; charset=utf-8")])

        self.server = loopback.serve(Handler)
        self.port = self.server.server_port
        self.url = f"http://127.0.0.1:{self.port}/dav/cal/"

    def shown(self, name):
        """The ETag a listing or GET shows for `name` now, as `etags` says; None for none."""
        with self.lock:
            current = self.resources.get(name)
            if current is None or self.etags == "none":
                return None
            if self.etags == "on-read":
                self.counter += 1
                current = (current[0], f'"v{self.counter}"')
                self.resources[name] = current
            return current[1]

    def stop(self):
        self.server.shutdown()


def check_etags(small, env, folder):
    """Servers whose ETags say nothing true: they change on every read, a PUT's is never listed, a
    resource is listed twice, or there are none. A second run writes nothing (with and without
    --keep-edited), says what it found, and a later change of the feed is still applied under
    --keep-edited; a third run of the changed feed writes nothing."""
    expected = events_of(open(small, "rb").read())
    changed_source, changed_uid, removed_uid = changed_copy(small, open(small, "rb").read(), sorted(expected),
                                                            os.path.join(folder, "etags"))
    env = dict(env, CALGEN_CALDAV_PASSWORD=PASSWORD)
    words = {"on-read": "ETags are unstable", "put-unseen": "ETags are unstable", "twice": "ETags are unstable",
             "none": "without ETags"}
    for mode, said in words.items():
        store = ListingServer()
        store.etags = mode
        try:
            state = os.path.join(folder, f"etags-{mode}.sync-state.json")
            sync = ["sync", small, "--to", store.url, "--user", USER, "--state", state]
            code, output = run(sync, env)
            first = code == 0 and f"{len(expected)} added" in output and store.puts == len(expected)
            puts = store.puts
            code2, output2 = run(sync, env)
            code3, output3 = run(sync + ["--keep-edited"], env)
            check(first and code2 == 0 and code3 == 0 and store.puts == puts and store.deletes == 0
                  and "(0 writes" in output2 and "(0 writes" in output3 and "kept:" not in output2 + output3
                  and said in output2,
                  f"ETags {mode}: the second and third runs write nothing ({store.puts - puts} PUTs), with and "
                  f"without --keep-edited, and say \"{said}\"", " | ".join(o.strip() for o in (output, output2, output3)))
            puts = store.puts
            code, output = run(["sync", changed_source] + sync[2:] + ["--keep-edited"], env)
            stored = {n: b for n, (b, _) in store.resources.items()}
            changed_text = [b for b in stored.values() if f"UID:{changed_uid}".encode() in b]
            check(code == 0 and "1 changed, 1 deleted" in output and "kept:" not in output and store.puts == puts + 1
                  and store.deletes == 1 and changed_text and "改了的事件".encode() in changed_text[0]
                  and not any(f"UID:{removed_uid}".encode() in b for b in stored.values()),
                  f"ETags {mode}: a later change of the feed is applied under --keep-edited (1 PUT, 1 DELETE)",
                  output.strip())
            puts = store.puts
            code, output = run(["sync", changed_source] + sync[2:] + ["--keep-edited"], env)
            check(code == 0 and "(0 writes" in output and store.puts == puts and store.deletes == 1,
                  f"ETags {mode}: and the run after it writes nothing", output.strip())
        finally:
            store.stop()


def check_listings(small, source, env, folder):
    """A listing that is no listing never reads as "every event deleted": an HTML 207, a listing
    cut short and a multistatus without the collection's own response stop the run with nothing
    written; decoy hrefs outside the collection are not believed; the time limit stops a long
    first sync as unfinished (exit 75), and the next run completes it."""
    expected = events_of(open(small, "rb").read())
    store = ListingServer()
    try:
        state = os.path.join(folder, "listing.sync-state.json")
        sync = ["sync", small, "--to", store.url, "--user", USER, "--state", state]
        env = dict(env, CALGEN_CALDAV_PASSWORD=PASSWORD)
        code, output = run(sync, env)
        check(code == 0 and f"{len(expected)} added" in output and len(store.resources) == len(expected),
              f"listing server: the first sync adds {len(expected)} events", output.strip())
        for mode, words in (("html", "no multistatus"), ("cut", "no multistatus"), ("empty", "own response")):
            store.mode = mode
            puts, deletes = store.puts, store.deletes
            code, output = run(sync, env)
            code_keep, output_keep = run(sync + ["--keep-edited"], env)
            check(code == 1 and code_keep == 1 and words in output and words in output_keep
                  and store.puts == puts and store.deletes == deletes and "deleted in the calendar" not in output_keep,
                  f"listing server: a {mode} listing is an error, not every event deleted ({store.puts - puts} PUTs, "
                  f"{store.deletes - deletes} DELETEs, with and without --keep-edited)", output.strip())
        store.mode = "decoys"
        puts, deletes = store.puts, store.deletes
        code, output = run(sync + ["--keep-edited"], env)
        check(code == 0 and "(0 writes" in output and "kept:" not in output and store.puts == puts
              and store.deletes == deletes,
              "listing server: calgen-named hrefs in another collection, on another host, in a comment, under `..` "
              "or in a sub-collection are not the collection's resources", output.strip())
        store.mode = "slow-put"
        os.remove(state)
        store.resources.clear()
        many = events_of(open(source, "rb").read())
        sync = ["sync", source] + sync[2:]
        code, output = run(sync + ["--time-limit", "4"], env)
        unfinished = code == 75 and "run again to continue" in output and f"of {len(many)} writes done" in output
        store.mode = "pass"
        code2, output2 = run(sync + ["--time-limit", "60"], env)
        check(unfinished and code2 == 0 and sorted(store.resources) == sorted(
            json.load(open(state))["events"][u]["name"] for u in many),
              f"listing server: --time-limit 4 stops a slow first sync as unfinished (exit {code}: "
              f"{output.strip().splitlines()[-1] if output.strip() else ''}), the next run completes it",
              output.strip() + " | " + output2.strip())
    finally:
        store.stop()


def without_event(ics_bytes, uid):
    """The feed `ics_bytes` without the VEVENT of `uid`."""
    text = ics_bytes.decode("utf-8")
    blocks = re.split(r"(?=BEGIN:VEVENT\r\n)", text)
    kept = []
    for block in blocks:
        if block.startswith("BEGIN:VEVENT") and f"\r\nUID:{uid}\r\n" in block:
            # The feed's END:VCALENDAR follows the last event.
            tail = block[block.index("END:VEVENT\r\n") + len("END:VEVENT\r\n"):]
            kept.append(tail)
            continue
        kept.append(block)
    result = "".join(kept).encode("utf-8")
    assert result != ics_bytes, f"no event {uid} in the feed"
    return result


def check_kills(server, client, small, env, password_file, wanted=20, most=60):
    """SIGKILL at a random moment of a sync (discovery and MKCALENDAR included), then a re-run:
    trials until `wanted` syncs were killed while running (at most `most` trials). The moments
    are drawn within the time a whole sync takes on this machine, measured first."""
    import random
    rng = random.Random(28)
    small_bytes = open(small, "rb").read()
    expected = events_of(small_bytes)
    folder = os.path.dirname(password_file)
    started = time.monotonic()
    run(["sync", small, "--to", server.url, "--user", USER, "--create", "Kill timing", "--password-file", password_file,
         "--state", os.path.join(folder, "kill-timing.sync-state.json")], env)
    span = max(0.05, (time.monotonic() - started) * 0.9)
    changed_trials = changed_good = 0
    good = 0
    moments = []
    phases = {}
    details = []
    trial = 0
    while sum(1 for m in moments if m.endswith("k")) < wanted and trial < most:
        trial += 1
        name = f"Kill {trial}"
        state = os.path.join(folder, f"kill-{trial}.sync-state.json")
        sync = ["sync", small, "--to", server.url, "--user", USER, "--create", name, "--state", state,
                "--password-file", password_file]
        delay = rng.uniform(0.0, span)
        process = subprocess.Popen([CALGEN] + sync, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        time.sleep(delay)
        process.kill()
        status = process.wait()
        calendar = calendar_named(client, name)
        stored = len(resource_uids(calendar)) if calendar else -1
        phase = "done" if status != -9 else "before MKCALENDAR" if stored < 0 else "before the first PUT" if stored == 0 \
            else "after all PUTs" if stored == len(expected) else "between PUTs"
        phases[phase] = phases.get(phase, 0) + 1
        moments.append(f"{delay:.2f}{'k' if status == -9 else 'd'}")
        wanted_now = expected
        removable = [u for u in sorted(resource_uids(calendar) if calendar else [])
                     if f"\r\nUID:{u}\r\n".encode() in small_bytes]
        if phase == "between PUTs" and changed_trials < 5 and removable:
            # The feed loses an event the killed sync had already PUT: the next run must delete it.
            changed_trials += 1
            gone = removable[0]
            source = os.path.join(folder, f"kill-{trial}", os.path.basename(small))
            os.makedirs(os.path.dirname(source), exist_ok=True)
            with open(source, "wb") as f:
                f.write(without_event(small_bytes, gone))
            wanted_now = events_of(open(source, "rb").read())
            code, output = run([sync[0], source] + sync[2:], env)
        else:
            code, output = run(sync, env)
        calendar = calendar_named(client, name)
        uids = resource_uids(calendar) if calendar else []
        if wanted_now is not expected:
            exact = calendar_events(calendar) == wanted_now if calendar else False
            changed_good += 1 if code == 0 and exact and len(uids) == len(wanted_now) else 0
        if code == 0 and len(uids) == len(wanted_now) and set(uids) == set(wanted_now):
            good += 1
        else:
            details.append(f"trial {trial} ({delay:.2f} s): exit {code}, {len(uids)} resources, "
                           f"{len(set(uids))} UIDs: {output.strip()[:200]}")
    killed = sum(1 for m in moments if m.endswith("k"))
    mid = phases.get("between PUTs", 0)
    check(mid >= 5, f"{mid} of the {killed} kills landed between PUTs (at least 5 wanted)", str(phases))
    check(changed_trials >= 3 and changed_good == changed_trials,
          f"{changed_trials} syncs killed between PUTs whose feed then lost an event they had PUT: "
          f"{changed_good} of them end with the calendar exactly the new feed (the event deleted)", "; ".join(details))
    check(good == trial and killed >= wanted,
          f"{trial} syncs sent SIGKILL at random moments, {killed} of them while running "
          f"({', '.join(f'{n} {p}' for p, n in sorted(phases.items()))}; seconds after the start, k killed, d done "
          f"already: {' '.join(moments)}), each run again: {good} of {trial} end with exactly their feed's "
          f"events ({len(expected)}, or {len(expected) - 1} after the feed lost one), no duplicates", "; ".join(details))


def check_rebuilds(server, client, env, folder):
    """What real content changes send, built by calgen over the previous output and synced each
    time: a note addressed to the subscriber edited, a reminder's time changed, a new year's
    arrangement announced — only those events are written, removed ones deleted."""
    content = os.path.join(folder, "rebuild-content")
    shutil.copytree(os.path.join(ROOT, "Content"), content)
    site_dir = os.path.join(folder, "rebuild-site")
    env = dict(env, CALGEN_CALDAV_PASSWORD=PASSWORD)
    state = os.path.join(folder, "rebuild.sync-state.json")

    def build():
        built = subprocess.run([CALGEN, "build", "--quiet", "--content", content, "--templates",
                                os.path.join(ROOT, "Templates"), "--output", site_dir],
                               env=env, cwd=ROOT, capture_output=True, text=True)
        if built.returncode != 0:
            pytest.fail("the rebuild failed:\n" + built.stdout + built.stderr, pytrace=False)
        return next(os.path.join(d, f) for d, _, files in os.walk(os.path.join(site_dir, "feeds"))
                    for f in files if f == "li-si.ics")

    def edit(path, old, new):
        path = os.path.join(content, path)
        text = open(path, encoding="utf-8").read()
        assert old in text, f"{old!r} not in {path}"
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace(old, new, 1))

    def sync(feed, extra=()):
        return run(["sync", feed, "--to", server.url, "--user", USER, "--calendar", "Rebuilds", "--state", state]
                   + list(extra), env)

    feed = build()
    code, output = run(["sync", feed, "--to", server.url, "--user", USER, "--create", "Rebuilds", "--state", state], env)
    calendar = calendar_named(client, "Rebuilds")
    check(code == 0 and calendar is not None and calendar_events(calendar) == events_of(open(feed, "rb").read()),
          "rebuilds: li-si's feed synced into its own calendar", output.strip())

    def contents(path):
        """UID → each event's lines but DTSTAMP and SEQUENCE: what calgen sync compares."""
        text = open(path, "rb").read().decode("utf-8").replace("\r\n ", "")
        found = {}
        for block in text.split("BEGIN:VEVENT")[1:]:
            lines = [line for line in block.split("END:VEVENT")[0].split("\r\n")
                     if line and not line.startswith(("DTSTAMP", "SEQUENCE"))]
            found[next(line[4:] for line in lines if line.startswith("UID:"))] = lines
        return found

    def changed_by(label, change, added=0, deleted=0, changes=None):
        before_events = contents(feed)
        change()
        after = build()
        after_events = contents(after)
        changed = sum(1 for uid in after_events if uid in before_events and after_events[uid] != before_events[uid])
        new = len(set(after_events) - set(before_events))
        gone = len(set(before_events) - set(after_events))
        writes = server.writes()
        code, output = sync(after)
        sent = counted(server.writes, writes, changed + new + gone)
        check(code == 0 and f"{new} added, {changed} changed, {gone} deleted" in output and sent == changed + new + gone
              and calendar_events(calendar) == events_of(open(after, "rb").read()) and changed + new + gone > 0
              and (added is None or new == added) and (deleted is None or gone == deleted)
              and (changes is None or changed == changes),
              f"rebuilds: {label}: {new} added, {changed} changed, {gone} deleted, {sent} writes, nothing else",
              output.strip())

    # The note's title is in each of its 7 daily events.
    changed_by("a note addressed to her edited", lambda: edit("notes/2026/national-day-duty.md", "title: 国庆值班安排",
                                                              "title: 国庆值班安排（改）"), changes=7)
    # The month-end report moves an hour: its occurrences change, nothing else.
    changed_by("a reminder's time changed", lambda: edit("users/li-si.yml", 'time: "09:00"', 'time: "10:00"'))

    # 2027's arrangement announced (元旦 off, a make-up Saturday): her workday and make-up reminders
    # of 2027 become known and are added; nothing of 2026 is written.
    def announce():
        path = os.path.join(content, "holidays", "2027.json")
        data = json.load(open(path, encoding="utf-8"))
        data["days"] = [{"name": "元旦", "date": "2027-01-01", "isOffDay": True},
                        {"name": "元旦", "date": "2027-01-02", "isOffDay": True},
                        {"name": "元旦", "date": "2027-01-03", "isOffDay": True},
                        {"name": "元旦", "date": "2027-01-09", "isOffDay": False}]
        data["papers"] = ["https://www.gov.cn/zhengce/content/2027-01-announced.htm"]
        with open(path, "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False)
    changed_by("a new year's arrangement announced", announce, added=None, deleted=0)


def check_publisher(server, client, site, env, folder):
    """Publisher mode: two subscribers of the build synced in one command, one line each."""
    # The subscribers' personal feeds only (a private schedule's feed lies in a token folder too).
    subscribers = {f[:-4] for f in os.listdir(os.path.join(ROOT, "Content", "users")) if f.endswith(".yml")}
    feeds = {os.path.basename(p)[:-4]: p for p in (
        os.path.join(d, f) for d, _, files in os.walk(os.path.join(site, "feeds")) for f in files if f.endswith(".ics"))
        if os.path.basename(os.path.dirname(p)) not in ("feeds", "schedules") and os.path.basename(p)[:-4] in subscribers}
    ids = sorted(feeds, key=lambda i: os.path.getsize(feeds[i]))[:2]
    client.principal().make_calendar(name="Publisher", cal_id="publisher")
    accounts = os.path.join(folder, "accounts.yml")
    with open(accounts, "w") as f:
        f.write(f"""state: publisher-states
accounts:
  {ids[0]}:
    to: {server.url}{USER}/publisher/
    user: {USER}
    password-env: CALDAV_PASSWORD_A
  {ids[1]}:
    to: {server.url}
    create: 发布 {ids[1]}
    user: {USER}
    password-file: password
""")
    env = dict(env, CALDAV_PASSWORD_A=PASSWORD)
    code, output = run(["sync", "--build", site, "--accounts", accounts], env)
    print("      " + output.strip().replace("\n", "\n      "))
    first = caldav.Calendar(client=client, url=f"{server.url}{USER}/publisher/")
    second = calendar_named(client, f"发布 {ids[1]}")
    counts = [len(events_of(open(feeds[i], "rb").read())) for i in ids]
    check(code == 0 and "2 of 2 accounts synced" in output and sorted(resource_uids(first)) == sorted(events_of(open(feeds[ids[0]], "rb").read()))
          and second is not None and len(resource_uids(second)) == counts[1] and PASSWORD not in output,
          f"publisher mode: {ids[0]} ({counts[0]} events) and {ids[1]} ({counts[1]} events, calendar made) in one command",
          output.strip())
    code, output = run(["sync", "--build", site, "--accounts", accounts], dict(env, CALDAV_PASSWORD_A=WRONG))
    check(code != 0 and f"{ids[0]}: " in output and "refused" in output and "(0 writes, 1 request)" in output
          and "1 of 2 accounts synced" in output and WRONG not in output,
          "publisher mode: a refused account fails with a non-zero exit, the other goes on", output.strip())


class World:
    """The bundled site built, its personal feed with the most alarms (`source`) and its smallest
    (`small`), and Radicale with a calendar holding one foreign event; what a test leaves for
    the next (the changed feed) is kept here too."""


@pytest.fixture(scope="module")
def world(calgen):
    global CALGEN
    CALGEN = calgen
    # Under /tmp itself, not pytest's own folder (mode 0700): nginx's workers (nobody) must read
    # the htpasswd file of the Xandikos front.
    folder = tempfile.mkdtemp(prefix="calgen-caldav-")
    w = World()
    w.folder = folder
    server = None
    try:
        site = os.path.join(folder, "site")
        env = dict(os.environ, SOURCE_DATE_EPOCH="1795233600", CALGEN_FEED_SECRET="check-caldav-secret-0123456789abcdef")
        env.pop("CALGEN_CALDAV_PASSWORD", None)
        sites.build(calgen, site, env=env)
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
        w.server = server
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

        # The smallest personal feed (not a public one of feeds/, feeds/years/ or feeds/schedules/).
        small = min((p for p in feeds if os.path.basename(os.path.dirname(p)) not in ("feeds", "years", "schedules")),
                    key=os.path.getsize)
        w.site, w.env, w.source, w.source_bytes, w.expected, w.client = site, env, source, source_bytes, expected, client
        w.calendar, w.collection, w.foreign_before, w.password_file, w.state, w.sync = (
            calendar, collection, foreign_before, password_file, state, sync)
        w.small, w.password_env = small, dict(env, CALGEN_CALDAV_PASSWORD=PASSWORD)
        yield w
    finally:
        if server:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def unpack(w):
    return (w.folder, w.site, w.env, w.source, w.source_bytes, w.expected, w.server, w.client, w.calendar,
            w.collection, w.foreign_before, w.password_file, w.state, w.sync)


def test_radicale_first_syncs(world):
    """A state inside the build's output refused, --dry-run, the first sync read back, the second
    and third writing nothing."""
    folder, site, env, source, source_bytes, expected, server, client, calendar, collection, foreign_before, \
        password_file, state, sync = unpack(world)
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
    first_writes = counted(server.writes, before, len(expected))
    check(code == 0 and f"{len(expected)} added, 0 changed, 0 deleted" in output,
          "the first sync adds every event", output.strip())
    check(first_writes == len(expected), f"the first sync sent {len(expected)} PUTs (Radicale's log: {first_writes})")
    stored = calendar_events(calendar)
    ours = {uid: e for uid, e in stored.items() if uid != FOREIGN_UID}
    check(set(ours) == set(expected), "the calendar holds the feed's UIDs, no more and no less",
          f"missing {sorted(set(expected) - set(ours))[:3]}, extra {sorted(set(ours) - set(expected))[:3]}")
    check_occurrences("Radicale", calendar, source)
    differing = [uid for uid in expected if ours.get(uid) != expected[uid]]
    check(not differing, "every event's DTSTART, SUMMARY and VALARM count are the source's",
          f"{len(differing)} differ, e.g. {differing[:1]}: {ours.get(differing[0]) if differing else ''}"
          f" vs {expected.get(differing[0]) if differing else ''}")
    check(PASSWORD not in output and PASSWORD not in open(state).read(), "the password is in neither the output nor the state")

    # After calgen's own writes no tags are saved (an edit made meanwhile would be hidden):
    # the next run lists once, the one after reads the tags only.
    before, requests_before = server.writes(), server.requests()
    code, output = run(sync, dict(env, CALGEN_CALDAV_PASSWORD=PASSWORD))
    listed = counted(server.requests, requests_before, 1)
    check(code == 0 and "(0 writes, 1 request)" in output and server.writes() == before and listed == 1,
          f"a second sync lists once and writes nothing ({listed} request in Radicale's log)", output.strip())
    before, requests_before = server.writes(), server.requests()
    code, output = run(sync, dict(env, CALGEN_CALDAV_PASSWORD=PASSWORD))
    print("      " + output.strip())
    noop_requests = counted(server.requests, requests_before, 1)
    noop_writes = server.writes() - before
    check(code == 0 and "nothing changed" in output and "(0 writes, 1 request)" in output and noop_writes == 0
          and noop_requests == 1,
          f"a third sync (password from CALGEN_CALDAV_PASSWORD) writes nothing: {noop_writes} PUT or DELETE, "
          f"{noop_requests} request in all in Radicale's log", output.strip())



def test_radicale_change_and_edits(world):
    """One event changed and one removed; an event edited in the calendar kept or written back."""
    folder, site, env, source, source_bytes, expected, server, client, calendar, collection, foreign_before, \
        password_file, state, sync = unpack(world)
    # One event changed and one removed in the source.
    uids = sorted(expected)
    changed_source, changed_uid, removed_uid = changed_copy(source, source_bytes, uids, folder)
    before = server.writes()
    code, output = run(["sync", changed_source] + sync[2:] + ["--password-file", password_file], env)
    print("      " + output.strip())
    stored = calendar_events(calendar)
    check(code == 0 and "0 added, 1 changed, 1 deleted" in output and counted(server.writes, before, 2) == 2
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



def test_radicale_wrong_password(world):
    folder, site, env, source, source_bytes, expected, server, client, calendar, collection, foreign_before, \
        password_file, state, sync = unpack(world)
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



def test_radicale_killed_sync(world):
    """A sync killed half way (SIGKILL: no state written), then run again: no duplicates."""
    folder, site, env, source, source_bytes, expected, server, client, calendar, collection, foreign_before, \
        password_file, state, sync = unpack(world)
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



def test_discovery(world):
    check_discovery("Radicale", world.server, world.client, world.small, world.password_env)


def test_url_source(world):
    check_url_source(world.server, world.client, world.site, world.small, world.password_env, world.folder)


def test_hostile_front(world):
    check_hostile(world.server, world.client, world.small, world.password_env, world.folder)


def test_imported(world):
    imported = world.client.principal().make_calendar(name="Imported", cal_id="imported")
    check_imported("Radicale", world.server, imported, f"{world.server.url}{USER}/imported/", world.small,
                   world.password_env, world.folder)


def test_listings(world):
    check_listings(world.small, world.source, world.env, world.folder)


def test_etags(world):
    check_etags(world.small, world.env, world.folder)


def test_kills(world):
    started = time.monotonic()
    check_kills(world.server, world.client, world.small, world.env, world.password_file)
    print(f"      (the kill trials took {time.monotonic() - started:.0f} s)")


def test_publisher(world):
    check_publisher(world.server, world.client, world.site, world.env, world.folder)


def test_rebuilds(world):
    check_rebuilds(world.server, world.client, world.env, world.folder)


def test_xandikos(world):
    world.server.stop()  # Radicale's part is done
    check_xandikos(world.folder, world.source, world.small, world.expected, world.env)


@pytest.mark.parametrize("auth", ["basic", "digest"])
def test_sabre(world, auth):
    check_sabre(world.folder, world.source, world.small, world.expected, world.env, auth)


@pytest.mark.skipif(os.environ.get("CALGEN_SYNC_BENCHMARK") != "1", reason="a benchmark: CALGEN_SYNC_BENCHMARK=1 runs it")
def test_benchmark_figures(world):
    """The latency benchmark's figures, printed and not asserted (the machine's load moves them)."""
    bench = subprocess.run([sys.executable, os.path.join(ROOT, "script", "benchmark_sync.py"), CALGEN, "--rtt", "250"],
                           capture_output=True, text=True, timeout=3600, cwd=ROOT)
    for line in (bench.stdout + bench.stderr).strip().splitlines()[-7:]:
        print("      benchmark_sync: " + line)
