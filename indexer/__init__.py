"""Search over the built knowledge base. Every whoosh import stays inside this package, so the engine can be
swapped: the rest of the project uses only build_index(artifact, directory) and Searcher(directory)."""
from .index import build_index
from .search import Searcher

__all__ = ["build_index", "Searcher"]
