"""The bids a query names and whether one of them does not overcall the bid before it.

A director types an insufficient bid as the two bids ('hij bood 2 ruiten over mijn 2 harten', 'na mijn 1 sa
bood hij 1 harten'), not as the law's term. Whether the later bid 'heft het vorige op' is the laws' own rule
(002 art. 18B 'Een bod heft een vorig bod op als het óf hetzelfde aantal trekken in een hogere speelsoort
aanduidt, óf een groter aantal trekken in welke speelsoort dan ook', 18E the rank of the strains); when it
does not, the bid is insufficient (18D). Such a query gets the fact word INSUFFICIENT beside its words for the
event patterns (indexer/glossary.py events_in), and corpus/glossary/events.tsv says what that fact is."""
from __future__ import annotations

INSUFFICIENT = "bod_heft_vorig_bod_niet_op"

# 002 art. 18E 'sans atout (zonder troef), schoppen, harten, ruiten, klaveren', lowest first, with the short
# forms people type ('2h', '1sa', '3 kl')
STRAINS = {word: rank for rank, words in enumerate((
    ("klaveren", "klaver", "kl", "k"), ("ruiten", "ruit", "r"), ("harten", "hart", "h"),
    ("schoppen", "schop", "schuppen", "s"), ("sa", "nt", "sans"))) for word in words}
GAP_OVER = 2      # words between 'over' and the earlier bid ('over mijn 2 harten')
# the words between a bid and the earlier one it answers ('2 ruiten over / op / na mijn 2 harten')
LATER_WORDS = ("over", "op", "na")
GAP_AFTER = 4     # words between the earlier bid and the later one after 'na' ('na mijn 1 sa bood hij 1 harten')
GAP_REPLY = 3     # words between the earlier bid and the verb of the later one ('opent 1 s en ik bied 1 h')
# the verbs that make a bid after them ('ik bied 1 h'), as people type them
CALL_VERBS = frozenset("bied biedt bood boden bieden geboden opent opende openen geopend zegt zei legt legde".split())


def _bid_at(words: list[str], i: int) -> tuple[int, int] | None:
    """(level, strain) of a bid starting at words[i] ('2', 'harten'), else None."""
    if i + 1 < len(words) and words[i] in "1234567" and len(words[i]) == 1 and words[i + 1] in STRAINS:
        return int(words[i]), STRAINS[words[i + 1]]
    return None


def overcalls(later: tuple[int, int], earlier: tuple[int, int]) -> bool:
    return later > earlier       # a greater number of tricks, or the same number in a higher strain


def _next_bid(words: list[str], start: int, gap: int) -> tuple[int, tuple[int, int]] | None:
    """(position, bid) of the first bid from words[start], at most `gap` words further."""
    for j in range(start, min(start + gap + 1, len(words))):
        bid = _bid_at(words, j)
        if bid:
            return j, bid
    return None


def facts(words: list[str]) -> list[str]:
    """[INSUFFICIENT] when the (folded) words name a bid 'over' (op, na) an earlier one ('2 ruiten over mijn 2 harten'),
    after 'na' one ('na mijn 1 sa bood hij 1 harten') or in reply to one ('opent 1 s en ik bied 1 h') that it does
    not overcall; [] otherwise."""
    for i, word in enumerate(words):
        later = _bid_at(words, i)
        if later and i + 2 < len(words) and words[i + 2] in LATER_WORDS:
            earlier = _next_bid(words, i + 3, GAP_OVER)
            if earlier and not overcalls(later, earlier[1]):
                return [INSUFFICIENT]
        if word == "na":
            earlier = _next_bid(words, i + 1, GAP_OVER)
            after = earlier and _next_bid(words, earlier[0] + 2, GAP_AFTER)
            if after and not overcalls(after[1], earlier[1]):
                return [INSUFFICIENT]
        if later and i > 0 and words[i - 1] in CALL_VERBS and _answered_lower(words, i + 2, later):
            return [INSUFFICIENT]
    return []


def _answered_lower(words: list[str], start: int, earlier: tuple[int, int]) -> bool:
    """A verb of calling within GAP_REPLY words from `start`, right before a bid that does not overcall `earlier`
    ('opent 1 s en ik bied 1 h')."""
    for j in range(start, min(start + GAP_REPLY + 1, len(words) - 1)):
        if words[j] in CALL_VERBS:
            reply = _bid_at(words, j + 1)
            return bool(reply) and not overcalls(reply, earlier)
    return False
