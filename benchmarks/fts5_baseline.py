"""The plain baseline every benchmark compares against: one SQLite FTS5 table of the same article texts
(one row per section, unicode61 tokenizer with diacritics removed, bm25 ranking), grouped by article."""
from __future__ import annotations

import re
import sqlite3
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from indexer.documents import documents  # noqa: E402  (plain data, no search engine)


class Fts5Baseline:
    def __init__(self, artifact: dict):
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE docs USING fts5(edition UNINDEXED, article UNINDEXED, "
                        "section UNINDEXED, title, text, tokenize='unicode61 remove_diacritics 2')")
        rows = [(d["edition"], d["article"], d["section"], d["title"], d["text"])
                for d in documents(artifact) if d["kind"] == "article"]
        self.db.executemany("INSERT INTO docs VALUES (?, ?, ?, ?, ?)", rows)
        self.db.commit()

    def search(self, query: str, limit: int = 10) -> list[str]:
        """Article numbers, best first (OR of the query's words, bm25)."""
        words = re.findall(r"\w+", query.lower())
        if not words:
            return []
        match = " OR ".join(f'"{w}"' for w in words)
        try:
            rows = self.db.execute("SELECT article FROM docs WHERE docs MATCH ? ORDER BY bm25(docs) LIMIT ?",
                                   (match, limit * 5)).fetchall()
        except sqlite3.OperationalError:
            return []
        ranked: list[str] = []
        for (article,) in rows:
            if article not in ranked:
                ranked.append(article)
        return ranked[:limit]
