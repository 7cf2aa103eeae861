"""One article in two editions, sections paired by content.

Every section of both sides is compared with every section of the other by the words of its title and text
together (so a changed title counts; with its sub-sections' text too, where that matches better), and the pairs are chosen as one assignment over all of them (a maximum
weight matching), never by label: a renumbered section pairs with its counterpart, an added or removed one
with nothing. A section without any words of its own (its text is not in the source) cannot be paired by
content; it pairs with the section of the same number on the other side when that one is still free."""
from __future__ import annotations

from difflib import SequenceMatcher

import networkx as nx

from .text import fold
from .toc_tree import walk_sections

MIN_SIMILARITY = 0.4  # below this two sections are not the same provision
SAME_NUMBER_BONUS = 1e-3  # breaks ties between equally similar candidates


def flat_sections(sections: list[dict]) -> list[dict]:
    return [{"id": s["id"], "label": s["label"], "title": s["title"] or "", "text": s["text"] or "",
             "depth": len(s["path"]) - 1, "fragment": bool(s["fragment"]), "whole": subtree_text(s)}
            for s in walk_sections(sections)]


def subtree_text(section: dict) -> str:
    """The text of a section with its sub-sections (a lid whose text stands in its numbered items)."""
    return " ".join(s["text"] or "" for s in walk_sections([section]))


def words(title: str, text: str) -> list[str]:
    return fold(f"{title} {text}").split()


def similarity(a: list[str], b: list[str], cut: tuple[bool, bool] = (False, False)) -> float:
    """The share of words in common (2M / (|a| + |b|)). Where a side is a fragment that the source cuts off
    (cut), the share of that side's words found in the other (M / its length): the rest is not there to
    compare; both cut: M / the shorter."""
    if not a and not b:
        return 1.0
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    if not (cut[0] or cut[1]) or not a or not b:
        return matcher.ratio()
    common = sum(block.size for block in matcher.get_matching_blocks())
    size = min(len(a), len(b)) if cut[0] and cut[1] else len(a) if cut[0] else len(b)
    return common / size


def match(left: list[dict], right: list[dict]) -> dict[int, tuple[int, float]]:
    """Index on the left -> (index on the right, similarity): the assignment of greatest total similarity."""
    lw = [words(s["title"], s["text"]) for s in left]
    rw = [words(s["title"], s["text"]) for s in right]
    lwhole = [words(s["title"], s.get("whole", s["text"])) for s in left]
    rwhole = [words(s["title"], s.get("whole", s["text"])) for s in right]
    graph = nx.Graph()
    sims = {}
    for i, a in enumerate(lw):
        for j, b in enumerate(rw):
            if not a or not b:
                continue
            cut = (left[i]["fragment"], right[j]["fragment"])
            sim = similarity(a, b, cut)
            if left[i]["depth"] == right[j]["depth"]:  # a lid of the same level may keep its text in its items
                sim = max(sim, similarity(lwhole[i], rwhole[j], cut))
            if sim >= MIN_SIMILARITY:
                sims[i, j] = sim
                bonus = SAME_NUMBER_BONUS if left[i]["id"] == right[j]["id"] else 0.0
                graph.add_edge(("l", i), ("r", j), weight=sim + bonus)
    pairs = {}
    for u, v in nx.max_weight_matching(graph):
        (_, i), (_, j) = sorted([u, v])
        pairs[i] = (j, sims[i, j])
    # sections without words of their own: the same number, when it is still free
    taken = {j for j, _ in pairs.values()}
    by_id = {s["id"]: j for j, s in enumerate(right)}
    for i, s in enumerate(left):
        j = by_id.get(s["id"])
        if i not in pairs and j is not None and j not in taken and (not lw[i] or not rw[j]):
            pairs[i] = (j, similarity(lw[i], rw[j], (s["fragment"], right[j]["fragment"])) if lw[i] and rw[j] else 0.0)
            taken.add(j)
    return pairs


def change_of(van: dict | None, naar: dict | None, sim: float, complete: tuple[bool, bool]) -> str:
    """What happened to a section, as far as the sources tell: a side without words of its own is no_text
    (nothing to say it was added or removed), a fragment that matches is same_so_far."""
    if any(s is not None and not (s["title"] or s["text"]) for s in (van, naar)):
        return "no_text"
    if van is None:
        return "added" if complete[0] else "missing_van"
    if naar is None:
        return "removed" if complete[1] else "missing_naar"
    if van["id"] != naar["id"]:
        return "renumbered"
    if sim == 1.0:
        return "same_so_far" if van.get("fragment") or naar.get("fragment") else "same"
    return "changed"


def compare_articles(van: dict, naar: dict) -> list[dict]:
    """The pairs of two article dicts (artifact form) in reading order of the newer side: each has van, naar
    (section ids or None), similarity (0..1) and change (same, same_so_far, changed, renumbered, added,
    removed, no_text, missing_van / missing_naar where that side's source is not complete)."""
    complete = (bool(van.get("complete")), bool(naar.get("complete")))
    out: list[tuple[tuple, dict]] = []
    left = intro(van, complete[0]) + flat_sections(van.get("sections", []))
    right = intro(naar, complete[1]) + flat_sections(naar.get("sections", []))
    pairs = match(left, right)
    paired_right = {j for j, _ in pairs.values()}
    last = -1
    for i, s in enumerate(left):
        if i in pairs:
            j, sim = pairs[i]
            last = j
            out.append(((j, 0), pair(s, right[j], sim, complete)))
        else:
            out.append(((last, 1 + i), pair(s, None, 0.0, complete)))
    for j, s in enumerate(right):
        if j not in paired_right:
            out.append(((j, 0), pair(None, s, 0.0, complete)))
    return [p for _, p in sorted(out, key=lambda kp: kp[0])]


def intro(art: dict, complete: bool) -> list[dict]:
    """The text before the first section, compared like a section (its id: the article number)."""
    text = art.get("text") or ""
    return [{"id": art["article"], "label": "", "title": "", "text": text, "depth": 0, "fragment": not complete}] if text else []


def pair(van: dict | None, naar: dict | None, sim: float, complete: tuple[bool, bool]) -> dict:
    return {"van": van["id"] if van else None, "naar": naar["id"] if naar else None,
            "similarity": round(sim, 3), "change": change_of(van, naar, sim, complete)}
