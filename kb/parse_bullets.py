"""Parser of the bullet-list format (seed 003). Bullets carry no labels, so every line's place comes from the
curated structure table (annotations/003_structure.tsv); the parser checks each row against the line it
names and fails with the row's file and line when they disagree."""
from __future__ import annotations

import re

from .citations import from_compact
from .corpus import CorpusError, SourceFile, anchored_line
from .model import Article, Source
from .text import split_title


def strip_bullet(line: str) -> str:
    return line[2:].strip() if line.startswith("- ") else line.strip()


def add_section_line(art: Article, row: dict, text: str, src: Source, note: str) -> None:
    """A bullet that is a section's title, its title and text, or its text (the row's part)."""
    cit = from_compact(row["article"] + row["section"])
    if cit is None or not cit.path:
        raise CorpusError(row["_file"], row["_line"], f"section {row['section']!r} is not a section citation")
    section = art.ensure_section(cit.path)
    if row["part"] == "title":
        section.title, section.title_source = text, "text"
        section.sources.append(src)
        return
    if row["part"] == "title+text":
        title, text = split_title(text, [row["title"]] if row.get("title") else [])
        section.title, section.title_source = title, "text"
    append(art, section, text, src)
    if note:
        section.notes.append(f"Plaats afgeleid: {note}")


def parse_bullets(source: SourceFile, rows: list[dict]) -> dict[str, Article]:
    articles: dict[str, Article] = {}
    by_line: dict[int, list[dict]] = {}
    for row in rows:
        by_line.setdefault(anchored_line(source, row), []).append(row)

    body_article: Article | None = None
    for number, raw in enumerate(source.lines, start=1):
        line_rows = by_line.get(number)
        if not line_rows:
            if body_article is not None and raw.strip():
                append(body_article, None, raw.strip(), Source(source.name, number))
                continue
            if raw.strip():
                raise CorpusError(source.path, number, "line has no place in annotations/003_structure.tsv")
            continue
        for row in line_rows:
            if not re.fullmatch(r"[0-9]{1,3}", row["article"]):
                raise CorpusError(row["_file"], row["_line"], f"article {row['article']!r} is not an article number")
            art = articles.get(row["article"])
            if art is None:
                art = articles[row["article"]] = Article(edition=source.edition, number=row["article"],
                                                         known_from=["text"], complete=True)
            part = row["part"]
            text = strip_bullet(raw)
            if row.get("drop_suffix"):
                if not raw.endswith(row["drop_suffix"]):
                    raise CorpusError(row["_file"], row["_line"], f"line {number} does not end with the drop_suffix")
                text = strip_bullet(raw[: -len(row["drop_suffix"])])
            note = f"{row['reason']}" if row.get("certainty") == "inferred" else ""
            if part == "missing-heading":
                art.title, art.title_source = row["title"], "curated"
                art.notes.append(f"Kop ontbreekt in de bron; titel overgenomen: {row['reason']}")
            elif part == "heading":
                body_article = None
            elif part == "article-title":
                art.title, art.title_source = text, "text"
            elif part == "body":
                body_article = art
                append(art, None, text, Source(source.name, number))
            elif part == "incomplete":
                art.complete = False
                art.notes.append(f"Onvolledig in de bron: {row['reason']}")
            elif part == "skip":
                art.notes.append(f"Regel {number} van de bron is weggelaten: {row['reason']}")
            elif part in ("title", "title+text", "text"):
                add_section_line(art, row, text, Source(source.name, number), note)
            else:
                raise CorpusError(row["_file"], row["_line"], f"unknown part {part!r}")
    return articles


def append(art: Article, section, text: str, src: Source) -> None:
    holder = section if section is not None else art
    start = len(holder.text) + (1 if holder.text else 0)
    holder.text = (holder.text + "\n" + text) if holder.text else text
    src.start, src.end = start, start + len(text)
    holder.sources = [s for s in holder.sources if s.end > s.start] + [src]
