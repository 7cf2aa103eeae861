"""The documents to index, from the built artifact (plain data: the FTS5 baseline reads them too).

Per article: one "card" (section "") with the article's own text, its title, the headings it stands under
(hoofdstuk, paragraaf) and the keyword-index terms that point at it; then one document per section and per
footnote, each with its anchor text and situation phrasings (indexer/anchors.py). Guide passages (kind "guide", with the citations they explain) and definitions (kind
"definition") are documents of their own."""
from __future__ import annotations

from kb.toc_tree import walk_sections

from .anchors import reference_anchors, situation_texts


def _norm(term: str) -> str:
    return " ".join(term.lower().replace(",", " ").split())


def keyword_terms(artifact: dict) -> dict[str, list[str]]:
    """Article number -> the keyword-index terms (whole paths) that point at it, with the terms that
    send the reader there by "zie" ('Dummy ➤ zie: Blinde' puts 'Dummy' on the articles of 'Blinde')."""
    out: dict[str, list[str]] = {}
    by_head: dict[str, set[str]] = {}
    for k in artifact["keywords"]:
        by_head.setdefault(_norm(k["path"][0]), set()).update(k["articles"])
        by_head.setdefault(_norm(" ".join(k["path"])), set()).update(k["articles"])
        for number in k["articles"]:
            out.setdefault(number, []).append(" ".join(k["path"]))
    for k in artifact["keywords"]:
        if k["articles"] or not k["see"]:
            continue
        for target in k["see"]:
            for number in sorted(by_head.get(_norm(target), ())):
                out.setdefault(number, []).append(" ".join(k["path"]))
    return out


def documents(artifact: dict):
    default = artifact["default_edition"]
    keywords = keyword_terms(artifact)
    anchors, situations = reference_anchors(artifact), situation_texts(artifact)

    def told(key):
        return {"anchors": "\n".join(anchors.get(key, ())), "situations": "\n".join(situations.get(key, ()))}
    for key, art in artifact["articles"].items():
        edition, number = art["edition"], art["article"]
        kw = " ; ".join(dict.fromkeys(keywords.get(number, []))) if edition == default else ""
        title = art["title"] or ""
        base = {"kind": "article", "edition": edition, "article": number, "article_title": title}
        intro = "\n".join([art["text"] or ""] + [u["text"] for u in art.get("unplaced", [])]).strip()
        headings = " ; ".join(h["title"] for h in art.get("headings", []) if h.get("title"))
        yield dict(base, section="", title=title, text=intro, keywords=kw, headings=headings, explains="",
                   **told((edition, number, "")))
        for s in walk_sections(art["sections"]):
            section = s["suffix"]
            yield dict(base, section=section, title=s["title"] or "", text=s["text"] or "",
                       keywords="", headings="", explains="", **told((edition, number, section)))
        for fn in art.get("footnotes", []):
            marker = (fn.get("markers") or [""])[0]
            yield dict(base, section=marker[len(number):] if marker.startswith(number) else "", title="",
                       text=fn["text"], keywords="", headings="", explains="", anchors="", situations="")
    for p in artifact["guide"]:
        yield {"kind": "guide", "edition": "", "article": (p["explains"] or [""])[0], "section": p["id"],
               "article_title": p["title"], "title": p["title"], "text": p["text"], "keywords": "",
               "headings": p.get("topic", ""), "explains": " ".join(p["explains"]), "anchors": "", "situations": ""}
    for d in artifact["definitions"]:
        yield {"kind": "definition", "edition": d["edition"], "article": "", "section": d["term"],
               "article_title": d["term"], "title": d["term"], "text": d["text"], "keywords": "",
               "headings": "", "explains": "", "anchors": "", "situations": ""}


def all_text(artifact: dict, situations: bool = True) -> str:
    """Every searchable text of the artifact, for the vocabulary; without the situation phrasings (the law's
    own texts only), for the glossary check."""
    parts = []
    for d in documents(artifact):
        parts.extend((d["title"], d["article_title"], d["text"], d["keywords"], d["headings"]))
        if situations:
            parts.append(d["situations"])
    return "\n".join(p for p in parts if p)
