"""Checks the GitHub Actions examples: validates each against GitHub's workflow schema
(check-jsonschema's vendored copy) and lints it with zizmor (a linter of GitHub Actions
workflows, from PyPI; its settings, with each finding accepted and why, in checks/zizmor.yml),
then runs their shell steps as GitHub would, against 127.0.0.1.

Examples/github-actions/publish.yml, as a scheduled run, against:
- a "previous site" (the bundled site built once, version 1) and a holiday-cn mirror in which
  2027 has just been announced, both served by Python's http.server;
- a clone of this repository whose origin is a bare repository, so that `git push` works.
It expects the new 2027 file committed and pushed, a site whose version continues (2), and the
unchanged events of the previous release with their DTSTAMP.

Examples/github-actions/publish-site.yml, the workflow `calgen init` writes into a new site, in a site
made by `calgen init` and pushed to a repository of its own, as publish.yml is checked.

Examples/github-actions/publish-sharded.yml, job by job as a runner would (every shard of the
matrix in its own folder, artifacts passed from job to job as actions/upload-artifact and
download-artifact do), on the bundled content from 2025 with 26 more subscribers, against a previous
release served by http.server and an S3-compatible bucket in moto, started here. It expects:
- the bucket to hold exactly the files of the assembled public/, with the same bytes, manifest.json
  uploaded last;
- public/ byte-identical (diff -r) to one plain `calgen build` of the same commit, with the
  same previous site and SOURCE_DATE_EPOCH;
- a second run, after one note changed and with the bucket as the previous site, to upload
  exactly the files that changed (under 1% of them) and continue the version;
- assemble to fail, naming the shard, writing nothing and uploading nothing, when a shard is
  missing, given twice or stale (rendered by another run).
The sharded part is skipped, saying so, when this calgen has no `build --shard`.

    python3 -m pytest checks/test_workflow.py --calgen CALGEN
"""
import contextlib
import fnmatch
import hashlib
import itertools
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

import pytest
import yaml

from checks import loopback, sites

ROOT = str(sites.ROOT)
WORKFLOWS = os.path.join(ROOT, "Examples", "github-actions")
PUBLISH = os.path.join(WORKFLOWS, "publish.yml")
SITE_PUBLISH = os.path.join(WORKFLOWS, "publish-site.yml")
SHARDED = os.path.join(WORKFLOWS, "publish-sharded.yml")
SECRET = "check-workflow-secret-0123456789"
# Scratch folders in memory where there is one: removing a few hundred MB of checkouts and sites
# from a busy disk took half a minute.
SCRATCH = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
# The previous release, the day after (the first sharded run) and an hour later (the second).
RELEASED, FIRST_RUN, SECOND_RUN = 1795233600, 1795320000, 1795323600
BUCKET = "calendar"
EXTRA_SUBSCRIBERS = 26
FIRST_YEAR = 2025  # holiday data from then on: fewer day pages to render and upload


def run(args, **kwargs):
    return subprocess.run(args, check=True, capture_output=True, text=True, **kwargs)


@contextlib.contextmanager
def server(args, port):
    """Runs a server on 127.0.0.1:port for the block's time."""
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise RuntimeError(f"{args[0]} did not listen on 127.0.0.1:{port}")
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:  # moto's server waits for idle keep-alive connections
            process.kill()
            process.wait()


@contextlib.contextmanager
def http_server(folder):
    """The folder served on 127.0.0.1 for the block's time; yields its address without the final /."""
    with loopback.serving(folder) as base:
        yield base.rstrip("/")


@pytest.mark.parametrize("workflow", sorted(n for n in os.listdir(WORKFLOWS) if n.endswith(".yml")))
def test_schema(workflow):
    """GitHub's workflow schema, as check-jsonschema vendors it."""
    result = subprocess.run(["check-jsonschema", "--builtin-schema", "vendor.github-workflows",
                             os.path.join(WORKFLOWS, workflow)], capture_output=True, text=True)
    print(f"{workflow}: {result.stdout.strip() or result.stderr.strip()}")
    assert result.returncode == 0, result.stdout + result.stderr


