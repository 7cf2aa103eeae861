"""What a result shows: the text its snippet is cut from, and one result per article with its other editions."""
from __future__ import annotations

NO_TEXT = "De bronnen geven van dit artikel in deze editie geen tekst, alleen de titel."


def shown_texts(docs: list[dict]) -> list[str]:
    """The text a document's snippet is cut from. A card or a section the source gives no text of its own (it
    starts with section A, or with its subsections) shows the first text under it, else the article's first
    text, else its title: a snippet is never empty."""
    first_text: dict[tuple[str, str], str] = {}
    for d in docs:
        if d["kind"] == "article" and d["section"] and d.get("text"):
            first_text.setdefault((d["edition"], d["article"]), d["text"])
    out = []
    for i, d in enumerate(docs):
        text = d.get("text") or ""
        if not text and d["kind"] == "article":
            key, section = (d["edition"], d["article"]), d["section"]
            for later in docs[i + 1:i + 40]:
                if (later["edition"], later["article"]) != key or not later["section"].startswith(section):
                    break
                if later.get("text"):
                    text = later["text"]
                    break
            text = text or first_text.get(key, "")
        out.append(text or d.get("title") or d.get("article_title") or NO_TEXT)
    return out


def one_per_article(ranked: list, default: str, has_text: set, limit: int) -> list:
    """One result per article number, at its best position: the default edition's when it has text there (else
    the best edition's), with the other editions it was found in beside it; the first `limit`."""
    by_number: dict[str, list] = {}
    for score, g in ranked:
        if g.kind == "article":
            by_number.setdefault(g.article, []).append((score, g))
    out, placed = [], set()
    for score, g in ranked:
        if len(out) >= limit:
            break
        if g.kind != "article":
            out.append((score, g, []))
            continue
        if g.article in placed:
            continue
        placed.add(g.article)
        group = by_number[g.article]
        main = next((item for item in group if item[1].edition == default and (default, g.article) in has_text),
                    next((item for item in group if (item[1].edition, g.article) in has_text), group[0]))
        others = sorted(x.edition for _, x in group if x is not main[1])
        out.append((max(score, main[0]), main[1], others))
    return out
