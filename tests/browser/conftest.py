"""Browser tests: Playwright for Python driving Debian's chromium against `python app.py serve` on a free
loopback port, serving the session's temporary build (the `data_dir` fixture). Skipped, with the reason, only
when /usr/bin/chromium is missing (scripts/install_browser.sh installs it)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from browser_server import start_server, stop_server

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]
SCREENSHOTS = Path(os.environ.get("KB_SCREENSHOTS", "/tmp/kb-screenshots"))


def pytest_collection_modifyitems(config, items):
    if not os.path.exists(CHROMIUM):
        skip = pytest.mark.skip(reason=f"{CHROMIUM} is missing: run scripts/install_browser.sh")
        for item in items:
            if "tests/browser" in str(item.fspath).replace(os.sep, "/"):
                item.add_marker(skip)


@pytest.fixture(scope="session")
def base_url(data_dir):
    proc, url = start_server(data_dir)
    yield url
    stop_server(proc)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture()
def page(browser, base_url):
    ctx = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800}, locale="nl-NL")
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    pg = ctx.new_page()
    pg.console_errors = []
    pg.on("console", lambda m: pg.console_errors.append(m.text) if m.type == "error" else None)
    yield pg
    ctx.close()


@pytest.fixture()
def phone(browser, base_url):
    ctx = browser.new_context(base_url=base_url, viewport={"width": 360, "height": 740}, device_scale_factor=2,
                              is_mobile=True, has_touch=True, locale="nl-NL")
    pg = ctx.new_page()
    yield pg
    ctx.close()


@pytest.fixture(scope="session")
def screenshots():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
