"""Parser of the wiki-template format (seeds 001 and 002): headings on their own lines.

'Deel II … Art. 23 t/m 40' and '§ I …' / 'PARAGRAAF I …' are part and paragraph headings; 'Artikel 23 …'
starts an article; 'A. …', '1. …', '(a) …', '(1) …' are section headings with the title on the line;
other lines are text of the current section. Footnotes are lines '1) …' (after a '---' rule in 001),
tied to their markers '¹⁾' (001) or ' 1)' (002) in the same article."""
from __future__ import annotations

import re

from .corpus import CorpusError, SourceFile
from .model import Article, Footnote, Heading, Source
from .parse_chunks import update_headings
from .text import SUPERSCRIPT_DIGITS

PART = re.compile(r"^(?P<kind>Deel|DEEL|§|PARAGRAAF)\s+(?P<num>[IVXL]+)\s+(?P<title>.*?)(?:\s+Art\.\s+\d+(?:\s+t/m\s+\d+)?)?\s*$")
ARTICLE = re.compile(r"^(?:Artikel|ARTIKEL)\s+(?P<num>\d{1,3})\s+(?P<title>.+?)\s*$")
SECTION = [
    (re.compile(r"^(?P<label>[A-Z])\.\s+(?P<title>.+?)\s*$"), 1),
    (re.compile(r"^(?P<label>\d{1,2})\.\s+(?P<title>.+?)\s*$"), 2),
    (re.compile(r"^\((?P<label>[a-z])\)\s+(?P<title>.+?)\s*$"), 3),
    (re.compile(r"^\((?P<label>\d)\)\s+(?P<title>.+?)\s*$"), 4),
]
FOOTNOTE = re.compile(r"^(?P<num>\d)\)\s+(?P<text>.+?)\s*$")
MARKER = re.compile(r"(?:[¹²³⁴⁵⁶⁷⁸⁹]⁾|(?<=[\w”\"]) (?P<n>\d)\)(?=[\s.,;:]|$))")


def marker_numbers(text: str) -> list[str]:
    out = []
    for m in MARKER.finditer(text):
        out.append(m.group("n") or m.group(0)[0].translate(SUPERSCRIPT_DIGITS))
    return out


def parse_wiki(source: SourceFile) -> dict[str, Article]:
    articles: dict[str, Article] = {}
    first_line: dict[str, int] = {}  # article number -> the line of its heading
    headings: list[Heading] = []
    art: Article | None = None
    path: tuple[str, ...] = ()
    pending: list[Heading] = []  # headings since the last article (the file runs on without gaps)
    for number, raw in enumerate(source.lines, start=1):
        line = raw.strip()
        if not line or line == "---" or line.startswith("Sjabloon:"):
            continue
        m = PART.match(line)
        if m:
            kind = "deel" if m.group("kind").lower() == "deel" else "paragraaf"
            head = Heading(kind, m.group("num"), m.group("title"), source.name, number)
            headings = update_headings(headings, head)
            pending.append(head)
            continue
        m = ARTICLE.match(line)
        if m:
            previous = art.number if art is not None else None
            art = Article(edition=source.edition, number=str(int(m.group("num"))), title=m.group("title"),
                          title_source="text", headings=list(headings), complete=True, known_from=["text"],
                          heads=pending, follows=[previous] if previous else [])
            pending = []
            if art.number in articles:  # a doubled file or a pasted copy: never merged silently
                raise CorpusError(source.path, number, f"article {art.number} appears twice in this source "
                                                       f"(first at line {first_line[art.number]})")
            articles[art.number], first_line[art.number] = art, number
            path = ()
            continue
        if art is None:
            continue
        m = FOOTNOTE.match(line)
        if m:
            art.footnotes.append(Footnote(m.group("num"), m.group("text"), Source(source.name, number, 0, len(m.group("text")))))
            continue
        for pattern, level in SECTION:
            m = pattern.match(line)
            if m and level <= len(path) + 1:
                path = path[: level - 1] + (m.group("label"),)
                section = art.ensure_section(path)
                section.title, section.title_source = m.group("title"), "text"
                section.sources.append(Source(source.name, number))
                break
        else:
            target = art.find(art.number + "".join(path)) if path else None
            holder = target if target is not None else art
            start = len(holder.text) + (1 if holder.text else 0)
            holder.text = (holder.text + "\n" + line) if holder.text else line
            src = Source(source.name, number, start, start + len(line))
            if target is not None:
                target.sources = [s for s in target.sources if s.end > s.start] + [src]
            else:
                holder.sources.append(src)
    for art in articles.values():
        for fn in art.footnotes:
            fn.markers = sorted({"" if holder is art else holder.id
                                 for holder in [art, *art.walk()] if fn.number in marker_numbers(holder.text)})
    return articles
