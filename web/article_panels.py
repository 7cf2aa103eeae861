"""The article page's panels: the previous and next article, the reference map, and "zie ook" (references out
and in, keyword entries, the article in other editions, guide passages, related articles)."""
from __future__ import annotations

from flask import url_for
from markupsafe import Markup

from kb.citations import from_compact
from kb.text import keyword_anchor

from .api import article_json
from .pages import cite_label, status_of
from .render import reference_map
from .urls import article_url, keywords_url, section_url


def neighbours(kb, edition: str, number: str) -> tuple[dict | None, dict | None]:
    arts = kb.editions[edition]["articles"]
    i = arts.index(number) if number in arts else -1
    def one(j):
        if i < 0 or not 0 <= j < len(arts):
            return None
        n = arts[j]
        return {"number": n, "title": kb.article(edition, n)["title"], "url": article_url(edition, n),
                "label": "Bijlage" if n == "bijlage" else f"Artikel {n}"}
    return one(i - 1), one(i + 1)


def refmap(kb, edition: str, number: str) -> Markup:
    hood = kb.neighbourhood(edition, number)

    def node(n):
        a = kb.article(edition, n)
        return {"label": f"Art. {n}", "title": f"Artikel {n} {a['title'] if a else ''}".strip(),
                "url": article_url(edition, n)}
    art = kb.article(edition, number)
    return reference_map({"label": f"Art. {number}", "title": f"Artikel {number} {art['title']}".strip()},
                         [node(n) for n in hood["in"]], [node(n) for n in hood["out"]],
                         caption=f"Verwijzingen van en naar artikel {number} ({kb.editions[edition]['short']})")


def see_also(kb, edition: str, number: str) -> dict:
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
                         "url": section_url(r["edition"], r["article"], r["section"] or ""),
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
                        "url": section_url(r["edition"], r["article"], r["section"] or "") if r["article"] else "",
                        "before": parts[0], "match": parts[1], "after": parts[2]})
    keywords = [{"label": " › ".join(k["path"]), "url": keywords_url(keyword_anchor(k["path"]))}
                for k in data["keywords"]]
    others = []
    art = kb.article(edition, number)
    for e in kb.editions_with(number, text_only=False):
        if e == edition:
            continue
        other = kb.article(e, number)
        comparable = art["has_text"] and other["has_text"]
        lo, hi = sorted([e, edition])
        others.append({"edition": e, "short": kb.editions[e]["short"], "url": article_url(e, number),
                       "status": status_of(other)[1],
                       "compare": url_for("pages.compare", number=number, van=lo, naar=hi) if comparable else ""})
    guide = [{"title": g["title"], "url": g["url"], "cites": g["cites"]} for g in data["guide"]]
    related = [{"label": f"Artikel {n}", "title": (kb.article(edition, n) or {}).get("title", ""),
                "url": article_url(edition, n)} for n in data["related"]]
    return {"out": out_refs, "in": in_refs, "keywords": keywords, "others": others, "guide": guide,
            "related": related}
