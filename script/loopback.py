"""What the checks that start servers on 127.0.0.1 share: waiting until one answers."""
import time
import urllib.error
import urllib.request


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
