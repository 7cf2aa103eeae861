"""Where a chunk of the chunk format belongs, decided in this order: a heading at its start; a curated placement
(annotations/000_chunks.tsv); evidence (the same text or section title in another source or in the table of
contents); continuity with the last heading seen, reported as uncertain. Each decision is a Placement that
names its file and line. Line parsing (kb/parse_chunks.py) asks `place` first, then cuts the line."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from .chunk_markers import marker_label, predecessor, start_path_from_markers
from .citations import from_compact
from .corpus import CorpusError
from .model import Article
from .text import fold

SHINGLE = 6  # words that key the search for the same text in another source
TITLE_KEY_WORDS = 2  # a section title must have this many words to count as evidence


def comparable(text: str) -> str:
    """Text folded for comparing sources: footnote markers ('*', ' 1)', '¹⁾') dropped."""
    return fold(re.sub(r"\*|(?<=\S) \d\)|[¹²³⁴⁵⁶⁷⁸⁹]⁾", "", text))


@dataclass
class Placement:
    article: str
    path: tuple[str, ...] | None  # None: place inside the article unknown
    how: str  # heading | curated | evidence:… | continuity
    certain: bool
    reason: str = ""
    line: int = 0
    file: str = ""  # the source file of the chunk


class Evidence:
    """What the other sources say, indexed once per build and shared by every chunk source: the same text
    (by runs of SHINGLE words) and the same section titles."""

    def __init__(self, others: list[Article]):
        self.others = others

    @cached_property
    def by_number(self) -> dict[str, list[Article]]:
        out: dict[str, list[Article]] = {}
        for other in self.others:
            out.setdefault(other.number, []).append(other)
        return out

    @cached_property
    def titles_by_start(self) -> dict[tuple[str, int, str], list[tuple[str, tuple[str, ...]]]]:
        """(label, level, folded title) -> (article, path) of the other sources' section titles."""
        index: dict[tuple[str, int, str], list] = {}
        for other in self.others:
            for sec in other.walk():
                cit = from_compact(sec.id)
                if cit and sec.title:
                    add_title(index, sec.label, len(cit.path), sec.title, other.number, cit.path)
        return index

    @cached_property
    def blocks_by_shingle(self) -> dict[str, list[tuple[str, str, str]]]:
        """Every run of SHINGLE words in the other sources -> the blocks holding it (linear to build)."""
        index: dict[str, list] = {}
        for other in self.others:
            blocks = [("", comparable(other.text))] + [(sec.id[len(other.number):], comparable(sec.text))
                                                       for sec in other.walk()]
            for path, body in blocks:
                words = body.split()
                for i in range(len(words) - SHINGLE + 1):
                    index.setdefault(" ".join(words[i:i + SHINGLE]), []).append((other.number, path, body))
        return index


def add_title(index: dict, label: str, level: int, title: str, number: str, path: tuple[str, ...]) -> None:
    key = fold(title)
    if len(key) > 8 and len(key.split()) >= TITLE_KEY_WORDS:
        index.setdefault((label, level, key), []).append((number, path))


def leading_markers(text: str, tokens: list) -> list[tuple]:
    """(label, level, the run after it, token) of the markers a line opens with, up to the first heading."""
    markers = []
    for tok in tokens:
        if not tok.group("mark"):
            break
        label, level = marker_label(tok.group("mark"))
        run_end = next((t.start() for t in tokens if t.start() > tok.start()), len(text))
        markers.append((label, level, text[tok.end(): run_end].strip(), tok))
    return markers


