"""What benchmarks/hardening.py throws at the service: linkify bodies of every shape that was slow, hostile HTTP
requests over every endpoint (deterministic, from a seed), and damaged copies of the corpus."""
from __future__ import annotations

import json
import random
import shutil
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHUNKS, WIKI_1987, WIKI_1997 = "000_48d6a93a0c75e5bf", "001_a3a024ad32219e94", "002_e138e9fd5078547c"

# ---------------------------------------------------------------- linkify bodies: shape name -> text of n bytes


def repeat(unit: str, size: int) -> str:
    """`unit` repeated to at most `size` bytes of UTF-8."""
    return unit * max(1, size // len(unit.encode()))


SHAPES = {
    "[ repeated": lambda n: "[" * n,
    "artikelen 1, 1, 1, …": lambda n: "artikelen " + repeat("1, ", n - 10),
    "artikel 12 repeated": lambda n: repeat("artikel 12 ", n),
    "artikelen 1 t/m 2, …": lambda n: "artikelen " + repeat("1 t/m 2, ", n - 10),
    "links [a](b)": lambda n: repeat("[zie](artikel 12) ", n),
    "[] pairs": lambda n: repeat("[]", n),
    "[x] ( pairs": lambda n: repeat("[x](", n),
    "emphasis *": lambda n: repeat("*a ", n),
    "backticks": lambda n: repeat("`a ", n),
    "html <": lambda n: repeat("<a ", n),
    "list lines": lambda n: repeat("- artikel 12\n", n),
    "nested list within the cap": lambda n: repeat("".join("  " * i + "- x\n" for i in range(19)), n),
    "table rows": lambda n: repeat("| artikel 12 | 16B |\n", n),
    "27B1(b) citations": lambda n: repeat("27B1(b), ", n),
    "lid/sub words": lambda n: repeat("lid A sub 1 ", n),
}


# ---------------------------------------------------------------- hostile HTTP requests

GET_PATHS = ["/", "/1997/", "/1997/artikel/{n}", "/artikel/{n}", "/vergelijk/{n}", "/vergelijk/{n}?van={v}&naar=1997",
             "/zoeken?q={q}", "/trefwoorden", "/begrippen", "/gids", "/gids/{v}", "/uitspraak?tekst={q}",
             "/api/v1/health", "/api/v1/editions", "/api/v1/search?q={q}&limit={n}", "/api/v1/suggest?q={q}&limit={n}",
             "/api/v1/articles/{v}/{n}", "/api/v1/keywords?q={q}", "/api/v1/definitions", "/api/v1/openapi.json",
             "/api/v1/preview?cite={n}&edition={v}", "/api/v1/resolve?cite={n}", "/static/{v}", "/{v}/artikel/{n}"]
VALUES = ["²", "١٢", "１２", "27²", "27", "27B1b", "0", "-1", "9" * 30, "%ED%A0%80", "%ff%fe", "%", "%00", "..%2f..%2f",
          "%5B" * 300, "%28" * 300, "%E2%82%AC" * 501, "%E2%82%AC" * 500, "a" * 501, "<script>", "'\"", "", "1997",
          "2017", "bijlage", "x" * 3000]
ARGS = ["number=1", "endpoint=x", "_scheme=https", "_anchor=x", "_external=1", "limit=²", "edition=%ED%A0%80"]
BODIES = [json.dumps({"text": "[" * 20000}), '{"text": "\\ud800 artikel 12"}', "[" * 100000,
          json.dumps({"text": "\n".join("  " * i + "- x" for i in range(243))}), '{"text": 5}', "{", "",
          json.dumps({"text": "artikel 12", "edition": "²"}), json.dumps({"text": "artikel 12 " * 30000})]


def http(method: str, target: str, headers: dict | None = None, body: bytes = b"") -> bytes:
    lines = [f"{method} {target} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    if body and not any(k.lower() in ("content-length", "transfer-encoding") for k in headers or {}):
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1", "replace") + body


def fuzz_requests(count: int, seed: int = 11) -> list[tuple[str, bytes]]:
    """`count` hostile requests (label, raw bytes), every endpoint among them."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        kind = i % 8
        path = GET_PATHS[i % len(GET_PATHS)].format(n=rng.choice(VALUES), q=rng.choice(VALUES), v=rng.choice(VALUES))
        if kind in (0, 1, 2):
            out.append(("GET " + path.split("?")[0], http("GET", path)))
        elif kind == 3:
            sep = "&" if "?" in path else "?"
            out.append(("GET + foreign args", http("GET", path + sep + rng.choice(ARGS))))
        elif kind == 4:
            ctype = rng.choice(["application/json", "text/plain", "application/x-www-form-urlencoded", ""])
            target = rng.choice(["/api/v1/linkify", "/uitspraak", "/api/v1/health", "/api/v1/search"])
            body = rng.choice(BODIES).encode("utf-8", "surrogatepass")
            if target == "/uitspraak":
                body, ctype = ("tekst=" + urllib.parse.quote(body.decode("utf-8", "replace"))).encode(), \
                    "application/x-www-form-urlencoded"
            out.append(("POST " + target, http("POST", target, {"Content-Type": ctype} if ctype else {}, body)))
        elif kind == 5:
            bad = rng.choice([b"zz\r\n{}\r\n0\r\n\r\n", b"5\r\n{\"te\r\n", b"-1\r\n\r\n", b"ffffffffff\r\nx"])
            out.append(("POST chunked", http("POST", "/api/v1/linkify", {"Content-Type": "application/json",
                                                                       "Transfer-Encoding": "chunked"}, bad)))
        elif kind == 6:
            out.append(("bad header", http("GET", path, rng.choice([{"Bad Header": "x"}, {"X-Big": "a" * 9000},
                                                                  {f"X-{j}": "y" for j in range(150)}]))))
        else:
            line = rng.choice([b"GET /api/v1/search?q=" + b"a" * 9000 + b" HTTP/1.1", b"GET /api/v1/health HTTP/9.9",
                               b"BREW /api/v1/health HTTP/1.1", b"GET /api/v1/\x00 HTTP/1.1", b"DELETE / HTTP/1.1"])
            out.append(("bad request line", line + b"\r\nHost: x\r\nConnection: close\r\n\r\n"))
    return out


# ---------------------------------------------------------------- damaged copies of the corpus


def _truncate(path: Path, size: int) -> None:
    path.write_bytes(path.read_bytes()[:size])


def _double(path: Path) -> None:
    path.write_bytes(path.read_bytes() * 2)


def _accepted_by_hand(meta: Path) -> None:
    """The meta.json edited to the doubled file's hash and size (as a careless --accept would): the parse check
    still stops it."""
    import hashlib
    data = (meta.parent / json.loads(meta.read_text("utf-8"))["file"]).read_bytes()
    doc = json.loads(meta.read_text("utf-8"))
    doc.update(sha256=hashlib.sha256(data).hexdigest(), size=len(data))
    meta.write_text(json.dumps(doc), "utf-8")


def _superscript_line(tsv: Path) -> None:
    lines = tsv.read_text("utf-8").split("\n")
    i = next(n for n, line in enumerate(lines) if line and not line.startswith("#") and line.split("\t")[0] == "line")
    j = next(n for n in range(i + 1, len(lines)) if lines[n].strip() and not lines[n].startswith("#"))
    lines[j] = "\t".join(["1²"] + lines[j].split("\t")[1:])
    tsv.write_text("\n".join(lines), "utf-8")


DAMAGES = {
    "000 without its meta.json": lambda c: (c / "sources" / f"{CHUNKS}.meta.json").unlink(),
    "001 truncated to 5 KB": lambda c: _truncate(c / "sources" / f"{WIKI_1987}.txt", 5000),
    "002 truncated to 300 bytes": lambda c: _truncate(c / "sources" / f"{WIKI_1997}.txt", 300),
    "002 doubled": lambda c: _double(c / "sources" / f"{WIKI_1997}.txt"),
    "002 doubled, meta edited to match": lambda c: (_double(c / "sources" / f"{WIKI_1997}.txt"),
                                                    _accepted_by_hand(c / "sources" / f"{WIKI_1997}.meta.json")),
    "² in a line column (004_guide.tsv)": lambda c: _superscript_line(c / "annotations" / "004_guide.tsv"),
    "counts changed (meta yields edited)": lambda c: _edit_yields(c / "sources" / f"{WIKI_1987}.meta.json"),
}


def _edit_yields(meta: Path) -> None:
    doc = json.loads(meta.read_text("utf-8"))
    doc["yields"]["articles_with_text"] += 1
    meta.write_text(json.dumps(doc), "utf-8")


def damaged_corpus(target: Path, name: str) -> Path:
    shutil.copytree(ROOT / "corpus", target)
    DAMAGES[name](target)
    return target
