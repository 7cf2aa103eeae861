"""Hardening figures (issue 11), loopback only, every loop bounded in count and time:

    python benchmarks/hardening.py [--budget 5] [--fuzz 2400]

1. the slowest linkify body within the limits: every shape of benchmarks/hardening_cases.py at 1 KB … 256 KB,
   rendered in a child process (killed past --budget seconds: the figure is then "> budget");
2. /api/v1/health latency while five of the slowest bodies are posted at once to a real `python app.py serve`;
3. health p50/p99 with 200 idle half-sent connections (`GET / HTT`) open;
4. the status counts of a fuzz run of --fuzz hostile requests over every endpoint (goal: no 5xx);
5. for each damaged corpus: the build fails with file and reason, and the served build stays the same;
6. rulings as the first requests of fresh workers (rounds of a new server and 40 rulings at once), unanswered.
Goals: slowest body < 1 s; health p99 < 100 ms under both attacks; 0 × 5xx or no answer; 0 damaged corpora
live; 0 rulings unanswered."""
from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.hardening_cases import DAMAGES, SHAPES, damaged_corpus, fuzz_requests, http  # noqa: E402
from builder import BuildError, build  # noqa: E402

SIZES = [1024, 4096, 16384, 65536, 230 * 1024]  # the largest: its JSON body (escapes included) stays under 256 KiB


# ---------------------------------------------------------------- 1. linkify bodies in a child process


def _render_worker(data_dir: str, jobs, results) -> None:
    from web import create_app
    client = create_app({"DATA_DIR": data_dir, "TESTING": False}).test_client()
    client.post("/api/v1/linkify", json={"text": "artikel 12"})
    while (job := jobs.get()) is not None:
        name, size = job
        body = json.dumps({"text": SHAPES[name](size)})
        started = time.perf_counter()
        status = client.post("/api/v1/linkify", data=body, content_type="application/json").status_code
        results.put((name, size, status, time.perf_counter() - started))


def slowest_bodies(data_dir: Path, budget: float) -> list[tuple[float, str, int, int]]:
    """(seconds, shape, size, status) of every shape at its largest size measured, slowest first."""
    ctx = mp.get_context("spawn")
    found: dict[str, tuple[float, str, int, int]] = {}
    worker = None
    for name in SHAPES:
        for size in SIZES:
            if worker is None or not worker.is_alive():
                jobs, results = ctx.Queue(), ctx.Queue()
                worker = ctx.Process(target=_render_worker, args=(str(data_dir), jobs, results), daemon=True)
                worker.start()
            jobs.put((name, size))
            try:
                _, _, status, seconds = results.get(timeout=budget + 30 if size == SIZES[0] else budget)
            except Exception:  # past the budget: stop it, the shape's figure is "> budget"
                worker.kill()
                worker.join()
                found[name] = (float("inf"), name, size, 0)
                break
            found[name] = (seconds, name, size, status)
    if worker is not None and worker.is_alive():
        jobs.put(None)
        worker.join(10)
    return sorted(found.values(), reverse=True)


# ---------------------------------------------------------------- a live server and raw requests


