"""Parser of the chunk format (seed 000): one chunk of the 1997 book a line.

The book's parts (front matter, table of contents, definitions, articles, appendix, keyword index) are
given by the curated region table (annotations/000_regions.tsv). Article chunks run headings, section
markers ("A.", "1.", "(a)", "(1)"), titles and text together on one line; many begin in the middle of an
article. Where a chunk belongs is decided by, in this order: a heading at its start; a curated placement
(annotations/000_chunks.tsv); evidence (the same text or section title in another source or in the table of
contents); continuity with the last heading seen, which is reported as uncertain.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .chunk_markers import HEADING, SENTENCE_END, TOKEN, follows, marker_label
from .chunk_placement import Evidence, Placement, Placer
from .corpus import CorpusError, SourceFile
from .model import Article, Definition, Heading, Section, Source, label_order
from .text import fold, split_title, squash



def apply_glyphs(text: str, glyphs: dict[str, str]) -> str:
    return text.translate(str.maketrans(glyphs)) if glyphs else text


# ---------------------------------------------------------------- table of contents


@dataclass
class TocArticle:
    number: str
    title: str
    headings: list[Heading]
    sections: dict[str, str]  # label -> title ("" when the chunk is cut after the marker)
    line: int
    heads: list[Heading] = field(default_factory=list)  # headings printed directly before the article
    follows: list[str] = field(default_factory=list)  # the article listed just before it on the same line


def parse_toc(lines: list[tuple[int, str]], file: str = "") -> dict[str, TocArticle]:
    toc: dict[str, TocArticle] = {}
    toc_token = re.compile(rf"\b{HEADING}|\bARTIKEL\s+(?P<anum>\d{{1,3}})\b|(?<!\S)(?P<mark>[A-Z])\.(?=\s|$)")
    for number, text in lines:
        text = re.sub(r"^INHOUDSOPGAVE\s*", "", text)
        headings: list[Heading] = []
        pending: list[Heading] = []
        current: TocArticle | None = None
        tokens = list(toc_token.finditer(text))
        for i, tok in enumerate(tokens):
            run = squash(text[tok.end(): tokens[i + 1].start() if i + 1 < len(tokens) else len(text)])
            if tok.group("hkind"):
                head = Heading(tok.group("hkind").lower(), tok.group("hnum"), run, file, number)
                headings = update_headings(headings, head)
                pending.append(head)
            elif tok.group("anum"):
                follows = [current.number] if current is not None else []
                current = TocArticle(tok.group("anum"), run, list(headings), {}, number, pending, follows)
                toc[current.number] = current
                pending = []
            elif current is not None:
                current.sections[tok.group("mark")] = run
    return toc


def update_headings(headings: list[Heading], new: Heading) -> list[Heading]:
    rank = {"hoofdstuk": 0, "deel": 1, "paragraaf": 2}
    return [h for h in headings if rank[h.kind] < rank[new.kind]] + [new]


# ---------------------------------------------------------------- definitions

TERM = re.compile(r"(?:(?<=^)|(?<=[.;)] )|(?<=\s))(?P<term>[A-Z][\w-]*(?:\s+(?:[a-z][\w-]*|\([A-Z]+\)))*)\s*:\s")


def parse_definitions(lines: list[tuple[int, str]], source: SourceFile, edition: str) -> tuple[list[Definition], Heading | None]:
    definitions: list[Definition] = []
    chapter = None
    for number, text in lines:
        m = re.match(rf"^{HEADING}\s+", text)
        if m:
            title, text = split_title(text[m.end():])
            chapter = Heading(m.group("hkind").lower(), m.group("hnum"), title)
        spans = []
        depth = 0
        for tm in TERM.finditer(text):
            depth = text.count("(", 0, tm.start()) - text.count(")", 0, tm.start())
            if depth == 0:
                spans.append(tm)
        if spans and spans[0].start() > 0:
            lead = squash(text[: spans[0].start()])
            if lead and definitions:
                definitions[-1].text += " " + lead
        for i, tm in enumerate(spans):
            body = squash(text[tm.end(): spans[i + 1].start() if i + 1 < len(spans) else len(text)])
            last = i + 1 == len(spans)
            cut_item = re.search(r"(?:^|\s)\d\.$", body)  # the next numbered item starts, cut off by the chunk
            if cut_item:
                body = body[: cut_item.start()].rstrip()
            fragment = bool(cut_item) or (last and not body.endswith((".", ")")))
            definitions.append(Definition(tm.group("term"), body, edition, Source(source.name, number, ends_open=last),
                                          fragment=fragment))
    return definitions, chapter


# ---------------------------------------------------------------- article chunks


@dataclass
class ChunkResult:
    articles: dict[str, Article] = field(default_factory=dict)
    placements: list[Placement] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


class ChunkParser(Placer):
    """Turns the article chunks of one source into articles of its edition."""

    def __init__(self, source: SourceFile, toc: dict[str, TocArticle], curated_chunks: dict[int, dict],
                 curated_titles: dict[str, dict], evidence: Evidence):
        self.source = source
        self.edition = source.edition
        self.toc = toc
        self.curated_chunks = curated_chunks
        self.curated_titles = curated_titles
        self.evidence = evidence
        self.result = ChunkResult()
        self.heading_lines: dict[str, int] = {}  # article number -> the line where its heading stands
        self.headings: list[Heading] = []
        self.last_article: str | None = None
        self.last_path: dict[str, tuple[str, ...]] = {}
        self.opened: dict[str, int] = {}  # article -> the line of its heading
        self.closed: set[str] = set()  # articles followed by the next article's heading in the same chunk

    # ---- known titles, evidence

    def known_titles(self, article: str, path: tuple[str, ...]) -> list[str]:
        sid = article + "".join(path)
        curated = self.curated_titles.get(sid)
        if curated:
            return [curated["title"]]
        titles = []
        toc = self.toc.get(article)
        if toc and not path and toc.title:
            titles.append(toc.title)
        if toc and len(path) == 1 and toc.sections.get(path[0]):
            titles.append(toc.sections[path[0]])
        for other in self.evidence.by_number.get(article, []):
            if not path and other.title:
                titles.append(other.title)
            sec = other.find(sid)
            if sec and sec.title:
                titles.append(sec.title)
        return titles

    # ---- parsing

    def article(self, number: str) -> Article:
        art = self.result.articles.get(number)
        if art is None:
            art = Article(edition=self.edition, number=number, known_from=["text"])
            self.result.articles[number] = art
        return art

    def candidates(self, text: str):
        return list(TOKEN.finditer(text))

    def parse_line(self, number: int, raw: str) -> None:
        text = raw
        tokens = self.candidates(text)
        lead_end = tokens[0].start() if tokens else len(text)
        lead = text[:lead_end].strip()
        placement = self.place(number, text, tokens, lead)
        if placement is None:
            return
        self.result.placements.append(placement)
        self.store(number, self.cut(number, text, tokens, lead, placement), placement)

    def cut(self, number: int, text: str, tokens: list, lead: str, placement: Placement) -> list[tuple]:
        """The line cut at its headings and the section markers that open a section: (owner, run, offset)."""
        line = _Line(text, lead, placement.path, owner=("text", placement.article, placement.path) if lead else None)
        for tok in tokens:
            if tok.group("head"):
                line.cut_at(tok, ("head", tok.group("hkind").lower(), tok.group("hnum")))
                continue
            if tok.group("art"):
                num = tok.group("anum")
                if num in self.heading_lines:  # a doubled file or a pasted copy: never merged silently
                    raise CorpusError(self.source.path, number, f"the heading of article {num} appears twice in "
                                                                f"this source (first at line {self.heading_lines[num]})")
                self.heading_lines[num] = number
                self.article(num).headings = list(self.headings)
                line.path = ()
                line.cut_at(tok, ("article", num, ()))
                continue
            label, level = marker_label(tok.group("mark"))
            if not self.accepts_marker(line, tok, label, level):
                continue
            owner = line.owner
            current = owner[1] if owner and owner[0] in ("article", "mark", "text") else placement.article
            line.path = (line.path or ())[: level - 1] + (label,)
            line.cut_at(tok, ("mark", current, line.path))
        line.pieces.append((line.owner, text[line.run_start:], line.run_start))
        return line.pieces

    def accepts_marker(self, line: "_Line", tok, label: str, level: int) -> bool:
        """Whether a marker opens a section here, or is text ('zie 1. hierboven', a number in a sentence)."""
        text, path = line.text, line.path
        if path is None:
            return line.chunk_start
        if line.chunk_start and not line.lead:
            return True
        if not follows(path, label, level):
            return False
        before = text[line.run_start: tok.start()].strip()
        prev = text[: tok.start()].rstrip()[-1:] if text[: tok.start()].strip() else ""
        if prev and (prev in SENTENCE_END or (prev == "," and tok.group("mark").startswith("("))):
            return True
        if not text[tok.end():].strip():
            return True  # a marker that closes the chunk: the next item starts, cut off
        owner = line.owner
        if owner and owner[0] in ("mark", "article") and before and not re.search(r"[.:;!?]", before):
            known = self.known_titles(owner[1], owner[2]) if owner[0] == "mark" else []
            title, rest = split_title(before, known)
            first_child = level == len(path) + 1
            return not rest or (first_child and len(before.split()) <= 8)
        return False

    def store(self, number: int, pieces: list[tuple], placement: Placement) -> None:
        """Puts each piece of a cut line where its owner says: headings, article text, section titles and text."""
        last_index = max((i for i, p in enumerate(pieces) if p[0] is not None), default=-1)
        pending: list[Heading] = []  # headings since the last article on this line
        previous = placement.article if placement.how != "heading" else None  # the article the line runs in
        next_is_article = followed_by_an_article(pieces)
        for i, (owner, run, offset) in enumerate(pieces):
            if owner is None:
                continue
            kind = owner[0]
            run_text = squash(run)
            ends_open = i == last_index
            if kind == "head":
                title, rest = split_title(run_text)
                head = Heading(owner[1], owner[2], title, self.source.name, number)
                self.headings = update_headings(self.headings, head)
                pending.append(head)
                continue
            art = self.article(owner[1])
            self.last_article = art.number
            if kind == "article":
                art.heads.extend(pending)
                if previous and previous != art.number and previous not in art.follows:
                    art.follows.append(previous)
                pending, previous = [], art.number
                title, body = split_title(run_text, self.known_titles(art.number, ()))
                art.title, art.title_source = title, "text"
                art.headings = list(self.headings)
                if body:
                    art.text = body
                    art.sources.append(Source(self.source.name, number, 0, len(body), ends_open=ends_open))
                self.opened[art.number] = number
                if art.number in next_is_article:
                    self.closed.add(art.number)
                self.last_path[art.number] = ()
                continue
            if kind == "text":
                self.store_text(art, owner[2], run_text, number, ends_open, placement)
                continue
            nxt = next((p[0] for p in pieces[i + 1:] if p[0] is not None), None)
            self.store_section(art, owner[2], run_text, number, ends_open, nxt)

    def store_text(self, art: Article, path, body: str, number: int, ends_open: bool, placement: Placement) -> None:
        """Text before the line's first marker: in the section the placement says, or unplaced."""
        if path is None:
            art.unplaced.append({"text": body, "source": Source(self.source.name, number, 0, len(body),
                                                                 starts_mid=True, ends_open=ends_open).__dict__,
                                 "note": placement.reason or "plaats binnen het artikel onbekend"})
            return
        target = art.ensure_section(path) if path else None
        self.append(art, target, body, Source(self.source.name, number, starts_mid=True, ends_open=ends_open))
        self.last_path[art.number] = path

    def store_section(self, art: Article, path, run_text: str, number: int, ends_open: bool, nxt) -> None:
        """The run after a section marker: the section's title (curated, known or read) and text."""
        section = art.ensure_section(path)
        opens_child = bool(nxt and nxt[0] == "mark" and len(nxt[2]) == len(path) + 1)
        if run_text[:1].islower():
            title, body = "", run_text  # a list item without title
        elif opens_child and len(run_text.split()) <= 8 and not re.search(r"[.:;!?]", run_text):
            title, body = run_text, ""  # a title directly followed by its first sub-item
        else:
            title, body = split_title(run_text, self.known_titles(art.number, path))
        curated = self.curated_titles.get(section.id)
        if curated and not fold(run_text).startswith(fold(curated["title"])):
            self.result.problems.append(
                f"{curated['_file']}:{curated['_line']}: title {curated['title']!r} does not start section "
                f"{section.id} ({self.source.name}:{number})")
        if title:
            section.title = title
            section.title_source = "curated" if curated else "text"
        self.append(art, section, body, Source(self.source.name, number, ends_open=ends_open))
        self.last_path[art.number] = path

    def append(self, art: Article, section: Section | None, body: str, src: Source) -> None:
        if not body and section is not None:
            if not section.sources:
                section.sources.append(src)
            return
        if section is None:
            start = len(art.text) + (1 if art.text else 0)
            art.text = (art.text + "\n" + body) if art.text else body
            src.start, src.end = start, start + len(body)
            art.sources.append(src)
            return
        # a marker that only closed a chunk ("… B.") left an empty source: replace it
        section.sources = [s for s in section.sources if s.end > s.start or s.line != src.line]
        start = len(section.text) + (1 if section.text else 0)
        section.text = (section.text + "\n" + body) if section.text else body
        src.start, src.end = start, start + len(body)
        section.sources.append(src)


