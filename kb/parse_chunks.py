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
from functools import cached_property

from .corpus import CorpusError, SourceFile
from .citations import from_compact
from .model import Article, Definition, Heading, Section, Source, label_order
from .text import fold, split_title, squash

HEADING = r"(?P<hkind>HOOFDSTUK|DEEL|PARAGRAAF)\s+(?P<hnum>[IVXL]+)\b"
TOKEN = re.compile(
    rf"(?P<head>\b{HEADING})|(?P<art>\bARTIKEL\s+(?P<anum>\d{{1,3}})\b)"
    r"|(?P<mark>(?<!\S)(?:[A-Z]\.|\d{1,2}\.|\([a-z]\)|\(\d{1,2}\))(?=\s|$))"
)
SENTENCE_END = ".:;!?)\"”’*"
SHINGLE = 6  # words that key the search for the same text in another source
TITLE_KEY_WORDS = 2  # a section title must have this many words to count as evidence


def comparable(text: str) -> str:
    """Text folded for comparing sources: footnote markers ('*', ' 1)', '¹⁾') dropped."""
    return fold(re.sub(r"\*|(?<=\S) \d\)|[¹²³⁴⁵⁶⁷⁸⁹]⁾", "", text))


def apply_glyphs(text: str, glyphs: dict[str, str]) -> str:
    return text.translate(str.maketrans(glyphs)) if glyphs else text


# ---------------------------------------------------------------- markers and paths


def marker_label(token: str) -> tuple[str, int]:
    """'B.' -> ('B', 1); '2.' -> ('2', 2); '(c)' -> ('c', 3); '(1)' -> ('1', 4)."""
    inner = token.strip("().")
    if inner.isupper():
        return inner, 1
    if inner.isdigit():
        return inner, 4 if token.startswith("(") else 2
    return inner, 3


FIRST = {1: "A", 2: "1", 3: "a", 4: "1"}


def successor(label: str) -> str:
    return str(int(label) + 1) if label.isdigit() else chr(ord(label) + 1)


def predecessor(label: str) -> str | None:
    if label in ("A", "a", "1"):
        return None
    return str(int(label) - 1) if label.isdigit() else chr(ord(label) - 1)


def follows(path: tuple[str, ...], label: str, level: int) -> bool:
    """Whether marker label at level may come next after the section at path."""
    if level == len(path) + 1:
        return label == FIRST[level]
    if level <= len(path):
        return label == successor(path[level - 1])
    return False


def start_path_from_markers(markers: list[tuple[str, int]]) -> dict[int, str | None]:
    """The labels in force at a chunk's start, read back from the first marker of each level that comes
    before any shallower marker: '… 5. … D.' starts in C4. None where the first marker is a first label
    (the text before it belongs to the parent)."""
    known: dict[int, str | None] = {}
    shallowest = 99
    for label, level in markers:
        if level < shallowest:
            if level not in known:
                known[level] = predecessor(label)
            shallowest = level
    return known


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
class Placement:
    article: str
    path: tuple[str, ...] | None  # None: place inside the article unknown
    how: str  # heading | curated | evidence:… | continuity
    certain: bool
    reason: str = ""
    line: int = 0


@dataclass
class ChunkResult:
    articles: dict[str, Article] = field(default_factory=dict)
    placements: list[Placement] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


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


