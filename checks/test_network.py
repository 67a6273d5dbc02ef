"""The network counterpart of the bad-input catalogue: the real `calgen` against hostile HTTP
servers on 127.0.0.1, for the commands that download (`holidays update`, `build
--previous-site`). Each case must end with the expected exit status within its time bound and
under a memory bound, say what it expects, print no password, and change no file it must not.

    python3 -m pytest checks/test_network.py --calgen .build/debug/calgen

Each case is a subtest; prints one line per case (exit status, seconds, peak memory of the calgen
process, by /usr/bin/time).
"""
import http.server
import json
import os
import shutil
import subprocess
import threading
import time
import zlib

from checks import loopback, sites

NOW = "1795233600"  # 2026-11-21, the bundled site's build day
MEMORY_BOUND_MB = 300


class Routes:
    """What each path answers; changed between cases."""

    def __init__(self):
        self.lock = threading.Lock()
        self.table = {}
        self.seen = []

    def set(self, table):
        with self.lock:
            self.table = dict(table)
            self.seen = []

    def get(self, path):
        with self.lock:
            self.seen.append(path)
            return self.table.get(path, ("status", 404))


ROUTES = Routes()


def gzip_bomb(inflated_mb):
    """A gzip body of zeros that inflates to `inflated_mb` MiB, made in pieces."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    chunk = bytes(1 << 20)
    parts = [compressor.compress(chunk) for _ in range(inflated_mb)]
    parts.append(compressor.flush())
    return b"".join(parts)


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        kind, *rest = ROUTES.get(self.path)
        try:
            if kind == "ok":
                self.answer(200, rest[0], rest[1] if len(rest) > 1 else {})
            elif kind == "status":
                self.answer(rest[0], b"status\n")
            elif kind == "redirect":
                self.answer(302, b"", {"Location": rest[0]})
            elif kind == "drip":
                body, interval = rest
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                for i in range(len(body)):
                    time.sleep(interval)
                    self.wfile.write(body[i : i + 1])
                    self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def answer(self, status, body, headers=None):
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)


def run(calgen, arguments, cwd, environment):
    """Runs calgen; returns (status, seconds, peak MB, stdout+stderr)."""
    env = dict(os.environ, SOURCE_DATE_EPOCH=NOW, NO_COLOR="1", **environment)
    start = time.monotonic()
    # /usr/bin/time measures calgen alone (a child's ru_maxrss would count this script's memory
    # from before the exec).
    measured = os.path.join(cwd, ".maxrss")
    process = subprocess.Popen(
        ["/usr/bin/time", "-o", measured, "-f", "%M", calgen] + arguments, cwd=cwd, env=env, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
    )
    output = []
    reader = threading.Thread(target=lambda: output.append(process.stdout.read()))
    reader.start()
    deadline = start + 120
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            process.kill()
            pid, status, usage = os.wait4(process.pid, 0)
            break
        time.sleep(0.05)
    process.returncode = os.waitstatus_to_exitcode(status)
    reader.join()
    seconds = time.monotonic() - start
    with open(measured) as f:
        kilobytes = int(f.read().strip().splitlines()[-1])
    os.remove(measured)
    return process.returncode, seconds, kilobytes / 1024, output[0].decode("utf-8", "replace")


def fingerprint(folder):
    result = {}
    for base, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(base, name)
            with open(path, "rb") as f:
                result[os.path.relpath(path, folder)] = f.read()
    return result


def test_hostile_servers(calgen, tmp_path, subtests):
    server = loopback.serve(Handler)
    base = f"http://127.0.0.1:{server.server_port}/"
    secret_base = f"http://ci:s3cret@127.0.0.1:{server.server_port}/"

    site = str(sites.copy_site(tmp_path / "site"))
    holidays = os.path.join(site, "Content", "holidays")
    env = {"CALGEN_FEED_SECRET": os.environ.get("CALGEN_FEED_SECRET", "check-network-secret-0123456789")}

    status, _, _, output = run(calgen, ["build", "--quiet", "--output", "release"], site, env)
    assert status == 0, "the bundled site does not build:\n" + output
    release = os.path.join(site, "release")
    published = {}
    for path, data in fingerprint(release).items():
        if path == "manifest.json" or (path.startswith("feeds/") and path.endswith((".json", "/personal.txt"))):
            published["/" + path] = ("ok", data)
    personal_manifest = next(p for p in published if p.endswith("/zhang-san.json"))
    holiday_files = {}
    for name in sorted(os.listdir(holidays)):
        if name.endswith(".json"):
            with open(os.path.join(holidays, name), "rb") as f:
                holiday_files["/" + name] = ("ok", f.read())

    manifest = json.loads(published["/manifest.json"][1])
    news_script = dict(manifest)
    news_script["news"] = [
        {"version": 1, "date": "2026-11-21</updated><script>alert(1)</script>", "kind": "note", "title": "x", "path": "notes/x/"}
    ]
    traversal = dict(manifest)
    traversal["artifacts"] = manifest["artifacts"] + [{"path": "../../../../etc/passwd", "sha256": "0" * 64, "size": 1, "version": 1}]
    huge_version = dict(manifest)
    huge_version["version"] = 2**53 - 1
    empty_2020 = json.dumps({"year": 2020, "papers": [], "days": []}).encode()
    big_2026 = holiday_files["/2026.json"][1].rstrip()[:-1] + b"," + b'"padding": "' + b"x" * (3 << 19) + b'"}'

    bomb = gzip_bomb(1024)  # about 1 MB on the wire, 1 GiB inflated
    update = ["holidays", "update", "--source", base, "--timeout", "3"]
    previous = ["build", "--output", "fresh", "--previous-site", base, "--previous-site-timeout", "3"]

    def with_files(**changes):
        table = dict(holiday_files)
        table.update(changes)
        return table

    def with_manifests(**changes):
        table = dict(published)
        table.update(changes)
        return table

    # (name, command, routes, expected status, text the output must hold, seconds bound)
    cases = [
        ("update: up to date", update, holiday_files, 0, "up to date", 30),
        ("update: 2026.json drips a byte a second", update, with_files(**{"/2026.json": ("drip", b" " * 200, 1.0)}), 1,
         "no complete answer within 3 s", 30),
        ("update: 2026.json is a gzip bomb", update,
         with_files(**{"/2026.json": ("ok", bomb, {"Content-Encoding": "gzip"})}), 1, "has more than 1048576 bytes", 30),
        ("update: 2027.json redirects to file:", update, with_files(**{"/2027.json": ("redirect", "file:///etc/passwd")}), 1,
         "not an http(s) URL", 30),
        ("update: 2027.json redirects to data:", update, with_files(**{"/2027.json": ("redirect", "data:,{}")}), 1,
         "not an http(s) URL", 30),
        ("update: redirect loop", update, with_files(**{"/2026.json": ("redirect", "/2026.json")}), 1, "more than 3 redirects",
         30),
        ("update: 2020 emptied", update, with_files(**{"/2020.json": ("ok", empty_2020)}), 1, "2020", 30),
        ("update: a 1.5 MB 2026.json", update, with_files(**{"/2026.json": ("ok", big_2026)}), 1, "2026", 30),
        ("update: the server fails", update, with_files(**{"/2007.json": ("status", 503)}), 1, "HTTP 503", 30),
        ("update: a password in the source", ["holidays", "update", "--source", secret_base, "--timeout", "3"],
         holiday_files, 64, "must not carry a user name or password", 30),
        ("previous site: a password in the URL", previous[:-4] + ["--previous-site", secret_base],
         with_manifests(**{"/manifest.json": ("status", 500)}), 1, "HTTP 500", 30),
        ("previous site: manifest drips", previous, with_manifests(**{"/manifest.json": ("drip", b" " * 200, 1.0)}), 1,
         "no complete answer within 3 s", 30),
        ("previous site: manifest is a gzip bomb", previous,
         with_manifests(**{"/manifest.json": ("ok", bomb, {"Content-Encoding": "gzip"})}), 1, "cannot be fetched", 60),
        ("previous site: manifest redirects to file:", previous,
         with_manifests(**{"/manifest.json": ("redirect", "file:///etc/passwd")}), 1, "not an http(s) URL", 30),
        ("previous site: manifest redirects to data:", previous,
         with_manifests(**{"/manifest.json": ("redirect", "data:application/json,{}")}), 1, "not an http(s) URL", 30),
        ("previous site: a listed feed manifest answers 404", previous, with_manifests(**{"/feeds/holidays.json": ("status", 404)}),
         1, "--allow-reset", 30),
        ("previous site: a personal feed manifest answers 404", previous,
         with_manifests(**{personal_manifest: ("status", 404)}), 1, "its record of personal feeds lists it", 30),
        ("previous site: personal feeds record answers 404", previous,
         with_manifests(**{next(p for p in published if p.endswith("/personal.txt")): ("status", 404)}), 1,
         "record of personal feeds, but it answers 404", 30),
    ] + [
        (f"previous site: a URL with {name}", ["build", "--output", "fresh", "--previous-site", base.rstrip("/") + tail],
         published, 1, "is not a usable address", 30)
        for name, tail in [("CR/LF", "/\r\n"), ("LF", "/x\n"), ("a space", "/ x/"), ("a tab", "/\tx/"),
                           ("a query", "/?v=1"), ("a fragment", "/#top"), ("%00", "/%00/"), ("a backslash", "\\x/")]
    ] + [
        ("previous site: a script in news", previous,
         with_manifests(**{"/manifest.json": ("ok", json.dumps(news_script).encode())}), 1, "news[0].date", 30),
        ("previous site: ../../etc/passwd in artifacts", previous,
         with_manifests(**{"/manifest.json": ("ok", json.dumps(traversal).encode())}), 1, "artifacts[", 30),
        ("previous site: a dense manifest of 7 million values", previous,
         with_manifests(**{"/manifest.json": ("ok", b"[" + b"0," * 7_000_000 + b"0]")}), 1, "1000000 values", 60),
        ("previous site: version 2^53-1", previous,
         with_manifests(**{"/manifest.json": ("ok", json.dumps(huge_version).encode())}), 1, "version", 30),
        ("previous site: the same release", ["build", "--quiet", "--output", "fresh", "--previous-site", base], published, 0, "",
         60),
    ]

    try:
        run_cases(calgen, cases, site, release, holidays, env, subtests)
    finally:
        server.shutdown()
        server.server_close()


def run_cases(calgen, cases, site, release, holidays, env, subtests):
    print(f"{'case':<52} {'exit':>4} {'seconds':>8} {'peak MB':>8}")
    for name, command, routes, expected, text, bound in cases:
        ROUTES.set(routes)
        shutil.rmtree(holidays)
        shutil.copytree(os.path.join(sites.ROOT, "Content", "holidays"), holidays)
        before = fingerprint(holidays)
        shutil.rmtree(os.path.join(site, "fresh"), ignore_errors=True)
        status, seconds, peak, output = run(calgen, command, site, env)
        problems = []
        if status != expected:
            problems.append(f"exit {status}, expected {expected}")
        if text and text not in output:
            problems.append(f"the output does not say {text!r}")
        if seconds > bound:
            problems.append(f"took {seconds:.1f} s (bound {bound} s)")
        if peak > MEMORY_BOUND_MB:
            problems.append(f"peak memory {peak:.0f} MB (bound {MEMORY_BOUND_MB} MB)")
        if "s3cret" in output:
            problems.append("the output shows the URL's password")
        if "calgen-previous-" in output:
            problems.append("the output names a temporary file")
        if "\x1b" in output:
            problems.append("the output holds a raw ESC")
        if expected != 0 and fingerprint(holidays) != before:
            problems.append("Content/holidays/ changed")
        if expected != 0 and os.path.exists(os.path.join(site, "fresh")):
            problems.append("an output was written")
        if expected == 0 and "--previous-site" in command:
            if fingerprint(os.path.join(site, "fresh")) != fingerprint(release):
                problems.append("the rebuilt release differs from the published one")
        print(f"{name:<52} {status:>4} {seconds:>8.1f} {peak:>8.0f}")
        with subtests.test(msg=name):
            assert not problems, "; ".join(problems) + "\n  " + output.strip().replace("\n", "\n  ")[:2000]
