"""Article references as links, inside any Python-Markdown pipeline and for plain text.

    >>> import markdown
    >>> markdown.markdown("zie artikel 12C1", extensions=[Citations(edition="1997", base_url="")])
    '<p>zie <a class="cite" data-cite="12C1" data-edition="1997" href="/1997/artikel/12#12C1" title="artikel 12C1 (Spelregels 1997)">artikel 12C1</a></p>'

Laid out like Python-Markdown's wikilinks extension (an Extension with a config and a processor), but the
references are found by the one citation grammar (kb.citations.find_references) over the whole source, not
by an inline pattern per text node: the reader walks the whole ruling (an edition it declares holds for what
follows, one a sentence names for that sentence), and every reference keeps its offsets in the source. So:

1. a preprocessor (before whitespace normalisation, so it sees the source exactly as given) finds the
   references and wraps each in private-use marker characters;
2. after inline parsing a treeprocessor turns marked text into links (spans inside existing links), except
   inside code and preformatted text (there the markers are dropped and the reference is not reported);
3. a postprocessor removes markers that ended up anywhere else (raw HTML, attributes).

Before Python-Markdown parses the marked source, kb.markdown_limits bounds it (runaway brackets hidden,
long paragraphs cut, nesting flattened) so that any text converts in time linear in its length.

Installed on its own (``pip install -e .``, pyproject.toml) this is the ``spelregels`` extension of the
``markdown.extensions`` entry point: ``markdown.markdown(text, extensions=["spelregels"])``, with the
configs ``base_url`` and ``edition``, or under ``markdown_extensions`` in a MkDocs site.

After a conversion ``md.citation_links`` holds every reference found, each with ``rendered`` telling whether
it became a link in the output. ``render_text`` does the same for plain text (escape, then paragraphs).
"""
from __future__ import annotations

import html
import re
import xml.etree.ElementTree as etree
from dataclasses import dataclass, field
from typing import Callable, Iterable

from markdown.extensions import Extension
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from .citations import MAX_REFERENCES, Citation, Target, find_references, format_label
from .markdown_limits import LITERALS, PRIVATE, TextTooDeep, flatten_deep_structure

OPEN, SEP, CLOSE = "\ue000", "\ue001", "\ue002"
_MARKERS = PRIVATE
_MARKED = re.compile(f"{OPEN}(\\d+){SEP}(.*?){CLOSE}", re.S)
_LITERAL = re.compile(f"[{''.join(LITERALS)}]")
_STRAY = re.compile(f"{OPEN}\\d*{SEP}?|{SEP}|{CLOSE}")
SKIP_TAGS = {"code", "pre", "kbd", "samp", "script", "style", "textarea"}  # references there are not reported
_PARAGRAPHS = re.compile(r"\r?\n[ \t]*(?:\r?\n[ \t]*)+")

Exists = Callable[[str, Citation], bool]


@dataclass
class Link:
    """One linked stretch of text. ``targets[0]`` is what the text names; further targets are the numbers
    a range implies without writing them ("62" and "63" in "artikelen 61 t/m 64" ride on "artikelen 61")."""
    id: int
    start: int
    end: int
    text: str
    targets: list[Target] = field(default_factory=list)
    rendered: bool = False


def plan_links(text: str, edition: str | None, editions: Iterable[str] | None = None,
               limit: int | None = MAX_REFERENCES) -> list[Link]:
    """The references in text as non-overlapping links, in order. More than ``limit`` references raise
    kb.citations.TooManyReferences."""
    links: list[Link] = []
    known = set(editions) if editions is not None else None
    for match in find_references(text, edition=edition, editions=known, limit=limit):
        last: Link | None = None  # the targets of one match come in order: only the last link can overlap
        for t in match.targets:
            start, end = (t.start, t.end) if t.start is not None else (match.start, match.end)
            if last is not None and last.start < end and start < last.end:
                last.targets.append(t)
                continue
            last = Link(len(links), start, end, text[start:end], [t])
            links.append(last)
    return links


def cite_url(base_url: str, edition: str | None, citation: Citation) -> str:
    """Page of a citation per CONTRACT: /<ed>/artikel/<n>#<citation>, or /artikel/<citation> unversioned."""
    base = (base_url or "").rstrip("/")
    if not edition:
        return f"{base}/artikel/{citation.id}"
    anchor = f"#{citation.id}" if citation.path else ""
    return f"{base}/{edition}/artikel/{citation.article}{anchor}"


_HOW = {"document": "editie zoals de tekst eerder noemde", "sentence": "editie genoemd in dezelfde zin"}


