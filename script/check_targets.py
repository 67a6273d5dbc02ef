#!/usr/bin/env python3
"""The README's map of the sources against Package.swift, which the compiler keeps.

Each room of calgen is a folder of a SwiftPM target, and a target may import only the targets it
depends on: the compiler refuses an arrow that Package.swift does not draw. This keeps the
README's description of that graph true. From `swift package dump-package` it reads every target
and its dependencies, and fails when

- a target is not named in the map (the code block of "## Development" that starts with
  `Sources/`): a target of Sources/ as `Name/`, a test target or a plugin by its name;
- a folder at the top of a target (a room, such as `Sources/CalgenRender/Pages/`) is not named
  in the map as `Folder/`;
- the table of dependencies (the code block that starts with `target` right after the map)
  misses a target, names one that does not exist, or gives a target other dependencies than
  Package.swift does (the order within a row is free);
- a Swift file imports a target of calgen, or a product of another package, that its target
  does not depend on. The compiler refuses an import of a target above (a cycle), but SwiftPM
  compiles an import of any other module that happens to be built already (CalgenScaffold
  naming CalgenRecord, say), so an arrow sideways between targets is checked here.

    script/check_targets.py           # the check
    script/check_targets.py --table   # the table as Package.swift has it (to paste into the README)
"""

import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
HEADING = "## Development"
TABLE_HEAD = "target"


def package() -> dict:
    """`swift package dump-package` of the repository."""
    try:
        out = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        sys.exit(f"check_targets: swift package dump-package failed: {error}")
    return json.loads(out)


def dependencies(target: dict) -> list[str]:
    """The names of what a target depends on, in Package.swift's order: its targets by name and
    the products of other packages by product name."""
    names = []
    for dependency in target["dependencies"]:
        kind, value = next(iter(dependency.items()))
        if kind in ("byName", "target", "product"):
            names.append(value[0])
    return names


def folder(target: dict) -> pathlib.Path:
    """The target's folder: its `path:`, or SwiftPM's default (Tests/ for a test target)."""
    default = ("Tests/" if target["type"] == "test" else "Sources/") + target["name"]
    return ROOT / (target.get("path") or default)


IMPORT = re.compile(r"^\s*(?:@\w+\s+)*import\s+(?:(?:struct|enum|class|protocol|func|var|let|typealias)\s+)?(\w+)", re.M)


def undeclared_imports(targets: list[dict]) -> list[str]:
    """Imports of a target of calgen, or of a product another package gives, by a target that
    does not depend on it."""
    own = {t["name"] for t in targets}
    products = {name for t in targets for name in dependencies(t)} - own
    problems = []
    for target in targets:
        if target["type"] in ("system", "plugin"):
            continue
        allowed = set(dependencies(target)) | {target["name"]}
        for path in sorted(folder(target).rglob("*.swift")):
            for module in IMPORT.findall(path.read_text(encoding="utf-8")):
                if (module in own or module in products) and module not in allowed:
                    problems.append(f"{path.relative_to(ROOT)} imports {module}, which {target['name']} does not depend on")
    return problems


def readme_blocks() -> tuple[str, str]:
    """The map and the table of dependencies: the first code block of the development section
    that starts with `Sources/`, and the code block after it that starts with `target`."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.find("\n" + HEADING + "\n")
    if start < 0:
        sys.exit(f'check_targets: README.md has no section "{HEADING}"')
    section = readme[start + 1:]
    end = re.search(r"\n## ", section[len(HEADING):])
    if end:
        section = section[: len(HEADING) + end.start()]
    blocks = re.findall(r"\n```[a-z]*\n(.*?)\n```", section, re.S)
    maps = [i for i, block in enumerate(blocks) if block.startswith("Sources/")]
    if not maps:
        sys.exit(f'check_targets: the section "{HEADING}" has no map (a code block starting with "Sources/")')
    after = blocks[maps[0] + 1] if maps[0] + 1 < len(blocks) else ""
    if not after.startswith(TABLE_HEAD):
        sys.exit(f'check_targets: no table of dependencies (a code block starting with "{TABLE_HEAD}") after the map')
    return blocks[maps[0]], after


def parse_table(table: str) -> dict[str, set[str]]:
    """Rows `Name  Dep, Dep, …` (`—` for none); a line that starts with spaces continues the row."""
    rows: dict[str, set[str]] = {}
    last = None
    for line in table.split("\n")[1:]:
        if not line.strip():
            continue
        if line.startswith(" ") and last:
            rest = line.strip()
        else:
            last, _, rest = line.strip().partition(" ")
            rows[last] = set()
        rows[last] |= {name.strip() for name in rest.split(",") if name.strip() and name.strip() != "—"}
    return rows


def format_table(targets: list[dict]) -> str:
    """The table as it should read, wrapped at 100 columns."""
    width = max(len(t["name"]) for t in targets) + 2
    lines = [f"{TABLE_HEAD:<{width}}depends on (targets of calgen; products of other packages)"]
    for target in targets:
        names = dependencies(target) or ["—"]
        line = f"{target['name']:<{width}}"
        for i, name in enumerate(names):
            piece = name + ("," if i < len(names) - 1 else "")
            if len(line) + len(piece) + 1 > 100 and line.strip() != target["name"]:
                lines.append(line.rstrip())
                line = " " * width
            line += piece + " "
        lines.append(line.rstrip())
    return "\n".join(lines)


def main() -> int:
    targets = package()["targets"]
    if "--table" in sys.argv:
        print(format_table(targets))
        return 0
    map_block, table = readme_blocks()
    problems = []
    for target in targets:
        name = target["name"]
        if target["type"] in ("test", "plugin"):
            if not re.search(r"\b" + re.escape(name) + r"\b", map_block):
                problems.append(f"the map does not name the {target['type']} target {name}")
            continue
        place = folder(target)
        if place.parts[-2] == "Sources" and f"{name}/" not in map_block:
            problems.append(f"the map does not name {name}/ (Sources/{name})")
        elif place.parts[-2] != "Sources" and not re.search(r"\b" + re.escape(name) + r"\b", map_block):
            problems.append(f"the map does not name the target {name} ({place.relative_to(ROOT)})")
        for room in sorted(p.name for p in place.iterdir() if p.is_dir() and p.name != "include"):
            if f"{room}/" not in map_block:
                problems.append(f"the map does not name the folder {room}/ of {name} ({place.relative_to(ROOT)}/{room})")
    rows = parse_table(table)
    for target in targets:
        name = target["name"]
        if name not in rows:
            problems.append(f"the table of dependencies has no row for {name}")
            continue
        want = set(dependencies(target))
        if rows[name] != want:
            missing = ", ".join(sorted(want - rows[name])) or "none"
            extra = ", ".join(sorted(rows[name] - want)) or "none"
            problems.append(f"the table's row for {name} misses {missing} and names {extra} beyond Package.swift")
    for name in sorted(set(rows) - {t["name"] for t in targets}):
        problems.append(f"the table of dependencies names {name}, which is no target of Package.swift")
    problems += undeclared_imports(targets)
    for problem in problems:
        print("check_targets: " + problem, file=sys.stderr)
    if problems:
        print("check_targets: `script/check_targets.py --table` prints the table as Package.swift has it", file=sys.stderr)
        return 1
    print(f"targets: {len(targets)} in the README's map, their dependencies as in Package.swift, no import beyond them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
