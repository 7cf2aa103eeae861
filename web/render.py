"""Safe HTML from the knowledge base's text: one function for a block of law text with its layers
(`render_block`), a word-level diff of two texts (`word_diff`), and the reference map picture (`reference_map`).

Everything that is not markup made here is escaped; the law text itself is shown exactly as in the source
(only the line structure becomes paragraphs, list items and table rows)."""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Callable, Iterable

from markupsafe import Markup, escape

from kb.text import slug as term_slug  # the anchor of a defined term on /begrippen (and of a keyword entry)

from .urls import section_url

# ---------------------------------------------------------------- one block of text with its layers

Painted = tuple[int, int, str, str]  # a span's start and end, its opening and closing markup


@dataclass(frozen=True)
class Painter:
    """How a block's spans become markup (one method per layer, named after it): where links point, and the
    definitions for a term's title."""
    definitions: dict[str, dict]
    href: Callable[[str, str, str], str]
    footnote_prefix: str
    terms_href: str
    keywords_href: str

    def paint(self, span: dict) -> Painted:
        opening, closing = getattr(self, span["layer"])(span)
        return span["start"], span["end"], opening, closing

    def reference(self, r: dict) -> tuple[str, str]:
        ed, art, sec, status = r["to_edition"], r["to_article"], r["to_section"], r["status"]
        attrs = {"class": f"ref ref-{status}", "href": self.href(ed, art, sec), "data-cite": art + sec,
                 "data-edition": ed}
        if status != "resolved" and r["reason"]:
            attrs["title"] = r["reason"]
        return _tag("a", attrs), "</a>"

    def footnote(self, f: dict) -> tuple[str, str]:
        number, prefix = f["number"], self.footnote_prefix
        return '<span class="fn-mark">' + _tag("a", {"href": f"#{prefix}-{number}", "id": f"{prefix}ref-{number}",
                                                     "aria-label": f"voetnoot {number}"}), "</a></span>"

    def definition(self, t: dict) -> tuple[str, str]:
        term = t["term"]
        attrs = {"class": "term", "href": f"{self.terms_href}#begrip-{term_slug(term)}", "data-term": term}
        d = self.definitions.get(term)
        if d:
            attrs["title"] = f"{term}: {d['text']}"
            attrs["data-definition"] = d["text"]
        return _tag("a", attrs), "</a>"

    def keyword(self, k: dict) -> tuple[str, str]:
        return _tag("a", {"class": "kw", "href": f"{self.keywords_href}#{k['anchor']}",
                          "title": f"Trefwoord: {k['entry']}"}), "</a>"


def render_block(text: str, spans: Iterable[dict] = (), *, definitions: dict[str, dict] | None = None,
                 href: Callable[[str, str, str], str] = section_url, footnote_prefix: str = "fn",
                 terms_href: str = "/begrippen", keywords_href: str = "/trefwoorden") -> Markup:
    """A block of law text as safe HTML, with its layers painted.

    spans: the block's layers as the build stored them (kb/layers.py: one shape, overlaps resolved, sorted by
    start). A reference becomes a link with data-cite/data-edition for previews (href builds its URL); a
    footnote marker a link to the footnote `#<footnote_prefix>-<number>`; a defined term a link to the
    definitions page (terms_href) with its definition as title; a keyword link one to its entry on the keyword
    index (keywords_href) titled 'Trefwoord: <entry>'. Lines become paragraphs; lines starting '- ' list items;
    lines starting '|' table rows."""
    if not text:
        return Markup("")
    painter = Painter(definitions or {}, href, footnote_prefix, terms_href, keywords_href)
    return Markup(_lines_html(text, [painter.paint(s) for s in spans]))


def _tag(name: str, attrs: dict[str, str]) -> str:
    return f"<{name}" + "".join(f' {k}="{escape(v)}"' for k, v in attrs.items()) + ">"


