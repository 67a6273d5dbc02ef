#!/usr/bin/env python3
"""`calgen sync` over a slow link: Radicale on 127.0.0.1 behind a delaying TCP proxy that adds a
round trip time (RTT/2 each way on every chunk, and one RTT for each new connection, as a TCP
handshake costs), timing the first sync of the bundled subscriber with the most events into an
empty calendar, and the same upload by vdirsyncer over the same link when it is installed
(`pip install vdirsyncer`; or give its path in VDIRSYNCER).

    python3 script/benchmark_sync.py .build/debug/calgen [--rtt 250] [--no-front] [--no-baseline]

Prints one line per run (seconds, requests, connections the proxy saw) and the ratio. The
figures are printed, not asserted: the machine's load changes them. Radicale's own server
answers HTTP/1.0 and closes every connection, so each request pays a new connection's round
trip as well; when Debian's nginx is installed calgen's sync is timed a second time with nginx
between the proxy and Radicale, keeping the connections alive as Radicale is served in
production (--no-front leaves it out). Last, the same upload at 0 ms RTT (--no-baseline leaves
it out): the server's own time, which no client can go under. Radicale checks a PUT's UID
against every event of the calendar, so a write takes longer as the calendar fills (44 ms
each for the first 100 events, 114 ms for the last 100 of 991, one at a time on a loaded
2-core machine).
"""
import argparse
import asyncio
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from checks import loopback  # noqa: E402  (the checks' servers on 127.0.0.1)

USER = "bench"
PASSWORD = "bench-password-5b1e"


class DelayingProxy:
    """A TCP proxy on 127.0.0.1 adding `rtt` seconds of round trip: each chunk is forwarded
    rtt/2 after it arrived (in order), and a new connection waits one rtt before its first byte
    goes through. Counts the connections it accepted."""

    def __init__(self, upstream_port, rtt):
        self.upstream_port = upstream_port
        self.rtt = rtt
        self.connections = 0
        self.port = loopback.free_port()
        self.loop = asyncio.new_event_loop()
        started = threading.Event()
        threading.Thread(target=self._serve, args=(started,), daemon=True).start()
        started.wait()

    def _serve(self, started):
        asyncio.set_event_loop(self.loop)

        async def pipe(reader, writer, first_delay):
            queue = asyncio.Queue()

            async def send():
                while True:
                    due, data = await queue.get()
                    wait = due - self.loop.time()
                    if wait > 0:
                        await asyncio.sleep(wait)
                    if data is None:
                        break
                    writer.write(data)
                    await writer.drain()
                try:
                    writer.close()
                except Exception:
                    pass

            sender = self.loop.create_task(send())
            extra = first_delay
            try:
                while True:
                    data = await reader.read(65536)
                    queue.put_nowait((self.loop.time() + self.rtt / 2 + extra, data or None))
                    extra = 0
                    if not data:
                        break
            except Exception:
                queue.put_nowait((self.loop.time(), None))
            await sender

        async def handle(client_reader, client_writer):
            self.connections += 1
            try:
                up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream_port)
            except OSError:
                client_writer.close()
                return
            # The handshake's round trip, paid before the first request goes through.
            await asyncio.gather(pipe(client_reader, up_writer, self.rtt), pipe(up_reader, client_writer, 0),
                                 return_exceptions=True)

        async def main():
            server = await asyncio.start_server(handle, "127.0.0.1", self.port)
            started.set()
            async with server:
                await server.serve_forever()

        self.loop.run_until_complete(main())


class Radicale:
    def __init__(self, folder):
        os.makedirs(folder, exist_ok=True)
        self.process, self.port = loopback.radicale(folder, USER, PASSWORD)
        if self.port is None:
            raise SystemExit("Radicale did not start")

    def make_calendar(self, name):
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/{USER}/{name}/", method="MKCALENDAR",
            headers={"Authorization": "Basic " + __import__("base64").b64encode(f"{USER}:{PASSWORD}".encode()).decode()})
        urllib.request.urlopen(request, timeout=10)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


class NginxFront:
    """Debian's nginx on 127.0.0.1 passing every request to Radicale, keeping its clients'
    connections alive (HTTP/1.1), as Radicale is served in production."""

    def __init__(self, folder, upstream_port):
        self.folder = os.path.join(folder, "nginx")
        os.makedirs(self.folder, exist_ok=True)
        self.port = loopback.free_port()
        with open(os.path.join(self.folder, "nginx.conf"), "w") as f:
            f.write(f"""pid {self.folder}/nginx.pid;
error_log {self.folder}/error.log;
events {{}}
http {{
    access_log off;
    client_body_temp_path {self.folder}/body;
    proxy_temp_path {self.folder}/proxy;
    fastcgi_temp_path {self.folder}/fastcgi;
    uwsgi_temp_path {self.folder}/uwsgi;
    scgi_temp_path {self.folder}/scgi;
    client_max_body_size 10m;
    keepalive_requests 10000;
    server {{
        listen 127.0.0.1:{self.port};
        location / {{
            proxy_pass http://127.0.0.1:{upstream_port};
            proxy_set_header Host $http_host;
            proxy_redirect off;
        }}
    }}
}}
""")
        subprocess.run(["nginx", "-e", f"{self.folder}/error.log", "-c", f"{self.folder}/nginx.conf", "-p", self.folder],
                       check=True)
        loopback.answers(f"http://127.0.0.1:{self.port}/")

    def stop(self):
        try:
            with open(os.path.join(self.folder, "nginx.pid")) as f:
                os.kill(int(f.read().strip()), 15)
        except (OSError, ValueError):
            pass


