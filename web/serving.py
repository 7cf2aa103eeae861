"""Production serving with gunicorn (never Flask's debug server). Settings come from the environment
(docs/ops.md lists them):

    KB_WORKERS              worker processes (default one per CPU, at least 2), each a gevent event loop (web/worker.py)
    KB_THREADS              threads per worker for the CPU-heavy requests, rendering rulings (default 2)
    KB_CONNECTIONS          connections one worker holds open at most (default 1000)
    KB_HEADER_TIMEOUT       seconds a client has to send a request's line and headers (default 5)
    KB_BODY_TIMEOUT         seconds a client has to send a request's body (default 10)
    KB_TIMEOUT              seconds a worker's event loop may be blocked before the worker is replaced (default 30)
    KB_GRACEFUL_TIMEOUT     seconds workers get to finish on HUP/TERM (default 20)
    KB_KEEPALIVE            0: close each connection after its response; more (default 5): keep it for the next
    KB_MAX_REQUESTS         recycle a worker after this many requests, 0 = never (default 0)
    KB_MAX_REQUESTS_JITTER  random extra requests before recycling, so workers do not restart together (default 0)
    KB_BACKLOG              pending connections the socket queues (default 2048)
    KB_ACCESS_LOG           access log: '-' stdout (default), a file path, or 'off'
    KB_ERROR_LOG            error log: '-' stderr (default) or a file path
    KB_LOG_LEVEL            debug | info (default) | warning | error
    KB_PID_FILE             write the master's pid here (for `kill -HUP`)
    KB_FORWARDED_ALLOW_IPS  proxies whose X-Forwarded-* headers are trusted (default 127.0.0.1)
    KB_RESPONSE_CACHE_MB    per-worker cache of rendered pages, in MiB; 0 turns it off (default 32)
    KB_CONTROL_SOCKET       path of gunicorn's control socket for `gunicornc` (default: none, so several
                            replicas on one machine never share one)

Every response is a function of the build and the URL (the app keeps no other state), so each worker keeps the
pages it rendered for the current build (ResponseCache: URLs without a query string, 200s only, emptied when
`current` moves). The master forks the workers; each loads the current build on start (so the first request does not pay for it)
and follows `current` on every request, so a rebuild needs no restart. `kill -HUP <master>` starts new workers
with new code and lets the old ones finish their requests; `kill -TERM` stops gracefully."""
from __future__ import annotations

import multiprocessing
import os
import threading
from collections import OrderedDict
from pathlib import Path

from gunicorn.app.base import BaseApplication

ACCESS_LOG_FORMAT = '%(h)s "%(r)s" %(s)s %(B)s %(M)sms "%(f)s" "%(a)s"'


class ConfigError(Exception):
    pass


class Server(BaseApplication):
    def __init__(self, options: dict, app=None):
        self.options = options
        self.application = app
        super().__init__()

    def load_config(self):
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self):
        if self.application is not None:
            return self.application
        from web import create_app
        app = create_app()
        megabytes = _int("KB_RESPONSE_CACHE_MB", 32)
        if megabytes:
            app.wsgi_app = ResponseCache(app.wsgi_app, Path(app.config["DATA_DIR"]), megabytes * 1024 * 1024)
        return app


class ResponseCache:
    """WSGI middleware: the pages of the current build, kept per worker.

    Only GET requests for URLs without a query string (articles, editions, indexes, the JSON of an article: a
    bounded set) and only 200 responses without cookies are kept, keyed by host and path; search, suggest and
    everything else with parameters always run. The key includes the target of `current`, and the whole cache is
    dropped when it moves, so a rebuild is seen at once. Least recently used entries go when max_bytes is reached."""

    SKIP = ("/api/v1/health", "/static/")

    def __init__(self, app, base: Path, max_bytes: int):
        self.app, self.link, self.max_bytes = app, base / "current", max_bytes
        self.entries: OrderedDict = OrderedDict()
        self.size, self.target = 0, None
        self.lock = threading.Lock()

    def __call__(self, environ, start_response):
        if environ.get("REQUEST_METHOD") != "GET" or environ.get("QUERY_STRING") \
                or environ.get("PATH_INFO", "").startswith(self.SKIP):
            return self.app(environ, start_response)
        try:
            target = os.readlink(self.link)
        except OSError:
            return self.app(environ, start_response)
        key = (environ.get("HTTP_HOST", ""), environ.get("wsgi.url_scheme"), environ.get("SCRIPT_NAME", ""),
               environ.get("PATH_INFO", ""))
        with self.lock:
            if target != self.target:
                self.entries.clear()
                self.size, self.target = 0, target
            hit = self.entries.get(key)
            if hit is not None:
                self.entries.move_to_end(key)
        if hit is not None:
            status, headers, body = hit
            start_response(status, headers + [("X-Cache", "hit")])
            return [body]
        captured = {}

        def capture(status, headers, exc_info=None):
            captured["status"], captured["headers"] = status, list(headers)
            return start_response(status, list(headers) + [("X-Cache", "miss")], exc_info)
        result = self.app(environ, capture)
        try:
            body = b"".join(result)
        finally:
            if hasattr(result, "close"):
                result.close()
        headers = captured.get("headers", [])
        if captured.get("status", "").startswith("200") and len(body) <= self.max_bytes // 8 \
                and not any(k.lower() == "set-cookie" for k, _ in headers):
            self.store(target, key, (captured["status"], headers, body))
        return [body]

    def store(self, target, key, entry) -> None:
        with self.lock:
            if target != self.target or key in self.entries:
                return
            self.entries[key] = entry
            self.size += len(entry[2])
            while self.size > self.max_bytes and self.entries:
                _, (_, _, old) = self.entries.popitem(last=False)
                self.size -= len(old)


