"""What the checks that start servers on 127.0.0.1 share: a folder served over HTTP, a free port,
waiting until a server answers, and Radicale with one user."""
import contextlib
import functools
import http.server
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Python's file handler without a log line for each request."""

    def log_message(self, *args):
        pass


def serve(handler) -> http.server.ThreadingHTTPServer:
    """Serves `handler` (a request handler class) on 127.0.0.1 on a free port, a thread a
    connection, until `shutdown()`; its address is `http://127.0.0.1:{server.server_port}/`."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def serve_folder(folder: str, log: list | None = None) -> http.server.ThreadingHTTPServer:
    """Serves `folder` as Python's http.server does (Last-Modified, 304), like `serve`; each
    request's log line goes to `log` when given."""
    class Handler(QuietHandler):
        def log_message(self, format, *args):
            if log is not None:
                log.append(format % args)

    return serve(functools.partial(Handler, directory=folder))


@contextlib.contextmanager
def serving(folder: str):
    """`folder` served on 127.0.0.1 for the block's time: yields its base URL, ending in `/`."""
    server = serve_folder(folder)
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def answers(url: str, tries: int = 100, pause: float = 0.1) -> bool:
    """Whether the server at `url` answers HTTP within `tries` looks `pause` seconds apart; any
    answer counts, a 401 asking for a password too."""
    for _ in range(tries):
        try:
            urllib.request.urlopen(url, timeout=1)
            return True
        except urllib.error.HTTPError:
            return True
        except OSError:
            time.sleep(pause)
    return False


def radicale(folder: str, user: str, password: str, logging: str = "level = warning\n", extra: str = "",
             output=subprocess.DEVNULL):
    """Starts Radicale on 127.0.0.1 with `user` (a plain htpasswd file) and its collections in
    `folder`; `extra` adds configuration sections, `logging` is the [logging] section's lines and
    `output` gets what it prints. Returns the process and its port once it answers, or the
    process and `None` when it does not."""
    port = free_port()
    users = os.path.join(folder, "users")
    with open(users, "w") as f:
        f.write(f"{user}:{password}\n")
    config = os.path.join(folder, "config")
    with open(config, "w") as f:
        f.write(f"""[server]
hosts = 127.0.0.1:{port}
[auth]
type = htpasswd
htpasswd_filename = {users}
htpasswd_encryption = plain
{extra}[storage]
filesystem_folder = {os.path.join(folder, "collections")}
[logging]
{logging}""")
    process = subprocess.Popen([sys.executable, "-m", "radicale", "--config", config], stdout=output,
                               stderr=subprocess.STDOUT)
    return process, port if answers(f"http://127.0.0.1:{port}/") else None
