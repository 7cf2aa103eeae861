"""Rulings: linkify, previews, citation resolving (built by the rulings issue)."""
from __future__ import annotations

from flask import Blueprint

bp = Blueprint("rulings", __name__)
