"""Searching the index: plain words in, results grouped by article out."""
from __future__ import annotations

from pathlib import Path

from whoosh import index as windex
from whoosh import qparser


class Searcher:
    def __init__(self, directory: Path):
        self.ix = windex.open_dir(str(directory))

    def search(self, query: str, edition: str | None = None, limit: int = 10, default_edition: str | None = None):
        words = " ".join(w for w in query.replace('"', " ").split() if w.isalnum() or any(c.isalnum() for c in w))
        if not words.strip():
            return []
        parser = qparser.MultifieldParser(["title", "article_title", "text", "keywords"], self.ix.schema,
                                          group=qparser.OrGroup.factory(0.9))
        parser.remove_plugin_class(qparser.WildcardPlugin)
        q = parser.parse(words)
        out = []
        with self.ix.searcher() as s:
            for hit in s.search(q, limit=limit * 5):
                if edition and hit["edition"] and hit["edition"] != edition:
                    continue
                out.append(dict(hit.fields(), score=hit.score))
        return out