def time_calgen(calgen, source, url, state, env, proxy, events, label):
    """calgen's first sync of `source` into `url`; prints the line, gives the seconds."""
    before = proxy.connections
    started = time.monotonic()
    result = subprocess.run([calgen, "sync", source, "--to", url, "--user", USER, "--state", state,
                             "--time-limit", "3600"], env=env, capture_output=True, text=True)
    took = time.monotonic() - started
    requests = re.search(r"(\d+) requests?", result.stdout)
    print(f"{label}: {took:.1f} s for {events} events ({requests.group(1) if requests else '?'} requests, "
          f"{proxy.connections - before} connections), exit {result.returncode}")
    if result.returncode != 0:
        print(result.stdout + result.stderr)
    return took


def vdirsyncer_path():
    given = os.environ.get("VDIRSYNCER")
    if given and os.path.exists(given):
        return given
    return shutil.which("vdirsyncer")


def time_vdirsyncer(binary, feed, url, folder):
    """vdirsyncer's `sync` of the feed (a singlefile storage) into the calendar; `discover` first,
    untimed. Seconds, or None when it failed."""
    config = os.path.join(folder, "vdirsyncer.conf")
    with open(config, "w") as f:
        f.write(f"""[general]
status_path = "{folder}/vdirsyncer-status/"

[pair feed]
a = "source"
b = "calendar"
collections = null
conflict_resolution = "a wins"

[storage source]
type = "singlefile"
path = "{feed}"

[storage calendar]
type = "caldav"
url = "{url}"
username = "{USER}"
password = "{PASSWORD}"
""")
    env = dict(os.environ, VDIRSYNCER_CONFIG=config)
    subprocess.run([binary, "discover"], env=env, capture_output=True, text=True, timeout=600)
    started = time.monotonic()
    result = subprocess.run([binary, "sync"], env=env, capture_output=True, text=True, timeout=3600)
    took = time.monotonic() - started
    if result.returncode != 0:
        print("vdirsyncer failed:\n" + result.stdout[-2000:] + result.stderr[-2000:])
        return None
    return took


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("calgen", nargs="?", default=".build/debug/calgen")
    parser.add_argument("--rtt", type=float, default=250, help="round trip time in ms")
    parser.add_argument("--no-front", action="store_true", help="leave out the run behind nginx")
    parser.add_argument("--no-baseline", action="store_true", help="leave out the run at 0 ms RTT")
    args = parser.parse_args()
    calgen = os.path.abspath(args.calgen)
    rtt = args.rtt / 1000
    folder = tempfile.mkdtemp(prefix="calgen-bench-sync-")
    server = None
    try:
        site = os.path.join(folder, "site")
        env = dict(os.environ, SOURCE_DATE_EPOCH="1795233600", CALGEN_FEED_SECRET="bench-sync-secret-0123456789abcdef",
                   CALGEN_CALDAV_PASSWORD=PASSWORD)
        subprocess.run([calgen, "build", "--quiet", "--output", site], env=env, cwd=ROOT, check=True)
        feeds = [os.path.join(d, f) for d, _, files in os.walk(os.path.join(site, "feeds")) for f in files
                 if f.endswith(".ics") and os.path.basename(d) not in ("feeds", "years", "schedules")]
        feed = max(feeds, key=lambda p: open(p, "rb").read().count(b"BEGIN:VEVENT"))
        events = open(feed, "rb").read().count(b"BEGIN:VEVENT")
        # Outside the build's output, where the sync state may be kept.
        source = os.path.join(folder, os.path.basename(feed))
        shutil.copy(feed, source)
        server = Radicale(os.path.join(folder, "radicale"))
        proxy = DelayingProxy(server.port, rtt)
        print(f"feed: feeds/…/{os.path.basename(feed)}: {events} events; link: {args.rtt:.0f} ms RTT "
              f"(a delaying proxy on 127.0.0.1 in front of Radicale)")

        server.make_calendar("calgen")
        calgen_took = time_calgen(calgen, source, f"http://127.0.0.1:{proxy.port}/{USER}/calgen/",
                                  os.path.join(folder, "state.json"), env, proxy, events, "calgen sync")
        if not args.no_front and shutil.which("nginx"):
            front = NginxFront(folder, server.port)
            try:
                fronted = DelayingProxy(front.port, rtt)
                server.make_calendar("calgen-nginx")
                time_calgen(calgen, source, f"http://127.0.0.1:{fronted.port}/{USER}/calgen-nginx/",
                            os.path.join(folder, "state-nginx.json"), env, fronted, events,
                            "calgen sync, Radicale behind nginx (connections kept alive)")
            finally:
                front.stop()
        if not args.no_baseline:
            direct = DelayingProxy(server.port, 0)
            server.make_calendar("calgen-baseline")
            time_calgen(calgen, source, f"http://127.0.0.1:{direct.port}/{USER}/calgen-baseline/",
                        os.path.join(folder, "state-baseline.json"), env, direct, events,
                        "calgen sync at 0 ms RTT (the server's own time)")

        binary = vdirsyncer_path()
        if not binary:
            print("vdirsyncer: not installed (pip install vdirsyncer, or VDIRSYNCER=path); no comparison")
            return 0
        server.make_calendar("vdirsyncer")
        before = proxy.connections
        took = time_vdirsyncer(binary, source, f"http://127.0.0.1:{proxy.port}/{USER}/vdirsyncer/", folder)
        if took is not None:
            print(f"vdirsyncer sync: {took:.1f} s for {events} events ({proxy.connections - before} connections)")
            print(f"calgen is {took / calgen_took:.1f}× as fast as vdirsyncer at {args.rtt:.0f} ms RTT")
        return 0
    finally:
        if server:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
