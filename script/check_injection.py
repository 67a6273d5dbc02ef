#!/usr/bin/env python3
"""Markup in content never runs in a reader's browser: headless Chromium, driven by Selenium.

Builds the bundled site, then again with one more note whose title, tags and body carry every
way out of a text node or an attribute (`</title><script>`, `"><img onerror>`, `]]>`, `</script>`, an encoded quote in a link), then once more a day later with another note, so that the hostile note's
news item is carried forward from the previous manifest. Then:

- `changes.xml` (Atom) and `sitemap.xml` parse as strict XML, and the hostile title is text in
  them, never an element;
- the home page, the note's page, its month, the notes list and `changes.xml` are opened in
  headless Chromium; none of the payloads ran (each would set `window.__calgenInjected`), and no
  element came from the payloads.

Usage: check_injection.py CALGEN
"""

import functools
import http.server
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import xml.etree.ElementTree as ElementTree

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
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


def build(site, output, epoch):
    env = dict(os.environ, SOURCE_DATE_EPOCH=str(epoch), CALGEN_FEED_SECRET="check-injection-secret-0123456789")
    result = subprocess.run([CALGEN, "build", "--quiet", "--output", output], cwd=site, env=env, capture_output=True,
                            text=True)
    return result


def main():
    work = tempfile.mkdtemp(prefix="calgen-injection-")
    site = os.path.join(work, "site")
    shutil.copytree(os.path.join(ROOT, "Content"), os.path.join(site, "Content"))
    shutil.copytree(os.path.join(ROOT, "Templates"), os.path.join(site, "Templates"))
    problems = []
    # Three builds a day apart: the bundled site, then with the hostile note (a news item), then
    # with one more note, so that the hostile news item is carried forward from the manifest.
    steps = [(None, None), ("injection.md", NOTE), ("later.md", LATER)]
    for day, (name, text) in enumerate(steps):
        if name:
            with open(os.path.join(site, "Content", "notes", "2026", name), "w", encoding="utf-8") as f:
                f.write(text)
        result = build(site, "public", 1795233600 + 86400 * day)
        if result.returncode != 0:
            # Refusing the note outright would also be safe, but then nothing below is checked.
            sys.exit(f"check_injection: build {day + 1} failed:\n" + result.stderr)
    public = os.path.join(site, "public")

    for name in ["changes.xml", "sitemap.xml"]:
        path = os.path.join(public, name)
        try:
            tree = ElementTree.parse(path)
        except ElementTree.ParseError as error:
            problems.append(f"{name} is not well-formed XML: {error}")
            continue
        for element in tree.iter():
            local = element.tag.split("}")[-1]
            if local in ("script", "img", "iframe"):
                problems.append(f"{name} holds a <{local}> element")
        if name == "changes.xml":
            texts = "".join(tree.getroot().itertext())
            if "注入</title><script>" not in texts:
                problems.append("changes.xml does not carry the hostile title as text (carried forward from the manifest)")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=public))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")))
    driver.set_page_load_timeout(60)
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
                problems.append(f"/{page}: a payload ran")
            if injected:
                problems.append(f"/{page}: {injected} elements came from the payloads")
            if not shown and page in ("notes/injection/", "changes.xml"):
                problems.append(f"/{page}: the hostile title is not shown as text")
    finally:
        driver.quit()
        server.shutdown()
        shutil.rmtree(work, ignore_errors=True)
    if problems:
        for problem in problems:
            print("error: " + problem)
        sys.exit(1)
    print(f"check_injection: {len(pages)} pages in headless Chromium and 2 XML files, no payload ran")


if __name__ == "__main__":
    CALGEN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/calgen")
    main()