def test_zizmor():
    """zizmor's audits of every example workflow, offline (no GitHub API), with checks/zizmor.yml."""
    config = os.path.join(os.path.dirname(os.path.abspath(__file__)), "zizmor.yml")
    files = sorted(os.path.join(WORKFLOWS, n) for n in os.listdir(WORKFLOWS) if n.endswith(".yml"))
    result = subprocess.run(["zizmor", "--offline", "--no-progress", "--config", config, *files],
                            capture_output=True, text=True)
    print(result.stdout.strip() or result.stderr.strip().splitlines()[-1])
    assert result.returncode == 0, result.stdout + result.stderr


def evaluate(expression, context):
    """The forms of GitHub's expressions the examples use: a.b.c, 'text', fromJSON(x), x || y.
    A name the context lacks raises KeyError: a typo in the workflow fails the check."""
    value = ""
    for alternative in expression.split("||"):
        value = term(alternative.strip(), context)
        if value:
            break
    return value


def term(text, context):
    if match := re.fullmatch(r"fromJSON\((.*)\)", text):
        return json.loads(term(match.group(1), context))
    if match := re.fullmatch(r"'(.*)'", text):
        return match.group(1)
    value = context
    for key in text.split("."):
        value = value[key]
    return value


def expand(value, context):
    """A value of the workflow with its ${{ }} expressions replaced; a lone expression keeps its type."""
    text = str(value)
    if whole := EXPRESSION.fullmatch(text.strip()):
        return evaluate(whole.group(1), context)
    return EXPRESSION.sub(lambda m: str(evaluate(m.group(1), context)), text)


def shell_step(step, cwd, env, context, output_file):
    """Runs a `run:` step as the runner does (bash -e), with its env; returns the finished process."""
    step_env = dict(env)
    for key, value in (step.get("env") or {}).items():
        step_env[key] = str(expand(value, context))
    open(output_file, "w").close()
    step_env["GITHUB_OUTPUT"] = output_file
    started = time.monotonic()
    done = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=cwd, env=step_env, capture_output=True, text=True)
    done.seconds = time.monotonic() - started
    with open(output_file, encoding="utf-8") as f:
        outputs = dict(line.rstrip("\n").split("=", 1) for line in f if "=" in line)
    if step.get("id"):
        context["steps"][step["id"]] = {"outputs": outputs}
    return done


def print_step(name, done, lines=3):
    print(f"  step \"{name}\": exit {done.returncode} ({done.seconds:.1f} s)")
    for line in (done.stdout + done.stderr).strip().splitlines()[-lines:]:
        print("     ", line)


# --- publish.yml ---------------------------------------------------------------------------

def announce_2027(mirror):
    """The holiday-cn mirror as it is on the day 2027 is announced."""
    with open(os.path.join(mirror, "2027.json"), "w", encoding="utf-8") as f:
        json.dump({"year": 2027, "papers": ["https://www.gov.cn/example"],
                   "days": [{"name": "元旦", "date": "2027-01-01", "isOffDay": True}]}, f, ensure_ascii=False)


def scheduled_run(steps, served, work, env, scratch):
    """The workflow's shell steps in `work`, as a scheduled run, against the previous release
    (`served`/site) and the holiday-cn mirror (`served`/holiday-cn) on 127.0.0.1."""
    with http_server(served) as address:
        context = {"vars": {"SITE_URL": f"{address}/site/", "HOLIDAYS_SOURCE": f"{address}/holiday-cn/"},
                   "secrets": {"CALGEN_FEED_SECRET": SECRET}, "steps": {}}
        for step in steps:
            done = shell_step(step, work, env, context, os.path.join(scratch, "github-output"))
            print_step(step.get("name"), done, lines=6)
            if done.returncode != 0:
                pytest.fail(f"step {step.get('name')!r} failed (exit {done.returncode}):\n{done.stdout}{done.stderr}",
                            pytrace=False)


