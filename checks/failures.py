"""How a check reports: every problem it finds, printed as found and failed together at its end,
so that one run names them all."""
import pytest


class Failures:
    """The problems one test found. `add` and `check` record them; `verify` fails the test with
    all of them (the first `most` shown), or passes with `summary` printed."""

    def __init__(self):
        self.items = []
        self.verified = False

    def add(self, message: str):
        self.items.append(message)
        print("FAIL:", message)

    def extend(self, messages):
        for message in messages:
            self.add(message)

    def check(self, condition, what: str, detail: str = "") -> bool:
        """Records `what` as failed (with `detail`) unless `condition`; prints a line either way."""
        print(("ok    " if condition else "FAIL  ") + what + ("" if condition or not detail else f": {detail}"))
        if not condition:
            self.items.append(what + (f": {detail}" if detail else ""))
        return bool(condition)

    def __len__(self):
        return len(self.items)

    def verify(self, summary: str = "", most: int = 50):
        self.verified = True
        if summary:
            print(summary)
        if self.items:
            shown = self.items[:most]
            more = f"\n… and {len(self.items) - most} more" if len(self.items) > most else ""
            pytest.fail(f"{len(self.items)} failed:\n" + "\n".join(shown) + more, pytrace=False)