def how_resolved(target: Target) -> str:
    """Dutch: how a reference got its edition and, for a relative one, what it was read against."""
    parts = []
    if target.against is not None:
        parts.append(f"gelezen bij {format_label(target.against.citation)}")
    if target.edition_from in _HOW:
        parts.append(_HOW[target.edition_from])
    return "; ".join(parts)


def link_attributes(target: Target, base_url: str, exists: Exists | None, html_class: str,
                    inside_link: bool = False) -> tuple[str, dict]:
    """Tag and attributes of the element for one target: a link, or a span when the knowledge base does
    not have the article (or the edition) or the reference stands inside a link already."""
    cit = target.citation
    attrs = {"class": html_class, "data-cite": cit.id}
    if target.edition:
        attrs["data-edition"] = target.edition
    if target.edition_from != "request":
        attrs["data-edition-from"] = target.edition_from
    if target.against is not None:
        attrs["data-against"] = target.against.citation.id
    how = how_resolved(target)
    label = format_label(cit, target.edition) + (f" ({how})" if how else "")
    if exists is not None and not exists(target.edition, cit):
        attrs["class"] = f"{html_class} {html_class}-missing".strip()
        attrs["title"] = f"{label}: niet in de kennisbank"
        return "span", attrs
    attrs["title"] = label
    if inside_link:
        return "span", attrs
    attrs["href"] = cite_url(base_url, target.edition, cit)
    return "a", attrs


def mark(text: str, links: list[Link]) -> str:
    out, pos = [], 0
    for lk in links:
        out += [text[pos:lk.start], f"{OPEN}{lk.id}{SEP}", text[lk.start:lk.end], CLOSE]
        pos = lk.end
    out.append(text[pos:])
    return "".join(out)


# ---------------------------------------------------------------- the Python-Markdown extension


class CitationsPreprocessor(Preprocessor):
    def __init__(self, md, ext: "Citations"):
        super().__init__(md)
        self.ext = ext

    def run(self, lines: list[str]) -> list[str]:
        # Marker characters typed by the user would be taken for ours: replace them (same length, so the
        # offsets of the references stay offsets into the source).
        source = _MARKERS.sub("\ufffd", "\n".join(lines))
        links = plan_links(source, self.ext.getConfig("edition") or None, self.ext.getConfig("editions") or None)
        self.md.citation_links = links
        return flatten_deep_structure(mark(source, links)).split("\n")


class CitationsTreeprocessor(Treeprocessor):
    def __init__(self, md, ext: "Citations"):
        super().__init__(md)
        self.ext = ext

    def run(self, root: etree.Element) -> None:
        self.links = {lk.id: lk for lk in getattr(self.md, "citation_links", [])}
        self._walk(root)

    def _strip(self, el: etree.Element) -> None:
        for node in el.iter():
            if node.text:
                node.text = type(node.text)(_STRAY.sub("", node.text))
            if node.tail and node is not el:
                node.tail = type(node.tail)(_STRAY.sub("", node.tail))
            for k, v in list(node.attrib.items()):
                node.set(k, _STRAY.sub("", v))

    def _walk(self, root: etree.Element) -> None:
        """Every element below root once, without recursion (the tree may be deep), children rebuilt in one
        pass each (linear in the number of links)."""
        stack = [(root, False)]
        while stack:
            el, in_link = stack.pop()
            if el.tag in SKIP_TAGS:
                self._strip(el)
                continue
            in_link = in_link or el.tag == "a"  # a reference in link text: a span (no link in a link)
            el.text, children = self._split(el.text, in_link)
            for child in list(el):
                children.append(child)
                stack.append((child, in_link))
                child.tail, after = self._split(child.tail, in_link)
                children.extend(after)
            el[:] = children

    def _split(self, text: str | None, in_link: bool = False) -> tuple[str | None, list[etree.Element]]:
        """Text with markers -> leading text and the elements (each with its tail) that follow it."""
        if not text or (OPEN not in text and CLOSE not in text and SEP not in text):
            return text, []
        pieces = _MARKED.split(text)  # [before, id, inner, between, id, inner, ..., after]
        head = _STRAY.sub("", pieces[0])
        elements = []
        for k in range(1, len(pieces), 3):
            link = self.links.get(int(pieces[k]))
            inner = _STRAY.sub("", pieces[k + 1])
            tail = _STRAY.sub("", pieces[k + 2])
            if link is None:
                if elements:
                    elements[-1].tail = (elements[-1].tail or "") + inner + tail
                else:
                    head += inner + tail
                continue
            tag, attrs = link_attributes(link.targets[0], self.ext.getConfig("base_url"),
                                         self.ext.getConfig("exists"), self.ext.getConfig("html_class"), in_link)
            node = etree.Element(tag, dict(sorted(attrs.items())))
            node.text = inner
            node.tail = tail
            link.rendered = True
            elements.append(node)
        return head, elements