def test_publish(calgen, failures):
    repo = ROOT
    with open(PUBLISH, encoding="utf-8") as f:
        workflow = yaml.safe_load(f)
    steps = [s for s in workflow["jobs"]["build"]["steps"] if "run" in s]

    with tempfile.TemporaryDirectory(dir=SCRATCH) as scratch:
        env = dict(os.environ, HOME=scratch, GIT_TERMINAL_PROMPT="0", CALGEN=calgen,
                   CALGEN_FEED_SECRET=SECRET, SOURCE_DATE_EPOCH=str(RELEASED))
        # The repository as CI checks it out, with an origin that accepts the push.
        run(["git", "clone", "--quiet", "--bare", repo, os.path.join(scratch, "origin.git")])
        work = os.path.join(scratch, "work")
        run(["git", "clone", "--quiet", os.path.join(scratch, "origin.git"), work])
        # The previous release and the mirror, served from one folder.
        served = os.path.join(scratch, "served")
        run([calgen, "build", "--quiet", "--content", os.path.join(work, "Content"), "--templates",
             os.path.join(work, "Templates"), "--output", os.path.join(served, "site")], env=env)
        mirror = os.path.join(served, "holiday-cn")
        os.makedirs(mirror)
        for name in os.listdir(os.path.join(work, "Content", "holidays")):
            if name.endswith(".json"):
                shutil.copy(os.path.join(work, "Content", "holidays", name), mirror)
        announce_2027(mirror)
        # The next day's scheduled run.
        scheduled_run(steps, served, work, dict(env, SOURCE_DATE_EPOCH=str(FIRST_RUN)), scratch)

        log = run(["git", "--git-dir", os.path.join(scratch, "origin.git"), "log", "-1", "--name-only",
                   "--format=%s"]).stdout
        if "Holiday data: update from holiday-cn" not in log or "Content/holidays/2027.json" not in log:
            failures.add(f"the new holiday file was not pushed: {log!r}")
        version = manifest_version(os.path.join(work, "public"))
        if version != 2:
            failures.add(f"the site's version is {version}, expected 2 (continuing the release's 1)")
        with open(os.path.join(work, "public", "feeds", "holidays.ics"), encoding="utf-8", newline="") as f:
            feed = f.read()
        if "UID:holiday-2026-national-day@calendar.example.com\r\nDTSTAMP:20261121T040000Z\r\n" not in feed:
            failures.add("an unchanged event lost the DTSTAMP of the previous release")
        failures.verify(f"{PUBLISH}: {len(steps)} shell steps run against 127.0.0.1; new data committed and pushed, "
                        f"version {version}")


# --- publish-site.yml: the workflow of a site made by `calgen init` ---------------------------

def test_site_publish(calgen, failures):
    """A site made by `calgen init`, pushed to its own repository, runs the workflow init wrote
    (the calgen binary given in place of the checkout and build of calgen's repository) against a
    previous release of itself and a holiday-cn mirror in which 2027 has just been announced."""
    with tempfile.TemporaryDirectory(dir=SCRATCH) as scratch:
        env = dict(os.environ, HOME=scratch, GIT_TERMINAL_PROMPT="0", SOURCE_DATE_EPOCH=str(RELEASED))
        env.pop("CALGEN_FEED_SECRET", None)
        site = os.path.join(scratch, "site")
        run([calgen, "init", site, "--yes", "--base-url", "https://calendar.example.com/"], env=env)
        with open(os.path.join(site, ".github", "workflows", "publish.yml"), encoding="utf-8") as f:
            written = f.read()
        with open(SITE_PUBLISH, encoding="utf-8") as f:
            assert f.read() == written, f"{SITE_PUBLISH}: calgen init wrote another workflow"
        workflow = yaml.safe_load(written)
        steps = [s for s in workflow["jobs"]["build"]["steps"] if "run" in s and "swift build" not in s["run"]]
        for command in (["init", "--quiet", "--initial-branch", "main"], ["add", "-A"],
                        ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "--quiet", "-m", "site"]):
            run(["git"] + command, cwd=site)
        run(["git", "clone", "--quiet", "--bare", site, os.path.join(scratch, "origin.git")])
        work = os.path.join(scratch, "work")
        run(["git", "clone", "--quiet", os.path.join(scratch, "origin.git"), work])
        os.makedirs(os.path.join(work, ".calgen", ".build", "release"))
        os.symlink(calgen, os.path.join(work, ".calgen", ".build", "release", "calgen"))
        served = os.path.join(scratch, "served")
        env["CALGEN_FEED_SECRET"] = SECRET
        run([calgen, "build", "--quiet", "--content", os.path.join(site, "Content"), "--templates",
             os.path.join(site, "Templates"), "--output", os.path.join(served, "site")], env=env)
        mirror = os.path.join(served, "holiday-cn")
        shutil.copytree(os.path.join(site, "Content", "holidays"), mirror)
        announce_2027(mirror)
        del env["CALGEN_FEED_SECRET"]
        scheduled_run(steps, served, work, dict(env, SOURCE_DATE_EPOCH=str(FIRST_RUN)), scratch)
        log = run(["git", "--git-dir", os.path.join(scratch, "origin.git"), "log", "-1", "--name-only",
                   "--format=%s"]).stdout
        if "Content/holidays/2027.json" not in log:
            failures.add(f"the new holiday file was not pushed: {log!r}")
        version = manifest_version(os.path.join(work, "public"))
        if version != 2:
            failures.add(f"the site's version is {version}, expected 2 (continuing the release's 1)")
        status = run(["git", "status", "--porcelain", "--ignored"], cwd=work).stdout
        for ignored in ("!! .calgen/", "!! public/"):
            if ignored not in status.splitlines():
                failures.add(f"{ignored[3:]} is not ignored by the site's .gitignore: {status!r}")
        failures.verify(f"{SITE_PUBLISH}: a site of calgen init, {len(steps)} shell steps run against 127.0.0.1; new "
                        f"data committed and pushed, version {version}")


