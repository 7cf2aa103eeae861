"""The event patterns (corpus/glossary/events.tsv) read as people tell what happened at the table: each row below
is read as its law's concept (and, where given, puts its article first), and the words that tell something else
are not. The bid facts the patterns also read (indexer/bids.py) are tested on their own."""
from __future__ import annotations

import pytest

from indexer import bids

READ = [   # query, the concept the page announces ('Gezocht als: … + concept'), the first article or None
    # 000 art. 60A, the lead out of turn told as 'kwam voor terwijl ik die slag had gewonnen'
    ("oost kwam voor terwijl ik die slag had gewonnen en ik speelde gewoon bij, kan ik nog straf vragen",
     "spelen na een onreglementair spelen", None),
    # 004 'Als u nu waarschuwt dat uw partner uit de verkeerde hand voorspeelt', told in the past ('hield hem tegen')
    ("de dummy hield de leider tegen toen hij uit de verkeerde hand wilde voorspelen", "de rechten van de blinde", "42"),
    # index (000) 'Keuzemogelijkheden van speler na onregelmatigheid ... Verbod raadplegen partner 10': partner as a seat
    ("zuid mag kiezen, mag hij dat eerst met noord overleggen", "keuze na een onregelmatigheid", "10"),
    # 000 art. 53A, told as 'niet op de beurt'
    ("de leider accepteerde de niet op de beurt voorgespeelde kaart", "accepteren van voor de beurt voorspelen", "53"),
    # 000 inhoud art. 63 'C. Verzaking mag niet hersteld worden': once a later trick has begun
    ("oost verzaakte, west speelde al voor in de volgende slag, mag het nog hersteld worden",
     "verzaking mag niet hersteld worden", "63"),
    # 000 art. 73B1 '... door de manier waarop biedingen worden gedaan of kaarten worden gespeeld'
    ("mijn maat kwakte zijn aas hard op tafel", "verdergaande informatie", "73"),
    # index (000) 'Foutieve uitleg van onderlinge afspraak 40, 75': 'legde ... verkeerd uit'
    ("oost legde het 2 harten bod van west verkeerd uit", "foutieve uitleg", "75"),
    # 000 art. 12A3 'De wedstrijdleider mag een arbitrale score toekennen als een onjuiste straf is ondergaan'
    ("we hebben de verkeerde straf toegepast, wat nu", "een onjuiste straf is ondergaan", None),
    # 000 inhoud art. 15 'B. Eén of meer spelers hebben het bord reeds gespeeld'
    ("dit bord hadden we al gespeeld tegen een ander paar", "één of meer spelers hebben het bord reeds gespeeld", "15"),
    # 001 art. 35 'Ontoelaatbare bieding blijft ongestraft': an inadmissible call told as 'dat niet mocht'
    ("oost gaf een redoublet dat niet mocht en zuid bood er gewoon overheen", "ontoelaatbare bieding blijft ongestraft", "35"),
    # 000 inhoud art. 55 'Voor de beurt voorspelen door de leider': the trick won 'met de dummy'
    ("de leider speelde uit zijn hand terwijl hij met de dummy de slag gewonnen had",
     "voor de beurt voorspelen door de leider", "55"),
    # 003 (2017) art. 16C 'Informatie uit ingetrokken handelingen'
    ("oost nam zijn kaart terug, mag ik rekening houden met wat ik zag", "informatie uit ingetrokken handelingen", "16"),
    # index (000) 'Fout in uitleg over afspraken tussen partners 75': the agreement told as what the pair plays
    ("oost zei dat het natuurlijk is maar wij spelen het als transfer", "fout in uitleg over afspraken", None),
    # 002 art. 18A '(pas, doublet en redoublet zijn biedingen, maar geen bod)'
    ("is een pas ook een bod", "pas, doublet en redoublet zijn biedingen, maar geen bod", "18"),
    # 004 'Uw linkertegenstander mag nu zijn gedane bieding intrekken'
    ("oost verving zijn bieding maar ik had al gepast, mag ik opnieuw", "zijn gedane bieding intrekken", "25"),
    # index (000) 'Straffen ... Door spelers zelf 10'
    ("we hebben de straf onderling geregeld zonder arbiter", "straffen door spelers zelf", "10"),
    # 000 art. 9A1 '... ongeacht wiens beurt het is om te bieden'
    ("mag ik het zeggen terwijl ik niet aan de beurt ben", "de aandacht vestigen op een onregelmatigheid", "9"),
    # index (000) 'Wijziging van bieding na aan het licht komen van onjuiste informatie 21', the words in another order
    ("ze zei dat het natuurlijk was, nu bleek het kunstmatig, mag ik mijn bod nog veranderen",
     "wijziging van bieding na aan het licht komen van onjuiste informatie", "21"),
    # 000 inhoud art. 14 'Ontbrekende kaart': the number of cards as the last word
    ("ik had er maar elf", "ontbrekende kaart", None),
    # 004 'Dit betekent dus dat u als blinde niet een kaart naar voren mag schuiven als u weet dat deze vrij is'
    ("mijn dummy duwt zijn laatste troef wat vooruit", "beperkingen voor de blinde", "43"),
    # 000 inhoud art. 55 'Voor de beurt voorspelen door de leider': from dummy while his own hand was on lead
    ("leider vroeg de heer van de dummy terwijl hij uit zijn eigen hand moest voorspelen",
     "voor de beurt voorspelen door de leider", "55"),
    # 000 inhoud art. 56 'Voor de beurt voorspelen door een tegenspeler', the lead not accepted ('neemt niet aan')
    ("zuid speelt voor terwijl ik de slag had, de leider neemt het niet aan",
     "voor de beurt voorspelen door een tegenspeler", None),
    # 002 art. 17D 'Als een speler een bieding doet met kaarten die hij per ongeluk uit een verkeerd bord genomen
    # heeft, wordt die bieding geannuleerd'
    ("west bood 3 sa met de kaarten van het volgende bord", "kaarten van een verkeerd bord", "17"),
    # 001 art. 28B 'Bieding door juiste speler maakt bieding voor de beurt ongedaan' (1987 holds its text)
    ("oost, die aan de beurt was, bood nog voor de arbiter er was", "bieding door juiste speler", "28"),
    # 002 art. 20A 'Een speler die een bieding niet duidelijk verstaat, mag onmiddellijk verlangen dat deze
    # bieding herhaald wordt': the words need not stand together
    ("ik hoorde zijn bod niet goed, kan hij het herhalen", "bieding die niet duidelijk is verstaan", "20"),
    # 003 (2017) art. 16 '… het zien van kaarten aan een andere tafel': looking into the cards at the next table
    ("noord keek in de kaarten aan de andere tafel", "anderszins verkregen informatie uit andere bronnen", "16"),
    # index (000) 'Sorteren van de hand van de blinde 41'
    ("in welke volgorde legt de dummy zijn kaarten op tafel", "sorteren van de hand van de blinde", "41"),
    # index (000) 'Om onjuiste slag die te veel kaarten bevat te herstellen 67': a card left over at the end (Flemish 'ne')
    ("aan het eind van het spel had oost ne kaart te veel", "onjuiste slag", "67"),
    # index (000) 'Ophouden met spelen na opeisen of afstaan 68'
    ("na de claim van de leider hebben ze het spel toch uitgespeeld", "ophouden met spelen na opeisen of afstaan", "68"),
    # 000 art. 9A1: a player told an opponent of his call out of turn and asks whether he should have called the director
    ("ik zei tegen de tegenpartij dat ze te laag boden, moest ik de arbiter roepen", "de aandacht vestigen op een onregelmatigheid", "9"),
    # index (000) 'Onmiddellijk herstel van onopzettelijke aanduiding van kaart 45'
    ("de leider versprak zich en noemde de heer in plaats van de vrouw uit de blinde", "onmiddellijk herstel van onopzettelijke aanduiding van kaart", "45"),
    # index (000) 'Slagen … Recht blinde om aantal gemaakte - bij te houden 42'
    ("mag de dummy tellen hoeveel slagen wij hebben", "de rechten van de blinde", "42"),
    # 000 art. 9A1: may a defender say something when declarer leads from the wrong hand
    ("mag ik er iets van zeggen als de leider uit de verkeerde hand voorspeelt", "de aandacht vestigen op een onregelmatigheid", None),
    # indexer/roles.py: 'terwijl ik (leider) ...' without 'als'
    ("lt speelde voor terwijl ik leider de vorige slag had gewonnen", "voorspelen voor de beurt", "56"),
    # 000 art. 39 'Bieding na afsluitende pas'
    ("na de laatste pas zei west nog doublet", "bieding na afsluitende pas", "39"),
    # index (000) 'Scoren … Herstel van fouten 79': a mistake on the score sheet
    ("er stond een fout op het briefje van tafel 3", "herstel van fouten", "79"),
    # 004 'de verkeerde biedkaart uit de biddingbox' in Flemish ('boxke')
    ("ik nam het verkeerde kaartje uit mijn boxke", "onopzettelijk gedane bieding", "25"),
    # 001 art. 30: a pass made before the dealer had opened
    ("oost paste al voordat de gever had geopend, geldt die pas of moet hij later weer passen", "pas voor de beurt", "30"),
    # 000 art. 53A / index 'Accepteren van … Voorspelen voor de beurt 53': playing on to a lead made while another had the lead
    ("de leider speelde uit de blinde terwijl mijn partner aan de beurt was en ik legde er een kaart op", "accepteren van voor de beurt voorspelen", None),
    # 000 art. 42 'De rechten van de blinde', art. 61 '… informeren naar een verzaking': dummy asks about a revoke
    ("de blinde vroeg aan de leider of hij verzaakt had", "de rechten van de blinde", None),
    # index (000) 'Aanraken van andermans kaarten 90': taking another's cards out of the board to look at them
    ("zuid haalde de kaarten van oost uit het bord om ze te bekijken", "het aanraken van andermans kaarten", None),
    # index (000) 'Stembuiging 73'; 003 art. 16B1 'bijzondere nadruk'
    ("mijn partner zei doublet met veel nadruk in zijn stem", "stembuiging", "73"),
    # 000 art. 90B3 'Luidruchtig bespreken … zodanig dat dit aan een andere tafel kan worden gehoord'
    ("ze hebben het bord hardop nabesproken terwijl de buurtafel nog moest spelen", "luidruchtig bespreken", "90"),
    # 001 art. 37: the player who had to pass and bid anyway ('bood toch')
    ("oost moest verplicht passen en bood toch 3 harten", "overtreding van de verplichting om te passen", "37"),
    # 004 (guide) 'zuchten, schouders ophalen of gezichtsuitdrukkingen': partner laughing at a call
    ("mijn partner grinnikte toen ik 3 sa bood", "anderszins verkregen informatie van de zijde van de partner", "16"),
    # index (000) 'Aanraken van andermans kaarten 90'
    ("mag de tegenspeler mijn kaarten aanpakken", "het aanraken van andermans kaarten", None),
    # 000 art. 72A2: a trick scored that was not the side's own
    ("we hebben een slag genoteerd die niet van ons was", "score voor gemaakte slagen", "72"),
    # 000 art. 68 'Opeisen en afstaan van slagen': giving away the last tricks
    ("de laatste twee zijn voor jullie", "afstaan van slagen", "68"),
    # 000 art. 25A '… alléén als hij dit doet of tracht te doen zonder denkpauze': a call changed after thinking
    ("west veranderde zijn bieding na lang twijfelen in 2 harten", "het wijzigen van biedingen", "25"),
    # 002 art. 19A1/19B1 'Reglementair doublet/redoublet': whether a double may be made after what came before
    ("mag ik nog redoubleren nadat mijn partner gepast heeft", "reglementair doublet", "19"),
    ("mag je doubleren als tussen het bod en nu al een ander bod was", "reglementair doublet", "19"),
    # 000 art. 72A2 'Een speler mag een score voor een slag die zijn partij niet heeft gemaakt, niet bewust accepteren'
    ("de tegenpartij telde een slag te weinig voor zichzelf, mogen wij die houden", "score voor gemaakte slagen", "72"),
    # index (000) 'Scoren … Herstel van fouten 79': a score sheet written wrongly
    ("scorekaart fout, twee slagen te veel genoteerd", "herstel van fouten", "79"),
    # indexer/roles.py: 'terwijl ik als leider ...' names whose turn it was, so the defender acted (56, not 55)
    ("mijn rt speelde voor terwijl ik als leider de laatste slag had gemaakt", "voorspelen voor de beurt", "56"),
    # 'kappen' is club Dutch for ruffing: a ruff while holding the suit, found later, is an established revoke
    ("oost kapte maar had nog harten, dat bleek pas twee slagen later", "voldongen worden van een verzaking", None),
    # 000 art. 81C8 '... kwijtschelden van straffen ..., op verzoek van de niet-overtredende partij'
    ("mag de arbiter de straf kwijtschelden als wij daar zelf om vragen", "kwijtschelden van straffen", "81"),
    # 003 art. 16B1 'gebaar, beweging of hebbelijkheid': an opponent's habit before each call
    ("mijn lt kucht telkens voordat hij biedt", "anderszins verkregen informatie van de zijde van de partner", "16"),
    # index (000) 'Onmogelijkheid voor te spelen of te spelen zoals vereist 59': the suit demanded is not held
    ("de leider eiste schoppen maar mijn partner heeft die kleur gewoon niet", "onmogelijkheid voor te spelen of te spelen zoals vereist", "59"),
    # index (000) 'Aanraken van andermans kaarten 90'; 000 art. 90B5
    ("iemand van de tegenstanders pakte mijn kaarten om ze te bekijken", "het aanraken van andermans kaarten", "7"),
    # 001 art. 34: a pass out of turn and two more passes before the player ever bid
    ("rt paste voor zijn beurt, toen nog 2 keer pas en ik heb nooit kunnen bieden", "behoud van het recht om te bieden", "34"),
    # 000 art. 79B: a count of the tricks that does not add up is a disagreement about the tricks won
    ("de telling van de slagen klopte niet aan het eind", "verschil van mening over gemaakte slagen", "79"),
    # index (000) 'Vijfde kaart in een slag 45': five cards seen in one trick
    ("in de laatste slag lagen vijf kaarten, wat nu", "vijfde kaart in een slag", "45"),
    # 002 art. 21A: a call made on a call heard or understood wrongly, told as the reason for one's own call
    ("wij boden 3 harten omdat we dachten dat zij 3 klaveren zei, hebben we recht op iets", "foutief begrijpen of verstaan", "21"),
    # 000 art. 62: a revoke seen at once ('bekende geen klaveren maar had er nog een') is corrected
    ("west bekende geen klaveren maar had er nog een, hij zag het meteen zelf", "verzaking moet hersteld worden", "62"),
    # 001 art. 23 (a pass forced on the offender's partner that damages the other side): 'het pakte slecht uit'
    ("oost moest verplicht passen en dat pakte voor ons verkeerd uit", "gedwongen pas die schade toebrengt", "23"),
    # 000 inhoud art. 26 'Bieding ingetrokken, voorspeelstraffen': a changed call and the lead it forbids
    ("zij wijzigde haar bod, mag haar partner nu niet met schoppen uitkomen", "bieding ingetrokken, voorspeelstraffen", "26"),
    # 000 art. 41A: the opening lead by the wrong defender ('de verkeerde tegenstander kwam uit')
    ("de verkeerde tegenstander kwam uit met een open kaart", "voor de beurt uitkomen", "54"),
    # 001 art. 30: a pass while the player whose turn it was still had to open
    ("oost moest nog openen maar ik paste al", "pas voor de beurt", "30"),
    # 000 art. 67: a trick to which a player added no card is defective, not a missing card (14)
    ("hij had twaalf kaarten gespeeld want in de derde slag had hij niets bijgelegd", "onjuiste slag", "67"),
    # index (000) 'Te laat komen 90': arriving when the round had already begun
    ("wij kwamen pas binnen toen het spelen al begonnen was", "te laat komen", "90"),
    # 000 art. 76 'Toeschouwers': someone watching over a player's shoulder
    ("een man keek mee over haar schouder tijdens het spelen", "toeschouwer", "76"),
    # 002 art. 18A '(pas, doublet en redoublet zijn biedingen, maar geen bod)'
    ("telt een redoublet eigenlijk ook als bod", "pas, doublet en redoublet zijn biedingen, maar geen bod", "18"),
    # 000 art. 90B4 'het ongeoorloofd vergelijken van de scores met een andere deelnemer'
    ("twee paren vergeleken hun uitslagen tijdens de zitting", "het vergelijken van scores", "90"),
    # 003 art. 77 'Scoretabel … Gedoubleerd … Geredoubleerd': what a doubled contract scores
    ("hoeveel punten levert 4 harten gedoubleerd gemaakt op", "scoretabel voor wedstrijdbridge", "77"),
    # 000 inhoud art. 6 'Het schudden en geven': the cards not shuffled
    ("de kaarten waren niet geschud voor het geven", "het schudden en geven", "6"),
    # 002 art. 20F1 'in de regel behoort de partner van de speler die de desbetreffende bieding heeft gedaan, het antwoord te geven'
    ("wie moet hun 2 klaveren bod uitleggen", "uitleg van biedingen", None),
    # index 'Scoren … Herstel van fouten 79': a wrong number of tricks entered
    ("we hebben een verkeerd aantal slagen ingevoerd", "herstel van fouten", "79"),
    # 000 art. 92A 'Recht van de deelnemer': disagreeing with the director's ruling
    ("ik ben het niet eens met de wl", "het recht om te protesteren", "92"),
    # 000 art. 44G 'Voorspelen na de eerste slag': who leads to a later trick
    ("wie speelt voor in de derde slag", "voorspelen na de eerste slag", "44"),
    # 001 art. 35: a bid above seven, called over by the next player
    ("oost bood 9 harten en zuid bood er gewoon overheen", "ontoelaatbare bieding blijft ongestraft", "35"),
    # index 'Aanraken van andermans kaarten 90': declarer taking hold of my cards
    ("de leider pakte mijn kaarten vast", "het aanraken van andermans kaarten", None),
    # 003 art. 16: what was heard at the next table ('tafel ernaast')
    ("ik hoorde aan de tafel ernaast hoeveel slagen ze maakten", "anderszins verkregen informatie uit andere bronnen", "16"),
    # 87: the cards in the wrong pockets at an earlier table
    ("bij een eerdere tafel zijn de kaarten in het verkeerde vak gestopt", "onklaar bord", None),
    # 000 art. 50D: declarer requiring partner's lead because of a major penalty card
    ("west had een strafkaart en toen oost aan slag kwam eiste de leider harten", "behandeling van grote strafkaart", "50"),
    ("noord heeft de schoppenvrouw als strafkaart en zuid komt aan slag, wat mag de leider eisen", "behandeling van grote strafkaart", "50"),
    # 000 inhoud art. 44 'G. Voorspelen na de eerste slag': who leads after a trick, not the opening lead (41)
    ("wie moet er voorspelen als ik de laatste slag won", "voorspelen na de eerste slag", "44"),
    ("wie komt uit na de vorige slag", "voorspelen na de eerste slag", "44"),
    # 001 art. 35: the next player had already called over an inadmissible double before anyone noticed
    ("west doubleerde het bod van zijn partner en noord had al geboden voordat we het zagen", "ontoelaatbare bieding blijft ongestraft", "35"),
    # 000 inhoud art. 55 'Voor de beurt voorspelen door de leider': declarer led from dummy out of turn
    ("de leider kwam voor zijn beurt uit vanuit de blinde", "voor de beurt voorspelen door de leider", "55"),
    # 25A: the wrong card taken from the bidding box
    ("ik had een fout biedkaartje neergelegd", "onopzettelijk gedane bieding", "25"),
    # 000 art. 79B 'Verschil van mening over gemaakte slagen', told seat by seat
    ("zuid zegt 10 slagen, west zegt 9", "verschil van mening over gemaakte slagen", "79"),
    # 000 art. 73B1 'of door het al dan niet stellen van vragen aan de tegenstanders'
    ("mijn partner vroeg nadrukkelijk wat hun doublet betekende", "stellen van vragen aan de tegenstanders", "73"),
    # 004 'of de 1♠-biedkaart is blijven plakken': 25A's onopzettelijk gedane bieding
    ("er plakten twee biedkaartjes aan elkaar toen ik bood", "onopzettelijk gedane bieding", "25"),
    # 000 'ARTIKEL 84 Beslissingen inzake feiten waarover overeenstemming bestaat'
    ("als de feiten vaststaan, hoe beslist de wl dan", "beslissingen inzake feiten waarover overeenstemming bestaat", "84"),
    # 000 art. 41A 'met de beeldzijde van de kaart naar beneden', said as 'omgekeerd'
    ("ik kwam uit met mijn kaart omgekeerd", "gedekte uitkomst", "41"),
    # 000 art. 76A1 'Een toeschouwer behoort niet de hand van meer dan één speler in te zien'
    ("mag de toeschouwer twee handen inzien", "toeschouwers", "76"),
    # 000 art. 9A1 'mag elke speler de aandacht vestigen op een onregelmatigheid …, ongeacht wiens beurt het is'
    ("oost bood voor zijn beurt, mag ik daar iets van zeggen", "de aandacht vestigen op een onregelmatigheid", "9"),
    # 000 art. 90B3 'het bespreken van … het resultaat van een spel, zodanig dat dit aan een andere tafel kan worden gehoord'
    ("aan de buurtafel riepen ze hardop hun score", "luidruchtig bespreken", "90"),
    # 60A: a card put on a lead out of turn ('gooide er een kaart op'), and whether a penalty can still be asked
    ("west speelde voor zijn beurt voor en ik gooide er een kaart op, kan ik nog straf eisen", "spelen na een onreglementair spelen", "60"),
    # 000 art. 24 'Getoonde of voorgespeelde kaart tijdens het bieden', told as 'in het bieden liet … zien'
    ("in het bieden liet west zijn aas zien", "getoonde of voorgespeelde kaart tijdens het bieden", "24"),
    # 000 art. 44G 'Voorspelen na de eerste slag': the trick won in dummy, and the next lead from there
    ("de slag werd gewonnen in de blinde, moet ik nu van daaruit voorspelen", "voorspelen na de eerste slag", "44"),
    # 001 art. 40A 'een opzettelijk misleidende bieding - zoals een psychologisch bod': an opening on almost nothing
    ("hij opende 2 schoppen met maar 2 punten", "psychologisch bod", "40"),
    # 002 art. 20F2 'een uitleg … van de speelconventies van een tegenspeler'
    ("ik vroeg welke signalen ze spelen", "speelconventies van een tegenspeler", "20"),
    # index 'Aanraken van andermans kaarten 90': an opponent took a card of the dummy to look at it
    ("de rechtertegenstander pakte een kaart van de blinde om hem te bekijken", "het aanraken van andermans kaarten", None),
    # 000 art. 11A: the players put it right themselves before the director came
    ("we hebben het zelf rechtgezet voordat de wl kwam", "verlies van het recht op bestraffing", "11"),
    # index 'Onvolledige aanduiding van kaart 46': 'klein' said to the dummy, the speaker left out
    ("klein gezegd tegen de blinde", "onvolledige aanduiding van kaart", "46"),
    # 000 art. 9B2 'Een speler mag geen enkele actie ondernemen totdat de wedstrijdleider …'
    ("moeten we wachten tot de wl er is", "geen enkele actie ondernemen", "9"),
    # 002 art. 20D 'Alleen een tegenstander mag aan een verzoek om herhaling van de biedingen voldoen'
    ("ik vroeg een herhaling en mijn partner ging het opzeggen", "wie mag het biedverloop herhalen", "20"),
    # 002 art. 20C1 'heeft elke tegenspeler het recht te vragen of hij moet uitkomen'
    ("ik wist niet zeker of ik moest uitkomen", "wiens uitkomst", "20"),
    # 001 art. 32: a double before the player whose turn it was had called ('te vroeg', 'nog niet geboden')
    ("west doubleerde te vroeg, noord had nog niet geboden", "doublet of redoublet voor de beurt", None),
    # 001 art. 35B: a bid by a player obliged to pass, called over by the next player
    ("hij moest passen maar bood toch 3 harten, en noord heeft daar al overheen geboden", "ontoelaatbare bieding blijft ongestraft", "35"),
    # 001 art. 29B: a call out of turn that the next player, not noticing it, called over
    ("west bood voor zijn beurt maar noord merkte het niet en paste", "verlies van het recht op bestraffing", None),
    # 000 art. 83 'Wijzen op het recht om te protesteren': the director did not say so ('gezegd', 'meedelen')
    ("de wl heeft ons nooit gezegd dat we konden protesteren", "wijzen op het recht om te protesteren", "83"),
    # 37: obliged to pass, and a bid put down from the bidding box all the same
    ("ik moest passen maar legde toch 2 harten neer", "overtreding van de verplichting om te passen", "37"),
    # 002 art. 21B1 'Het niet meteen alerteren': told as 'niet gealerteerd'
    ("hun 2 klaveren was niet gealerteerd", "verzuim te alerteren", None),
    # 21: a call changed after 'de uitleg klopte niet'
    ("de uitleg klopte niet, mag ik mijn bod nog veranderen", "wijziging van bieding na aan het licht komen van onjuiste informatie", "21"),
    # 004 'Hoeveel slagen worden er nu overgedragen … na een voldongen verzaking?': the revoke told, not named
    ("hij had nog schoppen maar troefde, hoeveel slagen krijgen we", "de gang van zaken na het voldongen worden van een verzaking", "64"),
    # 001 art. 35A: an inadmissible double after which the offender's LHO called stays unpunished
    ("zuid doubleerde het bod van zijn partner en west paste daarna gewoon", "ontoelaatbare bieding blijft ongestraft", "35"),
    # 003 art. 16: 'het horen van … resultaten' of a board still to play, told as caught ('ving … op')
    ("ik ving bij de buren de uitslag op van een spel dat we nog moeten spelen", "anderszins verkregen informatie uit andere bronnen", "16"),
    # 000 art. 76A2: a spectator shows no reaction to the bidding or play
    ("een toeschouwer lachte toen mijn partner bood", "toeschouwers", "76"),
    # 000 art. 74B4 '(spelen terwijl hij weet dat alle slagen zeker voor hem zijn)'
    ("hij speelt maar door terwijl alle slagen zeker voor hem zijn", "ergeren van tegenstander", "74"),
    # 003 art. 16B1 'onverwachte alerts': partner alerted a natural call
    ("mijn partner alerteerde maar mijn bod was gewoon natuurlijk", "anderszins verkregen informatie van de zijde van de partner", "16"),
    # 002 art. 20A: a call not heard ('hoorde ik niet wat hij bood')
    ("in het rumoer hoorde ik niet wat oost bood", "bieding die niet duidelijk is verstaan", "20"),
    # 000 art. 57A: led to the next trick while partner still had to play ('terwijl zijn partner nog moest bijspelen')
    ("west speelde al voor terwijl zijn partner nog moest bijspelen", "voortijdig voorspelen of spelen door een tegenspeler", "57"),
    # index (000) 'Onmogelijkheid voor te spelen … zoals vereist 59': 'heeft die kleur niet'
    ("de leider eist schoppen voor te spelen maar oost heeft die kleur niet",
     "onmogelijkheid voor te spelen of te spelen zoals vereist", "59"),
    # 000 art. 50D: a lead forbidden to partner because of a penalty card
    ("de leider verbiedt mijn partner harten voor te spelen door mijn strafkaart", "behandeling van grote strafkaart", "50"),
    # 000 art. 11A 'vóór het ontbieden van de wedstrijdleider', told as 'speelden al verder'
    ("wij speelden al verder voordat de wl kwam", "verlies van het recht op bestraffing", "11"),
    # 000 art. 49: a card dropped during the play, nobody named, becomes a penalty card (50)
    ("een klaveraasje viel op de grond tijdens het spelen", "tonen van kaarten door een tegenspeler", None),
    # 000 inhoud art. 48 'B. Leider legt zijn kaarten open', told with the joined verb ('openlegt', 'opengelegde')
    ("de leider die zijn kaarten openlegt midden in het spel", "leider legt zijn kaarten open", None),
    # 000 inhoud art. 63 'Voldongen worden van een verzaking': the revoke seen only later ('zagen het pas')
    ("oost had verzaakt en we zagen het pas bij het volgende bord", "voldongen worden van een verzaking", "63"),
    # 002 art. 20C 'Herhaling na de afsluitende pas': the auction heard once more ('nog een keer horen')
    ("na de laatste pas wil ik het bieden nog een keer horen", "herhaling na de afsluitende pas", "20"),
    # 000 art. 46B4: declarer names a card that is not there (from dummy, unsaid)
    ("de leider noemde een kaart die er niet was", "aanduiding van een kaart die niet in de blinde aanwezig is", "46"),
    # 000 art. 9B2 'Verder bieden of spelen': the director was called and a player played on
    ("we riepen de arbiter maar noord speelde gewoon verder", "verder bieden of spelen", "9"),
    # index (000) 'Wijziging van bieding na aan het licht komen van onjuiste informatie 21': the alert forgotten,
    # told with the call between ('alerteerde de 2 klaveren van west niet')
    ("oost alerteerde de 2 klaveren van west niet, mag ik mijn bod nog veranderen",
     "wijziging van bieding na aan het licht komen van onjuiste informatie", "21"),
    # index (000) 'Onklaar bord 87': cards swapped between the pockets ('vakken')
    ("twee kaarten zijn tussen de vakken gewisseld", "onklaar bord", "87"),
    # index (000) 'Foutief begrijpen of verstaan … 21': the player's own misunderstanding
    ("ik had hun 2 harten verkeerd begrepen en paste", "foutief begrijpen of verstaan", None),
    # 000 art. 72A2: the opponents count a trick too few for themselves, and we would get it
    ("de tegenstanders tellen een slag te weinig, wij krijgen er een te veel", "score voor gemaakte slagen", None),
    # 002 art. 20F 'uitleg van biedingen': the call asked about named between 'wat' and 'betekende'
    ("oost vroeg wat de 2 klaveren van noord betekende", "herhaling en uitleg van biedingen", "20"),
    # 000 art. 72A2 'Score voor gemaakte slagen', the score confirmed in the bridgemate
    ("er stond een slag te veel in de bridgemate en ik heb het bevestigd", "score voor gemaakte slagen", None),
    # 000 art. 74B4 'met het oogmerk een tegenstander van zijn stuk te brengen': 'om west op de kast te jagen'
    ("hij speelde traag om zijn tegenstanders op de kast te jagen", "ergeren van tegenstander", "74"),
    # 000 art. 60A1 'Indien een speler van de niet-overtredende partij bijspeelt', told as 'legde er een kaart bij'
    ("oost speelde voor de beurt en ik legde er een kaart bij, kan ik nog straf vragen",
     "spelen na een onreglementair spelen", "60"),
    # index (000) 'Onmogelijkheid voor te spelen … zoals vereist 59': 'ik heb die kleur niet meer'
    ("de leider eist dat ik schoppen speel maar ik heb die kleur echt niet meer",
     "onmogelijkheid voor te spelen of te spelen zoals vereist", "59"),
    # 000 inhoud art. 69 'Het instemmen met het opeisen', the agreement told as 'aanvaard'
    ("wij hebben zijn claim aanvaard maar later bleek dat we toch nog een slag hadden",
     "het instemmen met het opeisen of afstaan van slagen", None),
    # 000 art. 11A 'vóór het ontbieden van de wedstrijdleider', told by the director who came to the table
    ("ze hadden al verder gespeeld voordat ik aan tafel kwam", "verlies van het recht op bestraffing", "11"),
    # 002 art. 20A 'Een speler die een bieding niet duidelijk verstaat, mag onmiddellijk verlangen dat deze bieding herhaald wordt'
    ("ik heb zijn bod niet goed gehoord, mag hij het nog eens zeggen", "bieding die niet duidelijk is verstaan", "20"),
    # 000 art. 25 'Het wijzigen van biedingen': a call said aloud, then another after all ('toch liever')
    ("noord zei 2 ruiten en daarna toch liever 2 harten", "onopzettelijk gedane bieding", "25"),
    # 000 art. 49 'als een tegenspeler een in zijn hand aanwezige kaart noemt', told indirectly
    ("de tegenspeler zei dat hij de hartenheer nog had", "een in zijn hand aanwezige kaart noemt", None),
    # 000 inhoud art. 24 'Getoonde of voorgespeelde kaart tijdens het bieden': led ('uitgekomen') too early
    ("west was al uitgekomen voordat het bieden voorbij was", "getoonde of voorgespeelde kaart tijdens het bieden", "24"),
    # index (000) 'Foutief begrijpen of verstaan … 21': a call believed to be another
    ("ik dacht dat hij 2 harten had geboden maar het was 2 ruiten", "foutief begrijpen of verstaan", None),
    # index (000) 'Onmogelijkheid voor te spelen of te spelen zoals vereist 59': 'de kleur … niet meer te hebben'
    ("ik moest harten voorspelen maar die kleur bleek ik niet meer te hebben",
     "onmogelijkheid voor te spelen of te spelen zoals vereist", "59"),
    # 004 'Een verzaking moet hersteld worden': the revoke told as 'vergat te bekennen' (61 'Verzuimen te bekennen')
    ("zuid vergat te bekennen en merkte het meteen", "verzaking moet hersteld worden", "62"),
    # 000 art. 14 'Ontbrekende kaart A. Incomplete hand': the card left in the board's pocket ('bordvak', 'vakje')
    ("west had er twaalf, de laatste kaart zat nog in het bordvak", "ontbrekende kaart", "14"),
    # index (000) 'Onmogelijkheid voor te spelen of te spelen zoals vereist 59', the lead told as 'uitkwam'
    ("hij eiste dat ik harten uitkwam maar ik heb geen harten", "onmogelijkheid voor te spelen of te spelen zoals vereist", "59"),
    # index (000) 'Wijziging van bieding na aan het licht komen van onjuiste informatie 21': a pass to be changed
    ("hij zei dat het natuurlijk was maar het bleek iets anders, ik had gepast, mag ik dat nog veranderen",
     "wijziging van bieding na aan het licht komen van onjuiste informatie", "21"),
    # 000 art. 55: the trick won in hand, told with words between ('de vorige slag in mijn hand had gewonnen')
    ("de leider speelde van tafel terwijl hij de vorige slag in de hand had gewonnen", "voorspelen voor de beurt", None),
    # index (000) 'Onklaar bord 87', the pockets in the plural
    ("de handen zaten in de verkeerde vakken en de andere tafels speelden het ook zo", "onklaar bord", "87"),
    # 000 inhoud art. 38 'Bod van meer dan zeven trekken': a bid card of eight taken from the box
    ("noord pakte 8 klaveren uit de box", "bod van meer dan zeven trekken", "38"),
    # index (000) 'Fout in uitleg over afspraken tussen partners 75', with the club shorthand SK for the system card
    ("oost legde uit dat het zwak was, bleek volgens de SK sterk", "fout in uitleg over afspraken tussen partners", "75"),
    # 000 inhoud art. 69 'Het instemmen met het opeisen of afstaan van slagen': a nod agrees, and a minute later it is found wrong
    ("zuid claimde, oost knikte, na een minuut zag west dat hij toch nog een troef had",
     "het instemmen met het opeisen of afstaan van slagen", None),
    # 004 'Een verzaking moet hersteld worden': 'bekent niet', the words in the order people say them
    ("oost bekent niet maar ziet het zelf voor er een kaart gespeeld is", "verzaking moet hersteld worden", "62"),
    # 000 art. 60A, read from a participle spelt with t for d ('bijgespeelt'), the commonest slip in verb forms
    ("ik had al bijgespeelt op zijn kaart vd beurt, kan ik nog straf vragen?", "spelen na een onreglementair spelen", "60"),
    # 000 art. 80A 'Als er geen wedstrijdleider is, behoren de spelers iemand uit hun midden aan te wijzen'
    ("vanavond is er geen wl op de club", "aanstellen van de wedstrijdleider", "80"),
    # 002 art. 18B, 18D: a bid that does not overcall the one before is insufficient
    ("hij bood 1 harten over mijn 1sa heen, wat nu", "onvoldoende bod", "27"),
    # 000 art. 73B1 'door bijzondere opmerkingen of gebaren'
    ("noord riep wacht even terwijl zijn partner wilde bieden", "bijzondere opmerkingen of gebaren", "73"),
    # 001 art. 34 'De bieding gaat terug naar de speler, die zijn beurt heeft gemist'
    ("oost paste voor zijn beurt, toen iedereen pas terwijl west nog niet had geboden", "behoud van het recht om te bieden", "34"),
    # 001 art. 23A 'benadeeld is door de gedwongen pas'
    ("zijn partner moest verplicht passen en daardoor haalden ze een top", "gedwongen pas die schade toebrengt", "23"),
    # 000 art. 46A 'zowel de kleur als de hoogte van de gewenste kaart te noemen'
    ("de leider zegt laag van tafel", "onvolledige aanduiding van kaart", "46"),
    # 000 art. 57A 'voor de beurt bijspeelt voordat zijn partner heeft gespeeld'
    ("mijn partner gooide al een kaart voordat ik aan de beurt was", "voortijdig voorspelen of spelen door een tegenspeler", "57"),
    # 001 art. 28A: the player who had to pass is named, another called before him
    ("zuid moet verplicht passen maar west legt 3 klaveren neer voor zuid iets deed", "beschouwd als bieden op de beurt", "28"),
    # 000 art. 55: won in dummy, led from hand
    ("de leider speelde uit zijn hand terwijl de slag gewonnen was aan tafel", "voor de beurt voorspelen door de leider", "55"),
    # 000 art. 72A2 'een score voor een slag die zijn partij niet heeft gemaakt'
    ("hij liet een slag opschrijven die zijn kant niet gemaakt had", "score voor gemaakte slagen", None),
    # 004 'Een verzaking moet hersteld worden'
    ("oost verzaakte maar ziet het zelf voor er een kaart gespeeld is", "verzaking moet hersteld worden", "62"),
    # 000 art. 65 'C. Ordelijkheid'
    ("alle kaarten op een hoop, wie welke slag had weet niemand", "ordelijkheid", "65"),
    # 000 art. 9B2 'Verder bieden of spelen'
    ("de wl was er al maar voor ik het uitgelegd had speelde zuid gewoon door", "verder bieden of spelen", "9"),
    # 001 art. 35 'de LT van de overtreder een bieding doet voordat er een straf is vastgesteld'
    ("west moest passen maar bood toch 2 harten en noord bood er 3 klaveren overheen", "ontoelaatbare bieding blijft ongestraft", "35"),
    # index (000) 'Onklaar bord 87'
    ("een kaart zat in het verkeerde vakje en de volgende tafels speelden het zo", "onklaar bord", "87"),
    # 000 art. 25A 'onopzettelijk gedane bieding': bids named without a verb
    ("2h werd 2sa, hij bedacht zich", "onopzettelijk gedane bieding", "25"),
    # 004 'Wanneer de leider een voor de beurt voorgespeelde kaart niet accepteert wordt de gespeelde kaart een grote strafkaart'
    ("west speelde een kaart voor terwijl oost aan slag was en de leider accepteerde het niet", "voor de beurt voorspelen door een tegenspeler", "56"),
    # 000 art. 57A, with 'voordat' written apart
    ("mijn partner speelde al bij voor dat ik had gespeeld", "voortijdig voorspelen of spelen door een tegenspeler", "57"),
    # 000 inhoud art. 57 'Voortijdig voorspelen of spelen door een tegenspeler'
    ("oost gooide al bij voor zijn maat", "voortijdig voorspelen of spelen door een tegenspeler", "57"),
    # 002 art. 22A 'Als geen der spelers een bod heeft gedaan'
    ("alles pas bij ons aan tafel", "geen van de spelers heeft een bod gedaan", "22"),
    # 001 art. 28A 'RT is verplicht te passen'
    ("oost bood terwijl noord verplicht moest passen", "beschouwd als bieden op de beurt", "28"),
    ("rt moest passen en ik bood 2 harten", "beschouwd als bieden op de beurt", "28"),
    # 001 art. 28A 'RT is verplicht te passen'
    ("west bood terwijl zuid aan de beurt was maar zuid moest verplicht passen", "beschouwd als bieden op de beurt",
     None),
    # 000 art. 46B4 'Als de leider een kaart noemt die niet in de blinde aanwezig is, is de aanduiding ongeldig'
    ("ik heb een kaart uit de blinde genoemd die er niet ligt",
     "aanduiding van een kaart die niet in de blinde aanwezig is", "46"),
    ("leider vroeg om de vrouw van tafel maar de blinde heeft geen vrouw",
     "aanduiding van een kaart die niet in de blinde aanwezig is", "46"),
    # 000 art. 11 'Het verlies van het recht op bestraffing', 53, 27A 'Het wordt geaccepteerd als …'
    ("hij bood voor zijn beurt en lt bood gewoon verder, nog straf?", "geaccepteerd", None),
    # 004 'Een verzaking moet hersteld worden, tenzij u of uw partner een kaart heeft gespeeld in de volgende slag'
    ("oost verzaakt en merkt het op tijd", "verzaking moet hersteld worden", "62"),
    # 000 art. 25 'Het wijzigen van biedingen', 25A 'onopzettelijk gedane bieding'
    ("ik pakte 2 schoppen maar bedoelde 2 harten", "onopzettelijk gedane bieding", "25"),
    # 000 inhoud art. 42, 43: what dummy said
    ("de blinde zei iets", "beperkingen voor de blinde", None),
    # 003 (2017) art. 16: 'voordat het bieden begint, het zien van een kaart die aan een andere speler … toebehoort'
    ("ik zag voor het bieden een kaart van mijn lt", "het zien van een kaart", "16"),
    # index (000) 'Geven … Opnieuw geven 6, 86'
    ("bij het geven lag er een kaart open", "opnieuw geven", None),
    # 004 'de dummy mag dit aan de leider vragen'; 000 inhoud art. 42 'De rechten van de blinde'
    ("dummy vraagt of de leider geen harten meer heeft", "de rechten van de blinde", "42"),
    # 000 inhoud art. 61 'Verzuimen te bekennen - informeren naar een verzaking'
    ("de leider vraagt oost: geen harten meer?", "informeren naar een verzaking", "61"),
    # index (000) 'Verborgen houden van overtreding 72'
    ("moet ik melden dat mijn partner verzaakt heeft", "verborgen houden van overtreding", None),
    # 001 art. 23A 'Gedwongen pas die schade toebrengt'
    ("partner moest verplicht passen en daardoor zijn wij de dupe", "gedwongen pas die schade toebrengt", "23"),
    # 002 art. 19B1 'Een speler mag alleen het laatst voorafgaande doublet redoubleren'; 000 inhoud art. 36
    ("herdubbel zonder dubbel", "ontoelaatbaar doublet of redoublet", None),
    # 000 inhoud art. 44 'C. Verplichting om te bekennen'
    ("mag ik troeven als ik nog klaveren heb", "verplichting om te bekennen", "44"),
    # 000 Omschrijvingen 'Arbitrale score: Een score die de wedstrijdleider naar eigen inzicht toekent (zie artikel 12)'
    ("mag de wl zelf een score geven in plaats van de uitslag", "arbitrale score", "12"),
    # 000 art. 55A '… teruggenomen (na verkeerde informatie, zie artikel 47E1)'
    ("de leider zei dat ik moest uitkomen maar het was niet mijn beurt", "terugnemen van gespeelde kaart", None),
    # 001 art. 32 'Doublet of redoublet voor de beurt': the double is the call out of turn, not the bid after it
    ("zuid doubleert terwijl oost aan de beurt was, oost biedt daarna 2 harten", "doublet of redoublet voor de beurt",
     None),
    # 001 art. 30 'Voor de beurt passen': a pass before the player whose turn it was had called
    ("west opent 1sa en voordat noord iets zegt past zuid al", "pas voor de beurt", None),
    # 001 art. 34 '… driemaal is gepast is het bieden niet beëindigd, als een van deze pasbiedingen een pas voor de beurt was'
    ("3 keer gepast maar de eerste pas was voor de beurt", "behoud van het recht om te bieden", "34"),
    # 000 art. 70C 'Als één van de tegenstanders nog een troef heeft …'
    ("hij claimde de rest maar oost had nog een troef", "tegenpartij heeft nog een troef", "70"),
    # 000 inhoud art. 10 'A. Het recht om een straf op te leggen'
    ("we hebben de straf onderling geregeld zonder arbiter", "het recht om een straf op te leggen", "10"),
    # 000 art. 25A 'onopzettelijk gedane bieding': one bid taken from the box for another
    ("2 schoppen ipv 2 harten gepakt", "onopzettelijk gedane bieding", "25"),
    # 000 inhoud art. 83 'Wijzen op het recht om te protesteren'
    ("moet de arbiter zeggen dat we in beroep kunnen", "wijzen op het recht om te protesteren", "83"),
    # 000 inhoud art. 38 'Bod van meer dan zeven trekken'
    ("hij bood 8 harten", "bod van meer dan zeven trekken", None),      # 38, or 35C when it was condoned
    # 000 art. 57A '… of voor de beurt bijspeelt voordat zijn partner heeft gespeeld'
    ("mijn tegenspeler gooide zijn heer al op tafel voordat zijn partner had gespeeld",
     "voortijdig voorspelen of spelen door een tegenspeler", "57"),
    # 000 art. 68A 'Elke verklaring van een speler dat hij een bepaald aantal slagen zal maken …'
    ("oost zegt je krijgt er nog 2 en legt zijn kaarten open", "opeisen en afstaan van slagen", "68"),
    # index (000) 'Laatste ronde, einde van 8'
    ("de wl laat wisselen maar wij zijn nog bezig", "einde van de ronde", "8"),
    ("tegenstander bood voor zn beurt en ik heb er gewoon overheen geboden", "verlies van het recht op bestraffing",
     None),
    # index (000) 'Wijziging van bieding na aan het licht komen van onjuiste informatie 21'
    ("ze alerteerden niet, mag ik mijn bod nog veranderen", "wijziging van bieding na aan het licht komen", "21"),
    # 000 art. 53A 'Elke … voor de beurt voorgespeelde kaart kan als juist voorgespeeld worden behandeld'
    ("de leider speelde bij op de kaart die west voor de beurt voorspeelde", "accepteren van voor de beurt", "53"),
    # index (000) 'Onmogelijkheid voor te spelen of te spelen zoals vereist 59'
    ("de wl eiste een ruitenuitkomst maar ik heb geen ruiten", "onmogelijkheid voor te spelen", "59"),
    # index (000) 'Fout in uitleg over afspraken tussen partners 75'
    ("de uitleg van mijn partner was fout, moet ik dat zeggen", "fout in uitleg over afspraken", "75"),
    # 000 inhoud art. 82 'C. Fout van de wedstrijdleider'
    ("de wl gaf een verkeerde uitspraak", "fout van de wedstrijdleider", "82"),
    # 000 inhoud art. 63 'Voldongen worden van een verzaking'
    ("hij had verzaakt maar dat werd pas ontdekt na afloop", "voldongen worden van een verzaking", None),
    # a typo the texts' stems still know ('uitkommen'), read as the texts' own form ('uitkomen')
    ("wie moet er uitkommen na het bieden", "het begin van het spelen", "41"),
    # 004 'Hoeveel slagen worden er nu overgedragen aan de niet-overtredende partij na een voldongen verzaking?'
    ("hoeveel slagen moet ik afgeven als ik niet bekende", "de gang van zaken na het voldongen worden", "64"),
    # 004 'Een verzaking moet hersteld worden, tenzij …': seen at once, the trick still open
    ("ik zag zelf dat ik niet bekend had, de slag ligt nog open", "verzaking moet hersteld worden", "62"),
    # 000 art. 49, 52: a card left face up by a defender is a penalty card; playing another is 52
    ("mijn tegenstander had een kaart open liggen maar speelde toch een andere kaart", "verzuim een strafkaart", "52"),
    # 000 art. 50D '… zijn partner, wanneer het zijn beurt is om voor te spelen'
    ("mijn kaart viel en ligt open, mag mijn partner uitkomen wat hij wil", "behandeling van grote strafkaart", "50"),
    # 000 inhoud art. 50 'Behandeling van een strafkaart'
    ("ik heb een strafkaart liggen, wat moet ik bijspelen", "behandeling van een strafkaart", "50"),
    # 000 art. 47E2 'Terugnemen van gespeelde kaart', after being told wrongly that it was his turn
    ("ik kwam uit omdat ze zeiden dat ik aan de beurt was maar dat was fout", "terugnemen van gespeelde kaart", "47"),
    # 000 art. 53A: playing on to a lead out of turn accepts it
    ("de tegenstander speelde voor zijn beurt en ik gooide er een kaart bij", "accepteren van voor de beurt", "53"),
    # 000 art. 45D 'Als de blinde een kaart als gespeeld hanteert zonder dat ze door de leider is genoemd …'
    ("de blinde legde al een kaart neer voordat de leider iets had gezegd", "ten onrechte door de blinde", "45"),
    # 000 art. 92A 'Een deelnemer … kan protesteren om herziening te verkrijgen van een beslissing …'
    ("ik ben het niet eens met wat de arbiter besliste, kan ik protesteren", "het recht om te protesteren", "92"),
    # 001 art. 37: a call by a player who must pass, however many words stand between
    ("mijn partner moest na mijn fout de hele tijd passen maar bood toch 3 harten",
     "overtreding van de verplichting om te passen", "37"),
    # 000 art. 17B 'De speler die op het bord als gever is aangeduid, doet de eerste bieding'
    ("noord is gever maar oost pakt 1 harten uit de box", "bod voor de beurt", "31"),
    # index (000) 'Protest … Bij landelijke autoriteit 93'
    ("niet eens met de uitspraak van de commissie, kan ik nog hoger op", "protest bij landelijke autoriteit", "93"),
    # index (000) 'Onmogelijkheid voor te spelen of te spelen zoals vereist 59'
    ("hij moet de strafkaart spelen maar moet bekennen in een andere kleur", "onmogelijkheid voor te spelen", "59"),
    # 000 inhoud art. 10 'A. Het recht om een straf op te leggen'
    ("we hadden samen afgesproken dat de kaart terug mocht, zonder td erbij", "het recht om een straf op te leggen", "10"),
    # 000 inhoud art. 69 'B. Instemming met opeisen wordt herzien'
    ("we gingen akkoord met de claim maar zagen daarna dat we nog een slag hadden", "het instemmen met het opeisen", "69"),
    # 000 art. 60A1 'Verloren gaan van het recht straf te vorderen …'
    ("na een voortijdig gespeelde kaart heeft de leider toch bijgespeeld, is zijn recht op straf vervallen",
     "spelen na een onreglementair spelen", "60"),
    # 000 inhoud art. 44 'C. Verplichting om te bekennen'
    ("moet ik bekennen als ik nog ruiten heb", "verplichting om te bekennen", "44"),
    # 004 'zuchten, schouders ophalen of gezichtsuitdrukkingen'; 003 art. 16B1 'gebaar, beweging of hebbelijkheid'
    ("mijn partner zuchtte diep toen ik 2 harten bood", "anderszins verkregen informatie van de zijde van de partner",
     None),
    # index (000) 'Variëren van tempo 73'
    ("tegenspeler aarzelde lang met een singleton", "variëren van tempo", "73"),
    # 000 art. 76A 'Gedrag tijdens bieden of spelen'
    ("een kiebitz riep hardop dat de leider verkeerd speelde", "toeschouwers", "76"),
    # 000 inhoud art. 43 'Beperkingen voor de blinde'
    ("de dode kijkt in mijn kaarten", "beperkingen voor de blinde", "43"),
    ("koeken bekennen verplicht?", "verplichting om te bekennen", "44"),
    # 001 art. 40A '… zoals een psychologisch bod'
    ("psyche van oost, mag dat", "psychologisch bod", "40"),
    # index (000) 'Om onjuiste slag die te veel kaarten bevat te herstellen 67'
    ("na afloop had west nog een kaart over, een slag was onvolledig", "onjuiste slag", "67"),
    # 004 'Een verzaking moet hersteld worden, tenzij u of uw partner een kaart heeft gespeeld in de volgende slag'
    ("verzaakt, oost had nog schoppen, er is nog niks gespeeld", "verzaking moet hersteld worden", "62"),
    # 000 inhoud art. 15 'B. Eén of meer spelers hebben het bord reeds gespeeld'
    ("wij hadden dit bord al eerder gespeeld tegen een ander paar", "het bord reeds gespeeld", "15"),
    # index (000) 'Slagen … Vijfde kaart in een slag 45'
    ("er zaten 5 kaarten in de slag", "vijfde kaart in een slag", "45"),
    # 000 art. 11A '… enige actie onderneemt vóór het ontbieden van de wedstrijdleider'
    ("ze hebben doorgespeeld zonder de wl te roepen, telt de straf nog", "verlies van het recht op bestraffing", "11"),
    # 001 art. 29B 'Na een bieding voor de beurt mag de LT van de overtreder bieden … recht op bestraffing … verloren'
    ("na de bieding voor de beurt bood de tegenstander gewoon verder", "verlies van het recht op bestraffing", None),
    # 000 art. 41A 'Gedekte uitkomst … met de beeldzijde van de kaart naar beneden'
    ("moet je de uitkomst dicht neerleggen", "gedekte uitkomst", "41"),
    # 000 art. 49 'of als een tegenspeler een in zijn hand aanwezige kaart noemt'
    ("de tegenspeler riep ik heb de heer nog", "een in zijn hand aanwezige kaart noemt", "49"),
    # 000 art. 52 'Verzuim een strafkaart te spelen of voor te spelen'
    ("hij speelde een andere kaart terwijl zijn strafkaart nog lag", "verzuim een strafkaart te spelen", "52"),
    # 000 art. 46B4, also with words between the card's place and 'niet'
    ("de leider vroeg om de heer maar die zat helemaal niet bij de blinde",
     "aanduiding van een kaart die niet in de blinde aanwezig is", "46"),
    # 000 art. 49: a defender naming a card from his own hand
    ("verdediger noemt een kaart uit zijn hand", "een in zijn hand aanwezige kaart noemt", "49"),
    # 000 art. 85: one says so, the other denies it
    ("wij zeggen dat hij aarzelde maar hij zegt van niet", "betwiste feiten", None),
    # 002 art. 22A 'Er mag niet opnieuw gegeven worden'
    ("iedereen heeft gepast, wat nu", "geen van de spelers heeft een bod gedaan", "22"),
    # 000 art. 9B2 'totdat de wedstrijdleider een volledige uitleg heeft gegeven'
    ("oost speelde gewoon door voordat de td had uitgelegd wat de straf was", "verder bieden of spelen", "9"),
    # 000 art. 63A: a card played to the next trick establishes the revoke
    ("zuid troefde terwijl hij nog ruiten had, ontdekt toen de volgende slag al gespeeld was",
     "voldongen worden van een verzaking", None),
    # 000 inhoud art. 48B 'Leider legt zijn kaarten open'
    ("leider legt midden in het spel zijn hand open", "leider legt zijn kaarten open", None),
    # 001 art. 30: a pass laid down while another player still thinks
    ("west pakt een paskaart terwijl noord nog zit na te denken", "pas voor de beurt", None),
    # 004 'de dummy mag dit aan de leider vragen' (whether he revoked)
    ("mag dummy aan de leider vragen of hij geen harten meer heeft", "de rechten van de blinde", None),
    # 000 art. 45D: dummy playing a card declarer did not ask for
    ("de blinde speelde een kaart die de leider niet had genoemd", "ten onrechte door de blinde gespeelde kaart", "45"),
    # index 'Fout in uitleg over afspraken tussen partners 75', with words between 'legde' and 'uit'
    ("partner legde ons bod helemaal verkeerd uit, moet ik dat zeggen", "fout in uitleg over afspraken", "75"),
    # 004 'Een verzaking moet hersteld worden, tenzij … in de volgende slag': seen in time, told without 'verzaakt'
    ("west troefde maar had nog klaveren, nog niets gespeeld naar de volgende slag", "verzaking moet hersteld worden",
     "62"),
    # index 'Variëren van tempo 73', 'Opzettelijk misleidende bieding of speelwijze 40'
    ("hij deed alsof hij moest nadenken terwijl hij een singleton had", "variëren van tempo", None),
    # 000 art. 79B 'Verschil van mening over gemaakte slagen'
    ("we zijn het niet eens over het aantal slagen", "verschil van mening over gemaakte slagen", "79"),
    # 000 art. 81C8 'Kwijtschelden van straffen'
    ("kan de arbiter de straf kwijtschelden", "kwijtschelden van straffen", "81"),
    # index 'Te laat komen 90'
    ("paar kwam 15 minuten te laat, krijgen ze straf", "procedurele straffen", "90"),
    # index 'Onklaar bord 87'
    ("in het bord zaten de kaarten van noord en zuid door elkaar", "onklaar bord", "87"),
    # 000 inhoud art. 56, 50: declarer does not accept a defender's lead out of turn
    ("west speelde voor zijn beurt voor en de leider accepteert dat niet", "voor de beurt voorspelen door een tegenspeler",
     None),
    # 000 inhoud art. 47 'Terugnemen van gespeelde kaart'
    ("mag ik mijn kaart terugnemen, ik vergiste me", "terugnemen van gespeelde kaart", "47"),
    # 000 art. 14 'Ontbrekende kaart': a card left behind in the board
    ("de dertiende kaart zat nog in het bord", "ontbrekende kaart", "14"),
    # 000 inhoud art. 55: declarer led from the wrong hand
    ("leider speelt uit de hand in plaats van tafel", "voor de beurt voorspelen door de leider", "55"),
    # index 'Inzien van slagen 66'
    ("mag ik de laatste slag nog omdraaien", "inzien van slagen", "66"),
    # 000 art. 57A, with the words of the trick between 'voordat' and the play
    ("west speelde al voordat zijn partner in deze slag had gespeeld", "voortijdig voorspelen of spelen", "57"),
    # index 'Onmogelijkheid voor te spelen of te spelen zoals vereist 59', told as 'heeft die niet meer'
    ("hij moet ruiten voorspelen maar heeft die niet meer", "onmogelijkheid voor te spelen", "59"),
    ("de leider eist dat ik schoppen speel maar die heb ik niet meer", "onmogelijkheid voor te spelen", "59"),
    # 000 art. 79B, told as 'slagen niet eens'
    ("we zijn de slagen niet eens", "verschil van mening over gemaakte slagen", "79"),
    # 000 art. 46B4, without a verb: 'niet in de blinde'
    ("leider noemt een heer, niet in dummy", "aanduiding van een kaart die niet in de blinde aanwezig is", "46"),
    # 000 art. 4 'Partners'
    ("wie speelt er met wie", "partners", "4"),
    # 004 'Als u nu waarschuwt dat uw partner uit de verkeerde hand voorspeelt'
    ("mag ik als dummy voorkomen dat partner uit de verkeerde hand speelt", "de rechten van de blinde", "42"),
    # a play by the wrong defender
    ("de verkeerde verdediger speelde voor", "voorspelen voor de beurt", None),
    # 004 'tenzij u of uw partner een kaart heeft gespeeld in de volgende slag': 'voordat … in de volgende slag' is in time
    ("noord verzaakte en zag het voordat iemand in de volgende slag speelde", "verzaking moet hersteld worden", "62"),
    # 000 inhoud art. 5 'Aanwijzing van de plaatsen', 'Verandering van windrichting'
    ("wij moeten nu oost west zitten in plaats van noord zuid", "aanwijzing van de plaatsen", "5"),
    # 000 inhoud art. 51 'Twee of meer strafkaarten'
    ("oost heeft nu twee strafkaarten liggen", "twee of meer strafkaarten", "51"),
    # 000 inhoud art. 46 'Onvolledige of foutieve benaming van een kaart uit de blinde'
    ("de leider zei alleen hoog van tafel, welke kaart speelt de blinde", "onvolledige of foutieve benaming", "46"),
    # index 'Verborgen houden van overtreding 72': one's own revoke
    ("ik weet dat ik zelf verzaakt heb, moet ik dat melden", "verborgen houden van overtreding", "72"),
    # 000 art. 4 'Partners'
    ("mogen we tijdens de drive van partner ruilen", "partners", None),
    # 000 art. 90B5 'Het aanraken van andermans kaarten … (zie artikel 7)'
    ("oost pakte de kaarten van zijn tegenstander om ze te tellen", "het aanraken van andermans kaarten", None),
    # 000 art. 25A 'onopzettelijk gedane bieding': a wrong card from the bidding box
    ("ik pakte een verkeerd kaartje uit de biedbox", "onopzettelijk gedane bieding", "25"),
    # 000 inhoud art. 44 'D. Niet kunnen bekennen'
    ("ik heb geen harten meer, moet ik dan troeven", "niet kunnen bekennen", "44"),
    # 000 art. 9A1 'ongeacht wiens beurt het is'
    ("mag ik op een onregelmatigheid wijzen als ik niet aan de beurt ben", "de aandacht vestigen op een onregelmatigheid",
     "9"),
    # 000 art. 47E2: a card played after a wrong explanation
    ("kan ik die kaart terugnemen na een foute uitleg", "terugnemen van gespeelde kaart", "47"),
    # 000 art. 90B2 'Langzaam spelen'
    ("een paar speelt erg traag, wat kan de td doen", "langzaam spelen", "90"),
    # 000 inhoud art. 49: a defender is a player of the play period
    ("verdediger liet een kaart vallen", "tonen van kaarten door een tegenspeler", "49"),    # 000 inhoud art. 82 'C. Fout van de wedstrijdleider'
    ("de arbiter heeft zich vergist, hoe wordt dat rechtgezet", "fout van de wedstrijdleider", "82"),
    ("de wl maakte een fout bij zijn beslissing", "fout van de wedstrijdleider", "82"),
    # 000 art. 81C8 'het naar eigen goeddunken kwijtschelden van straffen ... op verzoek van de niet-overtredende partij'
    ("mag de td de straf laten vallen", "kwijtschelden van straffen", "81"),
    # 000 inhoud art. 58 'Gelijktijdig voorspelen of spelen'
    ("twee spelers speelden tegelijk een kaart", "gelijktijdig voorspelen of spelen", "58"),
    # 000 art. 55A 'Als de leider uit zijn hand of uit die van de blinde voor de beurt heeft voorgespeeld'
    ("de leider maakte de slag op tafel en speelde toen uit zijn hand", "voor de beurt voorspelen door de leider", "55"),
    # 000 art. 74B4 '... met het oogmerk een tegenstander van zijn stuk te brengen'; index 'Ergeren van tegenstander 74'
    ("hij speelt met opzet heel langzaam door", "ergeren van tegenstander", "74"),
    # 000 art. 69: acquiescence in a claim, withdrawn
    ("ik zei ok op de claim maar na het spel bleek hij nog een slag te verliezen",
     "het instemmen met het opeisen", None),
    # 000 art. 63A2: a revoke seen tricks later is established
    ("hij troefde terwijl hij nog klaveren had, drie slagen later ontdekt", "voldongen worden van een verzaking", None),
    # 'bied' as typed for 'biedt' (and the first person, 'ik bied'): read as the other forms of the verb
    ("west bied 2 harten terwijl noord aan de beurt was", "bod voor de beurt", None),
    # 000 index 'Onjuiste informatie door verzuim te - 21'; 002 art. 21B1 'Het niet meteen alerteren'
    ("de tegenstanders vergaten te alerteren", "verzuim te alerteren", "21"),
    ("alert vergeten door oost", "verzuim te alerteren", "21"),
    # 001 art. 28B: the player in turn called over a call out of rotation
    ("west paste voor zijn beurt en noord, die wel aan de beurt was, bood toen gewoon",
     "beschouwd als bieden op de beurt", None),
    # 000 art. 11A: the non-offenders played on before the director came
    ("wij speelden gewoon door zonder de td", "verlies van het recht op bestraffing", "11"),
    # 001 art. 39 'Bieding na afsluitende pas'
    ("oost wil nog bieden nadat het bieden afgelopen was", "bieding na afsluitende pas", "39"),
    # 003 art. 16B, 000 art. 73: a sign to partner
    ("partner klopte op tafel toen hij paste", "anderszins verkregen informatie van de zijde van de partner", None),
    # 000 art. 55A, the other order
    ("de leider speelde uit zijn hand terwijl de slag op tafel gewonnen was", "voor de beurt voorspelen door de leider",
     "55"),
    # 000 art. 4: another partner after the break
    ("mag ik na de pauze met iemand anders spelen", "partners", "4"),
    # 000 inhoud art. 9 'B. Nadat de aandacht is gevestigd op een onregelmatigheid'
    ("er werd verzaakt geroepen maar niemand haalde de arbiter", "nadat de aandacht is gevestigd", "9"),
    # 000 index 'Herhaling van de bieding … Tijdens speelperiode 20, 41'
    ("mag ik na de uitkomst het bieden nog eens horen", "herhaling van de bieding", None),
    # 000 inhoud art. 47, 45: another card wanted after one was played
    ("zuid legde de verkeerde kaart neer, oeps, hij wilde de heer", "terugnemen van gespeelde kaart", None),
    # 000 art. 72A2 'Score voor gemaakte slagen'
    ("we hebben een slag te veel op het briefje staan", "score voor gemaakte slagen", None),
    # 000 art. 56: a defender's lead while the other defender had won the previous trick, not accepted
    ("west speelt voor maar oost had de vorige slag, de leider accepteert het niet", "voor de beurt voorspelen", None),
    # 001 art. 28A, told without 'beurt'
    ("noord moest verplicht passen maar oost bood al voordat noord had gepast", "beschouwd als bieden op de beurt", None),
    # 001 art. 23A: the offenders did well out of the enforced pass
    ("partner moest verplicht passen en daardoor kwamen zij goedkoop weg", "gedwongen pas die schade toebrengt", None),
    # 001 art. 33 'Gelijktijdig bieden'
    ("oost en zuid zeiden tegelijk pas en 1 harten", "gelijktijdig bieden", "33"),
    # 000 art. 16B: a result overheard of a board still to play
    ("aan de bar hoorde ik de uitslag van een spel dat wij nog moeten spelen",
     "anderszins verkregen informatie uit andere bronnen", "16"),
    # 000 art. 16B: another's card seen as he took his hand from the board
    ("west pakte zijn kaarten uit het bord en ik zag zijn heer", "het zien van een kaart", "16"),
    # 000 art. 85: the two lines tell different facts
    ("noord zegt dat er 2 harten geboden is, oost zegt 2 ruiten", "betwiste feiten", "85"),
    ("de tegenstanders vertellen een ander verhaal over wat er gebeurde", "betwiste feiten", "85"),
    # 000 art. 42: dummy warning declarer not to lead from the wrong hand
    ("de blinde riep niet uit de hand toen de leider wilde voorspelen", "de rechten van de blinde", "42"),
    # Flemish 'nie' for 'niet': 45D, a card dummy played that declarer did not name
    ("de dummy legde een kaart die de leider nie genoemd had", "ten onrechte door de blinde gespeelde kaart", "45"),
    # 003 art. 16B1 'een onmiskenbare aarzeling': a call after thinking long
    ("west dacht heel lang na en paste toen", "aarzeling", "16"),
    # 003 art. 16B1, 000 art. 73: a sigh by partner, told with the two seats of one line
    ("oost paste en west zuchtte diep", "van de zijde van de partner", None),
    # 000 index 'Foutief begrijpen of verstaan … 21'
    ("ik verstond 3 harten maar hij had 3 schoppen gezegd", "foutief begrijpen of verstaan", "21"),
    # 000 art. 11A: put right by the players themselves, without the director
    ("ze hebben het onvoldoende bod zelf verbeterd zonder de td te roepen", "verlies van het recht op bestraffing",
     None),
    # 000 art. 74B5, 91: abuse of the director
    ("een speler beledigde de arbiter", "gedrag van speler", None),
    ("kan de wl een paar uit de wedstrijd zetten", "bestraffen of schorsen", "91"),
    # 000 art. 79B: two counts of the tricks
    ("de leider zegt 10 slagen, wij tellen er 9", "verschil van mening over gemaakte slagen", "79"),
    # 000 art. 72A2, own mistake
    ("ik heb zelf een fout gemaakt, moet ik dat zeggen", "verborgen houden van overtreding", "72"),
    # 000 art. 15B: a board played the round before
    ("dit spel hebben we de vorige ronde ook gespeeld", "het bord reeds gespeeld", "15"),
    # 000 art. 81C8, with words between
    ("we willen geen straf, mag de td die gewoon laten vallen", "kwijtschelden van straffen", "81"),
    # 000 inhoud art. 61: a revoke told with 'nog … had' in either order
    ("oost bekende niet terwijl hij nog harten had", "verzaking", None),
    # 000 art. 62: a revoke seen before the next trick began
    ("ik zag net dat ik verzaakt had, de volgende slag is nog niet begonnen", "verzaking moet hersteld worden", "62"),
    # 000 inhoud art. 9B, 43A1(a): who may call the director
    ("wie mag er de arbiter roepen", "nadat de aandacht is gevestigd", "9"),
    # Flemish 'dubbelt' for 'doubleert' (002 art. 19 footnote: 'dubbel' is the Flemish term): 32
    ("west dubbelt terwijl oost aan de beurt was", "doublet of redoublet voor de beurt", None),
    # 'buiten zijn beurt', everyday for 'voor de beurt'
    ("zuid bood buiten zijn beurt", "bod voor de beurt", None),
    # 000 art. 9A1: may I say so when not on turn
    ("mag ik dat zeggen als ik niet aan de beurt ben", "de aandacht vestigen op een onregelmatigheid", "9"),
    # 002 art. 21B: an explanation the bid belied, and a call to change
    ("hij zei dat het stayman was maar het was natuurlijk, mag ik mijn bod veranderen",
     "wijziging van bieding na aan het licht komen van onjuiste informatie", "21"),
    # 000 art. 4: another 'maat' (partner) every round
    ("elke ronde een andere maat", "partners", "4"),
    # 001 art. 28B, told by the player in turn
    ("lt bood voor zijn beurt en ik bood er gewoon overheen", "beschouwd als bieden op de beurt", None),
    # the seats as letters (O, W): 56, a defender's lead out of turn
    ("O speelt voor terwijl W aan slag was", "voorspelen voor de beurt", None),
    # 000 art. 11A: the director called late
    ("de wl werd te laat geroepen, kan er nog straf komen", "verlies van het recht op bestraffing", "11"),
    # 000 inhoud art. 10C: consulting partner about the choice
    ("mogen we samen overleggen of we de straf accepteren", "keuze na een onregelmatigheid", "10"),
    # 000 index 'Opzettelijk misleidende bieding of speelwijze 40'
    ("mag ik 1 schoppen openen zonder schoppen", "psychologisch bod", "40"),
    # 000 art. 72A2: a trick not won, counted knowingly
    ("hij telt een slag mee die hij niet gemaakt heeft", "score voor gemaakte slagen", None),
    # 000 art. 49: a card of the opponents fallen
    ("er viel een kaart van de tegenpartij op de grond", "tonen van kaarten door een tegenspeler", None),
    # 001 art. 37: told as 'mocht niet meer bieden'
    ("zuid mocht niet meer bieden maar zei toch 4 harten", "overtreding van de verplichting om te passen", None),
    # 001 art. 36: partner doubling one's own bid
    ("partner doubleerde mijn eigen 1 sa", "ontoelaatbaar doublet", None),
    # 000 inhoud art. 26 'Bieding ingetrokken, voorspeelstraffen'
    ("mijn bod is ingetrokken, welke uitkomst mag partner nu niet doen", "bieding ingetrokken, voorspeelstraffen", "26"),
    # 000 inhoud art. 63 'Voldongen worden van een verzaking'
    ("vanaf wanneer kan een renonce niet meer hersteld worden", "voldongen worden van een verzaking", "63"),
    # 000 art. 62: seen before anyone played to the next trick ('voor iemand')
    ("hij gooide af terwijl hij nog schoppen had en zag het voor iemand naar de volgende slag speelde",
     "verzaking moet hersteld worden", None),
    # 000 art. 49: a remark about one's own card while defending
    ("partner zei ik heb de aas nog terwijl wij moesten tegenspelen", "een in zijn hand aanwezige kaart noemt", None),
    # 000 art. 53: 'kwam voor' as the lead out of turn, accepted by a card played to it
    ("oost kwam voor terwijl de leider aan slag was en de leider legde er een kaart bij",
     "accepteren van voor de beurt voorspelen", "53"),
    # 000 art. 14: the missing card found under the table
    ("ik had twaalf kaarten, de boer lag onder de tafel", "ontbrekende kaart", "14"),
    # 000 inhoud art. 10C: asking partner what to choose
    ("mag ik partner vragen wat hij wil kiezen na de fout van de tegenstanders", "keuze na een onregelmatigheid", "10"),
    # 000 art. 9A1: who may point it out ('aankaarten')
    ("wie mag een fout in het bieden aankaarten", "de aandacht vestigen op een onregelmatigheid", "9"),
    # 000 inhoud art. 65 'C. Ordelijkheid'
    ("de slagen van zuid liggen rommelig door elkaar", "ordelijkheid", "65"),
    # 000 inhoud art. 24 'Getoonde of voorgespeelde kaart tijdens het bieden': a lead while the auction goes on
    ("tegenspeler kwam al open uit terwijl er nog geboden werd", "getoonde of voorgespeelde kaart tijdens het bieden", "24"),
    # 004 (guide) 'Een verzaking moet hersteld worden, tenzij u of uw partner een kaart heeft gespeeld in de volgende slag'
    ("ik verzaakte en niemand had al gespeeld in de volgende slag", "verzaking moet hersteld worden", "62"),
    # 000 inhoud art. 69 'B. Instemming met opeisen wordt herzien': agreed, and only now seen wrong
    ("we stemden in met de claim maar ik zag nu dat de leider nog een slag moest afgeven",
     "het instemmen met het opeisen of afstaan van slagen", "69"),
    # 000 art. 57A 'of voor de beurt bijspeelt voordat zijn partner heeft gespeeld': a card before partner's ('bijgelegd')
    ("de verdediger gooide een kaart voordat zijn partner had bijgelegd", "voortijdig voorspelen of spelen door een tegenspeler", "57"),
    # 001 art. 35: 'de LT van de overtreder een bieding doet voordat er een straf is vastgesteld'
    ("na het ontoelaatbare doublet bood de linkertegenstander gewoon 2 harten", "ontoelaatbare bieding blijft ongestraft", "35"),
]

