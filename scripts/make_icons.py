"""Renders static/icon.svg to the PNG icons of the web app manifest (static/icon-192.png, static/icon-512.png)
with Debian's chromium. Run after changing the SVG: python scripts/make_icons.py"""
from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parent.parent / "static"
SIZES = (192, 512)


def main() -> None:
    svg = (STATIC / "icon.svg").read_text("utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"])
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f"<style>html,body{{margin:0}}svg{{display:block;width:{size}px;height:{size}px}}</style>{svg}")
            page.screenshot(path=str(STATIC / f"icon-{size}.png"), clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
        browser.close()
    print("wrote", ", ".join(f"icon-{s}.png" for s in SIZES))


if __name__ == "__main__":
    main()