def manifest_version(public):
    with open(os.path.join(public, "manifest.json"), encoding="utf-8") as f:
        return json.load(f)["version"]


# --- publish-sharded.yml: a runner of its jobs -----------------------------------------------

def copy_files(source, target, hidden=True):
    """Copies a file or a folder's contents into target, without file modes (artifacts keep none)."""
    if not os.path.exists(source):
        raise FileNotFoundError(f"no files at {source} (if-no-files-found: error)")
    if os.path.isfile(source):
        os.makedirs(target, exist_ok=True)
        shutil.copyfile(source, os.path.join(target, os.path.basename(source)))
        return
    shutil.copytree(source, target, copy_function=shutil.copyfile, dirs_exist_ok=True,
                    ignore=None if hidden else shutil.ignore_patterns(".*"))


def download(artifacts, options, folder):
    """actions/download-artifact: one artifact by name into path, or every artifact matching
    pattern, each into path/<name> (unless merge-multiple)."""
    path = os.path.join(folder, options.get("path", "."))
    if "name" in options:
        copy_files(os.path.join(artifacts, options["name"]), path)
        return
    for name in sorted(os.listdir(artifacts)):
        if fnmatch.fnmatch(name, options["pattern"]):
            merged = str(options.get("merge-multiple", "false")) == "true"
            copy_files(os.path.join(artifacts, name), path if merged else os.path.join(path, name))


def run_job(job, folder, source, env, context, artifacts):
    """Runs one job (one combination of its matrix) in folder. Returns (the failed step's name
    and process or None, the job's outputs, {step name: its output})."""
    context = dict(context, steps={})
    logs = {}
    for index, step in enumerate(job["steps"]):
        uses = step.get("uses", "")
        options = {key: str(expand(value, context)) for key, value in (step.get("with") or {}).items()}
        if uses.startswith("actions/checkout@"):
            run(["git", "clone", "--quiet", source, folder])
        elif uses.startswith("actions/upload-artifact@"):
            copy_files(os.path.join(folder, options["path"]), os.path.join(artifacts, options["name"]),
                       hidden=options.get("include-hidden-files") == "true")
        elif uses.startswith("actions/download-artifact@"):
            download(artifacts, options, folder)
        elif "run" in step:
            name = str(expand(step.get("name", f"step {index + 1}"), context))
            done = shell_step(step, folder, env, context, f"{folder}.github-output-{index}")
            logs[name] = done.stdout + done.stderr
            print_step(name, done)
            if done.returncode != 0:
                return (name, done), {}, logs
        else:
            raise ValueError(f"the check cannot run the action {uses!r}")
    outputs = {key: str(expand(value, context)) for key, value in (job.get("outputs") or {}).items()}
    return None, outputs, logs


def matrix_combinations(job, context):
    matrix = (job.get("strategy") or {}).get("matrix")
    if not matrix:
        return [{}]
    axes = {key: expand(values, context) for key, values in matrix.items()}
    return [dict(zip(axes, values, strict=True)) for values in itertools.product(*axes.values())]