NOT_READ = [   # query, a concept it must not be read as
    # the other table's loud talk is 90B's procedural matter; 16B needs someone who heard or saw
    ("de tafel naast ons besprak luidkeels elk spel", "anderszins verkregen informatie uit andere bronnen"),
    # owning up to one's own revoke is 72's question, not whether it was established (63)
    ("ik zag later dat ik zelf verzaakt had, moet ik dat melden", "voldongen worden van een verzaking"),
    # a trick's number and 'pas' as 'only' ('in slag 4. Pas toen …') is no board passed out
    ("oost speelde voor in slag 4. pas toen zagen we het", "geen van de spelers heeft een bod gedaan"),
    # 'wie heeft gelijk' asks about the rules as often as about the facts: alone it is no dispute of facts (85)
    ("uitleg was zwak maar partner had zich vergist met bieden, wie heeft gelijk", "betwiste feiten"),
    # a misbid that partner explained is 75's, not a mechanical error (25A)
    ("partner legde uit dat mijn 2 harten sterk was, maar ik had me vergist", "onopzettelijk gedane bieding"),
    # a double out of turn is 1987 art. 32, not a bid out of turn (31)
    ("noord doubleerde voor zijn beurt terwijl oost nog moest bieden en oost bood 2 schoppen", "bod voor de beurt"),
    # the player whose turn it was had to pass: the call counts as in rotation (28A)
    ("ik bood terwijl rt aan de beurt was, maar hij moest verplicht passen", "bod voor de beurt"),
    ("wie komt uit na de vorige slag", "het begin van het spelen"),
    # dummy putting a card in a trick is play, not laying out his hand
    ("de blinde legde een troef in de slag", "sorteren van de hand van de blinde"),
    # a slip in the auction is 25A's, not a card's designation
    ("ik versprak me bij het bieden en zei 2 harten", "onmiddellijk herstel van onopzettelijke aanduiding van kaart"),
    # dummy named beside a card played to a trick is not dummy counting the tricks
    ("de blinde zag dat in die slag bijgespeeld werd met een kleine", "de rechten van de blinde"),
    # a lead made in turn ('ik was wel aan de beurt') is no lead out of turn, only perhaps face up (41)
    ("ik kwam open uit maar ik was wel aan de beurt", "voor de beurt uitkomen"),
    # a lead to the third trick is no opening lead
    ("rt kwam in de derde slag uit terwijl ik die slag had gewonnen", "voor de beurt uitkomen"),
    # dummy asking whether a player revoked is his right (42/61), not one of dummy's restrictions (43)
    ("dummy vraagt aan de leider: geen schoppen meer?", "beperkingen voor de blinde"),
    # cards taken out on purpose to look at them are not information received by chance (16)
    ("hij nam de hand van zijn partner uit het bord om even te kijken", "ongeoorloofde informatie"),
    # after a call out of turn the partner's double is a question of 30-32; 'wat nu' after one asks for 36
    ("mijn partner paste voor zijn beurt, mag ik nog doubleren", "reglementair doublet"),
    ("hij doubleerde het bod van zijn partner, wat nu", "reglementair doublet"),
    # a score entered wrongly is a correction of the score (79), not knowingly accepting a trick not won (72)
    ("bridgemate fout, een slag te weinig ingevoerd", "score voor gemaakte slagen"),
    # a sound agreed beforehand is prearranged communication (73), not what a habit told partner
    ("mijn partner en ik hadden afgesproken dat ik zou kuchen met een sterke hand", "anderszins verkregen informatie van de zijde van de partner"),
    # the call made while another player was to call is a pass: a pass out of turn (30), not a bid (31)
    ("west opent 2 harten, oost past al terwijl noord nog aan de beurt was", "bod voor de beurt"),
    # five cards seen in the trick are a fifth card (45), not a defective trick found afterwards (67)
    ("er lagen vijf kaarten in de slag", "onjuiste slag"),
    # a lead a player may not make is a lead penalty (26), not a lead out of turn (54)
    ("mag mijn partner nu niet in klaveren uitkomen na mijn gewijzigde bod", "voor de beurt uitkomen"),
    # 000 art. 67: a card not added to a trick makes the trick defective, the hand is not short of a card
    ("in slag 4 had west niks bijgelegd dus had hij 12 kaarten gespeeld", "ontbrekende kaart"),
    # a board dealt again is no board played before (15B)
    ("het spel moest opnieuw gegeven worden en daarna gespeeld", "één of meer spelers hebben het bord reeds gespeeld"),
    # naming the bid with a double is no question whether a double is a bid; scores that cannot be compared are no comparing
    ("moet je bij doublet ook het bod noemen", "pas, doublet en redoublet zijn biedingen, maar geen bod"),
    ("het bord lag verkeerd, de scores zijn niet te vergelijken", "het vergelijken van scores"),
    # declarer not accepting a lead out of turn ('accepteert het niet') does not accept it
    ("oost speelde voor zijn beurt voor en de leider accepteert het niet", "accepteren van voor de beurt voorspelen"),
    # declarer playing to a defender's lead out of turn is 53's, not his own lead out of turn
    ("de leider speelde bij op de kaart die west voor zijn beurt voorspeelde", "voor de beurt voorspelen door de leider"),
    # the whole table sighing at a bid out of turn tells partner nothing (16B1)
    ("ik bood voor mijn beurt terwijl mijn partner moest bieden en iedereen zuchtte", "anderszins verkregen informatie van de zijde van de partner"),
    # a dispute about the number of tricks is 79B's, not 85's disputed facts
    ("zuid zegt 10 slagen, west zegt 9", "betwiste feiten"),
    # a question asked to tell partner something is 73B1's, not a plain request for an explanation (20F)
    ("partner vroeg met nadruk wat 2 harten betekende", "herhaling en uitleg van biedingen"),
    # facts in dispute are 85's
    ("we waren het niet eens over wat er gebeurd was", "beslissingen inzake feiten waarover overeenstemming bestaat"),
    # the auction told as it ended, with no call after it, is no call after the final pass (39)
    ("na een bod en drie keer pas, wie komt er uit", "bieding na afsluitende pas"),
    # a spectator's remark is 76's; one's own irregularity is 72B's
    ("de toeschouwer zei hardop dat het contract down ging", "luidruchtig bespreken"),
    ("moet ik zeggen dat ik een fout heb gemaakt tijdens het bieden", "de aandacht vestigen op een onregelmatigheid"),
    # whether a penalty can still be asked after playing on is 60A's, not 53's acceptance
    ("oost kwam voor zijn beurt uit en ik speelde bij, kan ik nog straf vragen", "accepteren van voor de beurt voorspelen"),
    # a lead from the wrong hand after winning the trick is 55's
    ("ik won de slag in de blinde maar speelde uit de verkeerde hand voor", "voorspelen na de eerste slag"),
    # 8 points is 40D's weak opening, not a psychic bid; signals under the table are 73's
    ("partner opende met 8 punten", "psychologisch bod"),
    ("vroeg hij met een voetje onder tafel om signalen", "speelconventies van een tegenspeler"),
    # the final pass is no pass out of turn; not knowing whose lead it is no lead out of turn
    ("na de laatste pas wist ik niet zeker of ik moest uitkomen", "pas voor de beurt"),
    ("na de laatste pas wist ik niet zeker of ik moest uitkomen", "voor de beurt uitkomen"),
    # saying a call is calling, not a remark to partner (73B1)
    ("west zei doublet voordat zijn partner bood", "bijzondere opmerkingen of gebaren"),
    # asking whether partner must pass now asks 32's rectification; nobody broke an obligation to pass (37)
    ("oost zei doublet terwijl zijn partner nog moest bieden, moet west nu passen", "overtreding van de verplichting om te passen"),
    # playing on slowly when all tricks are his is 74B4's example, not 90's slow play
    ("de leider speelt tergend langzaam door terwijl alle slagen van hem zijn", "langzaam spelen"),
    # declarer's dropped card is 48's (its own pattern), not a defender's penalty card
    ("de leider liet tijdens het spel een kaart vallen", "tonen van kaarten door een tegenspeler"),
    # a seat said to be declarer beside what a defender did: no card shown by declarer (48)
    ("west liet een kaart vallen, noord is leider", "tonen van kaarten door de leider"),
    # a count of tricks is no trick with too few cards (67)
    ("de tegenstanders tellen een slag te weinig, wij krijgen er een te veel", "onjuiste slag"),
    # partner's misunderstanding is his explanation's matter (75), not the player's own (21)
    ("nu weet ik dat hij het verkeerd begreep", "foutief begrijpen of verstaan"),
    # asking what a call meant while someone else was to play is no lead out of turn (55, 56)
    ("oost vroeg wat 2 klaveren betekende terwijl west aan de beurt was om te spelen", "voorspelen voor de beurt"),
    # an opening pass out of turn is 30's, no bid out of turn (31)
    ("west opende met pas voordat noord iets gezegd had", "bod voor de beurt"),
    # slow play on purpose to tell partner something is 73's, not annoying the opponents (74)
    ("hij speelt expres langzaam om zijn partner te seinen", "ergeren van tegenstander"),
    # a played card taken back is 45/47's, not a call changed (25)
    ("oost pakte de gespeelde kaart terug, hij had zich vergist", "onopzettelijk gedane bieding"),
    # the dummy laying out his own hand is 41D's, not the played cards kept in order (65C)
    ("als blinde had ik mijn kaarten door elkaar gelegd bij het neerleggen", "ordelijkheid"),
    # the lead penalty itself, not a suit the player no longer holds (59)
    ("de leider eist als straf: u mag geen harten uitkomen", "onmogelijkheid voor te spelen of te spelen zoals vereist"),
    # 'toen … aan slag kwam' tells whose lead it became: no lead out of turn (55, 56), no remark to partner (73B1)
    ("toen mijn partner aan slag kwam zei de leider dat hij schoppen moest spelen", "voorspelen voor de beurt"),
    ("toen mijn partner aan slag kwam zei de leider dat hij schoppen moest spelen", "bijzondere opmerkingen of gebaren"),
    ("mogen we samen met partner overleggen of we zijn bod voor de beurt accepteren", "bod voor de beurt"),   # 10C
    ("partner moest passen maar bood toch 2 harten, wat nu", "ontoelaatbare bieding blijft ongestraft"),   # 37: nobody called over it
    ("de lt zegt meteen: van tafel!", "beperkingen voor de blinde"),   # an opponent speaks
    ("wie zegt wanneer we van tafel wisselen", "beperkingen voor de blinde"),   # the movement (8)
    ("partner bood al voordat ik aan de beurt was", "voortijdig voorspelen of spelen door een tegenspeler"),  # a call
    ("na 1 harten iedereen pas, wie speelt het", "geen van de spelers heeft een bod gedaan"),   # a bid: 22 is none
    ("een slag met drie kaarten", "vijfde kaart in een slag"),                    # too few: 67
    ("hij had die kaart al eerder gespeeld in het spel", "het bord reeds gespeeld"),
    ("de leider legt zijn kaarten open op tafel zonder iets te zeggen", "beperkingen voor de blinde"),  # 68
    ("de blinde kijkt in zijn eigen kaarten", "beperkingen voor de blinde"),
    ("west pakte zijn kaarten uit het bord en keek erin zonder te tellen", "ongeoorloofde informatie"),   # 7
    ("oost bood terwijl zuid aan de beurt was, maar zuid moest verplicht passen", "pas voor de beurt"),   # 28A
    ("oost bood terwijl zuid aan de beurt was, maar zuid moest verplicht passen", "bod voor de beurt"),
    ("tegenstander zit te zuchten en te mopperen", "van de zijde van de partner"),            # no partner: 74
    ("de toeschouwer zuchtte toen mijn partner uitkwam", "van de zijde van de partner"),     # a spectator: 76
    ("de commissie besliste, ik ben het niet eens, kan ik in hoger beroep", "het recht om te protesteren"),  # 93
    ("ik heb een strafkaart maar er wordt harten gespeeld", "verzuim een strafkaart"),    # nothing else played
    ("west opent 1sa en voordat noord iets zegt past zuid al", "bod voor de beurt"),    # the pass was: 30
    ("oost verzaakt en ziet het meteen", "voldongen worden van een verzaking"),          # in time: 62
    ("oost speelde voor de beurt voor en de leider accepteert niet", "accepteren van voor de beurt"),
    ("ik heb geen schoppen meer", "onmogelijkheid voor te spelen"),
    ("de lt biedt terwijl zijn rt reglementair moest passen", "bod voor de beurt"),     # 28A: in rotation
    ("de lt biedt terwijl zijn rt moest passen, is dat een bieding voor de beurt", "verlies van het recht op bestraffing"),
    ("wat scoort 4 harten gedoubleerd", "bod van meer dan zeven trekken"),
    ("speelde hij voor zijn beurt", "voortijdig voorspelen of spelen door een tegenspeler"),
    ("de commissie zei dat we in beroep kunnen bij de bond", "wijzen op het recht om te protesteren"),   # 93
    ("na het spel mijn hand uit het bord gehaald om te kijken", "ongeoorloofde informatie"),   # 7C, after play
    ("hij moet de strafkaart spelen maar moet bekennen in een andere kleur", "verzuim een strafkaart te spelen"),  # 59
    ("wanneer is het bieden afgelopen na drie keer pas", "bieding na afsluitende pas"),   # nobody called after
    ("zuid doubleert terwijl oost aan de beurt was, oost biedt daarna 2 harten", "bod voor de beurt"),
    ("hij bood door voordat iemand wat zei", "bod voor de beurt"),                # nobody whose turn it was
    ("tegenspeler zuchtte toen zijn partner uitkwam", "voor de beurt uitkomen"),  # partner led in turn
    ("de leider zei ik heb de aas nog", "een in zijn hand aanwezige kaart noemt"),           # declarer: no penalty card
    ("wanneer wordt een kaart een strafkaart", "verzuim een strafkaart te spelen"),
    ("ze regelden de straf zonder de wl te roepen", "aanstellen"),                 # a ruling without the director
    ("hij bood 2 harten over mijn 1sa", "onvoldoende bod"),                        # it does overcall
    ("hij bood voor zijn beurt en nu moet zijn partner passen", "beschouwd als bieden op de beurt"),   # 31
    ("hij bood voor zn beurt, zn partner moest passen", "beschouwd als bieden op de beurt"),
    ("dummy vraagt of partner geen harten meer heeft", "aanduiding van een kaart die niet in de blinde aanwezig is"),
    ("partner speelde gewoon bij", "geaccepteerd"),                                # no penalty asked for
    ("verzaking pas ontdekt na de volgende slag", "verzaking moet hersteld worden"),   # established: 63
    ("partner legde uit dat het stayman was maar we hadden iets anders afgesproken", "onopzettelijk gedane bieding"),
    ("mogen toeschouwers iets zeggen aan tafel", "beperkingen voor de blinde"),    # a spectator, 'aan tafel'
    ("ik zag dat hij een teken gaf", "opnieuw geven"),                             # no dealing
    ("ik vroeg wat geen bod betekende", "informeren naar een verzaking"),
    # seen before anyone played to the next trick: corrected (62), not established (63)
    ("verzaking gezien voordat iemand in de volgende slag had gespeeld", "voldongen worden van een verzaking"),
    # a revoke, then the hand laid open: the revoke is the question (63A2), not 48B
    ("leider verzaakte en legde daarna zijn kaarten open", "leider legt zijn kaarten open"),
    # before the director came (11A), not before he explained (9B2) — and the other way round
    ("we speelden verder terwijl de wl de straf nog moest uitleggen", "verlies van het recht op bestraffing"),
    ("we speelden door voordat de wedstrijdleider er was", "verder bieden of spelen"),
    # 'when the bidding is over' asks about a time, it tells of no call after the auction (39)
    ("moet ik het zeggen als het bieden klaar is", "bieding na afsluitende pas"),
    ("de leider accepteert de uitkomst voor de beurt", "voor de beurt voorspelen door een tegenspeler"),
    # the hands of another table lying differently in the board are no missing card
    ("aan de andere tafel zaten de kaarten anders in het bord", "ontbrekende kaart"),
    # a disputed claim is 70's, not a dispute about the facts (85)
    ("claim niet eens", "betwiste feiten"),
    # a lead after the previous trick is a lead in the play, not an opening lead
    ("oost kwam uit terwijl west de vorige slag had gemaakt", "voor de beurt uitkomen"),
    # asking what a bid means while not on turn is no bid out of turn (20F)
    ("mag ik vragen wat zijn bod betekent als ik niet aan de beurt ben", "bod voor de beurt"),
    # a dispute about the tricks won is 79B's, not 85's
    ("slagen niet eens na het spel", "betwiste feiten"),
    ("we zijn het niet eens over het aantal gewonnen slagen", "betwiste feiten"),   # 79B
    # an opening lead from the wrong side is a defender's, not declarer's wrong hand (55)
    ("uitkomen van de verkeerde kant", "voor de beurt voorspelen door de leider"),
    # dummy's looking into a hand is 43's
    ("de blinde pakte de kaarten van oost om te kijken", "het aanraken van andermans kaarten"),
    # playing slowly on purpose, to annoy, is conduct (74), not slow play (90B2)
    ("hij speelt expres traag om ons te ergeren", "langzaam spelen"),
    # 'zelf' about the turn, not about one's own irregularity (72)
    ("mag hij op een fout wijzen als hij zelf niet aan de beurt is", "verborgen houden van overtreding"),
    # during the auction a dropped card is 24's
    ("tegenspeler liet tijdens het bieden een kaart vallen", "tonen van kaarten door een tegenspeler"),
    # an error in the score is 79C's; a ruling contested is the appeal's (92)
    ("de td heeft een fout in de score gemaakt", "fout van de wedstrijdleider"),
    ("de beslissing van de td was fout, kunnen we protesteren", "fout van de wedstrijdleider"),
    # a partner's mistake is no director's error
    ("mijn partner maakte een fout", "fout van de wedstrijdleider"),
    # a card let fall is no penalty remitted
    ("de leider liet een kaart vallen, wordt dat een strafkaart", "kwijtschelden van straffen"),
    # calls made at once are 33's
    ("noord en oost boden tegelijk", "gelijktijdig voorspelen of spelen"),
    # slow play as such is 90B2's
    ("hij speelt heel langzaam", "ergeren van tegenstander"),
    # partner's failure to alert is his own side's (75), not misinformation by the opponents
    ("mijn partner vergat te alerteren", "verzuim te alerteren"),
    # a wrong card from the bidding box is 25's
    ("oeps ik pakte de verkeerde biedkaart, ik wilde 2 harten", "terugnemen van gespeelde kaart"),
    # the tricks counted wrongly with nobody to blame, no score to accept
    ("hoeveel slagen heeft de leider gemaakt", "score voor gemaakte slagen"),
    # cards played at once are 58's, not calls at once
    ("oost en west speelden tegelijk een kaart", "gelijktijdig bieden"),
    # thinking long with a singleton is 73's own row (variëren van tempo), not the hesitation row
    ("hij dacht lang na met een singleton en speelde toen", "aarzeling"),
    # the board already played, told of a ruling, is no wrong board (82)
    ("de arbiter gaf een foute uitspraak en het bord is al gespeeld", "het bord reeds gespeeld"),
    # a sigh by an opponent (one seat of each line) is no information from partner
    ("noord paste en oost zuchtte", "van de zijde van de partner"),
    # a director called late is 11's, not a player arriving late (90)
    ("de td is te laat geroepen, krijgen ze nog straf", "te laat komen"),
    # a wrong ruling and a board that cannot be replayed is 82's, not a board already played (15)
    ("de td gaf een foute uitspraak en het bord kan niet opnieuw gespeeld worden", "het bord reeds gespeeld"),
    # cards mixed up in the board are 87's
    ("de kaarten in het bord zaten door elkaar", "ordelijkheid"),
    # a lead while the auction goes on is 24's, not a face-down opening lead (41)
    ("tegenspeler kwam al open uit terwijl er nog geboden werd", "gedekte uitkomst"),
    # asking whether a double is allowed tells of no call bid over it (19, not 35)
    ("is een ontoelaatbaar doublet van mijn partner strafbaar", "ontoelaatbare bieding blijft ongestraft"),
]