class Placer:
    """The placement half of ChunkParser (kb/parse_chunks.py), which provides source, toc, curated_chunks,
    evidence, result, last_article and last_path."""

    def title_evidence(self, label: str, level: int, run: str) -> dict[str, tuple[str, ...] | None]:
        """Articles whose table of contents (level 1) or other-edition section with this label has a
        title that the run starts with, with the section's path where another edition gives it."""
        words = fold(run).split()
        hits: dict[str, tuple[str, ...] | None] = {}
        for n in range(TITLE_KEY_WORDS, len(words) + 1):
            key = (label, level, " ".join(words[:n]))
            for number, path in self.toc_titles.get(key, []) + self.evidence.titles_by_start.get(key, []):
                hits.setdefault(number, path)
        return hits

    @cached_property
    def toc_titles(self) -> dict[tuple[str, int, str], list[tuple[str, tuple[str, ...]]]]:
        index: dict[tuple[str, int, str], list] = {}
        for number, toc in self.toc.items():
            for label, title in toc.sections.items():
                add_title(index, label, 1, title, number, (label,))
        return index

    def text_evidence(self, text: str) -> tuple[str, tuple[str, ...]] | None:
        probe = comparable(text)
        if text[:1].islower():  # a chunk may start mid-word ('derlinge afspraken'): skip the partial word
            probe = probe.partition(" ")[2]
        key = " ".join(probe.split()[:SHINGLE])
        if len(probe) < 30 or len(key.split()) < SHINGLE:
            return None
        probe = probe[:70]
        hits = {(number, path) for number, path, body in self.evidence.blocks_by_shingle.get(key, []) if probe in body}
        if len({h[0] for h in hits}) == 1:
            number = next(iter(hits))[0]
            paths = sorted({h[1] for h in hits}, key=len, reverse=True)
            cit = from_compact(number + "".join(paths[0]))
            return number, cit.path if cit else ()
        return None

    def place(self, number: int, text: str, tokens: list, lead: str) -> Placement | None:
        """Where line `number` of the source belongs (None: before any article, reported as a problem)."""
        first = tokens[0] if tokens else None
        if first is not None and first.start() == 0 and (first.group("head") or first.group("art")):
            num = first.group("anum") if first.group("art") else None
            placement = Placement(num or (self.last_article or ""), (), "heading", True, line=number)
        else:
            markers = leading_markers(text, tokens)
            curated = self.curated_chunks.get(number)
            placement = (self.place_curated(number, text, lead, markers, curated) if curated
                         else self.place_by_evidence(number, lead, markers))
        if placement is not None:
            placement.file = self.source.name
        return placement

    def place_curated(self, number: int, text: str, lead: str, markers: list, curated: dict) -> Placement:
        """The place a curated row (annotations/000_chunks.tsv) gives, checked against the line and the evidence."""
        cit = from_compact(curated["starts_in"])
        if cit is None:
            raise CorpusError(curated["_file"], curated["_line"], f"starts_in {curated['starts_in']!r} is not a citation")
        if not fold(text).startswith(fold(curated["starts_with"])):
            raise CorpusError(curated["_file"], curated["_line"],
                              f"line {number} of {self.source.name} does not start with {curated['starts_with']!r}")
        path = cit.path
        if curated.get("within") == "unknown":
            self.check_evidence(number, cit.article, lead, markers, curated)
            return Placement(cit.article, None, "curated", curated.get("certainty", "certain") == "certain",
                             curated.get("reason", ""), number)
        if not lead and markers:
            # the chunk opens with the marker of starts_in itself: begin just before it
            label, level = markers[0][0], markers[0][1]
            if path[-1:] != (label,) or len(path) != level:
                raise CorpusError(curated["_file"], curated["_line"],
                                  f"line {number} opens with marker {label!r}, which is not the last label of {curated['starts_in']}")
            prev = predecessor(label)
            path = path[:-1] + ((prev,) if prev else ())
        self.check_evidence(number, cit.article, lead, markers, curated)
        return Placement(cit.article, path, "curated", curated.get("certainty", "certain") == "certain",
                         curated.get("reason", ""), number)

    def place_by_evidence(self, number: int, lead: str, markers: list) -> Placement | None:
        # evidence: the same text elsewhere
        if lead:
            hit = self.text_evidence(lead)
            if hit:
                # the other source may number differently (1987 29A is 1997 29B): the chunk's own markers win
                path = list(hit[1])
                for level, label in sorted(start_path_from_markers([(m[0], m[1]) for m in markers]).items()):
                    if label is not None and level <= len(path):
                        path[level - 1] = label
                return Placement(hit[0], tuple(path), "evidence:text", True, "dezelfde tekst staat in een andere bron", number)
        # evidence: a section title in the table of contents or another edition
        for i, (label, level, run, _) in enumerate(markers):
            hits = self.title_evidence(label, level, run)
            if len(hits) == 1:
                article, hit_path = next(iter(hits.items()))
                if i == 0 and not lead and hit_path:
                    prev = predecessor(label)
                    path = hit_path[:-1] + ((prev,) if prev else ())
                else:
                    path = self.infer_path(article, markers, lead)
                return Placement(article, path, "evidence:title", path is not None,
                                 f"de titel van lid {label} staat zo in de inhoudsopgave of in een andere editie", number)
        article = self.last_article
        if article is None:
            self.result.problems.append(f"{self.source.name}:{number}: chunk without heading before any article")
            return None
        path = self.infer_path(article, markers, lead)
        return Placement(article, path, "continuity", False, "alleen de laatste kop ervoor; niet bevestigd", number)

    def infer_path(self, article: str, markers: list, lead: str) -> tuple[str, ...] | None:
        known = start_path_from_markers([(m[0], m[1]) for m in markers])
        last = self.last_path.get(article, ()) if article == self.last_article else ()
        deepest = max(known, default=0)
        path: list[str] = []
        for level in range(1, deepest + 1):
            if level in known:
                label = known[level]
                if label is None:  # first label: the lead text is in the parent
                    break
                path.append(label)
            elif level - 1 < len(last):
                path.append(last[level - 1])
            else:
                return None
        if not markers and lead:
            return tuple(last) if article == self.last_article else None
        return tuple(path)

    def check_evidence(self, number: int, article: str, lead: str, markers: list, curated: dict) -> None:
        hits = set()
        if lead:
            hit = self.text_evidence(lead)
            if hit:
                hits.add(hit[0])
        for label, level, run, _ in markers:
            hits |= set(self.title_evidence(label, level, run))
        if hits and article not in hits:
            self.result.problems.append(
                f"{curated['_file']}:{curated['_line']}: line {number} curated to article {article}, "
                f"but evidence points to {', '.join(sorted(hits))}")
