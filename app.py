"""Command line of the laws knowledge base: build, check, serve.

    python app.py build                      parse corpus/ into the knowledge base and the search index
    python app.py check                      validate the corpus and print its statistics (exit 1 on errors)
    python app.py check --accept FILE        record FILE's sha256, size and counts in its meta.json (a deliberate change)
    python app.py serve [--host H] [--port P] build when stale, then serve with gunicorn
"""
from __future__ import annotations

import argparse
import os
import sys


def cmd_build(args) -> int:
    from builder import BuildError, build
    try:
        build()
    except BuildError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    return 0


def cmd_check(args) -> int:
    from config import corpus_dir
    from kb.check import accept, run_check
    if args.accept:
        return accept(corpus_dir(), args.accept)
    return run_check(corpus_dir())


def cmd_serve(args) -> int:
    from builder import BuildError, build, current_dir, is_stale
    try:
        stale = is_stale() or current_dir() is None
    except BuildError as exc:  # the corpus cannot even be read: serve what was built, if anything
        print(f"cannot check the build: {exc}", file=sys.stderr)
        stale = current_dir() is None
    if stale:
        try:
            build()
        except BuildError as exc:
            print(f"build failed: {exc}", file=sys.stderr)
            if current_dir() is None:
                return 1
            print("serving the previous build", file=sys.stderr)
    from web.serving import serve
    serve(args.host, args.port)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="app.py", description="Spelregels voor Wedstrijdbridge: kennisbank")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("build", help="build the knowledge base and the search index").set_defaults(func=cmd_build)
    check = sub.add_parser("check", help="validate the corpus and print statistics")
    check.add_argument("--accept", action="extend", nargs="+", metavar="FILE",
                       help="a source whose change is deliberate: write its sha256, size and counts into its meta.json")
    check.set_defaults(func=cmd_check)
    serve = sub.add_parser("serve", help="serve the site (gunicorn)")
    serve.add_argument("--host", default=os.environ.get("KB_HOST", "127.0.0.1"))
    serve.add_argument("--port", type=int, default=int(os.environ.get("KB_PORT", "8000")))
    serve.set_defaults(func=cmd_serve)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
