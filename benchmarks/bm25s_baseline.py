"""A second plain baseline: bm25s over the same article texts as the FTS5 one (one row per section, title and
text), with PyStemmer's Dutch Snowball stemmer and bm25s's Dutch stopwords (what Elasticsearch's `dutch`
analyzer does), grouped by article. A benchmark-only dependency (requirements-dev.txt)."""
from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bm25s  # noqa: E402
import Stemmer  # noqa: E402
from bm25s.stopwords import STOPWORDS_DUTCH  # noqa: E402

from indexer.documents import documents  # noqa: E402  (plain data, no search engine)


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


class Bm25sBaseline:
    def __init__(self, artifact: dict):
        self.stemmer = Stemmer.Stemmer("dutch")
        docs = [d for d in documents(artifact) if d["kind"] == "article" and (d["title"] or d["text"])]
        self.articles = [d["article"] for d in docs]
        corpus = [_fold(f"{d['title']}\n{d['text']}") for d in docs]
        self.retriever = bm25s.BM25()
        self.retriever.index(self._tokens(corpus), show_progress=False)

    def _tokens(self, texts: list[str]):
        return bm25s.tokenize(texts, stopwords=list(STOPWORDS_DUTCH), stemmer=self.stemmer.stemWords,
                              show_progress=False)

    def search(self, query: str, limit: int = 10) -> list[str]:
        """Article numbers, best first."""
        tokens = self._tokens([_fold(query)])
        if not tokens.vocab:
            return []
        k = min(limit * 5, len(self.articles))
        docs, scores = self.retriever.retrieve(tokens, k=k, show_progress=False)
        ranked: list[str] = []
        for doc, score in zip(docs[0], scores[0]):
            if score > 0 and self.articles[doc] not in ranked:
                ranked.append(self.articles[doc])
        return ranked[:limit]