def run_workflow(workflow, folder, source, env, context):
    """Runs every job in order (needs before), each combination of a matrix in its own folder.
    Returns (None or the failure, {job: outputs}, {(job folder, step): output})."""
    artifacts = os.path.join(folder, "artifacts")
    os.makedirs(artifacts)
    needs, logs = {}, {}
    env = workflow_env(workflow, env)
    for name, job in workflow["jobs"].items():
        required = job.get("needs", [])
        required = [required] if isinstance(required, str) else required
        if missing := [need for need in required if need not in needs]:
            raise ValueError(f"job {name} needs {missing}, which have not run before it")
        # As on GitHub, a job sees the outputs of the jobs it needs, and only theirs.
        job_context = dict(context, needs={need: needs[need] for need in required})
        for matrix in matrix_combinations(job, job_context):
            label = "-".join([name] + [str(value) for value in matrix.values()])
            print(f"job {label}")
            failed, outputs, job_logs = run_job(job, os.path.join(folder, label), source, env,
                                                dict(job_context, matrix=matrix), artifacts)
            logs.update({(label, step): output for step, output in job_logs.items()})
            if failed:
                return (label, *failed), needs, logs
        needs[name] = {"outputs": outputs}
    return None, needs, logs


# --- publish-sharded.yml: the checks ---------------------------------------------------------

def has_shards(calgen):
    done = subprocess.run([calgen, "build", "--help"], capture_output=True, text=True)
    return "--shard" in done.stdout + done.stderr and "--assemble" in done.stdout + done.stderr


def prepare_source(repo, source):
    """A clone of this repository whose HEAD is the content of the check: the bundled content
    from FIRST_YEAR on, EXTRA_SUBSCRIBERS more subscribers (copies of the six) and a note
    for one of them, committed."""
    run(["git", "clone", "--quiet", repo, source])
    content = os.path.join(source, "Content")
    for name in os.listdir(os.path.join(content, "holidays")):
        if re.fullmatch(r"\d{4}\.json", name) and int(name[:4]) < FIRST_YEAR:
            os.remove(os.path.join(content, "holidays", name))
    users = sorted(os.listdir(os.path.join(content, "users")))
    for number in range(1, EXTRA_SUBSCRIBERS + 1):
        shutil.copy(os.path.join(content, "users", users[number % len(users)]),
                    os.path.join(content, "users", f"subscriber-{number:02d}.yml"))
    write_note(source, "请提前准备本年度的工作总结。\n")
    commit(source, "The sharded check's content")


def write_note(source, body):
    with open(os.path.join(source, "Content", "notes", "2026", "performance-review.md"), "w", encoding="utf-8") as f:
        f.write("---\ntitle: 年度绩效面谈\ndate: 2026-12-10\ntime: \"14:00\"\nduration: 1h\n"
                "audience: [subscriber-07]\n---\n" + body)


def commit(source, message):
    run(["git", "-C", source, "add", "-A"])
    run(["git", "-C", source, "-c", "user.name=check", "-c", "user.email=check@example.com", "commit",
         "--quiet", "-m", message])


def files_of(folder):
    """{relative path: (size, MD5)} of every file under folder."""
    files = {}
    for root, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                data = f.read()
            files[os.path.relpath(path, folder)] = (len(data), hashlib.md5(data).hexdigest())
    return files


def bucket_objects(s3):
    """{key: (size, ETag)}: for a single-part upload (every file here) the ETag is the MD5."""
    objects = {}
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=BUCKET):
        for item in page.get("Contents", []):
            objects[item["Key"]] = (item["Size"], item["ETag"].strip('"'))
    return objects


def compare_bucket(s3, public, read_fully):
    """Failures: the bucket's objects against public/'s files; read_fully are downloaded whole."""
    files, objects = files_of(public), bucket_objects(s3)
    failures = []
    if missing := sorted(set(files) - set(objects)):
        failures.append(f"{len(missing)} files of public/ not in the bucket, e.g. {missing[:3]}")
    if extra := sorted(set(objects) - set(files)):
        failures.append(f"{len(extra)} objects in the bucket not in public/, e.g. {extra[:3]}")
    if differ := sorted(key for key in set(files) & set(objects) if files[key] != objects[key]):
        failures.append(f"{len(differ)} objects differ in size or MD5 from public/, e.g. {differ[:3]}")
    for key in read_fully:
        with open(os.path.join(public, key), "rb") as f:
            if s3.get_object(Bucket=BUCKET, Key=key)["Body"].read() != f.read():
                failures.append(f"the bucket's {key} has other bytes than public/'s")
    return failures


def rclone_changes(output):
    """The paths rclone's -v log says it copied and deleted, in its order."""
    copied = re.findall(r"INFO\s*: (.+?): Copied \(", output)
    deleted = re.findall(r"INFO\s*: (.+?): Deleted", output)
    return copied, deleted


