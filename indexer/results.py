"""What a search answers: its results, the text a snippet is cut from, and one result per article with its other
editions."""
from __future__ import annotations

from dataclasses import dataclass, field

from .query import Plan

NO_TEXT = "De bronnen geven van dit artikel in deze editie geen tekst, alleen de titel."
NO_SECTION_TEXT = "De bronnen geven de tekst van {} in deze editie niet."   # after a title: "…: de bronnen …"


@dataclass
class Result:
    kind: str
    edition: str
    article: str
    section: str
    title: str
    snippet: str
    score: float
    target: tuple = ()   # the page it is on, for web/urls.target_url: ("article", ed, n, section), ("guide", id) …
    other_editions: list[str] = field(default_factory=list)   # the same article found in these editions too

    def to_json(self, url: str) -> dict:
        return {"kind": self.kind, "edition": self.edition or None, "article": self.article or None,
                "section": self.section or None, "title": self.title, "url": url, "snippet": self.snippet,
                "score": round(self.score, 4), "other_editions": self.other_editions}


@dataclass
class Answer:
    results: list[Result]
    suggestion: str | None = None
    plan: Plan | None = None

    @property
    def understood(self) -> str | None:
        """The query as it was searched, when the glossary or a correction rewrote it."""
        return self.plan.understood if self.plan else None


def shown_texts(docs: list[dict]) -> list[tuple[str, bool]]:
    """The text a document's snippet is cut from, and whether it is law text of that document. A section the
    source gives no text of its own shows the first text under it (its subsections), else its title and that
    the sources lack its text: never another section's text. An article's card shows its first text, else its
    title: a snippet is never empty."""
    first_text: dict[tuple[str, str], str] = {}
    for d in docs:
        if d["kind"] == "article" and d["section"] and d.get("text"):
            first_text.setdefault((d["edition"], d["article"]), d["text"])
    out = []
    for i, d in enumerate(docs):
        text = d.get("text") or (_text_under(docs, i) if d["kind"] == "article" else "")
        if not text and d["kind"] == "article" and d["section"]:
            missing = NO_SECTION_TEXT.format(d["article"] + d["section"])
            out.append((f"{d['title']}: {missing[0].lower()}{missing[1:]}" if d.get("title") else missing, False))
            continue
        if not text and d["kind"] == "article":
            text = first_text.get((d["edition"], d["article"]), "")
        # without any text: a guide passage or definition shows its title, an article says it has none
        out.append((text, True) if text else (d.get("title") or d.get("article_title") or NO_TEXT,
                                              d["kind"] != "article"))
    return out


def _text_under(docs: list[dict], i: int) -> str:
    """The first text of the sections under docs[i] (its subsections; every section, for an article's card)."""
    d = docs[i]
    for later in docs[i + 1:i + 40]:
        if (later["edition"], later["article"]) != (d["edition"], d["article"]) \
                or not later["section"].startswith(d["section"]):
            return ""
        if later.get("text"):
            return later["text"]
    return ""


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