@pytest.mark.parametrize("q, concept, first", READ)
def test_an_event_is_read_from_the_words_of_the_table(store, q, concept, first):
    assert any(concept in term for term in store.searcher.reader.read(q).events)
    if first:
        assert store.searcher.search(q).results[0].article == first


@pytest.mark.parametrize("q, concept", NOT_READ)
def test_words_that_tell_something_else_are_not_read_as_the_event(store, q, concept):
    assert not any(concept in term for term in store.searcher.reader.read(q).events)


def test_every_concept_above_is_one_an_event_can_be_read_as(store):
    # a concept no row announces could never be read: its NOT_READ row could not fail
    terms = {e.expansions[0] for _, e in store.searcher.glossary.events}
    assert len(terms) > 100
    assert [c for _, c in NOT_READ if not any(c in t for t in terms)] == []
    assert [c for _, c, _ in READ if not any(c in t for t in terms)] == []


def test_a_spectator_speaking_at_the_table_finds_the_spectators_article(store):
    assert store.searcher.search("mogen toeschouwers iets zeggen aan tafel").results[0].article == "76"


def test_a_remark_to_partner_is_no_event(store):
    assert store.searcher.reader.read("mag ik tegen mijn partner zeggen dat hij moet opletten").understood is None


@pytest.mark.parametrize("words, insufficient", [
    ("hij bood 2 ruiten over mijn 2 harten", True), ("1 harten over 1 sa", True), ("2 h over 2 s", True),
    ("2 harten over 2 harten", True), ("1 sa over 2 klaveren", True), ("na mijn 1 sa bood hij 1 harten", True),
    ("hij bood 3 ruiten over mijn 2 harten", False), ("2 schoppen over 2 harten", False),
    ("na mijn 1 sa bood hij 2 klaveren", False), ("12 harten over 1 sa", False), ("na", False), ("2 over", False),
    ("rt opent 1 s en ik bied 1 h", True), ("oost opent 2 h en zuid biedt 2 r", True),
    ("hij opende 1 sa en ik bood 2 harten", False), ("ik bood 1 h en partner zei 2 h", False),
    ("partner bood 4 h ik 3 sa", False), ("ik bied", False), ("bood 1 h en", False),
    ("west zegt 2 ruiten na 2 schoppen", True), ("hij bood 1 harten op mijn 1 sa", True),
    ("hij bood 3 harten op mijn 2 sa", False), ("3 harten op tafel", False),
])
def test_a_bid_that_does_not_overcall_the_one_before_is_a_fact_for_the_events(words, insufficient):
    # 002 art. 18B: a bid overcalls with more tricks, or as many in a higher strain (18E); else it is insufficient
    assert bids.facts(words.split()) == ([bids.INSUFFICIENT] if insufficient else [])


