"""The documents to index, from the built artifact: one per section (the article's own text counts as a
section with an empty id), plus guide passages and definitions."""
from __future__ import annotations


def walk(sections):
    for s in sections:
        yield s
        yield from walk(s.get("children", []))


def keyword_terms(artifact: dict) -> dict[str, list[str]]:
    """Article number -> the keyword-index terms (whole paths) that point at it."""
    out: dict[str, list[str]] = {}
    for k in artifact["keywords"]:
        for number in k["articles"]:
            out.setdefault(number, []).append(" ".join(k["path"]))
    return out


def documents(artifact: dict):
    default = artifact["default_edition"]
    keywords = keyword_terms(artifact)
    for key, art in artifact["articles"].items():
        edition, number = art["edition"], art["article"]
        kw = " ; ".join(keywords.get(number, [])) if edition == default else ""
        base = {"kind": "article", "edition": edition, "article": number, "article_title": art["title"] or "",
                "keywords": kw}
        intro = art["text"] + "\n" + "\n".join(u["text"] for u in art.get("unplaced", []))
        yield dict(base, section="", title=art["title"] or "", text=intro.strip(), path=art["title"] or "")
        for s in walk(art["sections"]):
            yield dict(base, section=s["id"][len(number):], title=s["title"] or "", text=s["text"] or "",
                       path=s["title"] or "")
        for fn in art.get("footnotes", []):
            yield dict(base, section=(fn["markers"] or [""])[0], title="", text=fn["text"], path="voetnoot")
    for p in artifact["guide"]:
        yield {"kind": "guide", "edition": "", "article": (p["explains"] or [""])[0], "section": p["id"],
               "article_title": p["title"], "title": p["title"], "text": p["text"], "keywords": "", "path": p["topic"]}
    for d in artifact["definitions"]:
        yield {"kind": "definition", "edition": d["edition"], "article": "", "section": d["term"],
               "article_title": d["term"], "title": d["term"], "text": d["text"], "keywords": "", "path": ""}