def manifest_last(copied):
    """Failures unless manifest.json went up after every other file (rclone sync deletes after
    its uploads)."""
    if "manifest.json" not in copied:
        return ["manifest.json was not uploaded"]
    if copied[-1] != "manifest.json" or copied.count("manifest.json") > 1:
        return [f"manifest.json was not the last file uploaded: {copied[-3:]}"]
    return []


def plain_build(calgen, source, folder, env, site_url, epoch):
    """One `calgen build` of the source's HEAD: what the assembled site must equal byte for byte."""
    run(["git", "clone", "--quiet", source, folder])
    run([calgen, "build", "--quiet", "--previous-site", site_url, "--output", "public"], cwd=folder,
        env=dict(env, SOURCE_DATE_EPOCH=str(epoch)))
    return os.path.join(folder, "public")


def identical(reference, public):
    done = subprocess.run(["diff", "-r", "-q", reference, public], capture_output=True, text=True)
    return done.returncode == 0, done.stdout.strip().splitlines()[:5]


def sharded_run(label, calgen, workflow, scratch, source, env, context):
    """One run of the whole workflow against the previous site; failures, and what it left."""
    folder = os.path.join(scratch, slug(label))
    print(f"== {label}: previous site {context['vars']['SITE_URL']}")
    started = time.monotonic()
    reference = plain_build(calgen, source, os.path.join(folder, "plain"), env, context["vars"]["SITE_URL"],
                            int(env["SOURCE_DATE_EPOCH"]))
    print(f"plain build (the reference): {time.monotonic() - started:.1f} s")
    failed, needs, logs = run_workflow(workflow, folder, source, env, context)
    if failed:
        return [f"{label}: job {failed[0]}, step \"{failed[1]}\" failed"], None
    failures = []
    shards = json.loads(needs["plan"]["outputs"]["shards"])
    if shards != list(range(1, int(workflow["env"]["SHARDS"]) + 1)) or len(shards) < 2:
        failures.append(f"{label}: the plan's shards are {shards}, not 1…SHARDS")
    if needs["plan"]["outputs"]["epoch"] != env["SOURCE_DATE_EPOCH"]:
        failures.append(f"{label}: the plan fixed the moment {needs['plan']['outputs']['epoch']}")
    public = os.path.join(folder, "assemble", "public")
    same, differences = identical(reference, public)
    if not same:
        failures.append(f"{label}: the assembled site differs from a plain build: {differences}")
    sync = next(step["name"] for step in workflow["jobs"]["assemble"]["steps"] if "rclone sync" in step.get("run", ""))
    copied, deleted = rclone_changes(logs[("assemble", sync)])
    failures += prefixed(label, manifest_last(copied))
    # Without --checksum rclone compares times, and sets each unchanged file's new time on S3 by
    # copying it in place: a request per file.
    if touched := re.findall(r"INFO\s*: (.+?): Updated modification time", logs[("assemble", sync)]):
        failures.append(f"{label}: rclone rewrote the time of {len(touched)} unchanged objects, e.g. {touched[:3]}")
    copied, deleted = set(copied), set(deleted)
    result = {"public": public, "files": files_of(public), "copied": copied, "deleted": deleted,
              "needs": needs, "artifacts": os.path.join(folder, "artifacts"), "version": manifest_version(public)}
    result["bytes"] = sum(result["files"][path][0] for path in copied if path in result["files"])
    print(f"{label}: {len(shards)} shards assembled, version {result['version']}, {len(result['files'])} files, "
          f"identical to a plain build: {same}; rclone uploaded {len(copied)} files ({result['bytes']:,} bytes), "
          f"deleted {len(deleted)}; {time.monotonic() - started:.0f} s")
    return failures, result


def workflow_env(workflow, env):
    return dict(env, **{key: str(value) for key, value in (workflow.get("env") or {}).items()})


