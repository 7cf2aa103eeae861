"""Rulings: previews, citation resolving, linkify and the /uitspraak page.

    GET  /api/v1/preview?cite=27B2&edition=1997   short text of one citation (CORS open, for embed.js)
    GET  /api/v1/resolve?cite=…&edition=…          canonical url and house-style label
    POST /api/v1/linkify                           a ruling in, sanitized HTML and its references out
    GET/POST /uitspraak                            paste a ruling, see it linked, copy it

Everything about finding references is kb/citations.py (the one grammar), the markdown side is
kb/markdown_citations.py; this module only looks citations up in the current build and speaks HTTP."""
from __future__ import annotations

import json

import nh3
from flask import Blueprint, current_app, jsonify, render_template, request

from kb.citations import Citation, TooManyReferences, format_label, from_compact, parse_citation
from kb.markdown_limits import TextTooDeep
from kb.toc_tree import walk_sections

from .errors import ApiError
from .render import plain_text
from .ruling_input import MAX_NESTING, encodable, nesting_error
from .linkify_refs import linkify_result
from .state import store
from .urls import absolute, article_url

bp = Blueprint("rulings", __name__)

PREVIEW_CHARS = 400
NEAREST = 5
CITE_MAX = 80


# ---------------------------------------------------------------- looking citations up


def shorten(text: str, limit: int = PREVIEW_CHARS) -> str:
    text = " ".join(plain_text(text).split())  # no table bars or list markers in a preview
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + " …"


def _section_lines(section: dict) -> list[str]:
    """A section's own text, else its children's (label + text), for a preview."""
    if section["text"]:
        return [section["text"]]
    out = []
    for child in section["children"]:
        label = child["label"]
        head = f"{label}." if label and not label.startswith("(") else label
        inner = _section_lines(child)
        if inner:
            out.append(" ".join([head] + inner[:1]) if head else inner[0])
    return out


def _article_lines(art: dict) -> list[str]:
    lines = [art["text"]] if art["text"] else []
    for s in art["sections"]:
        head = f"{s['label']}." if s["label"] else ""
        body = " — ".join(p for p in (s["title"], *_section_lines(s)[:1]) if p)
        if body:
            lines.append(f"{head} {body}".strip())
    return lines


def nearest(edition: str | None, cit: Citation, limit: int = NEAREST) -> list[dict]:
    """Existing citations closest to one that does not exist: its ancestors and siblings in the same
    article, the same citation in other editions, then neighbouring articles."""
    kb = store()
    found: list[tuple[str, str, str]] = []  # (edition, article, cite id)

    def add(ed: str, number: str, cite_id: str) -> None:
        if (ed, number, cite_id) not in found and len(found) < limit:
            found.append((ed, number, cite_id))

    ed = edition or kb.default_edition
    art = kb.article(ed, cit.article)
    if art is not None:
        ids = [s["id"] for s in walk_sections(art["sections"])]
        for anc in reversed(cit.ancestors()):
            if anc.path and anc.id in ids:
                add(ed, cit.article, anc.id)
        prefix_len = lambda i: next((n for n, (a, b) in enumerate(zip(i, cit.id)) if a != b), min(len(i), len(cit.id)))
        for i in sorted(ids, key=lambda i: (-prefix_len(i), len(i), i)):
            if i != cit.id:
                add(ed, cit.article, i)
        add(ed, cit.article, cit.article)
    for other in kb.editions_with(cit.article, text_only=False):
        if other == ed:
            continue
        if not cit.path or kb.section(other, cit.article, cit.id):
            add(other, cit.article, cit.id)
        else:
            add(other, cit.article, cit.article)
    if cit.article.isdigit():
        numbers = [n for n in kb.editions[ed]["articles"] if n.isdigit()] if ed in kb.editions else []
        for n in sorted(numbers, key=lambda n: (abs(int(n) - int(cit.article)), int(n))):
            add(ed, n, n)
    return [{"cite": c, "edition": e, "label": format_label(from_compact(c) or Citation(n), e),
             "url": absolute(article_url(e, n, c))} for e, n, c in found]


def lookup(cite: str | None, edition: str | None) -> dict:
    """One citation in the current build: what previews and resolve share. Raises ApiError."""
    kb = store()
    cite = (cite or "").strip()
    if not cite:
        raise ApiError(400, "geef een citaat mee, bijvoorbeeld ?cite=27B2")
    if len(cite) > CITE_MAX:
        raise ApiError(400, f"citaat te lang (hoogstens {CITE_MAX} tekens)")
    edition = (edition or "").strip() or None
    if edition is not None and edition not in kb.editions:
        raise ApiError(400, f"onbekende editie {edition!r}", editions=kb.edition_ids)
    cit = parse_citation(cite)
    if cit is None:
        raise ApiError(400, f"{cite!r} is geen artikelcitaat (voorbeelden: 27, 27B1b, art. 27 lid B sub 1 (b))")
    resolved = kb.resolve(cite, edition)
    if resolved is None:
        where = f"editie {edition}" if edition else "geen enkele editie"
        raise ApiError(404, f"artikel {cit.article} bestaat niet in {where}",
                           nearest=nearest(edition, cit))
    ed, cit = resolved
    art = kb.article(ed, cit.article)
    section, shown, exact = None, None, True
    if cit.path:
        section = kb.section_with_text(ed, cit.article, cit.id)
        if section is None:
            # The article exists but this section is not in the text we have. Only an article whose text is
            # complete proves that the section does not exist; otherwise show the nearest part we do have.
            if art["complete"] and kb.section(ed, cit.article, cit.id) is None:   # not even a placeholder
                raise ApiError(404, f"{format_label(cit, ed)} bestaat niet", nearest=nearest(ed, cit))
            exact = False
            for anc in reversed(cit.ancestors()):
                if anc.path and (s := kb.section_with_text(ed, cit.article, anc.id)) is not None:
                    section, shown = s, anc.id
                    break
            else:
                shown = cit.article
    return {"edition": ed, "citation": cit, "article": art, "section": section, "exact": exact,
            "shown": shown}


