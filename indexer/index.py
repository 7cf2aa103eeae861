"""Building the whoosh index from the artifact (into a fresh directory; the build switches it in)."""
from __future__ import annotations

from pathlib import Path

from whoosh import index as windex
from whoosh.fields import ID, STORED, TEXT, Schema

from .analysis import analyzer
from .documents import documents


def schema() -> Schema:
    ana = analyzer()
    return Schema(
        kind=ID(stored=True), edition=ID(stored=True), article=ID(stored=True), section=ID(stored=True),
        article_title=TEXT(analyzer=ana, stored=True, field_boost=2.0), title=TEXT(analyzer=ana, stored=True, field_boost=2.0),
        text=TEXT(analyzer=ana, stored=True), keywords=TEXT(analyzer=ana, field_boost=3.0), path=STORED,
    )


def build_index(artifact: dict, directory: Path) -> None:
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    ix = windex.create_in(str(directory), schema())
    writer = ix.writer()
    for doc in documents(artifact):
        writer.add_document(**doc)
    writer.commit()
