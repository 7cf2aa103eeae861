"""Pages: the keyword index, the definitions and the players' guide."""
from __future__ import annotations

import difflib

from flask import render_template, url_for

from kb.text import keyword_anchor

from .pages import _fold, _num_key, bp, cite_label, not_found, sources_view
from .render import render_block, term_slug
from .state import store
from .urls import article_url, guide_url, section_url


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
        entry = heads.setdefault(head, {"term": head, "id": keyword_anchor([head]), "entry": None, "subs": []})
        if len(k["path"]) == 1:
            entry["entry"] = k
        else:
            entry["subs"].append(k)
    anchors = {term_slug(h["term"]): h["id"] for h in heads.values()}  # 'zie' names a headword, else a sub-entry
    for k in kb.data["keywords"]:
        if len(k["path"]) > 1:
            anchors.setdefault(term_slug(k["path"][-1]), keyword_anchor(k["path"]))

    def see_links(names: list[str]) -> list[dict]:
        """'zie' / 'zie ook' as links: to the entry when the register has it, else a search for the words."""
        return [{"label": n, "url": f"#{anchors[term_slug(n)]}" if term_slug(n) in anchors
                 else url_for("search.page", q=n)} for n in names]

    edition = kb.default_edition

    def arts(numbers: list[str]) -> list[dict]:
        out = []
        for n in numbers:
            a = kb.article(edition, n)
            out.append({"number": n, "url": article_url(edition, n), "title": a["title"] if a else "",
                        "has_text": bool(a and a["has_text"])})
        return out

    def item(term: str, e: dict, children: list[dict]) -> dict:
        """One entry; one with nothing to link (no articles, no 'zie', no sub-entries) links a search."""
        view = {"term": term, "id": keyword_anchor(e["path"]) if e.get("path") else "",
                "articles": arts(e["articles"]), "see": see_links(e["see"]),
                "see_also": see_links(e["see_also"]), "subs": children, "search": ""}
        if not (view["articles"] or view["see"] or view["see_also"] or children):
            view["search"] = url_for("search.page", q=term)
        return view

    letters: dict[str, list] = {}
    empty = {"articles": [], "see": [], "see_also": []}
    for h in sorted(heads.values(), key=lambda h: _fold(h["term"])):
        level2: dict[str, dict] = {}
        for sub in h["subs"]:  # the book prints three levels: headword, sub-entry, sub-sub-entry
            node = level2.setdefault(sub["path"][1], {"entry": None, "children": []})
            if len(sub["path"]) == 2:
                node["entry"] = sub
            else:
                node["children"].append(sub)
        subs = [item(term, n["entry"] or empty, [item(c["path"][-1], c, []) for c in n["children"]])
                for term, n in level2.items()]
        view = item(h["term"], h["entry"] or empty, subs)
        view["id"] = h["id"]
        letters.setdefault(_letter(h["term"]), []).append(view)
    return render_template("keywords.html", kb=kb, letters=letters, alphabet=[chr(c) for c in range(65, 91)],
                           edition=edition, count=len(kb.data["keywords"]))


@bp.get("/begrippen")
def definitions():
    kb = store()
    entries = []
    for d in sorted(kb.data["definitions"], key=lambda d: _fold(d["term"])):
        uses = sorted(kb.term_uses.get(d["term"], []), key=lambda t: _num_key(t["article"]))
        entries.append({"term": d["term"], "id": "begrip-" + term_slug(d["term"]), "fragment": d["fragment"],
                        "html": render_block(d["text"], d["layers"], href=section_url),
                        "sources": sources_view(kb, [d["source"]]), "edition": d["edition"],
                        "used": [{"label": f"{t['article']}{t['section']}",
                                  "url": section_url(kb.default_edition, t["article"], t["section"])}
                                 for t in uses]})
    return render_template("definitions.html", kb=kb, entries=entries)


def _guide_view(kb, p: dict) -> dict:
    cites = []
    for c in p["explains"]:
        found = kb.resolve(c)
        if found:
            ed, cit = found
            art = kb.article(ed, cit.article)
            cites.append({"label": cite_label(cit.article, cit.path, ed), "url": article_url(ed, cit.article, cit.id),
                          "title": art["title"] if art else "", "cite": cit.id, "edition": ed})
    return {"id": p["id"], "title": p["title"], "level": p["level"], "topic": p["topic"], "cites": cites,
            "url": guide_url(p["id"])}


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
                         [{"url": guide_url(c), "label": next(
                             p["title"] for p in passages if p["id"] == c), "note": ""} for c in close]
                         + [{"url": guide_url(), "label": "Gids bij de spelregels", "note": "alle stukken"}])
    i = ids.index(passage)
    p = passages[i]
    view = _guide_view(kb, p)
    view["html"] = render_block(p["text"], p["layers"])
    view["sources"] = sources_view(kb, [p["source"]])
    prev = _guide_view(kb, passages[i - 1]) if i > 0 else None
    nxt = _guide_view(kb, passages[i + 1]) if i + 1 < len(passages) else None
    return render_template("guide.html", kb=kb, passage=view, prev=prev, next=nxt)
