#!/usr/bin/env bash
# Install the runtime packages, build the knowledge base and the search index, and serve the site with
# gunicorn on http://127.0.0.1:8000 (options: --host H --port P; settings: see docs/ops.md).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
. .venv/bin/activate
pip install -q --disable-pip-version-check -r requirements.txt
python app.py build
exec python app.py serve "$@"
