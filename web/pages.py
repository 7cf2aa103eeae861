"""HTML pages (Dutch): home, editions, articles, compare, keyword index, definitions, guide.

Pages are server-rendered and work without JavaScript; static/site.js adds autocomplete, reference previews
and the copy buttons. Unknown things give a 404 page that says what does exist (`suggestions`)."""
from __future__ import annotations

import difflib
import re
import unicodedata
from functools import lru_cache
from urllib.parse import quote

from flask import Blueprint, redirect, render_template, request, url_for
from markupsafe import Markup

from kb.citations import Citation, format_label, from_compact, parse_citation

from .api import article_json
from .params import is_number
from .render import reference_map, render_block, term_slug, word_diff
from .state import store

bp = Blueprint("pages", __name__)

KNOWN_FROM = {"toc": "de inhoudsopgave", "index": "het trefwoordenregister", "reference": "verwijzingen in andere artikelen",
              "text": "de tekst"}
HEADING_KIND = {"deel": "Deel", "hoofdstuk": "Hoofdstuk", "paragraaf": "Paragraaf"}


# ---------------------------------------------------------------- helpers shared by the pages

def _num_key(n: str) -> tuple[int, str]:
    return (int(n), "") if is_number(n) else (10_000, n)


def article_href(edition: str, number: str, section_id: str = "", external: bool = False) -> str:
    """URL of an article (section_id: the full compact id, e.g. '27B2'). The route's pattern written out:
    url_for per link costs more than the rest of an article page."""
    root = request.host_url.rstrip("/") if external else ""
    ed = edition if edition.isalnum() and edition.isascii() else quote(edition)
    n = number if number.isalnum() and number.isascii() else quote(number)
    base = f"{root}{request.script_root}/{ed}/artikel/{n}"
    return f"{base}#{section_id}" if section_id and section_id != number else base


def _ref_href(edition: str, article: str, section: str) -> str:
    return article_href(edition, article, article + section if section else "")


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


def heading_id(h: dict) -> str:
    return f"{h['kind']}-{h['number']}".lower()


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).lower()


@lru_cache(maxsize=8)
def _source_titles(version: str) -> dict[str, dict]:
    return {s["file"]: s for s in store().data["sources"]}


