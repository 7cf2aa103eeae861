"""HTML pages (Dutch): home, editions, articles, compare, keyword index, definitions, guide.

Pages are server-rendered and work without JavaScript; static/site.js adds autocomplete, reference previews
and the copy buttons. Unknown things give a 404 page that says what does exist (`suggestions`)."""
from __future__ import annotations

import difflib
import re
import unicodedata
from functools import lru_cache

from flask import Blueprint, redirect, render_template, request, url_for
from markupsafe import Markup

from kb.citations import Citation, format_label, parse_citation
from kb.store import is_placeholder

from .render import render_block
from .params import is_number
from .state import store
from .structure_api import compare_pairs
from .urls import article_url, definition_url, keywords_url, section_url
from .toc_view import article_rows, article_title_from, breadcrumbs, tree_view

bp = Blueprint("pages", __name__)

KNOWN_FROM = {"toc": "de inhoudsopgave", "index": "het trefwoordenregister", "reference": "verwijzingen in andere artikelen",
              "text": "de tekst", "numbering": "de nummering van de leden eromheen"}


# ---------------------------------------------------------------- helpers shared by the pages

def _num_key(n: str) -> tuple[int, str]:
    return (int(n), "") if is_number(n) else (10_000, n)


def cite_label(number: str, path: tuple[str, ...] = (), edition: str | None = None) -> str:
    """'artikel 27B1(b) (Spelregels 1997)' (house style of kb.citations)."""
    return format_label(Citation(number, path), edition)


def section_label(label: str, depth: int) -> str:
    if not label:
        return ""
    if depth < 2:
        return label if label.startswith("(") else label + "."
    return label if label.startswith("(") else f"({label})"


def status_of(art: dict | None) -> tuple[str, str]:
    """(css class, Dutch words) for an article's state in this corpus."""
    if art is None:
        return "none", "niet in de bron"
    if art["has_text"] and art["complete"]:
        return "full", "volledige tekst"
    if art["has_text"]:
        return "fragment", "fragmenten"
    if art["title"]:
        return "title", "alleen de titel"
    return "none", "geen tekst"


def known_from_text(art: dict) -> str:
    parts = [KNOWN_FROM.get(k, k) for k in art["known_from"] if k != "text"]
    if not parts:
        return ""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " en " + parts[-1]


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).lower()


@lru_cache(maxsize=8)
def _source_titles(version: str) -> dict[str, dict]:
    return {s["file"]: s for s in store().data["sources"]}


@lru_cache(maxsize=8)
def _placements(version: str) -> dict[tuple[str, int], dict]:
    """Curated or inferred placements of chunks, by the (file, line) each names."""
    return {(p["file"], p["line"]): p for p in store().data["placements"] if p["how"] != "heading"}


def sources_view(kb, sources: list[dict]) -> list[dict]:
    titles = _source_titles(kb.version)
    places = _placements(kb.version)
    out = []
    for s in sources:
        p = places.get((s["file"], s["line"]))
        placement = ""
        if p:
            how = "door de redactie vastgesteld" if p["how"] == "curated" else "afgeleid uit de inhoud"
            placement = f"Plaats in het artikel {how}{'' if p['certain'] else ' (onzeker)'}"
        out.append({"file": s["file"], "line": s["line"], "title": titles.get(s["file"], {}).get("title", ""),
                    "starts_mid": s.get("starts_mid", False), "ends_open": s.get("ends_open", False),
                    "placement": placement, "reason": p["reason"] if p else ""})
    return out


# ---------------------------------------------------------------- 404 with suggestions

def nearest_articles(edition: str, number: str, n: int = 5) -> list[str]:
    kb = store()
    arts = kb.editions[edition]["articles"]
    if is_number(number):
        target = int(number)
        ranked = sorted(arts, key=lambda a: (abs(_num_key(a)[0] - target), not kb.article(edition, a)["has_text"]))
    else:
        ranked = difflib.get_close_matches(number, arts, n=n, cutoff=0.3) or arts[:n]
    return sorted(ranked[:n], key=_num_key)


def not_found(message: str, suggestions: list[dict] | None = None, status: int = 404):
    """The Dutch 404 (or 400) page with links to what does exist."""
    return render_template("error.html", status=status, title="Niet gevonden" if status == 404 else "Ongeldig verzoek",
                           message=message, suggestions=suggestions or []), status


def article_suggestions(edition: str, number: str) -> list[dict]:
    kb = store()
    out = [{"url": article_url(edition, a), "label": f"Artikel {a}", "note": kb.article(edition, a)["title"]}
           for a in nearest_articles(edition, number)]
    cit = parse_citation(number)
    if cit:
        out += [{"url": article_url(e, cit.article), "label": f"Artikel {cit.article} ({kb.editions[e]['short']})",
                 "note": kb.article(e, cit.article)["title"]} for e in kb.editions_with(cit.article, text_only=False)
                if e != edition]
    return out


