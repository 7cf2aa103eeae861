"""One table of contents per edition: hoofdstuk › deel › paragraaf › artikel, each heading once, each article
once, built from every source of the edition together.

A source prints a heading directly before an article (Article.heads); the same heading printed by several
sources (a template that repeats its headings, the table of contents and the text) is one event. The events,
in article order, open and close the headings. What the sources do not print is curated in
annotations/toc.tsv with its reason: a heading that must stand somewhere (the paragraaf numbering starts
again, so a deel begins) and an article whose place no source shows. A heading's title the sources do not
give stays empty (null), unless the curated row names the edition it is taken from (``title_from``).
An article's title may come from another edition, and then says so."""
from __future__ import annotations

from dataclasses import dataclass, field

from .corpus import Corpus, CorpusError, anchored_line
from .model import Article
from .text import fold

RANK = {"hoofdstuk": 0, "deel": 1, "paragraaf": 2}
ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50}


def roman(numeral: str) -> int:
    total = 0
    for i, c in enumerate(numeral):
        value = ROMAN.get(c, 0)
        total += -value if i + 1 < len(numeral) and ROMAN.get(numeral[i + 1], 0) > value else value
    return total


@dataclass
class Event:
    """A heading that stands directly before an article."""
    article: str
    kind: str
    number: str
    title: str | None
    title_from: str | None
    sources: list[dict] = field(default_factory=list)
    inferred: bool = False
    reason: str = ""


def article_order(number: str) -> tuple[int, int, str]:
    return (0, int(number), "") if number.isdigit() else (1, 0, number)


def source_events(arts: dict[str, Article]) -> dict[str, list[Event]]:
    """The headings the sources print, merged: one event per (kind, number) before an article."""
    out: dict[str, list[Event]] = {}
    for number, art in arts.items():
        for h in art.heads:
            events = out.setdefault(number, [])
            same = next((e for e in events if (e.kind, e.number) == (h.kind, h.number)), None)
            if same is None:
                events.append(Event(number, h.kind, h.number, h.title or None, "source" if h.title else None))
                same = events[-1]
            elif h.title and (not same.title or fold(h.title).startswith(fold(same.title))):
                same.title, same.title_from = h.title, "source"  # a chunk may cut a title short ('De' Score)
            if h.file and {"file": h.file, "line": h.line} not in same.sources:
                same.sources.append({"file": h.file, "line": h.line})
    for events in out.values():
        events.sort(key=event_order)
    return out


def event_order(e: Event) -> tuple[int, int]:
    return RANK[e.kind], roman(e.number)


def curated_rows(corpus: Corpus, edition: str) -> list[dict]:
    rows = [r for r in corpus.annotations.get("toc", []) if r.get("edition") == edition]
    for row in rows:
        if row.get("kind") not in (*RANK, "artikel"):
            raise CorpusError(row["_file"], row["_line"], f"kind {row.get('kind')!r}: hoofdstuk, deel, paragraaf or artikel")
        if not row.get("reason"):
            raise CorpusError(row["_file"], row["_line"], "a curated part of the structure needs its reason")
        if row.get("source"):
            source = corpus.source(row["source"] + "_")
            row["_anchor"] = {"file": source.name, "line": anchored_line(source, row)}
    return rows


def curated_title(row: dict, events_elsewhere: dict[str, dict[str, list[Event]]]) -> tuple[str | None, str | None]:
    """The title a curated heading takes from another edition, checked against that edition's headings."""
    other = row.get("title_from", "")
    if not other:
        return None, None
    found = [e for events in events_elsewhere.get(other, {}).values() for e in events
             if (e.kind, e.number) == (row["kind"], row["number"]) and e.title]
    if not found or (row.get("title") and fold(found[0].title) != fold(row["title"])):
        raise CorpusError(row["_file"], row["_line"],
                          f"edition {other} prints no {row['kind']} {row['number']} {row.get('title', '')!r}")
    return found[0].title, other


def add_curated(events: dict[str, list[Event]], rows: list[dict], elsewhere: dict) -> dict[str, str]:
    """Curated headings into the events; returns the curated reasons for articles' places."""
    placed: dict[str, str] = {}
    for row in rows:
        if row["kind"] == "artikel":
            placed[row["before"]] = row["reason"]
            continue
        title, title_from = curated_title(row, elsewhere)
        evs = events.setdefault(row["before"], [])
        if any((e.kind, e.number) == (row["kind"], row["number"]) for e in evs):
            raise CorpusError(row["_file"], row["_line"], f"the sources already print {row['kind']} {row['number']}")
        evs.append(Event(row["before"], row["kind"], row["number"], title, title_from,
                         [row["_anchor"]] if "_anchor" in row else [], inferred=True, reason=row["reason"]))
        evs.sort(key=event_order)
    return placed


