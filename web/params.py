"""Numbers from requests, parsed in one place: ASCII digits only, inside a range, or a clear 400 in Dutch.

`"²".isdigit()` and `"١٢".isdigit()` are true but `int("²")` fails and `int("١٢")` is 12: no view calls
str.isdigit or int() on request text itself; it asks `number()` (a parameter, bounded) or `is_number()`
(a path part such as an article number)."""
from __future__ import annotations

import re

_DIGITS = re.compile(r"[0-9]{1,9}")  # ASCII only; nine digits keep int() cheap and far above every range


class ParamError(ValueError):
    """A parameter that is not a number in its range: its Dutch message is the 400's text."""


def is_number(text: str) -> bool:
    """True for a whole number written in ASCII digits ('27', '007'), false for '²', '١', '27B', ''."""
    return bool(_DIGITS.fullmatch(text or ""))


def number(raw: str | None, name: str, default: int, lowest: int, highest: int, clamp: bool = False) -> int:
    """The parameter `name` as a whole number in lowest..highest; `default` when it is absent or empty.
    A value outside the range is a ParamError, or with clamp=True the nearest bound."""
    raw = (raw or "").strip()
    if not raw:
        return default
    if not is_number(raw):
        if clamp and len(raw) > 9 and raw.isascii() and raw.isdigit():
            return highest  # a very long number of ASCII digits: above every range
        raise ParamError(f"{name} moet een geheel getal zijn (cijfers 0-9), niet {raw[:20]!r}.")
    value = int(raw)
    if lowest <= value <= highest:
        return value
    if clamp:
        return max(lowest, min(value, highest))
    raise ParamError(f"{name} moet tussen {lowest} en {highest} liggen, niet {value}.")