def edition_suggestions() -> list[dict]:
    kb = store()
    return [{"url": url_for("pages.edition", edition=e), "label": kb.editions[e]["title"],
             "note": f"{len(kb.editions[e]['articles'])} artikelen"} for e in kb.edition_ids]


@bp.app_context_processor
def page_helpers():
    return {"path_suggestions": path_suggestions}


def path_suggestions() -> list[dict]:
    """For the generic 404 page (unknown paths): the closest existing pages. Never raises."""
    try:
        kb = store()
        parts = [p for p in request.path.split("/") if p]
        if parts and parts[0] in kb.editions:
            number = parts[-1] if len(parts) > 1 else ""
            if number and re.match(r"^[0-9]{1,3}", number):
                return article_suggestions(parts[0], re.match(r"^[0-9]{1,3}", number).group(0))
            return edition_suggestions()
        for p in parts:
            cit = parse_citation(p)
            if cit:
                found = kb.resolve(cit.id)
                if found:
                    return article_suggestions(found[0], cit.article)
        pages = {"trefwoorden": "Trefwoordenregister", "begrippen": "Begrippen", "gids": "Gids bij de spelregels",
                 "vergelijk": "Edities vergelijken", "zoeken": "Zoeken"}
        close = difflib.get_close_matches(parts[0].lower(), list(pages), n=2, cutoff=0.5) if parts else []
        return [{"url": "/" + p, "label": pages[p], "note": ""} for p in close] + edition_suggestions()
    except Exception:  # the error page itself must never fail
        return []


# ---------------------------------------------------------------- table of contents

def toc(edition: str) -> list[dict]:
    """The edition's structure tree (kb/toc.py) with links and the state of every article."""
    return tree_view(edition, article_url, status_of)


@bp.get("/")
def home():
    kb = store()
    stats = kb.data.get("stats", {}).get("editions", {})
    editions = [{"id": e, "title": kb.editions[e]["title"], "short": kb.editions[e]["short"],
                 "default": e == kb.default_edition, "url": url_for("pages.edition", edition=e),
                 "articles": len(kb.editions[e]["articles"]), "with_text": stats.get(e, {}).get("with_text"),
                 "complete": stats.get(e, {}).get("complete")} for e in kb.edition_ids]
    return render_template("home.html", kb=kb, editions=editions, tree=toc(kb.default_edition),
                           edition=kb.default_edition)


@bp.get("/<edition>/", strict_slashes=False)
def edition(edition: str):
    kb = store()
    if edition not in kb.editions:
        if not re.fullmatch(r"\d{4}", edition):
            return not_found("Deze pagina bestaat niet. Misschien bedoelt u:", path_suggestions())
        return not_found(f"Er is geen editie {edition!r}. Deze edities bestaan:", edition_suggestions())
    front = [f for f in kb.data.get("frontmatter", []) if f["edition"] == edition]
    tree = toc(edition)
    counts: dict[str, int] = {}
    for r in article_rows(tree):
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    return render_template("edition.html", kb=kb, edition=edition, ed=kb.editions[edition], tree=tree,
                           counts=counts, articles=sum(counts.values()), frontmatter=front)


# ---------------------------------------------------------------- article

def _block(kb, block: dict) -> Markup:
    """One block of an article (its intro, a section, a footnote, an unplaced text) with its layers."""
    return render_block(block["text"], block["layers"], definitions=kb.definitions, href=section_url,
                        terms_href=definition_url(), keywords_href=keywords_url())


def _sections_view(kb, edition: str, number: str, sections: list[dict]):
    out = []
    for s in sections:
        depth = len(s["path"]) - 1
        out.append({
            "id": s["id"], "label": section_label(s["label"], depth), "title": s["title"], "depth": depth,
            "heading_level": min(depth + 2, 6), "fragment": s["fragment"], "empty": not s["text"],
            "html": _block(kb, s),
            "starts_mid": any(x["starts_mid"] for x in s["sources"][:1]),
            "ends_open": any(x["ends_open"] for x in s["sources"][-1:]),
            "sources": sources_view(kb, s["sources"]), "notes": s.get("notes", []),
            "copy_label": cite_label(number, tuple(s["path"]), edition),
            "copy_url": article_url(edition, number, s["id"], external=True),
            "children": _sections_view(kb, edition, number, s["children"]),
            "placeholder": is_placeholder(s),
            "elsewhere": [] if s["text"] or s["children"] else _held_elsewhere(kb, edition, number, s["id"]),
            "known_from": [KNOWN_FROM.get(k, k) for k in s.get("known_from", [])],
        })
    return out


def _held_elsewhere(kb, edition: str, number: str, section_id: str) -> list[dict]:
    """The sections of other editions whose source has the text of this missing one: its counterpart by
    content (kb/compare.py; 1997 16A is 2017 16B), else the same number."""
    out = []
    for e in kb.edition_ids:
        if e == edition or kb.article(e, number) is None:
            continue
        pair = next((p for p in compare_pairs(kb, number, edition, e) if p["van"] == section_id), None)
        target = pair["naar"] if pair and pair["naar"] else section_id
        sec = kb.section(e, number, target)
        if sec and (sec["text"] or any(c["text"] for c in sec["children"])):
            out.append({"edition": e, "url": article_url(e, number, target), "title": sec["title"],
                        "label": cite_label(number, tuple(sec["path"]), e)})
    return out


