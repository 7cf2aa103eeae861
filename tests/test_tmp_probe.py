import time
from test_ruling_forms import LIMIT
def test_probe(client):
    extra = [("x. Y", "x. Y" * (LIMIT // 4)), ("lt", "<" * LIMIT), ("amp", "&" * LIMIT), ("stars", "*a* " * (LIMIT // 4)), ("ticks", "`a` " * (LIMIT // 4)), ("under", "_a_ " * (LIMIT // 4)), ("bang", "!" * LIMIT), ("bs", "\\\\" * (LIMIT//2)), ("html", "<b>x</b>" * (LIMIT // 8)), ("autolink", "<http://a.b> " * (LIMIT // 13))]
    for name, body in extra:
        for fmt in ("markdown",):
            t0 = time.perf_counter()
            r = client.post("/api/v1/linkify", json={"text": body[:LIMIT - 100], "format": fmt, "cited": True})
            print(f"{name:28} {fmt:9} {r.status_code} {time.perf_counter() - t0:.2f}")
