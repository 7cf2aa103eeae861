"""The architecture as rules that fail: layers import downward only (import-linter contracts in .importlinter),
and small modules (no function over 60 lines, no module over 400 lines in kb/, indexer/, web/)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_layers_import_downward_only():
    lint = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run([str(lint), "--config", str(ROOT / ".importlinter"), "--no-cache"], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "4 kept, 0 broken" in result.stdout


def test_web_workers_load_no_parser():
    """Importing the app factory (what a gunicorn worker does) loads neither the build nor a parser."""
    code = ("import sys, web; web.create_app(); "
            "print(' '.join(m for m in sys.modules if m == 'builder' or m.startswith(('kb.parse_', 'kb.assemble'))))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""


MAX_FUNCTION_LINES = 60
MAX_MODULE_LINES = 400


def oversized() -> list[str]:
    """Functions over 60 lines and modules over 400 lines in kb/, indexer/, web/ (the developers' guide)."""
    import ast
    out = []
    for package in ("kb", "indexer", "web"):
        for path in sorted((ROOT / package).glob("*.py")):
            source = path.read_text("utf-8")
            name = path.relative_to(ROOT)
            if source.count("\n") > MAX_MODULE_LINES:
                out.append(f"{name}: {source.count(chr(10))} lines")
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    lines = node.end_lineno - node.lineno + 1
                    if lines > MAX_FUNCTION_LINES:
                        out.append(f"{name}:{node.lineno}: {node.name} has {lines} lines")
    return out


def test_small_modules_and_functions():
    assert oversized() == []