CORS_ENDPOINTS = ("rulings.preview", "rulings.resolve")


@bp.after_request
def _cors(resp):
    """Previews and resolving are open to any origin, their errors (from web/errors.py) too."""
    if request.endpoint in CORS_ENDPOINTS:
        resp.headers["Access-Control-Allow-Origin"] = "*"
        resp.headers["Access-Control-Allow-Methods"] = "GET, OPTIONS"
        resp.headers["Access-Control-Max-Age"] = "86400"
    return resp


def citation_json(found: dict) -> dict:
    ed, cit = found["edition"], found["citation"]
    path = article_url(ed, cit.article, cit.id)
    return {"cite": cit.id, "edition": ed, "article": cit.article, "section": cit.section,
            "label": format_label(cit, ed), "url": absolute(path), "path": path, "exact": found["exact"]}


def preview_json(found: dict) -> dict:
    art, section = found["article"], found["section"]
    if section is not None:
        title = section["title"] or art["title"]
        lines = _section_lines(section)
    else:
        title = art["title"]
        lines = _article_lines(art)
    out = citation_json(found)
    has_text = bool(lines) if section is not None else art["has_text"]
    out.update({"title": title, "article_title": art["title"], "text": shorten(" ".join(lines)),
                "has_text": has_text})
    if not found["exact"]:
        cit, ed = found["citation"], found["edition"]
        shown = found["shown"]
        out["shown"] = shown
        out["note"] = (f"{cit.label} staat niet in de beschikbare tekst van Spelregels {ed}; "
                       f"getoond wordt {'artikel ' + shown if shown == cit.article else shown}.")
    elif not lines:
        out["note"] = "De tekst hiervan ontbreekt in de kennisbank."
    elif not has_text:
        out["note"] = "Van dit artikel staan alleen de kopjes in de kennisbank, niet de tekst."
    return out


def _citation_endpoint(make_json):
    """GET ?cite=&edition= answered by make_json(lookup), CORS open, errors as JSON (ApiError)."""
    if request.method == "OPTIONS":
        return current_app.response_class(status=204)
    found = lookup(request.args.get("cite"), request.args.get("edition"))
    resp = jsonify(make_json(found))
    resp.headers["Cache-Control"] = "public, max-age=300"
    resp.vary.add("Host")  # "url" is absolute, built from the Host header: a shared cache keeps one per host
    return resp


@bp.route("/api/v1/preview", methods=["GET", "OPTIONS"])
def preview():
    return _citation_endpoint(preview_json)


@bp.route("/api/v1/resolve", methods=["GET", "OPTIONS"])
def resolve():
    return _citation_endpoint(citation_json)


# ---------------------------------------------------------------- linkify

FORMATS = ("markdown", "text")
ALLOWED_TAGS = {"p", "br", "a", "span", "strong", "em", "b", "i", "u", "s", "del", "ins", "sub", "sup", "code",
                "pre", "kbd", "blockquote", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "table",
                "thead", "tbody", "tr", "th", "td", "dl", "dt", "dd", "abbr"}
_CITE_ATTRS = {"title", "data-cite", "data-edition", "data-edition-from", "data-against"}
_CLEANER = nh3.Cleaner(
    tags=ALLOWED_TAGS,
    clean_content_tags={"script", "style"},
    attributes={"a": {"href", "title", *_CITE_ATTRS}, "span": _CITE_ATTRS, "abbr": {"title"},
                "th": {"align"}, "td": {"align"}, "ol": {"start"}},
    allowed_classes={"a": {"cite"}, "span": {"cite", "cite-missing"}},
    url_schemes={"http", "https", "mailto"},
    link_rel="noopener noreferrer",
    strip_comments=True,
)


def sanitize(html: str) -> str:
    """The only HTML a ruling may produce: text markup and links (http, https, mailto, relative)."""
    return _CLEANER.clean(html)