def _inline(text: str, a: int, b: int, spans: list[Painted]) -> str:
    """text[a:b] escaped, with the spans that fall in it (clipped to it)."""
    out, pos = [], a
    for s_start, s_end, opening, closing in spans:
        if s_end <= a or s_start >= b:
            continue
        start, end = max(s_start, a), min(s_end, b)
        out.append(str(escape(text[pos:start])))
        out.append(opening + str(escape(text[start:end])) + closing)
        pos = end
    out.append(str(escape(text[pos:b])))
    return "".join(out)


def plain_text(text: str) -> str:
    """The block's words without its line markup, for previews: table cells joined by ' · ', the rule under a
    table header and the '- ' of list items dropped."""
    out = []
    for line in (text or "").split("\n"):
        stripped = line.strip()
        if stripped.startswith("|") and TABLE_RULE.fullmatch(stripped):
            continue
        if stripped.startswith("|") or stripped.endswith("|"):
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            stripped = " · ".join(c for c in cells if c)
        elif stripped.startswith("- "):
            stripped = stripped[2:]
        if stripped:
            out.append(stripped)
    return " ".join(out)


TABLE_RULE = re.compile(r"\|?(?:\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*")


def _lines_html(text: str, spans: list[Painted]) -> str:
    out: list[str] = []
    mode = ""  # "ul" | "table" | ""
    offset = 0
    for line in text.split("\n"):
        a, b = offset, offset + len(line)
        offset = b + 1
        stripped = line.strip()
        kind = "li" if line.startswith("- ") else "tr" if line.startswith("|") else "p" if stripped else ""
        want = {"li": "ul", "tr": "table"}.get(kind, "")
        if want != mode:
            out.append({"ul": "</ul>", "table": "</tbody></table></div>"}.get(mode, ""))
            out.append({"ul": "<ul>", "table": '<div class="table-wrap"><table><tbody>'}.get(want, ""))
            mode = want
        if kind == "li":
            out.append("<li>" + _inline(text, a + 2, b, spans) + "</li>")
        elif kind == "tr" and TABLE_RULE.fullmatch(stripped):
            # '|---|---|' under the first row: that row is the header (a markdown table), the rule no row
            if out[-2:-1] == ['<div class="table-wrap"><table><tbody>']:
                out[-2] = '<div class="table-wrap"><table><thead>'
                out[-1] = out[-1].replace("<td>", '<th scope="col">').replace("</td>", "</th>") + "</thead><tbody>"
        elif kind == "tr":
            bars = [a + i for i, ch in enumerate(line) if ch == "|"]
            cells = list(zip([a] + [x + 1 for x in bars], bars + [b]))[1:]
            if line.rstrip().endswith("|") and cells and not text[cells[-1][0]:cells[-1][1]].strip():
                cells = cells[:-1]
            out.append("<tr>" + "".join("<td>" + _inline(text, x, y, spans).strip() + "</td>" for x, y in cells)
                       + "</tr>")
        elif kind == "p":
            out.append("<p>" + _inline(text, a, b, spans) + "</p>")
    out.append({"ul": "</ul>", "table": "</tbody></table></div>"}.get(mode, ""))
    return "".join(out)


# ---------------------------------------------------------------- word-level diff of two texts

_TOKEN = re.compile(r"\s+|\w+|[^\w\s]")


@dataclass
class Diff:
    old: Markup
    new: Markup
    ratio: float
    changed: bool = field(default=False)


def word_diff(old: str, new: str) -> Diff:
    """Two texts side by side: words only in the old one in <del>, only in the new one in <ins>."""
    a, b = _TOKEN.findall(old or ""), _TOKEN.findall(new or "")
    sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
    left: list[str] = []
    right: list[str] = []
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        x, y = "".join(a[i1:i2]), "".join(b[j1:j2])
        if op == "equal":
            left.append(str(escape(x)))
            right.append(str(escape(y)))
            continue
        if x:
            left.append(f"<del>{escape(x)}</del>")
        if y:
            right.append(f"<ins>{escape(y)}</ins>")
    return Diff(Markup("".join(left)), Markup("".join(right)), sm.ratio(), a != b)


