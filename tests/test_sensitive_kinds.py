"""The kinds of wording the sensitive-class vocabulary covers beyond its listed sentences
(DESIGN.md §3.1, store/sensitive.py ``KINDS``), class by class in five languages, and the
ordinary senses of the same words. The sentences are written for these tests, not taken from
the labelled sets in tests/data/sensitive/."""

from __future__ import annotations

import pytest

from memtrust.store.sensitive import sensitive_class, sensitive_matches
from tests.sensitive_data import load


def _classes(text: str) -> set[str]:
    return {match.cls for match in sensitive_matches(text)}


@pytest.mark.parametrize(
    ("text", "cls"),
    [
        # health: mental state in everyday words, birth and pregnancy, disability and sensory
        # loss, recovery, medication by name or by the verb that takes it, head injury
        ("honestly I'm struggling mentally since the move", "health"),
        ("we just found out we're expecting our first, due in May", "health"),
        ("User is registered blind and uses a white cane.", "health"),
        ("my dad takes lithium and gets shaky hands", "health"),
        ("I need help planning around my gambling habit, I've self-excluded", "health"),
        ("ik voel me mentaal niet goed de laatste tijd", "health"),
        ("sinds mijn dwarslaesie zit ik in een rolstoel", "health"),
        ("ik ben afgekickt en wil dat zo houden", "health"),
        ("mir geht es seelisch schlecht seit der Trennung", "health"),
        ("ich bin schwerhörig und brauche Untertitel", "health"),
        ("seit zwei Jahren trocken seit dem Entzug, nehme Lithium", "health"),
        ("je ne vais pas bien dans ma tête en ce moment", "health"),
        ("je suis malentendante et j'ai un implant cochléaire", "health"),
        ("ma fille est née il y a un mois, je suis en congé maternité", "health"),
        ("no estoy bien de la cabeza últimamente", "health"),
        ("llevo un año limpio y no quiero volver", "health"),
        ("di a luz en marzo y sigo con la lactancia", "health"),
        # finance: debt collection, short-term loans, arrears, benefits, salary
        ("my old credit card debt was sent to collections", "finance"),
        ("I'm three months late on rent and took a cash advance", "finance"),
        ("ik heb een flitskrediet afgesloten voor de boodschappen", "finance"),
        ("we lopen achter met de hypotheek sinds mijn ontslag", "finance"),
        ("ich habe einen Minikredit aufgenommen und bin Aufstocker", "finance"),
        ("mein Konto ist schon wieder überzogen", "finance"),
        ("une agence de recouvrement me relance pour un vieux crédit", "finance"),
        ("je touche la prime d'activité et les APL", "finance"),
        ("una empresa de recobro me llama por un préstamo rápido", "finance"),
        ("llevo dos cuotas de la hipoteca sin pagar", "finance"),
        # politics: petitions, demonstrations, groups, parties, labels said of oneself
        ("I signed the petition to stop the pipeline", "politics"),
        ("I'm a lifelong Labour voter and a remainer", "politics"),
        ("ik heb de petitie tegen de bezuinigingen ondertekend", "politics"),
        ("ik ben nogal links als het om zorg gaat", "politics"),
        ("ich war auf der Demo gegen Rechts und bin ziemlich links", "politics"),
        ("ich habe die Petition gegen das Tempolimit unterschrieben", "politics"),
        ("j'étais à la manif contre la réforme des retraites", "politics"),
        ("je suis plutôt de gauche, je vote écolo", "politics"),
        ("firmé la petición contra el desalojo y fui a la concentración contra la ley", "politics"),
        ("siempre voto a la derecha, soy bastante conservador", "politics"),
        # religion: rites and roles
        ("I'm an altar server at the vigil mass", "religion"),
        ("ik was misdienaar en doe nog mee met de paaswake", "religion"),
        ("ich bin Messdiener in unserer Pfarrei", "religion"),
        ("mon fils fait sa première communion, on va au catéchisme", "religion"),
        ("soy costalero en la cofradía de mi barrio", "religion"),
        # ethnicity: origin, heritage, nationality as origin
        ("my parents are from Eritrea and I grew up in Leeds", "ethnicity"),
        ("I'm Armenian on my dad's side", "ethnicity"),
        ("mijn moeder komt uit Suriname", "ethnicity"),
        ("meine Eltern kommen aus dem Kosovo, ich bin hier geboren", "ethnicity"),
        ("mes parents viennent d'Algérie", "ethnicity"),
        ("je suis d'origine libanaise", "ethnicity"),
        ("mis padres emigraron de Bolivia", "ethnicity"),
        ("soy boliviana y vivo en Sevilla", "ethnicity"),
        # sexuality and gender identity
        ("I started T in January and my voice dropped", "sexuality"),
        ("ik ben hetero maar mijn beste vriend is homo", "sexuality"),
        ("ich nehme seit einem Jahr Testosteron", "sexuality"),
        ("je suis sous testo depuis six mois", "sexuality"),
        ("tomo testosterona desde hace un año", "sexuality"),
        # biometrics: enrolment and capture, said of the user
        ("I enrolled my fingerprint at the office and use voice authentication at the bank", "biometrics"),
        ("ik heb mijn gezicht laten registreren voor de poort", "biometrics"),
        ("bei der Einreise wurde ein Netzhautscan gemacht", "biometrics"),
        ("la banque propose l'authentification vocale et j'ai accepté", "biometrics"),
        ("registré mi huella en el portátil de la oficina", "biometrics"),
        # genetics: carriers and predisposition
        ("my genetic predisposition to clots worries me", "genetics"),
        ("ik ben drager van een erfelijke ziekte", "genetics"),
        ("ich habe eine genetische Veranlagung für Brustkrebs", "genetics"),
        ("je suis porteuse d'une mutation sur BRCA2", "genetics"),
        ("soy portadora de una mutación genética", "genetics"),
        # union: dues, councils, stewards
        ("I pay my union subs and sit on the strike fund committee", "union"),
        ("ik zit in de OR van ons bedrijf", "union"),
        ("ich bin im Personalrat und zahle Gewerkschaftsbeitrag", "union"),
        ("je suis élue au CSE et je paie ma cotisation syndicale", "union"),
        ("pago la cuota sindical y soy liberada sindical", "union"),
        # crime: arrests, supervision, victims, drink driving
        ("I got nicked for drunk and disorderly last weekend", "crime"),
        ("User was a victim of identity theft last year.", "crime"),
        ("ik sta onder toezicht van de reclassering", "crime"),
        ("ik ben slachtoffer van oplichting via een nepwebshop", "crime"),
        ("mir wurde der Führerschein entzogen und ich wurde angezeigt", "crime"),
        ("je me suis fait interpeller pour ivresse publique", "crime"),
        ("je suis sous contrôle judiciaire", "crime"),
        ("anoche me detuvieron a la salida del bar", "crime"),
        ("fui víctima de una estafa y de suplantación de identidad", "crime"),
        # origin said through one's family, money in figures, periods, procedures, voice as a key
        ("Meine Familie ist kurdisch.", "ethnicity"),
        ("Mi madre es marroquí y mi padre español.", "ethnicity"),
        ("my mum is Jamaican and my dad is Irish", "ethnicity"),
        ("User has an outstanding warrant in Texas.", "crime"),
        ("ik ben geflitst en kreeg een verkeersboete", "crime"),
        ("ik heb een schuld bij de Belastingdienst", "finance"),
        ("je gagne 1 850 euros par mois", "finance"),
        ("cobro 1.200 euros al mes", "finance"),
        ("tengo la regla y me duele la tripa", "health"),
        ("ik moet een ruggenprik krijgen", "health"),
        ("mijn bank gebruikt mijn stem als wachtwoord", "biometrics"),
        ("ma banque utilise ma voix pour m'identifier", "biometrics"),
        ("ich bin eher grün eingestellt", "politics"),
        ("je suis encartée au PS depuis vingt ans", "politics"),
        ("I'm into men and women", "sexuality"),
        ("I have MS and fatigue is the worst part", "health"),
        ("been feeling really low and can't be bothered with anything", "health"),
        # an injury named as a compound, a tax bill to pay back, a break-in at night, a lawsuit
        ("mijn knieblessure speelt weer op", "health"),
        ("seit der Schulterverletzung kann ich nicht schwimmen", "health"),
        ("une blessure au genou m'empêche de courir", "health"),
        ("ik moet 2.500 euro terugbetalen aan de Belastingdienst", "finance"),
        ("ich muss Steuern nachzahlen und kann nicht zahlen", "finance"),
        ("bei uns wurde am Wochenende eingebrochen", "crime"),
        ("mon ancien associé me poursuit en justice", "crime"),
        ("I'm volunteering for the Labour campaign this weekend", "politics"),
    ],
)
def test_a_kind_of_wording_is_found_in_each_language(text, cls):
    assert cls in _classes(text)