class ChunkParser:
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
        path: tuple[str, ...] | None = placement.path
        chunk_start = True
        owner: tuple | None = None  # what the pending run belongs to
        run_start = 0
        pieces: list[tuple] = []  # (owner, run text, run start offset)

        if lead:
            owner = ("text", placement.article, path)
            run_start = 0

        def accept_marker(tok, label, level) -> bool:
            if path is None:
                return chunk_start
            if chunk_start and not lead:
                return True
            if not follows(path, label, level):
                return False
            before = text[run_start: tok.start()].strip()
            prev = text[: tok.start()].rstrip()[-1:] if text[: tok.start()].strip() else ""
            if prev and (prev in SENTENCE_END or (prev == "," and tok.group("mark").startswith("("))):
                return True
            if not text[tok.end():].strip():
                return True  # a marker that closes the chunk: the next item starts, cut off
            if owner and owner[0] in ("mark", "article") and before and not re.search(r"[.:;!?]", before):
                known = self.known_titles(owner[1], owner[2]) if owner[0] == "mark" else []
                title, rest = split_title(before, known)
                first_child = level == len(path) + 1
                return not rest or (first_child and len(before.split()) <= 8)
            return False

        for tok in tokens:
            if tok.group("head"):
                pieces.append((owner, text[run_start: tok.start()], run_start))
                owner = ("head", tok.group("hkind").lower(), tok.group("hnum"))
                run_start = tok.end()
                chunk_start = False
                continue
            if tok.group("art"):
                pieces.append((owner, text[run_start: tok.start()], run_start))
                num = tok.group("anum")
                if num in self.heading_lines:  # a doubled file or a pasted copy: never merged silently
                    raise CorpusError(self.source.path, number, f"the heading of article {num} appears twice in "
                                                                f"this source (first at line {self.heading_lines[num]})")
                self.heading_lines[num] = number
                art = self.article(num)
                art.headings = list(self.headings)
                path = ()
                owner = ("article", num, ())
                run_start = tok.end()
                chunk_start = False
                continue
            label, level = marker_label(tok.group("mark"))
            if not accept_marker(tok, label, level):
                continue
            pieces.append((owner, text[run_start: tok.start()], run_start))
            current = owner[1] if owner and owner[0] in ("article", "mark", "text") else placement.article
            if path is None:
                path = ()
            path = path[: level - 1] + (label,)
            owner = ("mark", current, path)
            run_start = tok.end()
            chunk_start = False
        pieces.append((owner, text[run_start:], run_start))

        self.store(number, pieces, placement)

    def store(self, number: int, pieces: list[tuple], placement: Placement) -> None:
        last_index = max((i for i, p in enumerate(pieces) if p[0] is not None), default=-1)
        pending: list[Heading] = []  # headings since the last article on this line
        previous = placement.article if placement.how != "heading" else None  # the article the line runs in
        next_is_article = {}
        for i, (owner, _, _) in enumerate(pieces):
            if owner and owner[0] == "article":
                for j in range(i - 1, -1, -1):
                    if pieces[j][0] and pieces[j][0][0] != "head":
                        next_is_article[pieces[j][0][1]] = True
                        break
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
            path = owner[2]
            if kind == "text":
                body = run_text
                if path is None:
                    art.unplaced.append({"text": body, "source": Source(self.source.name, number, 0, len(body),
                                                                         starts_mid=True, ends_open=ends_open).__dict__,
                                         "note": placement.reason or "plaats binnen het artikel onbekend"})
                    continue
                target = art.ensure_section(path) if path else None
                self.append(art, target, body, Source(self.source.name, number, starts_mid=True, ends_open=ends_open))
                self.last_path[art.number] = path
                continue
            section = art.ensure_section(path)
            nxt = next((p[0] for p in pieces[i + 1:] if p[0] is not None), None)
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

    # ---- placement

    def place(self, number: int, text: str, tokens: list, lead: str) -> Placement | None:
        first = tokens[0] if tokens else None
        if first is not None and first.start() == 0 and (first.group("head") or first.group("art")):
            num = first.group("anum") if first.group("art") else None
            return Placement(num or (self.last_article or ""), (), "heading", True, line=number)
        markers = []
        for tok in tokens:
            if tok.group("mark"):
                label, level = marker_label(tok.group("mark"))
                run_end = next((t.start() for t in tokens if t.start() > tok.start()), len(text))
                markers.append((label, level, text[tok.end(): run_end].strip(), tok))
            else:
                break
        curated = self.curated_chunks.get(number)
        if curated:
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