# ---------------------------------------------------------------- reference map (inline SVG)

def reference_map(center: dict, incoming: list[dict], outgoing: list[dict], *, limit: int = 7,
                  caption: str = "") -> Markup:
    """An article's neighbourhood in the reference graph: articles that refer to it on the left, articles it
    refers to on the right, arrows in the direction of the reference. Nodes are {"label", "title", "url"};
    an article in both lists is drawn once, on the right, with a two-way arrow."""
    both_keys = {n["label"] for n in incoming} & {n["label"] for n in outgoing}
    left = [n for n in incoming if n["label"] not in both_keys]
    right = outgoing
    w, node_w, node_h, gap = 340, 92, 30, 10
    rows = max(len(left[:limit]) + (len(left) > limit), len(right[:limit]) + (len(right) > limit), 1)
    h = max(rows * (node_h + gap) + gap, node_h + 2 * gap + 20)
    cx, cy = w / 2, h / 2
    parts = [f'<svg class="refmap" viewBox="0 0 {w} {int(h)}" role="group" aria-label="{escape(caption)}" '
             f'xmlns="http://www.w3.org/2000/svg">',
             '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
             'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="arrowhead"/></marker></defs>']

    def column(nodes: list[dict], x: float, side: str) -> None:
        shown = nodes[:limit]
        n = len(shown) + (len(nodes) > limit)
        top = (h - n * (node_h + gap) + gap) / 2
        for i, node in enumerate(shown):
            y = top + i * (node_h + gap)
            ny = y + node_h / 2
            two_way = node["label"] in both_keys
            if side == "left":
                x1, x2 = x + node_w, cx - 46
                line = (f'<path class="edge" d="M{x1:.0f},{ny:.0f} C{(x1 + x2) / 2:.0f},{ny:.0f} '
                        f'{(x1 + x2) / 2:.0f},{cy:.0f} {x2:.0f},{cy:.0f}" marker-end="url(#arrow)"/>')
            else:
                x1, x2 = cx + 46, x
                extra = ' marker-start="url(#arrow)"' if two_way else ""
                line = (f'<path class="edge{" edge-both" if two_way else ""}" d="M{x1:.0f},{cy:.0f} '
                        f'C{(x1 + x2) / 2:.0f},{cy:.0f} {(x1 + x2) / 2:.0f},{ny:.0f} {x2:.0f},{ny:.0f}" '
                        f'marker-end="url(#arrow)"{extra}/>')
            parts.append(line)
            tip = node["title"] + (" (verwijzen naar elkaar)" if two_way else "")
            parts.append(f'<a href="{escape(node["url"])}" class="node"><title>{escape(tip)}</title>'
                         f'<rect x="{x:.0f}" y="{y:.0f}" width="{node_w}" height="{node_h}" rx="6"/>'
                         f'<text x="{x + node_w / 2:.0f}" y="{ny + 5:.0f}" text-anchor="middle">'
                         f'{escape(node["label"])}</text></a>')
        if len(nodes) > limit:
            y = top + len(shown) * (node_h + gap) + node_h / 2 + 5
            parts.append(f'<text class="more" x="{x + node_w / 2:.0f}" y="{y:.0f}" text-anchor="middle">'
                         f'+{len(nodes) - limit} meer</text>')

    column(left, 6, "left")
    column(right, w - node_w - 6, "right")
    parts.append(f'<g class="node center"><title>{escape(center["title"])}</title>'
                 f'<rect x="{cx - 46:.0f}" y="{cy - 20:.0f}" width="92" height="40" rx="8"/>'
                 f'<text x="{cx:.0f}" y="{cy + 5:.0f}" text-anchor="middle">{escape(center["label"])}</text></g>')
    if not left and not right:
        parts.append(f'<text class="more" x="{cx:.0f}" y="{cy + 40:.0f}" text-anchor="middle">'
                     'geen verwijzingen in deze editie</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
