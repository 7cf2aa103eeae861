"""Parser of the players' guide (seed 004): cut into topics and passages at the heading lines listed in
annotations/004_guide.tsv, each passage with the articles it explains (curated: the guide names none)."""
from __future__ import annotations

import re

from .citations import parse_citation
from .corpus import CorpusError, SourceFile, anchored_line
from .model import GuidePassage, Source
from .text import fold


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", fold(text)).strip("-") or "passage"


def parse_guide(source: SourceFile, rows: list[dict]) -> list[GuidePassage]:
    heads = []
    for row in rows:
        number = anchored_line(source, row)
        explains = []
        for cite in filter(None, (c.strip() for c in row.get("explains", "").split(","))):
            cit = parse_citation(cite)
            if cit is None:
                raise CorpusError(row["_file"], row["_line"], f"{cite!r} is not a citation")
            explains.append(cit.id)
        heads.append((number, row, explains))
    heads.sort(key=lambda h: h[0])
    passages: list[GuidePassage] = []
    used: set[str] = set()
    topic = ""
    for i, (number, row, explains) in enumerate(heads):
        end = heads[i + 1][0] - 1 if i + 1 < len(heads) else len(source.lines)
        level = int(row["level"] or 1)
        # a short heading line is the passage's title; a long one (the introduction) is its first text
        first = number + 1 if len(source.line(number).strip()) <= 80 else number
        text = "\n".join(line.rstrip() for line in source.lines[first - 1: end]).strip()
        pid = slug(row["title"])
        while pid in used:
            pid += "-2"
        used.add(pid)
        if level == 1:
            topic = pid
        passages.append(GuidePassage(id=pid, title=row["title"], level=level, topic=topic or pid, text=text,
                                     source=Source(source.name, number, 0, len(text)), explains=explains,
                                     reason=row.get("reason", "")))
    return passages
