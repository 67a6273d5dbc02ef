"""What the checks share, as pytest fixtures: the calgen binary under test, the bundled site as
script/test builds it, a way to build others, the raw holiday-cn data, folders served on
127.0.0.1 and the failure report.

    python3 -m pytest checks/test_api.py --calgen .build/debug/calgen --site PUBLIC

Without `--site` (and `--site-en`) the fixtures build the bundled site into a temporary folder
as script/test does."""
import contextlib
import os
import pathlib
import shutil

import pytest

from checks import holidays, loopback, sites
from checks.failures import Failures

ROOT = sites.ROOT


def pytest_addoption(parser):
    group = parser.getgroup("calgen")
    group.addoption("--calgen", default=os.environ.get("CALGEN", ".build/debug/calgen"),
                    help="the calgen binary under test (default: $CALGEN or .build/debug/calgen)")
    group.addoption("--site", help="the bundled site built as script/test builds it (default: built here)")
    group.addoption("--site-en", help="the same in English, language: en (default: built here)")
    group.addoption("--content", default=str(ROOT / "Content"), help="the content folder (default: Content)")
    group.addoption("--templates", default=str(ROOT / "Templates"), help="the templates (default: Templates)")
    group.addoption("--screenshots", help="the browser checks save screenshots and printed sheets here")
    group.addoption("--schemas", default=str(ROOT / "Schemas"), help="the JSON Schemas (default: Schemas)")


@pytest.fixture(scope="session")
def root() -> pathlib.Path:
    """The repository."""
    return ROOT


@pytest.fixture(scope="session")
def calgen(pytestconfig) -> str:
    """The calgen binary under test, as an absolute path."""
    path = os.path.abspath(pytestconfig.getoption("calgen"))
    if not os.access(path, os.X_OK):
        pytest.fail(f"no calgen binary at {path}: run `swift build` first or pass --calgen", pytrace=False)
    return path


@pytest.fixture(scope="session")
def content(pytestconfig) -> str:
    return os.path.abspath(pytestconfig.getoption("content"))


@pytest.fixture(scope="session")
def templates(pytestconfig) -> str:
    return os.path.abspath(pytestconfig.getoption("templates"))


@pytest.fixture(scope="session")
def schemas(pytestconfig) -> str:
    return os.path.abspath(pytestconfig.getoption("schemas"))


@pytest.fixture(scope="session")
def raw_holidays(content) -> holidays.RawHolidays:
    """The raw holiday-cn files of the content folder."""
    return holidays.read(os.path.join(content, "holidays"))


@pytest.fixture(scope="session")
def build_site(calgen):
    """`build_site(output, content=None, templates=None, epoch=…, env=…, args=…, cwd=…)`: a
    `calgen build --quiet` by the binary under test (see sites.build)."""
    def build(output, content=None, templates=None, **options):
        return sites.build(calgen, output, content, templates, **options)
    return build


@pytest.fixture(scope="session")
def site(pytestconfig, build_site, tmp_path_factory) -> str:
    """The bundled site as script/test builds it (in Chinese): `--site`, or built here."""
    given = pytestconfig.getoption("site")
    if given:
        return os.path.abspath(given)
    output = tmp_path_factory.mktemp("site") / "public"
    build_site(output)
    return str(output)


@pytest.fixture(scope="session")
def site_en(pytestconfig, build_site, content, tmp_path_factory) -> str:
    """The bundled site in English (`language: en`): `--site-en`, or built here."""
    given = pytestconfig.getoption("site_en")
    if given:
        return os.path.abspath(given)
    folder = tmp_path_factory.mktemp("site-en")
    english = folder / "content-en"
    shutil.copytree(content, english)
    settings = english / "site.yml"
    lines = settings.read_text(encoding="utf-8").splitlines(keepends=True)
    settings.write_text("".join("language: en\n" if line.startswith("language:") else line for line in lines),
                        encoding="utf-8")
    build_site(folder / "public-en", content=english)
    return str(folder / "public-en")


@pytest.fixture
def served():
    """`served(folder)`: the folder served on 127.0.0.1 until the test ends; returns its base URL
    (ending in `/`)."""
    with contextlib.ExitStack() as stack:
        yield lambda folder: stack.enter_context(loopback.serving(str(folder)))


@pytest.fixture(scope="module")
def served_for_module():
    """`served` for module-scoped fixtures."""
    with contextlib.ExitStack() as stack:
        yield lambda folder: stack.enter_context(loopback.serving(str(folder)))


@pytest.fixture
def failures():
    """The test's failure report (checks.failures.Failures); a test that records failures and
    never calls `verify` fails when it ends."""
    report = Failures()
    yield report
    if report.items and not report.verified:
        pytest.fail(f"{len(report.items)} failed:\n" + "\n".join(report.items[:50]), pytrace=False)
