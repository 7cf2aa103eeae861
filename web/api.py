"""JSON API of the knowledge base (CONTRACT.md): health, articles, keywords, definitions."""
from __future__ import annotations

from flask import Blueprint, abort, jsonify, request

from kb.toc_tree import walk_sections

from .state import store
from .urls import guide_url, section_url

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def section_json(s: dict) -> dict:
    return {"id": s["id"], "label": s["label"], "title": s["title"], "text": s["text"], "fragment": s["fragment"],
            "sources": [{"file": x["file"], "line": x["line"]} for x in s["sources"]],
            "children": [section_json(c) for c in s["children"]]}


def full_text(art: dict) -> str:
    lines = [art["text"]] if art["text"] else []
    for s in walk_sections(art["sections"]):
        dot = "." if len(s["path"]) < 3 and not s["label"].startswith("(") else ""
        head = " ".join(p for p in (s["label"] + dot, s["title"]) if p)
        lines.append(head + (("\n" + s["text"]) if s["text"] else ""))
    lines += [u["text"] for u in art.get("unplaced", [])]
    return "\n".join(lines)


def ref_json(r: dict, outgoing: bool) -> dict:
    if outgoing:
        return {"edition": r["to_edition"], "article": r["to_article"], "section": r["to_section"] or None,
                "text": r["text"], "sentence": r["sentence"], "from_section": r["section"] or None,
                "status": r["status"]}
    return {"edition": r["edition"], "article": r["article"], "section": r["section"] or None, "text": r["text"],
            "sentence": r["sentence"], "to_section": r["to_section"] or None, "status": r["status"]}


def article_json(edition: str, number: str) -> dict:
    kb = store()
    art = kb.article(edition, number)
    if art is None:
        abort(404, description=f"artikel {number} bestaat niet in editie {edition}")
    sources = [{"file": x["file"], "line": x["line"]} for x in art["sources"]]
    for s in sorted(walk_sections(art["sections"]), key=lambda s: len(s["path"])):  # level by level: the API's order
        sources += [{"file": x["file"], "line": x["line"]} for x in s["sources"]]
    sources += [{"file": u["source"]["file"], "line": u["source"]["line"]} for u in art.get("unplaced", [])]
    seen, unique_sources = set(), []
    for s in sources:
        key = (s["file"], s["line"])
        if key not in seen:
            seen.add(key)
            unique_sources.append(s)
    return {
        "edition": edition, "article": number, "title": art["title"], "text": full_text(art), "intro": art["text"],
        "sections": [section_json(s) for s in art["sections"]],
        "footnotes": [{"number": f["number"], "text": f["text"], "sections": f["markers"]} for f in art["footnotes"]],
        "unplaced": [{"text": u["text"], "note": u["note"]} for u in art.get("unplaced", [])],
        "refs_out": [ref_json(r, True) for r in kb.refs_out(edition, number)],
        "refs_in": [ref_json(r, False) for r in kb.refs_in(edition, number)],
        "keywords": [{"term": k["term"], "path": k["path"]} for k in kb.keywords_for(edition, number)],
        "other_editions": [{"edition": e, "url": section_url(e, number)} for e in kb.editions_with(number) if e != edition],
        "guide": [{"id": p["id"], "title": p["title"], "cites": p["cites"],
                   "url": guide_url(p["id"])} for p in kb.guide_for(number)],
        "related": art.get("related", []),
        "sources": unique_sources, "complete": art["complete"], "has_text": art["has_text"],
        "known_from": art["known_from"], "notes": art["notes"], "url": section_url(edition, number),
    }


@bp.get("/health")
def health():
    kb = store()
    return jsonify({"status": "ok", "editions": kb.edition_ids, "default_edition": kb.default_edition,
                    "articles": sum(1 for a in kb.articles.values() if a["has_text"]), "version": kb.version})


@bp.get("/editions")
def editions():
    kb = store()
    return jsonify({"default": kb.default_edition, "editions": [
        {"id": e, "title": kb.editions[e]["title"], "articles": kb.editions[e]["articles"]} for e in kb.edition_ids]})


@bp.get("/articles/<edition>/<number>")
def article(edition: str, number: str):
    kb = store()
    if edition not in kb.editions:
        abort(404, description=f"onbekende editie {edition!r}; bestaande edities: {', '.join(kb.edition_ids)}")
    return jsonify(article_json(edition, number))


@bp.get("/keywords")
def keywords():
    kb = store()
    q = (request.args.get("q") or "").strip().lower()
    entries = [{"term": k["term"], "path": k["path"], "articles": k["articles"], "see": k["see"],
                "see_also": k["see_also"], "fragment": k["fragment"],
                "source": {"file": k["source"]["file"], "line": k["source"]["line"]}}
               for k in kb.data["keywords"] if not q or q in " ".join(k["path"]).lower()]
    return jsonify({"entries": entries})


@bp.get("/definitions")
def definitions():
    kb = store()
    refs = {term: [{"edition": r["to_edition"], "article": r["to_article"], "section": r["to_section"] or None,
                    "text": r["text"]} for r in found] for term, found in kb.definition_refs.items()}
    return jsonify({"entries": [
        {"term": d["term"], "text": d["text"], "edition": d["edition"], "fragment": d["fragment"],
         "refs": refs.get(d["term"], []), "source": {"file": d["source"]["file"], "line": d["source"]["line"]}}
        for d in kb.data["definitions"]]})