def _int(name: str, default: int, minimum: int = 0) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, not {raw!r}") from None
    if value < minimum:
        raise ConfigError(f"{name} must be at least {minimum}, not {value}")
    return value


def default_workers() -> int:
    """One event loop per CPU this process may run on, at least two (one is never alone when it is replaced).
    2 × CPUs + 1 is the rule for sync workers, each busy with one request; a gevent worker holds every request it
    has, so more processes than CPUs only take turns on them, each with its own build to keep in the CPU caches:
    on 2 CPUs, 2 workers answered 35 % more searches per second than 5 (benchmarks/load.sh, docs/ops.md)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = multiprocessing.cpu_count()
    return max(2, cpus)


def warm(worker) -> None:
    """gunicorn post_worker_init: load the current build into the new worker before it takes requests."""
    app = getattr(worker, "flask_app", worker.wsgi)  # web.worker.Worker keeps the app behind its edge
    try:
        with app.app_context():
            from .state import store
            kb = store()
        worker.log.info("worker %s serves build %s", worker.pid, kb.version)
    except Exception as exc:  # no build yet: requests say so (503) until there is one
        worker.log.warning("worker %s: no build loaded yet: %s", worker.pid, exc)


LIMIT_REQUEST_LINE = 8190  # gunicorn's highest: a 500-character parameter of 4-byte characters (6 000 bytes
#                            percent-encoded) still reaches the app and gets its own JSON 400


def options(host: str, port: int) -> dict:
    for name in ("KB_HEADER_TIMEOUT", "KB_BODY_TIMEOUT"):
        _int(name, 1, minimum=1)  # checked here, read by web/worker.py in each worker
    access = os.environ.get("KB_ACCESS_LOG", "-").strip() or "-"
    level = os.environ.get("KB_LOG_LEVEL", "info").strip().lower()
    if level not in ("debug", "info", "warning", "error", "critical"):
        raise ConfigError(f"KB_LOG_LEVEL must be debug, info, warning, error or critical, not {level!r}")
    opts = {
        "bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
        "workers": _int("KB_WORKERS", default_workers(), minimum=1),
        "threads": _int("KB_THREADS", 2, minimum=1),
        "worker_class": "web.worker.Worker",
        "worker_connections": _int("KB_CONNECTIONS", 1000, minimum=1),
        "limit_request_line": LIMIT_REQUEST_LINE,
        "limit_request_field_size": 8190,
        "limit_request_fields": 100,
        "timeout": _int("KB_TIMEOUT", 30, minimum=1),
        "graceful_timeout": _int("KB_GRACEFUL_TIMEOUT", 20, minimum=0),
        # gunicorn's async worker reads headers under a timeout only with keep-alive on; web/worker.py closes each
        # connection after its response itself when KB_KEEPALIVE is 0
        "keepalive": max(1, _int("KB_KEEPALIVE", 5, minimum=0)),
        "max_requests": _int("KB_MAX_REQUESTS", 0),
        "max_requests_jitter": _int("KB_MAX_REQUESTS_JITTER", 0),
        "backlog": _int("KB_BACKLOG", 2048, minimum=1),
        "accesslog": None if access.lower() == "off" else access,
        "access_log_format": ACCESS_LOG_FORMAT,
        "errorlog": os.environ.get("KB_ERROR_LOG", "-").strip() or "-",
        "loglevel": level,
        "forwarded_allow_ips": os.environ.get("KB_FORWARDED_ALLOW_IPS", "127.0.0.1"),
        "proc_name": "spelregels-kb",
        "preload_app": False,  # each worker imports the code itself, so HUP picks up new code
        "post_worker_init": warm,
    }
    control = os.environ.get("KB_CONTROL_SOCKET", "").strip()
    if control:
        opts["control_socket"] = control
    else:
        opts["control_socket_disable"] = True
    if os.environ.get("KB_PID_FILE"):
        opts["pidfile"] = os.environ["KB_PID_FILE"]
    if os.path.isdir("/dev/shm"):
        opts["worker_tmp_dir"] = "/dev/shm"  # heartbeat files off the (possibly slow) disk
    return opts


def serve(host: str, port: int) -> None:
    try:
        opts = options(host, port)
    except ConfigError as exc:
        raise SystemExit(f"serve: {exc}") from None
    Server(opts).run()