@lru_cache(maxsize=8)
def _placements(version: str) -> dict[tuple[str, int], dict]:
    """Curated or inferred placements of chunks, by (file, line) of the chunk files."""
    kb = store()
    chunk_files = [s["file"] for s in kb.data["sources"] if s.get("format") == "chunks"]
    out = {}
    for p in kb.data["placements"]:
        if p["how"] != "heading":
            for f in chunk_files:
                out[(f, p["line"])] = p
    return out


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
    out = [{"url": article_href(edition, a), "label": f"Artikel {a}", "note": kb.article(edition, a)["title"]}
           for a in nearest_articles(edition, number)]
    cit = parse_citation(number)
    if cit:
        out += [{"url": article_href(e, cit.article), "label": f"Artikel {cit.article} ({kb.editions[e]['short']})",
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
    """Rows of an edition's table of contents: headings (when they change) and articles with their state."""
    kb = store()
    rows, current = [], []
    for n in kb.editions[edition]["articles"]:
        art = kb.article(edition, n)
        heads = art["headings"]
        if heads and heads != current:
            common = 0
            while common < min(len(heads), len(current)) and heads[common] == current[common]:
                common += 1
            for depth, h in enumerate(heads[common:], start=common):
                rows.append({"kind": "heading", "depth": min(depth, 2), "id": heading_id(h),
                             "label": f"{HEADING_KIND.get(h['kind'], h['kind'].title())} {h['number']}",
                             "title": h["title"]})
            current = heads
        cls, words = status_of(art)
        rows.append({"kind": "article", "number": n, "title": art["title"], "url": article_href(edition, n),
                     "status": cls, "status_text": words,
                     "label": "Bijlage" if n == "bijlage" else f"Artikel {n}"})
    return rows


@bp.get("/")
def home():
    kb = store()
    stats = kb.data.get("stats", {}).get("editions", {})
    editions = [{"id": e, "title": kb.editions[e]["title"], "short": kb.editions[e]["short"],
                 "default": e == kb.default_edition, "url": url_for("pages.edition", edition=e),
                 "articles": len(kb.editions[e]["articles"]), "with_text": stats.get(e, {}).get("with_text"),
                 "complete": stats.get(e, {}).get("complete")} for e in kb.edition_ids]
    return render_template("home.html", kb=kb, editions=editions, rows=toc(kb.default_edition),
                           edition=kb.default_edition)


@bp.get("/<edition>/", strict_slashes=False)
def edition(edition: str):
    kb = store()
    if edition not in kb.editions:
        if not re.fullmatch(r"\d{4}", edition):
            return not_found("Deze pagina bestaat niet. Misschien bedoelt u:", path_suggestions())
        return not_found(f"Er is geen editie {edition!r}. Deze edities bestaan:", edition_suggestions())
    front = [f for f in kb.data.get("frontmatter", []) if f["edition"] == edition]
    rows = toc(edition)
    counts = {}
    for r in rows:
        if r["kind"] == "article":
            counts[r["status"]] = counts.get(r["status"], 0) + 1
    return render_template("edition.html", kb=kb, edition=edition, ed=kb.editions[edition], rows=rows,
                           counts=counts, frontmatter=front)


# ---------------------------------------------------------------- article

def _layers(kb, edition: str, number: str) -> tuple[dict, dict]:
    refs: dict[str, list] = {}
    for r in kb.refs_out(edition, number):
        key = number + r["section"] if r["field"] == "text" else r["field"]
        refs.setdefault(key, []).append(r)
    terms: dict[str, list] = {}
    for t in kb.defined_terms(edition, number):
        key = number + t["section"] if t["field"] == "text" else t["field"]
        terms.setdefault(key, []).append(t)
    return refs, terms


def _block(kb, text: str, key: str, refs: dict, terms: dict, footnotes: list[dict], number: str = "") -> Markup:
    """One block of an article (key: its section id, the article number for the intro, or the field)."""
    marks = [f for f in footnotes if key in [m or number for m in f["markers"]] or (not f["markers"] and key == number)]
    return render_block(text, refs.get(key, ()), terms.get(key, ()), marks, definitions=kb.definitions,
                        href=_ref_href, terms_href=request.script_root + "/begrippen")


def _sections_view(kb, edition: str, number: str, sections: list[dict], refs, terms, footnotes, depth=0):
    out = []
    for s in sections:
        cit = from_compact(s["id"])
        path = cit.path if cit else ()
        out.append({
            "id": s["id"], "label": section_label(s["label"], depth), "title": s["title"], "depth": depth,
            "heading_level": min(depth + 2, 6), "fragment": s["fragment"], "empty": not s["text"],
            "html": _block(kb, s["text"], s["id"], refs, terms, footnotes, number),
            "starts_mid": any(x["starts_mid"] for x in s["sources"][:1]),
            "ends_open": any(x["ends_open"] for x in s["sources"][-1:]),
            "sources": sources_view(kb, s["sources"]), "notes": s.get("notes", []),
            "copy_label": cite_label(number, path, edition),
            "copy_url": article_href(edition, number, s["id"], external=True),
            "children": _sections_view(kb, edition, number, s["children"], refs, terms, footnotes, depth + 1),
        })
    return out


def _neighbours(kb, edition: str, number: str) -> tuple[dict | None, dict | None]:
    arts = kb.editions[edition]["articles"]
    i = arts.index(number) if number in arts else -1
    def one(j):
        if i < 0 or not 0 <= j < len(arts):
            return None
        n = arts[j]
        return {"number": n, "title": kb.article(edition, n)["title"], "url": article_href(edition, n),
                "label": "Bijlage" if n == "bijlage" else f"Artikel {n}"}
    return one(i - 1), one(i + 1)


def _refmap(kb, edition: str, number: str) -> Markup:
    hood = kb.neighbourhood(edition, number)

    def node(n):
        a = kb.article(edition, n)
        return {"label": f"Art. {n}", "title": f"Artikel {n} {a['title'] if a else ''}".strip(),
                "url": article_href(edition, n)}
    art = kb.article(edition, number)
    return reference_map({"label": f"Art. {number}", "title": f"Artikel {number} {art['title']}".strip()},
                         [node(n) for n in hood["in"]], [node(n) for n in hood["out"]],
                         caption=f"Verwijzingen van en naar artikel {number} ({kb.editions[edition]['short']})")


def _see_also(kb, edition: str, number: str) -> dict:
    data = article_json(edition, number)
    seen, out_refs = set(), []
    for r in data["refs_out"]:
        key = (r["edition"], r["article"], r["section"])
        if key in seen or (r["article"] == number and r["edition"] == edition):
            continue
        seen.add(key)
        target = kb.article(r["edition"], r["article"])
        path = from_compact(r["article"] + (r["section"] or ""))
        out_refs.append({"label": cite_label(r["article"], path.path if path else (),
                                             r["edition"] if r["edition"] != edition else None),
                         "url": _ref_href(r["edition"], r["article"], r["section"] or ""),
                         "title": target["title"] if target else "", "status": r["status"],
                         "cite": r["article"] + (r["section"] or ""), "edition": r["edition"]})
    in_refs = []
    for r in data["refs_in"]:
        sentence = r["sentence"] or ""
        i = sentence.find(r["text"])
        parts = (sentence[:i], r["text"], sentence[i + len(r["text"]):]) if i >= 0 else (sentence, "", "")
        path = from_compact(r["article"] + (r["section"] or "")) if r["article"] else None
        in_refs.append({"label": cite_label(r["article"], path.path if path else (),
                                            r["edition"] if r["edition"] != edition else None) if r["article"] else "",
                        "url": _ref_href(r["edition"], r["article"], r["section"] or "") if r["article"] else "",
                        "before": parts[0], "match": parts[1], "after": parts[2]})
    index_url = url_for("pages.keywords")
    keywords = [{"label": " › ".join(k["path"]), "url": f"{index_url}#tw-{term_slug(k['path'][0])}"}
                for k in data["keywords"]]
    others = []
    art = kb.article(edition, number)
    for e in kb.editions_with(number, text_only=False):
        if e == edition:
            continue
        other = kb.article(e, number)
        comparable = art["has_text"] and other["has_text"]
        lo, hi = sorted([e, edition])
        others.append({"edition": e, "short": kb.editions[e]["short"], "url": article_href(e, number),
                       "status": status_of(other)[1],
                       "compare": url_for("pages.compare", number=number, van=lo, naar=hi) if comparable else ""})
    guide = [{"title": g["title"], "url": g["url"], "cites": g["cites"]} for g in data["guide"]]
    related = [{"label": f"Artikel {n}", "title": (kb.article(edition, n) or {}).get("title", ""),
                "url": article_href(edition, n)} for n in data["related"]]
    return {"out": out_refs, "in": in_refs, "keywords": keywords, "others": others, "guide": guide,
            "related": related}


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
            return redirect(url_for("pages.article", edition=edition, number=cit.article) + _anchor(kb, edition, cit), 302)
        return not_found(f"Artikel {number} staat niet in de {kb.editions[edition]['short']}. "
                         "Dichtbij liggende artikelen:", article_suggestions(edition, cit.article if cit else number))
    refs, terms = _layers(kb, edition, number)
    footnotes = art["footnotes"]
    view = {
        "number": number, "title": art["title"], "has_text": art["has_text"], "complete": art["complete"],
        "title_elsewhere": [] if art["title"] else [
            {"edition": e, "title": kb.article(e, number)["title"]} for e in kb.editions_with(number, text_only=False)
            if e != edition and kb.article(e, number)["title"]],
        "label": "Bijlage" if number == "bijlage" else f"Artikel {number}",
        "status": status_of(art), "known_from": known_from_text(art), "notes": art["notes"],
        "intro": _block(kb, art["text"], number, refs, terms, footnotes, number),
        "intro_sources": sources_view(kb, art["sources"]),
        "intro_starts_mid": any(x["starts_mid"] for x in art["sources"][:1]),
        "intro_ends_open": any(x["ends_open"] for x in art["sources"][-1:]),
        "sections": _sections_view(kb, edition, number, art["sections"], refs, terms, footnotes),
        "footnotes": [{"number": f["number"], "markers": [m or number for m in f["markers"]],
                       "html": _block(kb, f["text"], f"footnote:{f['number']}", refs, terms, []),
                       "sources": sources_view(kb, [f["source"]])} for f in footnotes],
        "unplaced": [{"html": _block(kb, u["text"], f"unplaced:{i}", refs, terms, []), "note": u["note"],
                      "sources": sources_view(kb, [u["source"]]), "starts_mid": u["source"].get("starts_mid"),
                      "ends_open": u["source"].get("ends_open")} for i, u in enumerate(art.get("unplaced", []))],
        "copy_label": cite_label(number, (), edition),
        "copy_url": article_href(edition, number, external=True),
        "headings": [{"label": f"{HEADING_KIND.get(h['kind'], h['kind'])} {h['number']}", "title": h["title"],
                      "url": url_for("pages.edition", edition=edition) + "#" + heading_id(h)} for h in art["headings"]],
    }
    prev, nxt = _neighbours(kb, edition, number)
    return render_template("article.html", kb=kb, edition=edition, ed=kb.editions[edition], a=view,
                           see=_see_also(kb, edition, number), refmap=_refmap(kb, edition, number),
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
    return redirect(url_for("pages.article", edition=edition, number=cit.article) + _anchor(kb, edition, cit), 302)


def _anchor(kb, edition: str, cit: Citation) -> str:
    """'#27B1b' (CONTRACT: the citation itself, also when this corpus lacks that section; site.js then shows
    the deepest section of it that the page has)."""
    return f"#{cit.id}" if cit.path else ""


# ---------------------------------------------------------------- compare editions

def _flat(sections: list[dict], depth: int = 0) -> list[dict]:
    out = []
    for s in sections:
        out.append({"id": s["id"], "label": section_label(s["label"], depth), "title": s["title"],
                    "text": s["text"], "depth": depth})
        out.extend(_flat(s["children"], depth + 1))
    return out


def _aligned(a: list[dict], b: list[dict]) -> list[tuple[dict | None, dict | None]]:
    ids_a, ids_b = [s["id"] for s in a], [s["id"] for s in b]
    pairs = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, ids_a, ids_b, autojunk=False).get_opcodes():
        if op == "equal":
            pairs += list(zip(a[i1:i2], b[j1:j2]))
        else:
            pairs += [(x, None) for x in a[i1:i2]] + [(None, y) for y in b[j1:j2]]
    return pairs


@bp.get("/vergelijk/")
@bp.get("/vergelijk")
def compare_index():
    kb = store()
    items = []
    numbers = sorted({a["article"] for a in kb.articles.values() if a["has_text"]}, key=_num_key)
    for n in numbers:
        eds = kb.editions_with(n)
        if len(eds) > 1:
            for lo, hi in zip(eds, eds[1:]):
                items.append({"number": n, "title": kb.article(hi, n)["title"] or kb.article(lo, n)["title"],
                              "van": lo, "naar": hi, "url": url_for("pages.compare", number=n, van=lo, naar=hi)})
    return render_template("compare_index.html", kb=kb, items=items)


@bp.get("/vergelijk/<number>")
def compare(number: str):
    kb = store()
    cit = parse_citation(number)
    if cit is None:
        return not_found(f"{number!r} is geen artikelnummer.", [{"url": url_for("pages.compare_index"),
                                                                  "label": "Edities vergelijken", "note": ""}])
    if cit.article != number:
        keep = {k: request.args[k] for k in ("van", "naar") if request.args.get(k)}  # never other arguments
        return redirect(url_for("pages.compare", number=cit.article, **keep), 302)
    with_text = kb.editions_with(number)
    van, naar = request.args.get("van", ""), request.args.get("naar", "")
    for e in (van, naar):
        if e and e not in kb.editions:
            return not_found(f"Er is geen editie {e!r}. Deze edities bestaan:", edition_suggestions(), 400)
    if not van or not naar:
        if len(with_text) < 2:
            return not_found(f"Artikel {number} staat in minder dan twee edities met tekst; er valt niets te "
                             "vergelijken.", article_suggestions(kb.default_edition, number))
        given = van or naar
        if given:
            other = next((e for e in reversed(with_text) if e != given), None)
            if other is None:
                return not_found(f"Artikel {number} staat alleen in editie {given} met tekst.",
                                 article_suggestions(given, number))
            van, naar = sorted([given, other])
        else:
            first = kb.default_edition if kb.default_edition in with_text else with_text[-1]
            van, naar = sorted([first, next(e for e in reversed(with_text) if e != first)])
        return redirect(url_for("pages.compare", number=number, van=van, naar=naar), 302)
    if van == naar:
        return not_found("Kies twee verschillende edities om te vergelijken.",
                         [{"url": url_for("pages.compare_index"), "label": "Edities vergelijken", "note": ""}], 400)
    left, right = kb.article(van, number), kb.article(naar, number)
    if left is None or right is None:
        missing = van if left is None else naar
        return not_found(f"Artikel {number} staat niet in de editie {missing}.",
                         [{"url": article_href(e, number), "label": f"Artikel {number} ({kb.editions[e]['short']})",
                           "note": status_of(kb.article(e, number))[1]}
                          for e in kb.editions_with(number, text_only=False)])
    rows = []
    if left["text"] or right["text"]:
        rows.append({"id": number, "label": "", "depth": 0, "diff": word_diff(left["text"], right["text"]),
                     "title_diff": None, "has_left": bool(left["text"]), "has_right": bool(right["text"])})
    for x, y in _aligned(_flat(left["sections"]), _flat(right["sections"])):
        s = x or y
        rows.append({"id": s["id"], "label": s["label"], "depth": s["depth"], "has_left": x is not None,
                     "has_right": y is not None,
                     "title_diff": word_diff(x["title"] if x else "", y["title"] if y else ""),
                     "diff": word_diff(x["text"] if x else "", y["text"] if y else "")})
    changed = sum(1 for r in rows if r["diff"].changed or (r["title_diff"] and r["title_diff"].changed))
    return render_template("compare.html", kb=kb, number=number, van=van, naar=naar, left=left, right=right,
                           rows=rows, changed=changed,
                           others=[e for e in with_text if e not in (van, naar)])


# ---------------------------------------------------------------- keyword index, definitions, guide

def _letter(term: str) -> str:
    c = _fold(term)[:1].upper()
    return c if "A" <= c <= "Z" else "#"


@bp.get("/trefwoorden")
def keywords():
    kb = store()
    heads: dict[str, dict] = {}
    for k in kb.data["keywords"]:
        head = k["path"][0]
        entry = heads.setdefault(head, {"term": head, "id": "tw-" + term_slug(head), "entry": None, "subs": []})
        if len(k["path"]) == 1:
            entry["entry"] = k
        else:
            entry["subs"].append(k)
    known = {h["id"] for h in heads.values()}

    def see_links(names: list[str]) -> list[dict]:
        return [{"label": n, "url": f"#tw-{term_slug(n)}" if f"tw-{term_slug(n)}" in known else ""} for n in names]

    edition = kb.default_edition

    def arts(numbers: list[str]) -> list[dict]:
        out = []
        for n in numbers:
            a = kb.article(edition, n)
            out.append({"number": n, "url": article_href(edition, n), "title": a["title"] if a else "",
                        "has_text": bool(a and a["has_text"])})
        return out

    letters: dict[str, list] = {}
    for h in sorted(heads.values(), key=lambda h: _fold(h["term"])):
        e = h["entry"] or {"articles": [], "see": [], "see_also": []}
        letters.setdefault(_letter(h["term"]), []).append({
            "term": h["term"], "id": h["id"], "articles": arts(e["articles"]), "see": see_links(e["see"]),
            "see_also": see_links(e["see_also"]),
            "subs": [{"term": s["path"][-1], "articles": arts(s["articles"]), "see": see_links(s["see"]),
                      "see_also": see_links(s["see_also"])} for s in h["subs"]]})
    return render_template("keywords.html", kb=kb, letters=letters, alphabet=[chr(c) for c in range(65, 91)],
                           edition=edition, count=len(kb.data["keywords"]))


@bp.get("/begrippen")
def definitions():
    kb = store()
    refs = kb.definition_refs
    used: dict[str, list] = {}
    for t in kb.data["defined_terms"]:
        if t["edition"] == kb.default_edition:
            used.setdefault(t["term"], []).append(t)
    entries = []
    for d in sorted(kb.data["definitions"], key=lambda d: _fold(d["term"])):
        uses = sorted(used.get(d["term"], []), key=lambda t: _num_key(t["article"]))
        entries.append({"term": d["term"], "id": "begrip-" + term_slug(d["term"]), "fragment": d["fragment"],
                        "html": render_block(d["text"], refs.get(d["term"], ()), href=_ref_href),
                        "sources": sources_view(kb, [d["source"]]), "edition": d["edition"],
                        "used": [{"label": f"{t['article']}{t['section']}",
                                  "url": article_href(t["edition"], t["article"], t["article"] + t["section"])}
                                 for t in uses]})
    return render_template("definitions.html", kb=kb, entries=entries)


def _guide_view(kb, p: dict) -> dict:
    cites = []
    for c in p["explains"]:
        found = kb.resolve(c)
        if found:
            ed, cit = found
            art = kb.article(ed, cit.article)
            cites.append({"label": cite_label(cit.article, cit.path, ed), "url": article_href(ed, cit.article, cit.id),
                          "title": art["title"] if art else "", "cite": cit.id, "edition": ed})
    return {"id": p["id"], "title": p["title"], "level": p["level"], "topic": p["topic"], "cites": cites,
            "url": url_for("pages.guide_passage", passage=p["id"])}


@bp.get("/gids/")
@bp.get("/gids")
def guide():
    kb = store()
    topics: list[dict] = []
    for p in kb.data["guide"]:
        v = _guide_view(kb, p)
        if p["level"] == 1 or not topics or topics[-1]["topic"] != p["topic"]:
            topics.append({"topic": p["topic"], "head": v, "children": []})
        else:
            topics[-1]["children"].append(v)
    return render_template("guide_index.html", kb=kb, topics=topics)


@bp.get("/gids/<passage>")
def guide_passage(passage: str):
    kb = store()
    passages = kb.data["guide"]
    ids = [p["id"] for p in passages]
    if passage not in ids:
        close = difflib.get_close_matches(passage, ids, n=5, cutoff=0.4)
        return not_found(f"Er is geen stuk {passage!r} in de gids.",
                         [{"url": url_for("pages.guide_passage", passage=c), "label": next(
                             p["title"] for p in passages if p["id"] == c), "note": ""} for c in close]
                         + [{"url": url_for("pages.guide"), "label": "Gids bij de spelregels", "note": "alle stukken"}])
    i = ids.index(passage)
    p = passages[i]
    view = _guide_view(kb, p)
    view["html"] = render_block(p["text"])
    view["sources"] = sources_view(kb, [p["source"]])
    prev = _guide_view(kb, passages[i - 1]) if i > 0 else None
    nxt = _guide_view(kb, passages[i + 1]) if i + 1 < len(passages) else None
    return render_template("guide.html", kb=kb, passage=view, prev=prev, next=nxt)
