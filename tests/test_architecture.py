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
