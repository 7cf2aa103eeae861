"""Forms of Dutch strong and irregular verbs that people use when they tell what happened at the table ('ik zag
een kaart', 'we vonden er een onder de tafel', 'toen kwamen ze in 4 schoppen') and that the Snowball stemmer
leaves apart from the laws' own forms ('zien', 'gevonden', 'komen'): each form -> its infinitive, so a
form searches as the stem of the infinitive (indexer/analysis.py base_stem). Regular forms ending in -t or
-d are found from the texts' own vocabulary instead (analysis._inflected).

Left out on purpose: forms that are other words as well, which the laws use in that other sense: 'gevallen'
(cases: 'in die gevallen'), 'namen' (names), 'zie' (the laws' 'zie artikel …'),
every form of 'weten' (its stem is the stem of 'wet'), and 'laten', which mostly helps another verb ('liet een
kaart vallen', 'laat zien'): as the laws' 'laten' it drew such a query to the texts that say 'laten'. Measured
on the dev sets, 'zeggen', 'zitten' and 'liggen' did worse searched as their infinitives than as typed: they
are left out too. 'vroeg' is 'vragen' here: the laws never say 'vroeg' for early, and 'te vroeg' is a glossary
term of its own (voortijdig)."""
from __future__ import annotations

_TABLE = """
zien: ziet zag zagen
vallen: valt viel vielen
komen: komt kwam kwamen gekomen
krijgen: krijgt kreeg kregen gekregen
vinden: vindt vond vonden gevonden
houden: houdt hield hielden gehouden
wijzen: wijst wees wezen gewezen
geven: gaven
nemen: nam
roepen: roept riep riepen geroepen
trekken: trekt trok trokken getrokken
steken: steekt stak staken gestoken
kiezen: kiest koos kozen gekozen
denken: denkt dacht dachten gedacht
brengen: brengt bracht brachten gebracht
zoeken: zoekt zocht zochten gezocht
beginnen: begint begon begonnen
schrijven: schrijft schreef schreven geschreven
blijven: blijft bleef bleven gebleven
spreken: spreekt sprak spraken gesproken
lopen: loopt liep liepen gelopen
schuiven: schuift schoof schoven geschoven
grijpen: grijpt greep grepen gegrepen
verliezen: verliest verloor verloren
winnen: wint won wonnen gewonnen
kijken: kijkt keek keken gekeken
staan: staat stond stonden gestaan
gaan: gaat ging gingen gegaan
verbieden: verbiedt verbood
vragen: vroeg vroegen
vergelijken: vergelijkt vergeleek vergeleken
slaan: slaat sloeg sloegen geslagen
ontbreken: ontbreekt ontbrak ontbraken
verstaan: verstaat verstond verstonden
"""

VERB_FORMS: dict[str, str] = {form: verb for line in _TABLE.strip().splitlines()
                              for verb, forms in [line.split(":")] for form in forms.split()}


def infinitive(folded: str) -> str | None:
    """The infinitive of a strong verb's form: 'kwam' -> 'komen'. A form with its particle ('uitkwam',
    'ingetrokken') is not taken apart: measured, that drew too many texts to the particle verb."""
    return VERB_FORMS.get(folded)
