#!/usr/bin/env python3
"""Every input surface of calgen has its row in the README's table of input surfaces.

The table ("Limits and safety", under "Every input surface") is the source of truth. This
derives from the sources what calgen reads and fails when one of them is not named in it:

- every command (`calgen build`, `calgen holidays update`, …) from the CLI's subcommands;
- every parsed command-line value: each `@Option` as `--name`, each `@Argument` as
  `calgen <command> <value>`;
- every reader of bytes from outside: each file of Sources with a `static func parse(`,
  `validated(` or `read(`, a YAML or JSON decoder, or a hand-written XML reader, named by the
  type the file holds (its name);
- every file kind the loader bounds (`Limits.<kind>FileBytes`), named by that limit;
- every fuzz target (FuzzTarget's cases, the folders of Tests/Fuzz/Corpus, script/fuzz's list),
  which must also agree with each other;
- every group of the bad-input catalogue (`BadInputCases.<group>Cases`).

Rows may name what does not exist yet; what exists must be named.

    script/check_surfaces.py          # the check; exit 1 naming each surface without a row
    script/check_surfaces.py --list   # what was derived
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ROOT / "Sources"
HEADING = "### Every input surface"


def table() -> str:
    """The text of the surfaces table: from its heading to the next heading."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.find("\n" + HEADING)
    if start < 0:
        sys.exit(f"error: README.md has no section \"{HEADING}\" (in \"Limits and safety\")")
    rest = readme[start + len(HEADING) + 1:]
    end = re.search(r"\n#{1,4} ", rest)
    section = rest[: end.start()] if end else rest
    rows = [line for line in section.splitlines() if line.startswith("|")]
    if len(rows) < 3:
        sys.exit(f"error: the section \"{HEADING}\" has no table")
    return "\n".join(rows)


def kebab(name: str) -> str:
    """swift-argument-parser's long name of a property: `baseURL` → `base-url`."""
    name = re.sub(r"([a-z0-9])([A-Z])", r"\1-\2", name)
    name = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1-\2", name)
    return name.lower()


def commands():
    """`calgen <name>` of every command reachable from the root command's subcommands."""
    names = {}
    children = {}
    for path in sorted((SOURCES / "calgen").glob("*.swift")):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"struct (\w+): (?:Async)?ParsableCommand \{(.*?)\n\}", text, re.S):
            body = match.group(2)
            name = re.search(r'commandName: "([^"]+)"', body)
            if name:
                names[match.group(1)] = name.group(1)
            subs = re.search(r"subcommands: \[([^\]]*)\]", body)
            if subs:
                children[match.group(1)] = re.findall(r"(\w+)\.self", subs.group(1))
    root = next(t for t, n in names.items() if n == "calgen")
    found = []

    def walk(command, prefix):
        for child in children.get(command, []):
            full = prefix + " " + names.get(child, kebab(child.removesuffix("Command")))
            if child in children:
                walk(child, full)
            else:
                found.append(full)

    walk(root, "calgen")
    return sorted(found)


def arguments():
    """`--name` of every option and `calgen <command> <value>` of every positional argument."""
    found = set()
    for path in sorted((SOURCES / "calgen").glob("*.swift")):
        text = path.read_text(encoding="utf-8")
        command = re.search(r'commandName: "([^"]+)"', text)
        for match in re.finditer(r"@(Option|Argument)\((.*?)\)\s*\n\s*var (\w+)", text, re.S):
            kind, attributes, var = match.groups()
            if kind == "Option":
                custom = re.search(r'customLong\("([^"]+)"\)', attributes)
                found.add("--" + (custom.group(1) if custom else kebab(var)))
            else:
                value = re.search(r'valueName: "([^"]+)"', attributes)
                found.add(f"calgen {command.group(1) if command else '?'} <{value.group(1) if value else var}>")
    return sorted(found)


READER = re.compile(
    r"static func (?:parse|validated|read)\(|Yams\.(?:load|compose)|JSONDecoder\(\)|JSONSerialization\.jsonObject"
    r"|static func responses\(_ xml")


def readers():
    """The types (file names) of Sources that read bytes from outside calgen."""
    found = set()
    for path in sorted(SOURCES.rglob("*.swift")):
        if path.parent.name == "calgen":
            continue
        if READER.search(path.read_text(encoding="utf-8")):
            found.add(path.stem)
    return sorted(found)


def file_limits():
    """`Limits.<kind>FileBytes`: the file kinds the loader bounds."""
    text = (SOURCES / "CalgenCore" / "Limits.swift").read_text(encoding="utf-8")
    return sorted(re.findall(r"static let (\w+FileBytes)\b", text))


def fuzz_targets():
    """The fuzz targets, and the ways their three lists disagree."""
    source = (ROOT / "Tests/Fuzz/Sources/CalgenFuzz/FuzzTarget.swift").read_text(encoding="utf-8")
    enum = re.search(r"enum FuzzTarget: String, CaseIterable \{(.*?)\n\n", source, re.S).group(1)
    cases = set()
    for name, raw in re.findall(r"^\s*case (\w+)(?: = \"([^\"]+)\")?\s*$", enum, re.M):
        cases.add(raw or name)
    corpus = {p.name for p in (ROOT / "Tests/Fuzz/Corpus").iterdir() if p.is_dir()}
    script = (ROOT / "script/fuzz").read_text(encoding="utf-8")
    default = set(re.search(r"\|\| targets=\(([^)]*)\)", script).group(1).split())
    problems = []
    for name in sorted(cases | corpus | default):
        missing = [what for what, names in (("FuzzTarget", cases), ("Tests/Fuzz/Corpus", corpus),
                                            ("script/fuzz's default list", default)) if name not in names]
        if missing:
            problems.append(f"fuzz target {name} is not in {', '.join(missing)}")
    return sorted(cases | corpus | default), problems


def catalogue_groups():
    text = (ROOT / "Tests/Support/BadInputCases.swift").read_text(encoding="utf-8")
    return sorted(set(re.findall(r"public static let (\w+Cases)\b", text)) - {"contentCases"})


def main() -> int:
    rows = table()
    targets, problems = fuzz_targets()
    derived = [
        ("command", commands()),
        ("command-line value", arguments()),
        ("reader", [f"`{r}`" for r in readers()]),
        ("file kind", [f"`{k}`" for k in file_limits()]),
        ("fuzz target", [f"`{t}`" for t in targets]),
        ("catalogue group", [f"`{g}`" for g in catalogue_groups()]),
    ]
    if "--list" in sys.argv:
        for kind, names in derived:
            print(f"{kind}: {' '.join(names)}")
        return 0
    for kind, names in derived:
        for name in names:
            # A backticked name exactly; a command or option also inside a longer span
            # (`calgen serve --port`), but not as part of another name (`--port-range`).
            pattern = re.escape(name) if name.startswith("`") else r"(?<![\w-])" + re.escape(name) + r"(?![\w-])"
            if not re.search(pattern, rows):
                problems.append(f"the {kind} {name} has no row in README.md's table \"{HEADING[4:]}\"")
    for problem in problems:
        print("error: " + problem, file=sys.stderr)
    if problems:
        print("fix: add the row (what it reads, its limits, what a hostile value gets, its fuzz target and catalogue "
              "cases) under \"Limits and safety\"", file=sys.stderr)
        return 1
    print(f"surfaces: {sum(len(n) for _, n in derived)} named in the table")
    return 0


if __name__ == "__main__":
    sys.exit(main())
