"""The one URL builder of the site: editions, articles, sections, guide passages, definitions. Every link the
web app writes comes from here (or from Flask's url_for), so all of them honour the mount point (SCRIPT_NAME,
e.g. /regels). kb and indexer never build a site URL: they return (edition, article, section) or a target
tuple, which `target_url` turns into one."""
from __future__ import annotations

from typing import Sequence
from urllib.parse import quote

from flask import has_request_context, request, url_for


def _part(value: str) -> str:
    return value if value.isalnum() and value.isascii() else quote(value, safe="")


def site_root(external: bool = False) -> str:
    """What every path of the site starts with: the mount point (SCRIPT_NAME), or with `external` the scheme
    and host before it; outside a request (rendering a text on its own) nothing."""
    if not has_request_context():
        return ""
    return request.url_root.rstrip("/") if external else request.script_root


def article_url(edition: str, number: str, section_id: str | None = "", external: bool = False,
                root: str | None = None) -> str:
    """/<ed>/artikel/<n>[#<section id>] (section_id: the full compact id, '27B2'). The route's pattern written
    out, since url_for per link costs more than the rest of an article page. `root`: site_root(external),
    when the caller writes many links."""
    root = site_root(external) if root is None else root
    base = f"{root}/{_part(edition)}/artikel/{_part(number)}"
    return f"{base}#{section_id}" if section_id and section_id != number else base


def section_url(edition: str, number: str, section: str | None = "", external: bool = False,
                root: str | None = None) -> str:
    """The same, with the section as the suffix after the article number ('B2' for 27B2)."""
    return article_url(edition, number, number + section if section else "", external, root)


def edition_url(edition: str, anchor: str = "") -> str:
    base = url_for("pages.edition", edition=edition)
    return f"{base}#{anchor}" if anchor else base


def guide_url(passage: str = "") -> str:
    return url_for("pages.guide_passage", passage=passage) if passage else url_for("pages.guide")


def definition_url(slug: str = "") -> str:
    base = url_for("pages.definitions")
    return f"{base}#begrip-{slug}" if slug else base


def keywords_url(anchor: str = "") -> str:
    """/trefwoorden[#<anchor>]: the keyword index, or one entry on it (kb.text.keyword_anchor)."""
    base = url_for("pages.keywords")
    return f"{base}#{anchor}" if anchor else base


def absolute(path: str) -> str:
    """A path from this module (already under the mount point) as an absolute URL."""
    return request.host_url.rstrip("/") + path


def target_url(target: Sequence[str], root: str | None = None) -> str:
    """The page of a target the indexer returns: ("article", edition, number, section suffix),
    ("guide", passage id) or ("definition", term slug). `root`: as for article_url."""
    kind, *key = target
    if kind == "article":
        return section_url(*key, root=root)
    if kind == "guide":
        return guide_url(*key)
    if kind == "definition":
        return definition_url(*key)
    raise ValueError(f"no page for {target!r}")