def broken_assemble(label, workflow, scratch, source, env, context, run, s3, change):
    """Runs the assemble job again on the run's artifacts changed by change(artifacts, folder);
    it must fail at its assemble step naming a shard, write no public/ and upload nothing."""
    folder = os.path.join(scratch, slug(label))
    broken = os.path.join(folder, "artifacts")
    shutil.copytree(run["artifacts"], broken)
    change(broken, folder)
    before = bucket_objects(s3)
    print(f"job assemble, {label}")
    failed, _, _ = run_job(workflow["jobs"]["assemble"], os.path.join(folder, "assemble"), source,
                           workflow_env(workflow, env), dict(context, needs=run["needs"], matrix={}), broken)
    assemble = next(step.get("name") for step in workflow["jobs"]["assemble"]["steps"] if "--assemble" in step.get("run", ""))
    failures = []
    if not failed or failed[0] != assemble:
        failures.append(f"{label}: the assemble job did not fail at \"{assemble}\" ({failed and failed[0]})")
    else:
        message = (failed[1].stdout + failed[1].stderr).strip()
        if "shard" not in message.lower():
            failures.append(f"{label}: the error does not name the shard: {message!r}")
        print(f"{label}: exit {failed[1].returncode}: {' / '.join(message.splitlines()[:2])}")
    if os.path.exists(os.path.join(folder, "assemble", "public")):
        failures.append(f"{label}: a public/ was written")
    if bucket_objects(s3) != before:
        failures.append(f"{label}: the bucket changed")
    return failures


def stale_shard(workflow, source, env, context, run, number):
    """change(): shard `number` rendered again by its job as another run of the plan would (an
    hour later), replacing the run's own."""
    def change(artifacts, folder):
        shutil.rmtree(os.path.join(artifacts, f"shard-{number}"))
        outputs = dict(run["needs"]["plan"]["outputs"], epoch=str(int(env["SOURCE_DATE_EPOCH"]) + 3600))
        print(f"job shard-{number}, from another run")
        failed, _, _ = run_job(workflow["jobs"]["shard"], os.path.join(folder, f"shard-{number}"), source,
                               workflow_env(workflow, env),
                               dict(context, needs={"plan": {"outputs": outputs}}, matrix={"shard": number}), artifacts)
        if failed:
            raise RuntimeError(f"the other run's shard {number} failed: {failed[1].stderr}")
    return change


@pytest.fixture(scope="module")
def sharded(calgen):
    """The sharded workflow's world: the content committed in a clone, its previous release on
    http.server, the bucket in moto, the runner's context, and the first run of the workflow."""
    if not has_shards(calgen):
        pytest.skip(f"{SHARDED}: this calgen has no `build --shard`/`--assemble` (schema checked only)")
    import boto3  # only the sharded check needs it

    with open(SHARDED, encoding="utf-8") as f:
        workflow = yaml.safe_load(f)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(dir=SCRATCH) as scratch:
        # The runner's environment: none of this machine's AWS or rclone settings.
        env = {key: value for key, value in os.environ.items() if not key.startswith(("AWS_", "RCLONE_"))}
        env.update(HOME=scratch, GIT_TERMINAL_PROMPT="0", CALGEN=calgen, CALGEN_FEED_SECRET=SECRET)
        source = os.path.join(scratch, "source")
        prepare_source(ROOT, source)
        served = os.path.join(scratch, "served")
        run([calgen, "build", "--quiet", "--output", os.path.join(served, "site")], cwd=source,
            env=dict(env, SOURCE_DATE_EPOCH=str(RELEASED)))
        print(f"the content and its previous release (version 1): {time.monotonic() - started:.1f} s")
        s3_port = loopback.free_port()
        moto = [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(s3_port)]
        with http_server(served) as previous, server(moto, s3_port) as endpoint:
            s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="check",
                              aws_secret_access_key="check-secret")
            # The publisher's bucket: readable by anyone (through the CDN), as the site is.
            s3.create_bucket(Bucket=BUCKET)
            s3.put_bucket_policy(Bucket=BUCKET, Policy=json.dumps({
                "Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Principal": "*", "Action": "s3:GetObject",
                                                        "Resource": f"arn:aws:s3:::{BUCKET}/*"}]}))
            print(f"http.server and moto on 127.0.0.1, the bucket made: {time.monotonic() - started:.1f} s")
            context = {"secrets": {"CALGEN_FEED_SECRET": SECRET, "S3_ACCESS_KEY_ID": "check",
                                   "S3_SECRET_ACCESS_KEY": "check-secret"},
                       "vars": {"SITE_URL": f"{previous}/site/", "S3_BUCKET": BUCKET, "S3_PROVIDER": "Other",
                                "S3_ENDPOINT": endpoint, "S3_REGION": "us-east-1"}}
            first_env = dict(env, SOURCE_DATE_EPOCH=str(FIRST_RUN))
            problems, first = sharded_run("first run", calgen, workflow, scratch, source, first_env, context)
            yield {"workflow": workflow, "scratch": scratch, "env": env, "first_env": first_env, "source": source,
                   "context": context, "s3": s3, "endpoint": endpoint, "first": first, "problems": problems}
            s3.close()
    print(f"{SHARDED}: run job by job against 127.0.0.1 (moto and http.server) in {time.monotonic() - started:.0f} s")


