#!/usr/bin/env python3
"""Markup in content never runs in a reader's browser: headless Chromium, driven by Selenium.

Builds the bundled site, then again with one more note whose title, tags and body carry every
way out of a text node or an attribute (`</title><script>`, `"><img onerror>`, `]]>`,
`</script>`, an encoded quote in a link), then once more a day later with another note, so that
the hostile note's news item is carried forward from the previous manifest. Then:

- `changes.xml` (Atom) and `sitemap.xml` parse as strict XML, and the hostile title is text in
  them, never an element;
- the home page, the note's page, its month, the notes list and `changes.xml` are opened in
  headless Chromium; none of the payloads ran (each would set `window.__calgenInjected`), and no
  element came from the payloads.

    python3 -m pytest checks/test_injection.py --calgen CALGEN
"""

import os
import xml.etree.ElementTree as ElementTree

import pytest

from checks import chromium, sites

RAN = "window.__calgenInjected=1"
TITLE = f'注入</title><script>{RAN}</script>"><img src=x onerror="{RAN}">]]><!--'
NOTE = f"""---
title: '{TITLE}'
date: 2026-12-01
tags: ['</a><script>{RAN}</script>']
audience: [public]
---
正文 <script>{RAN}</script> <img src=x onerror="{RAN}"> [链接](https://example.com/?q=%22%3E%3Cscript%3E)
"""
LATER = """---
title: 第二条
date: 2026-12-02
audience: [public]
---
正文。
"""


@pytest.fixture(scope="module")
def public(build_site, tmp_path_factory):
    """The bundled site built three times a day apart: as it is, then with the hostile note (a
    news item), then with one more note, so that the hostile news item is carried forward from
    the manifest. Refusing the note outright would also be safe, but then nothing is checked."""
    site = sites.copy_site(tmp_path_factory.mktemp("injection") / "site")
    steps = [(None, None), ("injection.md", NOTE), ("later.md", LATER)]
    for day, (name, text) in enumerate(steps):
        if name:
            (site / "Content" / "notes" / "2026" / name).write_text(text, encoding="utf-8")
        build_site("public", cwd=site, epoch=sites.EPOCH + 86400 * day,
                   env=dict(os.environ, CALGEN_FEED_SECRET="check-injection-secret-0123456789"))
    return str(site / "public")


@pytest.mark.parametrize("name", ["changes.xml", "sitemap.xml"])
def test_xml_holds_the_title_as_text(public, name, failures):
    path = os.path.join(public, name)
    try:
        tree = ElementTree.parse(path)
    except ElementTree.ParseError as error:
        pytest.fail(f"{name} is not well-formed XML: {error}", pytrace=False)
    for element in tree.iter():
        local = element.tag.split("}")[-1]
        if local in ("script", "img", "iframe"):
            failures.add(f"{name} holds a <{local}> element")
    if name == "changes.xml":
        texts = "".join(tree.getroot().itertext())
        if "注入</title><script>" not in texts:
            failures.add("changes.xml does not carry the hostile title as text (carried forward from the manifest)")
    failures.verify(f"check_injection: {name} is well-formed XML holding the hostile title as text only")


def test_no_payload_runs_in_chromium(public, served, failures):
    base = served(public)
    driver = chromium.driver()
    pages = ["", "notes/", "2026/12/", "notes/injection/", "changes.xml", "2026/"]
    try:
        for page in pages:
            driver.get(base + page)
            ran = driver.execute_script("return window.__calgenInjected === 1")
            # Elements made from the payloads: a script that is exactly the payload, an image with
            # its handler (the page's own data may hold the payload as escaped text).
            injected = driver.execute_script(
                "return Array.from(document.querySelectorAll('script,img')).filter(function (e) {"
                " return (e.textContent || '').trim() === arguments[0]"
                " || (e.getAttribute('onerror') || '').indexOf('__calgenInjected') >= 0; }).length", RAN)
            shown = driver.execute_script("return document.documentElement.textContent.indexOf('注入') >= 0")
            print(f"check_injection: /{page}: payload ran: {'yes' if ran else 'no'}, payload elements: {injected}, "
                  f"title shown as text: {'yes' if shown else 'no'}")
            if ran:
                failures.add(f"/{page}: a payload ran")
            if injected:
                failures.add(f"/{page}: {injected} elements came from the payloads")
            if not shown and page in ("notes/injection/", "changes.xml"):
                failures.add(f"/{page}: the hostile title is not shown as text")
    finally:
        driver.quit()
    failures.verify(f"check_injection: {len(pages)} pages in headless Chromium, no payload ran")