def heading_node(e: Event) -> dict:
    return {"kind": e.kind, "number": e.number, "title": e.title, "title_from": e.title_from, "inferred": e.inferred,
            "reason": e.reason, "sources": e.sources, "children": []}


def article_title(art: Article, others: dict[str, dict[str, Article]]) -> tuple[str | None, str | None]:
    """The title and where it comes from: "source", or the nearest edition that has it when this one has
    none (also when a curated title was taken from that edition)."""
    nearest = sorted(others, key=lambda e: abs(int(e) - int(art.edition)) if e.isdigit() and art.edition.isdigit() else 99)
    titled = [(e, others[e][art.number].title) for e in nearest if art.number in others[e] and others[e][art.number].title]
    if art.title and art.title_source == "curated":
        return art.title, next((e for e, t in titled if fold(t) == fold(art.title)), "source")
    if art.title:
        return art.title, "source"
    return (titled[0][1], titled[0][0]) if titled else (None, None)


def placed_by_sources(order: list[str], events: dict[str, list[Event]], arts: dict[str, Article],
                      curated: dict[str, str]) -> dict[str, str]:
    """Article -> "" where the sources show its place: a heading directly before it, an article directly
    before it in one source (no heading between) whose place is shown, or two headings of one kind with
    consecutive numbers around it. Where a curated row gives the place: its reason (also for the articles
    that follow it without a gap)."""
    out: dict[str, str] = {}
    for i, number in enumerate(order):
        previous = order[i - 1] if i else None
        if number in events:
            out[number] = ""
        elif number in curated:
            out[number] = curated[number]
        elif previous in out and previous in arts[number].follows:
            out[number] = out[previous]
    for i, number in enumerate(order):
        if number in out or not number.isdigit():
            continue
        before = next((e for n in reversed(order[:i]) for e in reversed(events.get(n, []))), None)
        after = next((e for n in order[i + 1:] for e in events.get(n, [])), None)
        if before and after and before.kind == after.kind and roman(after.number) == roman(before.number) + 1:
            out[number] = ""
    return out


def build_tree(edition: str, arts: dict[str, Article], events: dict[str, list[Event]], placed: dict[str, str],
               others: dict[str, dict[str, Article]], warnings: list[str]) -> list[dict]:
    order = sorted(arts, key=article_order)
    known = placed_by_sources(order, events, arts, placed)
    roots: list[dict] = []
    stack: list[dict] = []
    last_number: dict[tuple, int] = {}  # (id of the parent, kind) -> number of the last heading of that kind
    for number in order:
        art = arts[number]
        if not number.isdigit():  # an appendix stands outside the chapters
            stack = []
        for e in events.get(number, []):
            while stack and RANK[stack[-1]["kind"]] >= RANK[e.kind]:
                stack.pop()
            key = (id(stack[-1]) if stack else 0, e.kind)
            if roman(e.number) <= last_number.get(key, 0):
                warnings.append(f"{edition}: {e.kind} {e.number} voor artikel {number} begint de nummering opnieuw "
                                f"zonder kop erboven (annotations/toc.tsv)")
            last_number[key] = roman(e.number)
            node = heading_node(e)
            node["id"] = (stack[-1]["id"] + "-" if stack else "") + f"{e.kind}-{e.number}".lower()
            (stack[-1]["children"] if stack else roots).append(node)
            stack.append(node)
        title, title_from = article_title(art, others)
        if stack and number not in known:  # no source shows its place: outside the structure, reported
            warnings.append(f"{edition}: de plaats van artikel {number} in de inhoud staat in geen bron "
                            f"(annotations/toc.tsv)")
        reason = known.get(number, "")
        (stack[-1]["children"] if stack and number in known else roots).append({
            "kind": "artikel", "number": number, "title": title, "title_from": title_from, "inferred": bool(reason),
            "reason": reason, "sources": [], "children": []})
    return roots


def build_tocs(corpus: Corpus, articles: dict[str, dict[str, Article]], warnings: list[str]) -> dict[str, list[dict]]:
    events = {edition: source_events(arts) for edition, arts in articles.items()}
    out = {}
    for edition, arts in articles.items():
        elsewhere = {e: ev for e, ev in events.items() if e != edition}
        placed = add_curated(events[edition], curated_rows(corpus, edition), elsewhere)
        others = {e: a for e, a in articles.items() if e != edition}
        out[edition] = build_tree(edition, arts, events[edition], placed, others, warnings)
    return out

