"""Walking a built structure tree (kb/toc.py builds it at build time; the web app reads it from the artifact,
so this module imports nothing of the build)."""
from __future__ import annotations


def trails(tree: list[dict], trail: tuple = ()) -> dict[str, list[dict]]:
    """Article number -> the headings above it (without their children), outermost first."""
    out: dict[str, list[dict]] = {}
    for node in tree:
        if node["kind"] == "artikel":
            out[node["number"]] = [{k: v for k, v in h.items() if k != "children"} for h in trail]
        else:
            out.update(trails(node["children"], trail + (node,)))
    return out
