"""The Python-Markdown extension installed on its own (pyproject.toml, entry point "spelregels"): by name in
markdown.markdown, and in a two-page MkDocs site built for real."""
from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser
from importlib.metadata import entry_points

import markdown
import pytest

RULING = """# Uitspraak

**Spelregels 1987.** Oost paste voor zijn beurt (artikel 30B2a); zie ook 31A.

| Bepaling | Artikel |
|---|---|
| Pas voor de beurt | 30 |
"""


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[dict] = []

    def handle_starttag(self, tag, attrs):
        if tag == "a" and ("class", "cite") in attrs:
            self.links.append(dict(attrs))


def cite_links(html: str) -> list[tuple[str, str]]:
    parser = Links()
    parser.feed(html)
    return [(a["href"], a["data-cite"]) for a in parser.links]


def test_registered_under_the_markdown_entry_point():
    names = {ep.name for ep in entry_points(group="markdown.extensions")}
    assert "spelregels" in names


def test_by_name_with_base_url_and_edition():
    html = markdown.markdown("zie artikel 12C1 en art.25B2c", extensions=["spelregels"],
                             extension_configs={"spelregels": {"base_url": "https://regels.example/",
                                                               "edition": "2017"}})
    assert cite_links(html) == [("https://regels.example/2017/artikel/12#12C1", "12C1"),
                                ("https://regels.example/2017/artikel/25#25B2c", "25B2c")]


def test_mkdocs_site_links_the_ruling(tmp_path):
    pytest.importorskip("mkdocs")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Uitspraken\n\nZie [de uitspraak](uitspraak.md).\n", encoding="utf-8")
    (docs / "uitspraak.md").write_text(RULING, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: Uitspraken\nuse_directory_urls: false\nnav:\n  - index.md\n  - uitspraak.md\n"
        "markdown_extensions:\n  - tables\n  - spelregels:\n      base_url: https://regels.example\n"
        "      edition: '1997'\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    page = (tmp_path / "site" / "uitspraak.html").read_text(encoding="utf-8")
    assert cite_links(page) == [("https://regels.example/1987/artikel/30#30B2a", "30B2a"),
                                ("https://regels.example/1987/artikel/31#31A", "31A"),
                                ("https://regels.example/1987/artikel/30", "30")]
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert cite_links(index) == [] and re.search(r'href="uitspraak.html"', index)