def start_server(data_dir: Path, log: Path) -> tuple[subprocess.Popen, int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, KB_DATA_DIR=str(data_dir), KB_ACCESS_LOG="off", KB_LOG_LEVEL="warning")
    with open(log, "a") as out:
        proc = subprocess.Popen([sys.executable, "app.py", "serve", "--host", "127.0.0.1", "--port", str(port)],
                                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    for _ in range(300):
        try:
            if send(port, http("GET", "/api/v1/health"), 2).startswith(b"HTTP/1.1 200"):
                time.sleep(3)  # the other workers load the build too: measure once they all have
                health_times(port, 20)
                return proc, port
        except OSError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start:\n" + log.read_text()[-2000:])


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def send(port: int, data: bytes, timeout: float = 10) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        out = b""
        while len(out) < 1_000_000:
            part = s.recv(65536)
            if not part:
                break
            out += part
        return out


def status_of(response: bytes) -> str:
    parts = response.split(b" ", 2)
    return parts[1].decode() if len(parts) > 1 and response.startswith(b"HTTP/") else "no answer"


def health_times(port: int, count: int, until: float | None = None) -> list[float]:
    times = []
    for _ in range(count):
        if until is not None and time.time() > until:
            break
        started = time.perf_counter()
        ok = send(port, http("GET", "/api/v1/health"), 30).startswith(b"HTTP/1.1 200")
        times.append((time.perf_counter() - started) * 1000 if ok else float("inf"))
        time.sleep(0.02)
    return sorted(times)


def pct(times: list[float], q: float) -> str:
    if not times:
        return "-"
    value = times[min(len(times) - 1, int(len(times) * q))]
    return "∞" if value == float("inf") else f"{value:.1f} ms"


# ---------------------------------------------------------------- 2.–4. attacks on the live server


def under_heavy_bodies(port: int, shape: str, size: int, seconds: float) -> None:
    body = json.dumps({"text": SHAPES[shape](size)}).encode()
    request = http("POST", "/api/v1/linkify", {"Content-Type": "application/json"}, body)
    answers: list[tuple[str, float]] = []

    def post():
        started = time.perf_counter()
        try:
            answers.append((status_of(send(port, request, seconds)), time.perf_counter() - started))
        except OSError:
            answers.append(("no answer within the run", time.perf_counter() - started))
    threads = [threading.Thread(target=post, daemon=True) for _ in range(5)]
    for t in threads:
        t.start()
    time.sleep(0.3)
    times = health_times(port, 400, until=time.time() + seconds)
    for t in threads:
        t.join(seconds)
    print(f"  five bodies '{shape}' of {size // 1024} KB at once: health p50 {pct(times, 0.5)}, p99 {pct(times, 0.99)}, "
          f"max {pct(times, 1.0)} over {len(times)} requests")
    print("  the bodies: " + ", ".join(f"{s} in {t:.1f} s" for s, t in answers))


def under_idle_sockets(port: int, count: int = 200) -> None:
    idle = []
    try:
        for _ in range(count):
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            s.sendall(b"GET / HTT")
            idle.append(s)
        times = health_times(port, 200, until=time.time() + 4)
        print(f"  {count} half-sent connections open: health p50 {pct(times, 0.5)}, p99 {pct(times, 0.99)}, "
              f"max {pct(times, 1.0)} over {len(times)} requests")
        time.sleep(6)
        closed = 0
        for s in idle:
            s.settimeout(1)
            try:
                closed += s.recv(1) == b""
            except OSError:
                closed += 1
        print(f"  after the header timeout (KB_HEADER_TIMEOUT, 5 s) the server had closed {closed} of {count}")
    finally:
        for s in idle:
            s.close()


def fuzz(port: int, count: int, seconds: float = 300, clients: int = 16) -> None:
    """`count` hostile requests from `clients` concurrent clients (a slow body costs its client the body
    timeout, not the run), each request bounded by a 30 s socket timeout and the run by `seconds`."""
    from concurrent.futures import ThreadPoolExecutor
    deadline = time.time() + seconds

    def one(item):
        label, request = item
        if time.time() > deadline:
            return label, "not sent (time budget)"
        try:
            return label, status_of(send(port, request, 30))
        except OSError:
            return label, "no answer"
    with ThreadPoolExecutor(clients) as pool:
        answers = list(pool.map(one, fuzz_requests(count)))
    statuses = Counter(status for _, status in answers)
    bad = Counter((label, status) for label, status in answers if status.startswith("5") or status == "no answer")
    print(f"  {len(answers)} hostile requests over every endpoint, {clients} clients: "
          + ", ".join(f"{s}: {n}" for s, n in sorted(statuses.items())))
    print(f"  5xx or no answer: {sum(bad.values())}" + "".join(f"\n    {n} × {lab} → {st}" for (lab, st), n in
                                                        bad.most_common(10)))


def fresh_workers(data_dir: Path, log: Path, rounds: int = 8, rulings: int = 40) -> int:
    """Each round: a fresh server whose workers get `rulings` rulings at once as (nearly) their first requests,
    each bounded by a 15 s socket timeout. Returns how many were never answered."""
    from concurrent.futures import ThreadPoolExecutor
    lost = 0
    for _ in range(rounds):
        proc, port = start_server(data_dir, log)
        requests = [http("GET", f"/uitspraak?tekst=artikel+{12 + i % 30}+en+27B2") if i % 2 else
                    http("POST", "/uitspraak", {"Content-Type": "application/x-www-form-urlencoded"},
                         f"tekst=artikel+{i}+en+16B".encode()) for i in range(rulings)]

        def one(request):
            try:
                return status_of(send(port, request, 15))
            except OSError:
                return "no answer"
        try:
            with ThreadPoolExecutor(rulings // 2) as pool:
                lost += list(pool.map(one, requests)).count("no answer")
        finally:
            stop(proc)
    print(f"  {rounds} fresh servers, {rulings} rulings at once each: {lost} never answered (goal 0)")
    return lost


# ---------------------------------------------------------------- 5. damaged corpora


def version_served(port: int) -> str:
    body = send(port, http("GET", "/api/v1/health")).partition(b"\r\n\r\n")[2]
    return json.loads(body)["version"]


def damaged(port: int, data_dir: Path, work: Path) -> int:
    """Each damage: build fails naming the file, `current` and the served version stay. Returns how many went live."""
    live = 0
    for n, name in enumerate(DAMAGES):
        corpus = damaged_corpus(work / f"corpus-{n}", name)
        before, link = version_served(port), os.readlink(data_dir / "current")
        try:
            build(corpus, data_dir, log=lambda *_: None)
            outcome, went_live = "BUILT (damage went live)", True
        except BuildError as exc:
            first = str(exc).split("\n")[0].replace(str(corpus) + "/", "corpus/")
            outcome, went_live = f"build failed: {first[:150]}", False
        unchanged = os.readlink(data_dir / "current") == link and version_served(port) == before
        live += went_live or not unchanged
        print(f"  {name}: {outcome}\n    served build {'unchanged' if unchanged else 'CHANGED'} ({before})")
    return live


def main() -> int:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stopped: still stop the server and clean up
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=float, default=5.0, help="seconds one linkify body may take before it is cut")
    parser.add_argument("--fuzz", type=int, default=2400, help="hostile requests in the fuzz run (at least 2000)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="kb-hardening-") as tmp:
        work = Path(tmp)
        data_dir = work / "data"
        build(ROOT / "corpus", data_dir, log=lambda *_: None)
        print(f"1. linkify bodies within the limits (each shape at 1–256 KB, cut at {args.budget:g} s):")
        ranked = slowest_bodies(data_dir, args.budget)
        for seconds, name, size, status in ranked:
            shown = f"> {args.budget:g} s" if seconds == float("inf") else f"{seconds * 1000:.0f} ms"
            print(f"  {name:28} {size // 1024:4d} KB  {shown:>10}  status {status or '-'}")
        worst = ranked[0]
        print(f"  slowest: '{worst[1]}' at {worst[2] // 1024} KB: "
              + (f"> {args.budget:g} s" if worst[0] == float("inf") else f"{worst[0]:.2f} s") + " (goal < 1 s)")
        proc, port = start_server(data_dir, work / "server.log")
        try:
            print("2. health while five of the slowest bodies run:")
            under_heavy_bodies(port, worst[1], worst[2], seconds=20)
        finally:
            stop(proc)  # the bodies of 2. may still be rendering: 3.–5. start on a fresh server
        proc, port = start_server(data_dir, work / "server.log")
        try:
            print("3. health with idle half-sent connections:")
            under_idle_sockets(port)
            print("4. fuzz:")
            fuzz(port, max(2000, args.fuzz))
            print("5. damaged corpora:")
            live = damaged(port, data_dir, work)
            print(f"  damaged corpora live: {live} (goal 0)")
        finally:
            stop(proc)
        print("6. rulings as the first requests of fresh workers:")
        fresh_workers(data_dir, work / "server.log")
        tracebacks = (work / "server.log").read_text().count("Traceback")
        print(f"server log: {tracebacks} tracebacks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
