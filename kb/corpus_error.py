"""The one error of reading the corpus: the file and line that is wrong, and why. Its own module so that the
corpus reading (kb/corpus.py) and the build gate it calls (kb/gate.py) both import it at the top."""
from __future__ import annotations

from pathlib import Path


class CorpusError(Exception):
    def __init__(self, file: str | Path, line: int | None, message: str):
        self.file, self.line, self.message = str(file), line, message
        where = f"{self.file}:{line}" if line else self.file
        super().__init__(f"{where}: {message}")
