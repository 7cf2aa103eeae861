"""Who acted: the laws split some situations by the player who acted, in their titles ('Tonen van kaarten door
de leider', 48; 'Tonen van kaarten door een tegenspeler', 49; 55 and 56 the same for a lead out of turn). A
query that names only one of the two actors ('leider liet een kaart vallen') cuts the article titled for the
other; a query naming both, or neither, cuts none."""
from __future__ import annotations

ROLE_WORDS = {"leider": "leider", "declarer": "leider", "tegenspeler": "tegenspeler", "tegenspelers": "tegenspeler",
              "verdediger": "tegenspeler", "verdedigers": "tegenspeler", "defender": "tegenspeler"}
ROLE_CONFLICT = 0.7     # the share an article titled for the other actor keeps


def title_role(title: str) -> str | None:
    """The actor an article's title names ('... door de leider', '... door een tegenspeler'), or None."""
    words = title.lower().split()
    for i in range(len(words) - 2):
        if words[i] == "door" and words[i + 2] in ROLE_WORDS:
            return ROLE_WORDS[words[i + 2]]
    return None


def query_role(folded_words) -> str | None:
    """The one actor a query names (its folded words), or None when it names both or neither."""
    roles = {ROLE_WORDS[w] for w in folded_words if w in ROLE_WORDS}
    return next(iter(roles)) if len(roles) == 1 else None


class TitleRoles:
    """Per (edition, article): the actor its title names."""

    def __init__(self, titles: dict[tuple[str, str], str]):
        self.by_article = {key: role for key, title in titles.items() for role in [title_role(title)] if role}

    def factor(self, key: tuple[str, str], role: str | None) -> float:
        """What an article keeps of its score for a query that names `role`."""
        found = self.by_article.get(key)
        return ROLE_CONFLICT if role and found and found != role else 1.0
