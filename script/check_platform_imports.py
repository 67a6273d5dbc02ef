#!/usr/bin/env python3
"""Every platform module is imported behind `#if canImport(…)` of that module, so that calgen
builds on Linux (Glibc) and macOS (Darwin) alike: an unguarded `import Glibc` fails on a Mac.

    python3 script/check_platform_imports.py [FOLDER …]    # default: Sources Tests

Prints each unguarded import with its file and line; exits 1 when there is any.
"""
import os
import re
import sys

PLATFORM = re.compile(r"^\s*(?:@\w+\s+)*import\s+(Glibc|Darwin|Musl|WinSDK|Android|Bionic)\s*$")
GUARD = re.compile(r"^\s*#(?:if|elseif)\s+canImport\((\w+)\)\s*$")


def problems(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    found = []
    for number, line in enumerate(lines, 1):
        match = PLATFORM.match(line)
        if not match:
            continue
        previous = next((l for l in reversed(lines[: number - 1]) if l.strip()), "")
        guard = GUARD.match(previous)
        if not guard or guard.group(1) != match.group(1):
            found.append(f"{path}:{number}: error: `import {match.group(1)}` outside `#if canImport({match.group(1)})`")
    return found


def main():
    folders = sys.argv[1:] or ["Sources", "Tests"]
    files = []
    for folder in folders:
        for root, dirs, names in os.walk(folder):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            files += [os.path.join(root, n) for n in names if n.endswith(".swift")]
    found = [problem for path in sorted(files) for problem in problems(path)]
    for problem in found:
        print(problem)
    print(f"platform imports: {len(files)} Swift files, {len(found)} unguarded")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
