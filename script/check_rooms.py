#!/usr/bin/env python3
"""The rooms of calgen's site generator and the arrows between them.

The targets CalgenModel, TemplateEngine, CalgenSync and CalgenScaffold are the rooms Model, Engine, Sync and
Scaffold (the compiler already keeps them from naming the others);
each folder of Sources/CalgenKit is a room. A room may name the types of the rooms below it
(ROOMS, bottom first; rooms on one line are side by side and may not name each other), never
those above it. This prints the folder-to-folder reference table (which folder names types
declared in which) and exits 1 on an arrow that goes up or sideways, naming the file and the type.

    script/check_rooms.py           # the table, and the check
    script/check_rooms.py --quiet   # the check only
"""
import pathlib
import re
import sys

SOURCES = pathlib.Path(__file__).resolve().parent.parent / "Sources"
ROOT = SOURCES / "CalgenKit"
# Targets that are rooms of their own.
TARGETS = {"Model": SOURCES / "CalgenModel", "Engine": SOURCES / "TemplateEngine", "Sync": SOURCES / "CalgenSync",
           "Scaffold": SOURCES / "CalgenScaffold"}

# Bottom first. A room may use any room on an earlier line.
ROOMS = [
    ["Support", "Engine"],
    ["Model"],
    ["Load"],
    ["Manifest"],
    ["Previous"],
    ["Incremental"],
    ["API"],
    ["Pages", "Feeds"],
    ["Plan", "Check", "Sync", "Scaffold"],
    ["Output"],
    ["Build"],
]

DECLARATION = re.compile(r"^(?:public |package |internal |fileprivate |private )?(?:final )?"
                         r"(?:struct|enum|class|protocol|actor|typealias) ([A-Za-z_][A-Za-z0-9_]*)", re.M)
IDENTIFIER = re.compile(r"\b[A-Z][A-Za-z0-9_]*\b")
EXTENSION = re.compile(r"^(?:public |package |internal |fileprivate |private )?extension ([A-Za-z_][A-Za-z0-9_.]*)")
MEMBER = re.compile(r"^    (?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private|static|mutating|nonisolated)\s+)*"
                    r"(?:func|var|let)\s+([a-z_][A-Za-z0-9_]*)")


def extension_members(source: str):
    """(type, member) for every member an `extension` at the top level of `source` declares."""
    found = []
    current = None
    for line in source.split("\n"):
        match = EXTENSION.match(line)
        if match:
            current = match.group(1).split(".")[0]
            continue
        if line.startswith("}"):
            current = None
        elif current:
            member = MEMBER.match(line)
            if member:
                found.append((current, member.group(1)))
    return found


def strip(source: str) -> str:
    """Source without comments and string literals, which name types without using them."""
    source = re.sub(r'#?"""[\s\S]*?"""#?', '""', source)
    source = re.sub(r"//[^\n]*", "", source)
    source = re.sub(r"/\*[\s\S]*?\*/", "", source)
    return re.sub(r'#?"(?:[^"\\\n]|\\.)*"#?', '""', source)


def main() -> int:
    quiet = "--quiet" in sys.argv
    # --table ROOT: only the reference table of any source tree (to compare layouts).
    table_only = "--table" in sys.argv
    root = pathlib.Path(sys.argv[sys.argv.index("--table") + 1]) if table_only else ROOT
    level = {room: i for i, line in enumerate(ROOMS) for room in line}
    files = sorted(p for p in root.rglob("*.swift"))
    if not table_only:
        files += sorted(p for target in TARGETS.values() for p in target.rglob("*.swift"))
    room_of = {}
    owner = {}
    for path in files:
        target = next((name for name, folder in TARGETS.items() if folder in path.parents), None)
        parts = path.relative_to(root).parts if target is None else ()
        room = target or (parts[0] if len(parts) > 1 else "(top)")
        room_of[path] = room
        for name in DECLARATION.findall(path.read_text()):
            owner.setdefault(name, room)
    unknown = sorted({r for r in room_of.values() if r not in level})
    if table_only:
        ROOMS[:] = [sorted(set(room_of.values()))]
        level = {room: 0 for room in room_of.values()}
    elif unknown:
        print(f"check_rooms: folders that are no room: {', '.join(unknown)} (add them to ROOMS)", file=sys.stderr)
        return 1
    table = {}
    problems = []
    for path in files:
        room = room_of[path]
        for name in sorted(set(IDENTIFIER.findall(strip(path.read_text())))):
            target = owner.get(name)
            if target is None or target == room:
                continue
            table.setdefault((room, target), set()).add(name)
            if not table_only and level[target] >= level[room]:
                way = "sideways" if level[target] == level[room] else "up"
                problems.append(f"{path.relative_to(SOURCES.parent)}: {room} names {name} of {target} ({way})")
    if not quiet:
        order = [room for line in ROOMS for room in line]
        print("rooms, bottom first: " + " < ".join("/".join(line) for line in ROOMS))
        print(f"{'folder':<12} names types of")
        for room in order:
            used = [t for t in order if (room, t) in table]
            print(f"{room:<12} " + ", ".join(f"{t} ({len(table[(room, t)])})" for t in used))
        both = sorted({tuple(sorted(pair)) for pair in table if (pair[1], pair[0]) in table})
        print("pairs in both directions: " + (", ".join(f"{a}<->{b}" for a, b in both) or "none"))
    # Members that an extension in a higher room adds to a lower room's type: a lower room that
    # calls one names the higher room as surely as by a type. Searched by name where the name is
    # declared once in all rooms, as `.name` or `Type.name`.
    if not table_only:
        texts = {path: strip(path.read_text()) for path in files}
        declared = {}
        for text in texts.values():
            for name in re.findall(r"\b(?:func|var|let)\s+([a-z_][A-Za-z0-9_]*)", text):
                declared[name] = declared.get(name, 0) + 1
        for path in files:
            room = room_of[path]
            for type_name, member in extension_members(path.read_text()):
                owner_room = owner.get(type_name)
                if owner_room is None or owner_room == room or declared.get(member, 0) != 1:
                    continue
                use = re.compile(r"\." + re.escape(member) + r"\b")
                for other in files:
                    if level[room_of[other]] <= level[room] and room_of[other] != room and use.search(texts[other]):
                        way = "sideways" if level[room_of[other]] == level[room] else "up"
                        problems.append(
                            f"{other.relative_to(SOURCES.parent)}: {room_of[other]} calls {type_name}.{member}, "
                            f"which {room} adds ({way})")
    for problem in problems:
        print("check_rooms: " + problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