def test_pattern_words_leave_out_what_stops_a_pattern():
    """The words an event was read from are those its pattern names, not those of its negative lookaheads."""
    from indexer.glossary import pattern_words
    words = pattern_words(r"^(?!.*\b(doubleer\w*|tafel (naast|hier))\b)(?=.*\b(bood|biedt)\b)\bbeurt\b(?!.*\bvoor)")
    assert words == {"bood", "biedt", "beurt"}


def test_a_revoke_seen_in_time_is_read_as_corrected_only(store):
    # discarded while holding the suit, seen before the next trick: 62 (corrected), not the revoke of 61/63/64
    q = "oost gooide een harten en had nog schoppen, gezien voor de volgende slag"
    assert store.searcher.reader.read(q).events == ["verzaking moet hersteld worden"]
    assert store.searcher.search(q).results[0].article == "62"


def test_an_abbreviation_no_pattern_names_is_read_as_its_expansion(store):
    # 'decl' (declarer) is 'leider' to the patterns: declarer calling a card is no remark of dummy's (43)
    reader = store.searcher.reader
    assert store.searcher.glossary.reads_as("decl") == "leider"
    assert reader.read("decl zegt klein van tafel").events == reader.read("leider zegt klein van tafel").events
    assert "beperkingen voor de blinde" not in reader.read("decl zegt klein van tafel").events


