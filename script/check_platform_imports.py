#!/usr/bin/env python3
"""Every platform module is imported behind `#if canImport(…)` of that module, and every call
qualified by a platform module (`Glibc.link`) or named only on one platform (`st_mtim`,
`MSG_NOSIGNAL`, `SOCK_STREAM.rawValue`; `st_mtimespec`) sits in a branch for that platform, so
that calgen builds on Linux (Glibc) and macOS (Darwin) alike.

    python3 script/check_platform_imports.py [FOLDER …]    # default: Sources Tests

Prints each unguarded import with its file and line; exits 1 when there is any.
"""
import os
import re
import sys

PLATFORM = re.compile(r"^\s*(?:@\w+\s+)*import\s+(Glibc|Darwin|Musl|WinSDK|Android|Bionic)\s*$")
GUARD = re.compile(r"^\s*#(?:if|elseif)\s+canImport\((\w+)\)\s*$")
# Names that exist on one platform only, and the module whose branch they belong in.
ONE_PLATFORM = [
    (re.compile(r"\bGlibc\.\w"), "Glibc"),
    (re.compile(r"\bst_mtim\b"), "Glibc"),
    (re.compile(r"\bMSG_NOSIGNAL\b"), "Glibc"),
    (re.compile(r"\bSOCK_\w+\.rawValue\b"), "Glibc"),
    (re.compile(r"\bDarwin\.\w"), "Darwin"),
    (re.compile(r"\bst_mtimespec\b"), "Darwin"),
]
BRANCH = {"Glibc": re.compile(r"canImport\(Glibc\)|os\(Linux\)"), "Darwin": re.compile(r"canImport\(Darwin\)|os\(macOS\)")}


def problems(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    found = []
    branches = []
    for number, line in enumerate(lines, 1):
        directive = line.strip()
        if directive.startswith("#if "):
            branches.append(directive[4:])
        elif directive.startswith("#elseif "):
            if branches:
                branches[-1] = directive[8:]
        elif directive.startswith("#else") and branches:
            # The other branch of a test for one platform is the other platform's.
            other = {"Glibc": "canImport(Darwin)", "Darwin": "canImport(Glibc)"}
            taken = next((m for m, rule in BRANCH.items() if rule.search(branches[-1])), None)
            branches[-1] = other[taken] if taken else "else"
        elif directive.startswith("#endif") and branches:
            branches.pop()
        code = line.split("//")[0]
        for pattern, module in ONE_PLATFORM:
            if pattern.search(code) and not any(BRANCH[module].search(b) for b in branches):
                found.append(f"{path}:{number}: error: `{pattern.search(code).group(0)}` exists on one platform only: "
                             f"put it in a `#if canImport({module})` branch")
        match = PLATFORM.match(line)
        if not match:
            continue
        previous = next((text for text in reversed(lines[: number - 1]) if text.strip()), "")
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
    print(f"platform imports and calls: {len(files)} Swift files, {len(found)} unguarded")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