def test_sharded_first_run(sharded, failures):
    """publish-sharded.yml against the previous release: public/ identical to a plain build, the
    bucket holding exactly its files, manifest.json last, the version continued."""
    failures.extend(sharded["problems"])
    first = sharded["first"]
    if first is None:
        failures.verify()
    failures.extend(prefixed("first run", compare_bucket(sharded["s3"], first["public"], ["manifest.json"])))
    if first["version"] != 2:
        failures.add(f"first run: version {first['version']}, expected 2 (the release's 1 continued)")
    failures.verify()


@pytest.mark.parametrize("label", ["shard-2 missing", "shard-1 twice (in shard-2's place)", "shard-2 stale (from another run)"])
def test_sharded_assemble_refuses(sharded, label, failures):
    """Assemble, as in the first run, refuses a missing, a doubled and a stale shard."""
    if sharded["first"] is None:
        pytest.fail("the first run failed", pytrace=False)
    workflow, source, first_env, context, first = (sharded[k] for k in ("workflow", "source", "first_env", "context", "first"))
    change = {
        "shard-2 missing": lambda artifacts, _: shutil.rmtree(os.path.join(artifacts, "shard-2")),
        "shard-1 twice (in shard-2's place)": lambda artifacts, _: replace(artifacts, "shard-2", "shard-1"),
        "shard-2 stale (from another run)": stale_shard(workflow, source, first_env, context, first, 2),
    }[label]
    failures.extend(broken_assemble(label, workflow, sharded["scratch"], source, first_env, context, first, sharded["s3"],
                                    change))
    failures.verify()


def test_sharded_second_run(sharded, calgen, failures):
    """A note edited, and the next run against the published bucket itself: only the changed
    files uploaded, the version continued."""
    first = sharded["first"]
    if first is None:
        pytest.fail("the first run failed", pytrace=False)
    source, context, s3 = sharded["source"], sharded["context"], sharded["s3"]
    write_note(source, "请提前准备本年度的工作总结，并带上明年的目标。\n")
    commit(source, "One note edited")
    context = dict(context, vars=dict(context["vars"], SITE_URL=f"{sharded['endpoint']}/{BUCKET}/"))
    more, second = sharded_run("second run", calgen, sharded["workflow"], sharded["scratch"], source,
                               dict(sharded["env"], SOURCE_DATE_EPOCH=str(SECOND_RUN)), context)
    failures.extend(more)
    if second is None:
        failures.verify()
    changed = {path for path, value in second["files"].items() if first["files"].get(path) != value}
    removed = set(first["files"]) - set(second["files"])
    failures.extend(prefixed("second run", compare_bucket(s3, second["public"], sorted(changed))))
    if second["copied"] != changed or second["deleted"] != removed:
        failures.add(f"second run: rclone uploaded {sorted(second['copied'])[:5]} and deleted "
                     f"{sorted(second['deleted'])[:5]}, the files that changed are {sorted(changed)[:5]} "
                     f"and removed {sorted(removed)[:5]}")
    if not changed or len(second["copied"]) * 100 >= len(second["files"]):
        failures.add(f"second run: {len(second['copied'])} of {len(second['files'])} files uploaded, "
                     "expected a few (under 1%)")
    if second["version"] != first["version"] + 1:
        failures.add(f"second run: version {second['version']}, expected {first['version'] + 1}")
    failures.verify(f"second run: one note edited: {len(changed)} files changed, {len(second['copied'])} uploaded "
                    f"({second['bytes']:,} bytes) of {len(second['files'])}, {len(second['deleted'])} deleted")


def slug(label):
    return re.sub(r"\W+", "-", label).strip("-")


def replace(folder, name, other):
    shutil.rmtree(os.path.join(folder, name))
    shutil.copytree(os.path.join(folder, other), os.path.join(folder, name))


def prefixed(label, failures):
    return [f"{label}: {failure}" for failure in failures]
