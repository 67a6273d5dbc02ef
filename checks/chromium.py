"""Headless Chromium driven by Selenium, as the browser checks open pages: Debian's chromium and
chromedriver (or $CHROMIUM and $CHROMEDRIVER)."""
import os

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def driver(*arguments, dark=False):
    """A headless Chromium with `arguments` added; `dark` asks pages for the dark scheme."""
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", *arguments]:
        options.add_argument(argument)
    if dark:
        options.add_argument("--force-dark-mode")
        options.add_argument("--blink-settings=preferredColorScheme=0")
    found = webdriver.Chrome(options=options, service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")))
    found.set_page_load_timeout(60)
    return found
