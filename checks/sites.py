"""Building a site with the calgen binary under test, as a reader of its output would: the
command line only."""
import os
import pathlib
import shutil
import subprocess

ROOT = pathlib.Path(__file__).resolve().parent.parent
# The moment script/test builds the bundled site at (2026-11-20 00:00 in Beijing).
EPOCH = 1795233600
SECRET = "checks-feed-secret-0123456789abcdef"


class BuildFailed(RuntimeError):
    pass


def environment(epoch=EPOCH, env=None, **extra) -> dict:
    """The environment of a build at `epoch`, with a feed secret unless one is set."""
    result = dict(os.environ if env is None else env, SOURCE_DATE_EPOCH=str(epoch), **extra)
    result.setdefault("CALGEN_FEED_SECRET", SECRET)
    return result


def build(calgen, output, content=None, templates=None, *, cwd=None, epoch=EPOCH, env=None, args=(), check=True):
    """`calgen build --quiet --output OUTPUT` (with `--content`, `--templates` and `args` when
    given) in `cwd` (the repository by default). Raises `BuildFailed` with what calgen printed
    when it fails and `check` is set; returns the finished process."""
    command = [str(calgen), "build", "--quiet"]
    if content is not None:
        command += ["--content", str(content)]
    if templates is not None:
        command += ["--templates", str(templates)]
    command += ["--output", str(output), *args]
    done = subprocess.run(command, cwd=cwd or ROOT, env=environment(epoch, env), capture_output=True, text=True)
    if check and done.returncode != 0:
        raise BuildFailed(f"calgen build failed (exit {done.returncode}):\n{done.stdout}{done.stderr}")
    return done


def copy_site(folder, content=True, templates=True) -> pathlib.Path:
    """The bundled Content/ and Templates/ copied into `folder` (made if missing); returns it."""
    folder = pathlib.Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    if content:
        shutil.copytree(ROOT / "Content", folder / "Content")
    if templates:
        shutil.copytree(ROOT / "Templates", folder / "Templates")
    return folder
