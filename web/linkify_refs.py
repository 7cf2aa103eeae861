"""What POST /api/v1/linkify and /uitspraak answer about a ruling: its HTML, its references (how each was
resolved, whether the knowledge base holds the cited text) and the cited texts beside it.

Finding the references is kb.citations (the one grammar), rendering kb.markdown_citations; this module
looks the citations up in the current build."""
from __future__ import annotations

from flask import request

from kb.citations import Citation, Target, format_label
from kb.markdown_citations import Link, cite_url, link_markdown, render_markdown, render_text

from .errors import ApiError
from .state import store
from .urls import absolute, article_url


def _base(absolute_links: bool) -> str:
    return request.url_root.rstrip("/") if absolute_links else request.script_root


def article_exists(edition: str | None, cit: Citation, kb=None) -> bool:
    return bool(edition) and (kb or store()).article(edition, cit.article) is not None


def in_text(edition: str, cit: Citation, kb=None) -> bool:
    """Does the knowledge base hold the cited section (or article) in that edition?"""
    kb = kb or store()
    if not cit.path:
        return kb.article(edition, cit.article) is not None
    return kb.section_with_text(edition, cit.article, cit.id) is not None


def nearest_shown(edition: str, cit: Citation, kb=None) -> str:
    """The nearest part of the text that exists: the closest ancestor section, else the article."""
    kb = kb or store()
    for anc in reversed(cit.ancestors()):
        if anc.path and kb.section_with_text(edition, cit.article, anc.id) is not None:
            return anc.id
    return cit.article


def editions_with(cit: Citation, kb=None) -> list[str]:
    kb = kb or store()
    return [ed for ed in kb.edition_ids if kb.article(ed, cit.article) is not None and in_text(ed, cit, kb)]


def linkify_text(text: str, edition: str, fmt: str, absolute_links: bool = False) -> tuple[str, list[Link]]:
    """Sanitized HTML of a ruling and its references (kb.markdown_citations does the work)."""
    from .rulings import sanitize
    render = render_markdown if fmt == "markdown" else render_text
    kb = store()
    html, links = render(text, edition, base_url=_base(absolute_links), editions=kb.edition_ids,
                         exists=lambda ed, cit: article_exists(ed, cit, kb))
    return sanitize(html), links


def ref_url(target: Target, absolute_links: bool = False, kb=None) -> str | None:
    if not article_exists(target.edition, target.citation, kb):
        return None
    return cite_url(_base(absolute_links), target.edition, target.citation)


def _against_json(target: Target) -> dict | None:
    a = target.against
    if a is None:
        return None
    return {"cite": a.citation.id, "edition": a.edition, "label": format_label(a.citation, a.edition),
            "start": a.start, "end": a.end}


def ref_json(text: str, link: Link, t: Target, absolute_links: bool, kb) -> dict:
    start, end = (t.start, t.end) if t.start is not None else (link.start, link.end)
    cit = t.citation
    linked = article_exists(t.edition, cit, kb)
    found = linked and in_text(t.edition, cit, kb)
    out = {"start": start, "end": end, "text": text[start:end], "edition": t.edition, "article": cit.article,
           "section": cit.section, "cite": cit.id, "label": format_label(cit, t.edition),
           "url": ref_url(t, absolute_links, kb), "found": found, "article_found": linked,
           "edition_from": t.edition_from, "resolved_against": _against_json(t)}
    if linked and not found:
        out["shown"] = nearest_shown(t.edition, cit, kb)
        out["editions_with_section"] = editions_with(cit, kb)
    return out


def refs_json(text: str, links: list[Link], absolute_links: bool = False) -> list[dict]:
    kb = store()
    return [ref_json(text, lk, t, absolute_links, kb) for lk in links if lk.rendered for t in lk.targets]


def _other_editions(edition: str, cit: Citation) -> list[dict]:
    return [{"edition": ed, "label": format_label(cit, ed), "url": absolute(article_url(ed, cit.article, cit.id)),
             "path": article_url(ed, cit.article, cit.id)} for ed in editions_with(cit) if ed != edition]


def _parent_preview(r: dict) -> dict | None:
    """Preview of the nearest existing text for a section the text does not hold, with a line that says so
    and the editions that do hold it."""
    from .rulings import lookup, preview_json
    try:
        out = preview_json(lookup(r["shown"], r["edition"]))
    except ApiError:
        return None
    cit = Citation(r["article"], tuple(r["section"] or ""))
    shown = "artikel " + r["shown"] if r["shown"] == r["article"] else r["shown"]
    out.update({"cite": r["cite"], "label": r["label"], "exact": False, "shown": r["shown"],
                "note": f"{cit.label} staat niet in de tekst van Spelregels {r['edition']}; getoond wordt {shown}."})
    return out


def cited_json(refs: list[dict]) -> list[dict]:
    """Every distinct citation of a ruling with its preview, in order of first mention; for a section the
    text does not hold, its parent's, with the editions that hold it."""
    from .rulings import lookup, preview_json
    seen, out = set(), []
    for r in refs:
        key = (r["edition"], r["cite"])
        if key in seen or not r["article_found"]:
            continue
        seen.add(key)
        cit = Citation(r["article"], tuple(_labels(r["section"])))
        if r["found"]:
            try:
                item = preview_json(lookup(r["cite"], r["edition"]))
            except ApiError:
                continue
        else:
            item = _parent_preview(r)
            if item is None:
                continue
        item["other_editions"] = _other_editions(r["edition"], cit) if not r["found"] else []
        out.append(item)
    return out


def _labels(section: str | None) -> list[str]:
    from kb.citations import from_compact
    cit = from_compact("1" + (section or ""))
    return list(cit.path) if cit else []


def linkify_result(opts: dict) -> dict:
    """The answer of POST /api/v1/linkify. Raises kb.citations.TooManyReferences and
    kb.markdown_limits.TextTooDeep (the blueprint turns them into 413 and 400)."""
    text, kb = opts["text"], store()
    html, links = linkify_text(text, opts["edition"], opts["format"], opts["absolute"])
    refs = refs_json(text, links, opts["absolute"])
    out = {"html": html, "refs": refs, "edition": opts["edition"], "format": opts["format"],
           "markdown": link_markdown(text, links, lambda t: ref_url(t, True, kb))}
    if opts["cited"]:
        out["cited"] = cited_json(refs)
    return out
