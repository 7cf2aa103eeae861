"""Who acted: the laws split some situations by the player who acted, in their titles ('Tonen van kaarten door
de leider', 48; 'Tonen van kaarten door een tegenspeler', 49; 55 and 56 the same for a lead out of turn). A
query that names only one of the two actors ('leider liet een kaart vallen') cuts the article titled for the
other; a query naming both, or neither, cuts none. The articles titled for the dummy (42, 43) list what the
dummy may and may not do, so they hold the words of much that happens at the table ('de wedstrijdleider
ontbieden'): a query that does not name the dummy ('blinde', 'dummy', 'van tafel'; not 'aan tafel') cuts them too."""
from __future__ import annotations

import re

ROLE_WORDS = {"leider": "leider", "declarer": "leider", "tegenspeler": "tegenspeler", "tegenspelers": "tegenspeler",
              "verdediger": "tegenspeler", "verdedigers": "tegenspeler", "defender": "tegenspeler"}
ROLE_CONFLICT = 0.7     # the share an article titled for the other actor keeps
DUMMY_WORDS = frozenset({"blinde", "blinden", "dummy", "dummie"})
# "van tafel" (from dummy), "de tafel" and "tafel zegt" (the dummy), but not the table the players sit at ("aan tafel",
# "op de tafel", "de andere tafel")
_DUMMY_TABLE = re.compile(r"^tafel\b|(?<!\baan )(?<!\bop )(?<!\bbij )(?<!\bonder )(?<!\bover )\b(?:van|uit|de) tafel\b")
NO_DUMMY = 0.5          # the share an article titled for the dummy keeps for a query that does not name him


def title_role(title: str) -> str | None:
    """The actor an article's title names ('... door de leider', '... door een tegenspeler'), or None."""
    words = title.lower().split()
    for i in range(len(words) - 2):
        if words[i] == "door" and words[i + 2] in ROLE_WORDS:
            return ROLE_WORDS[words[i + 2]]
    return None


# who chooses the rectification is not who acted: 'wat mag de leider (nu) eisen' after a defender's lead out of turn
# ... nor is the one whose turn it was: 'mijn partner speelde voor terwijl de leider aan slag was', 'terwijl ik als
# leider de vorige slag had gewonnen'
# ... nor the one a seat is said to be, the setting of what another did: 'West liet een kaart vallen. Noord is leider'
_ROLE = "leider|declarer|tegenspeler|verdediger"
_CHOOSER = re.compile(rf"\b(?:mag|kan|moet)(?: ik als| de| het)? (?P<role>{_ROLE}) (?:nu |dan )?"
                      r"(?:eisen|kiezen|verbieden|gebieden)\b|\bopties (?:van |vd )(?:de )?(?P<of>leider)\b|"
                      rf"\b(?:terwijl|maar|toen) (?:de |het de )?(?P<turn>{_ROLE}) (?:nog |eigenlijk )?"
                      r"(?:aan slag|aan de beurt|aan bod)\b|"
                      rf"\b(?:terwijl|maar) ik (?:als )?(?P<as>{_ROLE})\b|"
                      rf"\b(?:noord|oost|zuid|west|[nozw]) (?:is|was) (?:de )?(?P<seat>{_ROLE})\b")
_OTHER = {"leider": "tegenspeler", "tegenspeler": "leider"}


def query_role(folded_words, text: str = "") -> str | None:
    """The one actor a query names (its folded words), or None when it names both or neither; a role named as
    the one who chooses the rectification ('wat mag de leider eisen', in the folded text), as the one whose
    turn it was ('terwijl de leider aan slag was') or as what a seat is ('noord is leider') names the other as
    the one who acted."""
    chooser = _CHOOSER.search(text)
    if chooser:
        return _OTHER[ROLE_WORDS[next(g for g in chooser.groups() if g)]]
    roles = {ROLE_WORDS[w] for w in folded_words if w in ROLE_WORDS}
    return next(iter(roles)) if len(roles) == 1 else None


def names_dummy(folded_words, text: str = "") -> bool:
    """Whether a query (its folded words, and its folded text) names the dummy."""
    return any(w in DUMMY_WORDS for w in folded_words) or bool(_DUMMY_TABLE.search(text))


class TitleRoles:
    """Per (edition, article): the actor its title names, and whether it is titled for the dummy ('De rechten
    van de blinde', 42; 'Beperkingen voor de blinde', 43): their texts list all that happens at the table (the
    director called, attention drawn to an irregularity) as what the dummy may or may not do."""

    def __init__(self, titles: dict[tuple[str, str], str]):
        self.by_article = {key: role for key, title in titles.items() for role in [title_role(title)] if role}
        self.dummy = {key for key, title in titles.items()
                      if title.lower().endswith(("van de blinde", "voor de blinde"))}

    def factor(self, key: tuple[str, str], role: str | None, dummy_named: bool = True) -> float:
        """What an article keeps of its score for a query that names `role` (and the dummy or not)."""
        found = self.by_article.get(key)
        factor = ROLE_CONFLICT if role and found and found != role else 1.0
        return factor * NO_DUMMY if not dummy_named and key in self.dummy else factor

    def cuts(self, role: str | None, dummy_named: bool) -> dict[tuple[str, str], float]:
        """The articles a query cuts, with what each keeps (worked out once per query: a few articles)."""
        keys = set(self.by_article) | self.dummy
        return {key: f for key in keys for f in [self.factor(key, role, dummy_named)] if f != 1.0}
