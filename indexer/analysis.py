"""Dutch text analysis for the index and the queries."""
from __future__ import annotations

import Stemmer
from whoosh.analysis import Filter, LowercaseFilter, RegexTokenizer, StopFilter

SUIT_WORDS = {"♠": "schoppen", "♥": "harten", "♦": "ruiten", "♣": "klaveren"}
STOPWORDS = frozenset("""de het een en of van in op te dat die is zijn aan als bij met om tot door dan
er hij zij ze u je mij me we wij ook maar nog wel al dit deze wordt worden werd was kan mag moet hun
hem haar wat wie waar""".split())

_stemmer = Stemmer.Stemmer("dutch")


class DutchStemFilter(Filter):
    def __call__(self, tokens):
        for t in tokens:
            t.text = _stemmer.stemWord(t.text)
            yield t


def analyzer():
    return (RegexTokenizer(r"[\w♠♥♦♣]+") | LowercaseFilter() | StopFilter(stoplist=STOPWORDS, minsize=1)
            | DutchStemFilter())