@pytest.mark.parametrize(
    "text",
    [
        # the same words in their ordinary senses
        "I'm expecting a delivery between 2 and 4.",
        "Meal prep on Sunday saves me hours.",
        "The lithium battery in my drill is dead.",
        "Hang your coat in the closet by the door.",
        "We printed a leaflet for the bake sale.",
        "analysis paralysis is real when picking a laptop",
        "The quarterly results beat the conservative estimate.",
        "I signed the lease for the new office.",
        "Click start, then take the first left in the menu.",
        "the walking stick insect at the zoo was huge",
        "We went to a rock concert in Utrecht.",
        "Ik heb mijn code naar de main branch gepusht en ben rechts afgeslagen.",
        "De markt zit in een dip.",
        "We geven een demo voor de klant.",
        "De aangehouden vlucht vertrekt morgen.",
        "Bitte wähle die richtige Option im Menü.",
        "Wir müssen das Lager aufstocken.",
        "Das Pronomen steht vor dem Verb.",
        "Der Golfball liegt im Loch.",
        "Kein Tropfen Regen seit Wochen.",
        "la voie de gauche est fermée, prends celle de droite",
        "un rhum arrangé et un concerto de Vivaldi",
        "le porteur du projet présente demain",
        "mon empreinte carbone a baissé cette année",
        "je suis accro au café",
        "mi casa está cerca del centro",
        "estoy enganchado a esta serie",
        "dejó su huella en la historia del club",
        "calcula mentalmente el total",
        "la cacerola está en el horno",
        "Los ciudadanos pueden pedir cita en línea.",
        "Het is de schuld van de regering, niet van ons.",
        "Meine Tage sind gerade sehr lang.",
        "Usa la regla de tres para calcularlo.",
        "Split the list into both halves first.",
        "Activate the active window before you paste.",
        "I have MS Office on my laptop.",
        "We have pots and pans in the cupboard.",
        # ordinary senses of words that name a matter only about a person
        "Die Fehlermeldung wird oben rechts angezeigt.",
        "Er wurde von seinen Aufgaben entbunden.",
        "Ein Querschnitt durch die Bevölkerung zeigt das.",
        "Der Verkehr war stundenlang gelähmt.",
        "Ich bin guter Hoffnung, dass es klappt.",
        "Die Farbe ist eher grün als blau.",
        "Hier geht es zur Demo der neuen App.",
        "Die letzte Generation von Smartphones ist teuer.",
        "Er ist praktizierender Architekt in Köln.",
        "Ich möchte nicht mit Werbung belästigt werden.",
        "Die Firma hat einen Kredit aufgenommen.",
        "het project neemt veel tijd in beslag genomen door vergaderingen",
        "ik loop achter met mijn werk",
        "de cijfers zijn in het rood gekleurd",
        "zet de formule in de cel A1",
        "ik heb mijn koffer gepakt voor de vakantie",
        "de vrijwilligers die hen helpen zijn geweldig",
        "le remède marche contre la toux",
        "mets la machine en marche",
        "je m'abstiens de commenter",
        "le terme prévu du contrat est juin",
        "la dernière rénovation de la cuisine date de 2010",
        "les marchés sont dans le rouge ce matin",
        "la ropa está en el armario",
        "el calabozo del castillo tiene un dragón",
        "marcado en rojo en la hoja de cálculo",
        "la última generación de móviles es carísima",
        "hice una petición para la API y devolvió un error",
        "I got sick of waiting and left.",
        "My mental model of the system was wrong.",
        "I'm straight up tired of this bug.",
        "She wore an ankle bracelet to the beach.",
        "the factory uses lithium-ion cells",
        "Der Bericht meldet eine Datenschutzverletzung beim Anbieter.",
        "Ben said the build passed.",
    ],
)
def test_the_same_words_in_ordinary_senses_are_not_sensitive(text):
    assert _classes(text) == set()


def test_the_recall_tuning_set_meets_the_recall_target():
    # dev7 was tuned on for recall (README: its first run, 0.857); its hard negatives are
    # left to the context rules, so only recall is held to the target here.
    sensitive = [item for item in load("dev7") if item.sensitive]
    missed = [item.text for item in sensitive if sensitive_class(item.text) is None]
    assert len(missed) / len(sensitive) <= 0.02, missed


def test_the_newcomer_tuning_set_meets_both_targets():
    # dev8 was tuned on (README: its first run, recall 0.644, false positives 43.9 %): medical
    # specialists, treatments and assistance dogs, worship practice, gender-affirming items
    # against software evictions, crime fiction and games, a club's or the news' election, an
    # organism's genome. Both targets are held here, as its hard negatives were tuned too.
    items = load("dev8")
    missed = [item.text for item in items if item.sensitive and sensitive_class(item.text) is None]
    flagged = [item.text for item in items if not item.sensitive and sensitive_class(item.text) is not None]
    assert len(missed) / sum(item.sensitive for item in items) <= 0.02, missed
    assert len(flagged) / sum(not item.sensitive for item in items) <= 0.03, flagged