class CitationsPostprocessor(Postprocessor):
    def run(self, text: str) -> str:
        return _LITERAL.sub(lambda m: LITERALS[m.group()], _STRAY.sub("", text))


def _anything_exists(edition: str | None, citation: Citation) -> bool:
    return True


class Citations(Extension):
    """Links every article reference: ``Citations(edition="1997", base_url="https://…")``."""

    def __init__(self, **kwargs):
        self.config = {
            "edition": ["", "Edition of references that name none (empty: unversioned links)."],
            "base_url": ["", "Prefix of every link, e.g. https://spelregels.example (default: site-relative)."],
            "editions": [[], "Editions that exist; an edition named in the text counts only if listed "
                             "(empty: any)."],
            "exists": [_anything_exists, "Callable(edition, Citation) -> bool; false gives a span, not a link."],
            "html_class": ["cite", "Class of the links."],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md) -> None:
        md.registerExtension(self)
        self.md = md
        md.citation_links = []
        # 40: before normalize_whitespace (30), which would change the offsets.
        md.preprocessors.register(CitationsPreprocessor(md, self), "citations", 40)
        # 15: after inline parsing (20), before prettify (10).
        md.treeprocessors.register(CitationsTreeprocessor(md, self), "citations", 15)
        # 5: after raw HTML is put back (30) and ampersands are fixed (20).
        md.postprocessors.register(CitationsPostprocessor(md), "citations", 5)

    def reset(self) -> None:
        self.md.citation_links = []


def makeExtension(**kwargs):  # pragma: no cover - the Python-Markdown entry point convention
    return Citations(**kwargs)


# ---------------------------------------------------------------- plain text


def _element_html(tag: str, attrs: dict, text: str) -> str:
    attr_html = "".join(f' {k}="{html.escape(v, quote=True)}"' for k, v in sorted(attrs.items()))
    return f"<{tag}{attr_html}>{html.escape(text, quote=False)}</{tag}>"


def render_text(text: str, edition: str | None, base_url: str = "", editions: Iterable[str] | None = None,
                exists: Exists | None = None, html_class: str = "cite") -> tuple[str, list[Link]]:
    """Plain text -> HTML: escaped, blank lines make paragraphs, line breaks stay, references linked."""
    links = plan_links(text, edition, editions)
    out, pos = [], 0
    for lk in links:
        out.append(html.escape(text[pos:lk.start], quote=False))
        tag, attrs = link_attributes(lk.targets[0], base_url, exists, html_class)
        out.append(_element_html(tag, attrs, lk.text))
        lk.rendered = True
        pos = lk.end
    out.append(html.escape(text[pos:], quote=False))
    body = "".join(out).strip()
    if not body:
        return "", links
    paragraphs = [p.strip() for p in _PARAGRAPHS.split(body) if p.strip()]
    return "\n".join("<p>" + re.sub(r"\r?\n", "<br>\n", p) + "</p>" for p in paragraphs), links


def render_markdown(text: str, edition: str | None, base_url: str = "", editions: Iterable[str] | None = None,
                    exists: Exists | None = None, html_class: str = "cite",
                    extensions: Iterable = ("tables", "fenced_code", "sane_lists")) -> tuple[str, list[Link]]:
    import markdown

    ext = Citations(edition=edition or "", base_url=base_url, editions=list(editions or []),
                    exists=exists or _anything_exists, html_class=html_class)
    md = markdown.Markdown(extensions=[*extensions, ext], output_format="html")
    try:
        out = md.convert(text)
    except RecursionError:
        raise TextTooDeep("markup nested too deep") from None
    return out, md.citation_links


def link_markdown(text: str, links: list[Link], url: Callable[[Target], str | None]) -> str:
    """The source with every rendered reference written as a markdown link (for copying elsewhere)."""
    out, pos = [], 0
    for lk in links:
        target_url = url(lk.targets[0]) if lk.rendered else None
        if target_url is None:
            continue
        label = lk.text.replace("[", "\\[").replace("]", "\\]")
        out += [text[pos:lk.start], f"[{label}]({target_url})"]
        pos = lk.end
    out.append(text[pos:])
    return "".join(out)