@bp.get("/<edition>/artikel/<number>")
def article(edition: str, number: str):
    kb = store()
    if edition not in kb.editions:
        cit = parse_citation(number)
        return not_found(f"Er is geen editie {edition!r}.", (article_suggestions(kb.default_edition, cit.article)
                                                           if cit and kb.article(kb.default_edition, cit.article)
                                                           else []) + edition_suggestions())
    art = kb.article(edition, number)
    if art is None:
        cit = parse_citation(number)
        if cit is not None and kb.article(edition, cit.article) is not None:
            if cit.path and not kb.section_known(cit.article, cit.id):
                return section_not_found(kb, edition, cit)
            return redirect(url_for("pages.article", edition=edition, number=cit.article) + _anchor(kb, edition, cit), 302)
        return not_found(f"Artikel {number} staat niet in de {kb.editions[edition]['short']}. "
                         "Dichtbij liggende artikelen:", article_suggestions(edition, cit.article if cit else number))
    view = {
        "number": number, "title": art["title"], "has_text": art["has_text"], "complete": art["complete"],
        "label": "Bijlage" if number == "bijlage" else f"Artikel {number}",
        "status": status_of(art), "known_from": known_from_text(art), "notes": art["notes"],
        "intro": _block(kb, art),
        "intro_sources": sources_view(kb, art["sources"]),
        "intro_starts_mid": any(x["starts_mid"] for x in art["sources"][:1]),
        "intro_ends_open": any(x["ends_open"] for x in art["sources"][-1:]),
        "sections": _sections_view(kb, edition, number, art["sections"]),
        "footnotes": [{"number": f["number"], "markers": [m or number for m in f["markers"]], "html": _block(kb, f),
                       "sources": sources_view(kb, [f["source"]])} for f in art["footnotes"]],
        "unplaced": [{"html": _block(kb, u), "note": u["note"], "sources": sources_view(kb, [u["source"]]),
                      "starts_mid": u["source"].get("starts_mid"), "ends_open": u["source"].get("ends_open")}
                     for u in art.get("unplaced", [])],
        "copy_label": cite_label(number, (), edition),
        "copy_url": article_url(edition, number, external=True),
        "headings": breadcrumbs(edition, number),
    }
    if not art["title"]:
        view["borrowed_title"], view["title_from"] = article_title_from(edition, number)
    elif art["title_source"] == "curated":
        view["title_from"] = article_title_from(edition, number)[1]
    prev, nxt = article_panels.neighbours(kb, edition, number)
    return render_template("article.html", kb=kb, edition=edition, ed=kb.editions[edition], a=view,
                           see=article_panels.see_also(kb, edition, number), refmap=article_panels.refmap(kb, edition, number),
                           prev=prev, next=nxt)


@bp.get("/artikel/<citation>")
def unversioned(citation: str):
    kb = store()
    found = kb.resolve(citation)
    if found is None:
        cit = parse_citation(citation)
        if cit is None:
            return not_found(f"{citation!r} is geen artikelnummer. Probeer bijvoorbeeld 27B2, of zoek op een woord.",
                             edition_suggestions())
        return not_found(f"Artikel {cit.article} staat in geen enkele editie van dit corpus. Dichtbij:",
                         article_suggestions(kb.default_edition, cit.article))
    edition, cit = found
    if cit.path and not kb.section_known(cit.article, cit.id):
        return section_not_found(kb, edition, cit)
    return redirect(url_for("pages.article", edition=edition, number=cit.article) + _anchor(kb, edition, cit), 302)


def section_not_found(kb, edition: str, cit: Citation):
    """404 for a section no edition knows (27Z9): the nearest citations that do exist."""
    known = next((a for a in reversed(cit.ancestors()) if not a.path or kb.section_known(cit.article, a.id)), None)
    parent = kb.section(edition, cit.article, known.id) if known and known.path else None
    children = parent["children"] if parent else kb.article(edition, cit.article)["sections"]
    near = ([known] if known else []) + [Citation(cit.article, tuple(c["path"])) for c in children]
    return not_found(f"{cite_label(cit.article, cit.path)} bestaat in geen enkele editie van dit corpus. Dichtbij:",
                     [{"url": article_url(edition, c.article, c.id), "label": cite_label(c.article, c.path, edition),
                       "note": (kb.section(edition, c.article, c.id) or kb.article(edition, c.article) or {}).get("title", "")}
                      for c in near if c])


def _anchor(kb, edition: str, cit: Citation) -> str:
    """'#27B1b' (CONTRACT: the citation itself, also when this corpus lacks that section; site.js then shows
    the deepest section of it that the page has)."""
    return f"#{cit.id}" if cit.path else ""


from . import article_panels, compare_pages, index_pages  # noqa: E402,F401  (their routes are on this blueprint)