@dataclass
class _Line:
    """One line being cut: the pieces so far, the owner of the run being read and the path in force."""
    text: str
    lead: str
    path: tuple[str, ...] | None
    owner: tuple | None = None  # what the pending run belongs to
    run_start: int = 0
    chunk_start: bool = True
    pieces: list[tuple] = field(default_factory=list)  # (owner, run text, run start offset)

    def cut_at(self, tok, owner: tuple) -> None:
        self.pieces.append((self.owner, self.text[self.run_start: tok.start()], self.run_start))
        self.owner, self.run_start, self.chunk_start = owner, tok.end(), False


def followed_by_an_article(pieces: list[tuple]) -> dict[str, bool]:
    """The articles whose last run on the line is followed by another article's heading (they end here)."""
    out = {}
    for i, (owner, _, _) in enumerate(pieces):
        if owner and owner[0] == "article":
            for j in range(i - 1, -1, -1):
                if pieces[j][0] and pieces[j][0][0] != "head":
                    out[pieces[j][0][1]] = True
                    break
    return out


def finish(articles: dict[str, Article], opened: dict[str, int], closed: set[str]) -> None:
    """Completeness of chunk articles: complete only when its heading and the next article's heading
    stand in the same chunk and no other chunk added to it."""
    for art in articles.values():
        lines = {s.line for s in art.sources} | {s.line for sec in art.walk() for s in sec.sources}
        lines |= {u["source"]["line"] for u in art.unplaced}
        art.complete = art.number in opened and art.number in closed and lines <= {opened[art.number]}
        sort_sections(art.sections)


def sort_sections(sections: list[Section]) -> None:
    sections.sort(key=lambda s: label_order(s.label))
    for s in sections:
        sort_sections(s.children)