JSON_TYPES = ("application/json",)
def read_linkify_request() -> dict:
    """The JSON body of a linkify request, checked. Raises ApiError (400, 413 or 415).

    Only application/json is read: a browser posts text/plain and forms cross-site without asking (no
    preflight), so those are refused (415) and no foreign page can make its visitors post rulings here."""
    if request.mimetype not in JSON_TYPES:
        raise ApiError(415, "stuur de uitspraak als JSON (Content-Type: application/json)",
                           content_type=request.mimetype or None)
    limit = current_app.config["MAX_LINKIFY_BYTES"]
    too_big = ApiError(413, f"de tekst is te groot (hoogstens {limit // 1024} KB)", limit=limit)
    if request.content_length is not None and request.content_length > limit:
        raise too_big
    try:
        raw = request.stream.read(limit + 1)
    except Exception:  # a broken chunked body, a client gone mid-body
        raise ApiError(400, "de body kon niet gelezen worden (onvolledig of ongeldig gecodeerd)") from None
    if len(raw) > limit:
        raise too_big
    try:
        body = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise ApiError(400, "de JSON is te diep genest") from None
    except (UnicodeDecodeError, ValueError):
        raise ApiError(400, "de body is geen geldige JSON (verwacht: {\"text\": …, \"edition\": …})") from None
    if not isinstance(body, dict):
        raise ApiError(400, "verwacht een JSON-object met \"text\"")
    for key, value in body.items():
        if isinstance(value, str) and not encodable(key + value):
            raise ApiError(400, f"\"{key}\" bevat een ongeldig teken (een losse surrogaat, \\ud800–\\udfff)")
    text = body.get("text")
    if isinstance(text, str) and (problem := nesting_error(text, body.get("format") != "text")):
        raise ApiError(400, problem, max_nesting=MAX_NESTING)
    return body


def linkify_options(body: dict) -> dict:
    kb = store()
    text = body.get("text")
    if not isinstance(text, str):
        raise ApiError(400, "\"text\" ontbreekt of is geen tekst")
    edition = body.get("edition")
    if edition is None or edition == "":
        edition = kb.default_edition
    if isinstance(edition, int) and not isinstance(edition, bool):
        edition = str(edition)
    if not isinstance(edition, str) or edition not in kb.editions:
        raise ApiError(400, f"onbekende editie {edition!r}", editions=kb.edition_ids)
    fmt = body.get("format") or "markdown"
    if fmt not in FORMATS:
        raise ApiError(400, f"onbekend formaat {fmt!r}", formats=list(FORMATS))
    flags = {}
    for name in ("absolute", "cited"):
        value = body.get(name, False)
        if not isinstance(value, bool):
            raise ApiError(400, f"\"{name}\" moet true of false zijn")
        flags[name] = value
    return {"text": text, "edition": edition, "format": fmt, **flags}


TOO_DEEP = "De opmaak is te diep genest (lijsten, citaten of haakjes in elkaar)."


def too_many(limit: int) -> str:
    return f"De tekst heeft te veel verwijzingen (hoogstens {limit})."


@bp.post("/api/v1/linkify")
def linkify():
    try:
        return jsonify(linkify_result(linkify_options(read_linkify_request())))
    except TooManyReferences as exc:
        raise ApiError(413, too_many(exc.limit), limit=exc.limit) from None
    except TextTooDeep:
        raise ApiError(400, TOO_DEEP) from None


# ---------------------------------------------------------------- /uitspraak

EXAMPLE = ("**Uitspraak.** Volgens artikel 16A mag Zuid geen actie kiezen die door de denkpauze van zijn partner "
           "is gesuggereerd (3♥ +1, NZ 170). De wedstrijdleider wijzigt de score op grond van artikel 12C1; "
           "zie ook de artikelen 73C en 73D.")


@bp.route("/uitspraak", methods=["GET", "POST"])
def uitspraak():
    kb = store()
    form = request.form if request.method == "POST" else request.args
    text = form.get("tekst", "")
    edition = form.get("editie") or kb.default_edition
    fmt = form.get("formaat") or "markdown"
    error, result, status = None, None, 200
    if edition not in kb.editions:
        error, status, edition = f"Onbekende editie {edition!r}; kies uit {', '.join(kb.edition_ids)}.", 400, \
            kb.default_edition
    elif fmt not in FORMATS:
        error, status, fmt = "Kies als formaat markdown of platte tekst.", 400, "markdown"
    elif len(text.encode("utf-8")) > current_app.config["MAX_LINKIFY_BYTES"]:
        error, status = (f"De tekst is te groot (hoogstens {current_app.config['MAX_LINKIFY_BYTES'] // 1024} KB).",
                         413)
    elif text.strip():
        text = text.replace("\r\n", "\n")
        try:
            result = linkify_result({"text": text, "edition": edition, "format": fmt, "absolute": True,
                                     "cited": True})
        except TooManyReferences as exc:
            error, status = too_many(exc.limit), 413
        except TextTooDeep:
            error, status = TOO_DEEP, 400
    if result is not None:
        result["html_absolute"] = result["html"]
        missing = {}
        for r in result["refs"]:
            if not r["article_found"]:
                missing.setdefault((r["edition"], r["cite"]), r)
        result["missing"] = list(missing.values())
    return render_template("uitspraak.html", kb=kb, text=text, edition=edition, fmt=fmt, result=result,
                           error=error, example=EXAMPLE), status
