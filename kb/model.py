"""The knowledge base's nodes as plain dataclasses. Text stays pure; references and other layers point into
it with offsets. Every block of text carries the file and line it comes from."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Source:
    file: str
    line: int
    start: int = 0  # offsets of this block inside the owning node's text
    end: int = 0
    starts_mid: bool = False  # the source cuts the block off at its start
    ends_open: bool = False  # the block runs to the end of a chunk: the text may go on


@dataclass
class Section:
    id: str  # compact citation: 27B1b
    label: str  # B, 1, b
    title: str = ""
    text: str = ""
    children: list["Section"] = field(default_factory=list)
    sources: list[Source] = field(default_factory=list)
    title_source: str = ""  # "text", "toc", "curated:…", "" when unknown
    notes: list[str] = field(default_factory=list)
    known_from: list[str] = field(default_factory=list)  # a section without text: numbering, reference, toc

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()

    @property
    def fragment(self) -> bool:
        return any(s.starts_mid or s.ends_open for s in self.sources) or not self.sources


@dataclass
class Footnote:
    number: str
    text: str
    source: Source
    markers: list[str] = field(default_factory=list)  # section ids (or "" for the intro) that carry the marker


@dataclass
class Heading:
    kind: str  # hoofdstuk | deel | paragraaf
    number: str
    title: str
    file: str = ""  # where the source prints it ("" for a heading an article inherits)
    line: int = 0


@dataclass
class Article:
    edition: str
    number: str
    title: str = ""
    title_source: str = ""
    headings: list[Heading] = field(default_factory=list)
    text: str = ""  # text before the first section
    sources: list[Source] = field(default_factory=list)  # blocks of the intro text
    sections: list[Section] = field(default_factory=list)
    footnotes: list[Footnote] = field(default_factory=list)
    unplaced: list[dict] = field(default_factory=list)  # blocks whose place inside the article is unknown
    complete: bool = False
    known_from: list[str] = field(default_factory=list)  # text, toc, index, reference
    notes: list[str] = field(default_factory=list)
    heads: list[Heading] = field(default_factory=list)  # headings a source prints directly before the article
    follows: list[str] = field(default_factory=list)  # articles a source shows directly before it, no gap between

    def walk(self):
        for s in self.sections:
            yield from s.walk()

    def blocks(self) -> list[tuple[str, str]]:
        """(section suffix, text) in reading order: the intro ("") first, then every section."""
        return [("", self.text)] + [(s.id[len(self.number):], s.text) for s in self.walk()]

    def find(self, section_id: str) -> Section | None:
        for s in self.walk():
            if s.id == section_id:
                return s
        return None

    def ensure_section(self, path: tuple[str, ...]) -> Section:
        """The section at path, created (with its parents) when missing, in label order."""
        siblings = self.sections
        node = None
        for depth in range(1, len(path) + 1):
            label = path[depth - 1]
            sid = self.number + "".join(path[:depth])
            node = next((s for s in siblings if s.id == sid), None)
            if node is None:
                node = Section(id=sid, label=label)
                siblings.append(node)
                siblings.sort(key=lambda s: label_order(s.label))
            siblings = node.children
        return node

    @property
    def has_text(self) -> bool:
        return bool(self.text or any(s.text for s in self.walk()) or self.unplaced)


def label_order(label: str) -> tuple[int, str]:
    return (int(label), "") if label.isdigit() else (0, label)


@dataclass
class Reference:
    edition: str  # where the citing text stands
    article: str
    section: str  # "" for the intro / article title
    field: str  # text | footnote:N | definition | unplaced:N
    start: int
    end: int
    text: str
    sentence: str
    kind: str  # absolute | relative
    to_edition: str
    to_article: str
    to_section: str
    status: str = "unresolved"  # resolved | article_only | no_text | unresolved
    reason: str = ""


@dataclass
class Definition:
    term: str
    text: str
    edition: str
    source: Source
    fragment: bool = False


@dataclass
class KeywordEntry:
    term: str
    path: list[str]
    articles: list[str]
    see: list[str]
    see_also: list[str]
    source: Source
    fragment: bool = False
    headword_source: str = "text"  # text | curated


@dataclass
class GuidePassage:
    id: str
    title: str
    level: int
    topic: str  # id of the top-level topic
    text: str
    source: Source
    explains: list[str]  # compact citations in the default edition
    reason: str = ""

