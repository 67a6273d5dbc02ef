"""Checks a built site's manifests with an independent validator (Python `jsonschema`):

- manifest.json against Schemas/manifest.schema.json, every feed manifest against
  Schemas/feed-manifest.schema.json;
- every artifact's SHA-256 and size against the file on disk, and that the artifacts are
  exactly the public files (everything but manifest.json and the personal feed folders);
- that no public file names a personal feed's folder;
- every feed manifest's hash and size against its feed, and its event list against the UIDs
  of the feed;
- changes.xml through feedparser (a real Atom reader): well-formed, one entry per version of
  the manifest's `news`, newest first, with the news items' titles and links.

    python3 -m pytest checks/test_manifest.py --site OUTPUT [--schemas SCHEMAS]
"""
import hashlib
import json
import os

import feedparser
import jsonschema
import pytest


def schema(schemas, name):
    with open(os.path.join(schemas, name)) as f:
        found = json.load(f)
    jsonschema.Draft202012Validator.check_schema(found)
    return found


@pytest.fixture(scope="module")
def manifest(site):
    with open(os.path.join(site, "manifest.json")) as f:
        return json.load(f)


@pytest.fixture(scope="module")
def files(site):
    """{path in the site: path on disk} of every file of the site."""
    found = {}
    for root, _, names in os.walk(site):
        for name in names:
            found[os.path.relpath(os.path.join(root, name), site)] = os.path.join(root, name)
    return found


def test_site_manifest(schemas, manifest, files, failures):
    site_schema = schema(schemas, "manifest.schema.json")
    for error in jsonschema.Draft202012Validator(site_schema).iter_errors(manifest):
        failures.add(f"manifest.json: {error.json_path}: {error.message}")

    # feeds/<token>/… is personal (a subscriber's feed and page, a private schedule's feed and
    # pages); feeds/schedules/ holds the public schedules' feeds and feeds/years/ the public feed
    # of each announced year.
    def personal(p):
        return (p.startswith("feeds/") and p.count("/") >= 2
                and not p.startswith("feeds/schedules/") and not p.startswith("feeds/years/"))
    personal_folders = {p.split("/")[1] for p in files if personal(p)}
    public = {p for p in files if p != "manifest.json" and not personal(p)}
    listed = {a["path"]: a for a in manifest["artifacts"]}
    if set(listed) != public:
        failures.add(f"artifacts differ from the public files: missing {sorted(public - set(listed))[:5]}, "
                        f"extra {sorted(set(listed) - public)[:5]}")
    for path, artifact in listed.items():
        if path not in files:
            continue
        with open(files[path], "rb") as f:
            data = f.read()
        if hashlib.sha256(data).hexdigest() != artifact["sha256"] or len(data) != artifact["size"]:
            failures.add(f"{path}: hash or size differs from the manifest")
        if artifact["version"] > manifest["version"]:
            failures.add(f"{path}: version {artifact['version']} is after the site's")
        if any(folder in data.decode("utf-8", "replace") for folder in personal_folders):
            failures.add(f"{path}: reveals a personal feed's folder")
    if any(folder in json.dumps(manifest) for folder in personal_folders):
        failures.add("manifest.json reveals a personal feed's folder")
    failures.verify(f"manifest: version {manifest['version']}, {len(listed)} artifacts valid")


def test_feed_manifests(schemas, files, failures):
    feed_schema = schema(schemas, "feed-manifest.schema.json")
    feeds = 0
    for path in sorted(p for p in files if p.startswith("feeds/") and p.endswith(".json")):
        feeds += 1
        with open(files[path]) as f:
            feed_manifest = json.load(f)
        for error in jsonschema.Draft202012Validator(feed_schema).iter_errors(feed_manifest):
            failures.add(f"{path}: {error.json_path}: {error.message}")
        feed_path = os.path.join(os.path.dirname(files[path]), feed_manifest["feed"])
        with open(feed_path, "rb") as f:
            data = f.read()
        if hashlib.sha256(data).hexdigest() != feed_manifest["sha256"] or len(data) != feed_manifest["size"]:
            failures.add(f"{path}: hash or size differs from its feed")
        uids = [line[4:] for line in data.decode("utf-8").replace("\r\n ", "").split("\r\n") if line.startswith("UID:")]
        if sorted(uids) != sorted(e["uid"] for e in feed_manifest["events"]):
            failures.add(f"{path}: the events differ from the feed's UIDs")
    failures.verify(f"manifest: {feeds} feed manifests valid")


def test_changes_feed(site, manifest, failures):
    """The news as a feed reader sees it."""
    atom = feedparser.parse(os.path.join(site, "changes.xml"))
    if atom.bozo:
        failures.add(f"changes.xml: {atom.bozo_exception}")
    versions = []
    for item in manifest.get("news", []):
        if item["version"] not in versions:
            versions.append(item["version"])
    if [e.id.rsplit("-", 1)[-1] for e in atom.entries] != [str(v) for v in versions]:
        failures.add(f"changes.xml: entries {[e.id for e in atom.entries][:5]} are not the news versions {versions[:5]}")
    base = atom.feed.get("link", "")
    for entry, version in zip(atom.entries, versions, strict=False):  # a length mismatch is reported above
        items = [n for n in manifest["news"] if n["version"] == version]
        for item in items:
            if item["title"] not in entry.title or base + item["path"] not in entry.summary:
                failures.add(f"changes.xml: version {version} lacks {item['title']!r} with its link")
        if entry.link != base + items[0]["path"] or entry.updated != items[0]["date"]:
            failures.add(f"changes.xml: version {version} links {entry.link} at {entry.updated}")

    failures.verify(f"manifest: changes.xml has {len(atom.entries)} entries")
