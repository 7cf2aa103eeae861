"""Autocomplete for the search box: keyword-index terms, article titles and defined terms, by prefix. Each
entry names its page as a target (["article", edition, number, section] or ["definition", slug]); the web
app makes the url (web/urls.py)."""
from __future__ import annotations

from .analysis import fold

KIND_ORDER = {"keyword": 0, "title": 1, "definition": 2}


def suggest_entries(artifact: dict) -> list[dict]:
    """The entries offered while typing (saved with the index of each build)."""
    default = artifact["default_edition"]
    out, seen = [], set()

    def add(label, kind, target, article=None):
        key = (fold(label), kind)
        if label and key not in seen:
            seen.add(key)
            out.append({"label": label, "kind": kind, "target": target, "article": article})

    for k in artifact["keywords"]:
        if k["articles"]:
            label = " – ".join(k["path"])
            first = k["articles"][0]
            add(label, "keyword", ["article", default, first, ""], first)
    for art in artifact["articles"].values():
        if art["title"] and art["edition"] == default:
            add(art["title"], "title", ["article", default, art["article"], ""], art["article"])
    for d in artifact["definitions"]:
        add(d["term"], "definition", ["definition", slug(d["term"])])
    return out


def slug(term: str) -> str:
    return "-".join("".join(c if c.isalnum() else " " for c in fold(term)).split())


class Suggester:
    def __init__(self, entries: list[dict]):
        self.entries = entries
        self.keys = [(fold(e["label"]), fold(e["label"]).replace("–", " ").split()) for e in entries]

    def suggest(self, q: str, limit: int = 8) -> list[dict]:
        q = " ".join(fold(q).split())
        if not q:
            return []
        words = q.split()
        ranked = []
        for i, (label, label_words) in enumerate(self.keys):
            if label.startswith(q):
                rank = 0
            elif all(any(lw.startswith(w) for lw in label_words) for w in words):
                rank = 1
            elif len(q) >= 3 and q in label:
                rank = 2
            else:
                continue
            e = self.entries[i]
            ranked.append((rank, KIND_ORDER[e["kind"]], len(label), label, i))
        ranked.sort()
        return [self.entries[i] for *_, i in ranked[:limit]]