def test_voordat_written_apart_is_read_as_one_word_before_the_one_who_acts(store):
    g = store.searcher.glossary
    assert g.as_pattern_words(["voor", "dat", "ik", "speelde"]) == ["voordat", "ik", "speelde"]
    assert g.as_pattern_words(["voor", "dat", "bord"]) == ["voor", "dat", "bord"]



def test_each_pattern_reads_the_abbreviations_it_does_not_name_as_their_expansions():
    # a pattern naming 'rho' keeps it as typed for itself only: another pattern still reads 'rechtertegenstander'
    from indexer.glossary import Entry, Glossary
    rows = [Entry(term="RHO", kind="abbreviation", words=("rho",), expansions=["rechtertegenstander"]),
            Entry(kind="event", words=(), term=r"\brho bood\b", expansions=["bod als typed"]),
            Entry(kind="event", words=(), term=r"\brechtertegenstander bood\b", expansions=["bod uitgeschreven"])]
    g = Glossary(rows)
    assert [e.expansions[0] for e in g.events_in(["rho", "bood"])] == ["bod als typed", "bod uitgeschreven"]
    assert [e.expansions[0] for e in g.events_in(["rechtertegenstander", "bood"])] == ["bod uitgeschreven"]
    assert g.event_words(rows[2], ["rho", "bood"]) == {"rho", "bood"}
