"""The sensitive-class classifier (DESIGN.md §3.1, store/sensitive.py): phrases and context, five languages."""

from __future__ import annotations

import pytest

from memtrust.store.model import Memory, mentioned_sensitive_class
from memtrust.store.sensitive import CLASSES, fold, sensitive_class, sensitive_matches
from tests.conftest import T0
from tests.sensitive_data import load


@pytest.mark.parametrize(
    ("text", "cls"),
    [
        ("panic attacks", "health"),
        ("is in recovery from substance use", "health"),
        ("sees a shrink weekly", "health"),
        ("I've been taking sertraline since March", "health"),
        ("Ik heb last van paniekaanvallen", "health"),
        ("Ich bin seit Wochen krankgeschrieben", "health"),
        ("Je suis en arrêt maladie", "health"),
        ("Tengo ataques de pánico", "health"),
        ("can't afford the rent", "finance"),
        ("my ex won't pay child support", "family"),
        ("voted for the Greens", "politics"),
        ("fasts during Ramadan", "religion"),
        ("I'm of Turkish descent", "ethnicity"),
        ("came out as gay", "sexuality"),
        ("uses Face ID", "biometrics"),
        ("tested positive for BRCA1", "genetics"),
        ("is a union rep", "union"),
        ("has a criminal record", "crime"),
    ],
)
def test_a_sensitive_matter_is_found_in_its_own_words(text, cls):
    assert sensitive_class(text) == cls


@pytest.mark.parametrize(
    "text",
    [
        "cd into the parent directory",
        "a white paper about the stock market",
        "transfer learning with a pretrained network",
        "Ik heb die film gezien en die was goed.",
        "Die Funktion gibt die Liste zurück.",
        "Mis libros son caros.",
        "Je suis prêt pour la réunion.",
        "The child process exits when the parent does.",
        "We paid down our technical debt.",
        "There is a race condition in the scheduler.",
        "The SSH key fingerprint changed.",
        "Run the genetic algorithm again.",
    ],
)
def test_ordinary_text_with_a_sensitive_looking_word_is_not_sensitive(text):
    assert sensitive_matches(text) == ()


def test_a_person_word_counts_only_about_a_person():
    assert sensitive_class("my parents") == "family"
    assert sensitive_class("mijn moeder") == "family"
    assert sensitive_class("the parent node") is None
    assert sensitive_class("the mother of all bugs") is None


def test_the_longer_match_decides_where_two_overlap():
    assert sensitive_class("he had a cardiac arrest") == "health"
    assert "crime" not in {m.cls for m in sensitive_matches("he had a cardiac arrest")}


def test_words_are_matched_whole_not_as_substrings():
    assert sensitive_class("transfer the file") is None  # not "trans"
    assert sensitive_class("the sexagesimal system") is None  # not "sex"
    assert sensitive_class("godot engine") is None  # not "god"


def test_a_compound_is_found_by_its_sensitive_part():
    assert sensitive_class("Ich habe eine Nierenentzündung.") == "health"  # +entzundung
    assert sensitive_class("Mijn pleegdochter gaat naar school.") == "family"  # pleeg+
    assert sensitive_class("Het kantoor gaat over op handpalmscanners.") == "biometrics"  # *handpalm*
    assert sensitive_class("We hebben een huurachterstand.") == "finance"


def test_a_compound_part_alone_or_a_short_verb_form_is_not_the_compound():
    assert sensitive_class("Hij pleegde een telefoontje.") is None  # "pleeg" + 2 letters is a verb
    assert sensitive_class("Dat is een kwestie van onschuld.") is None  # "on" + "schuld" is no debt


def test_unseen_conditions_and_drugs_are_found_by_their_medical_endings():
    assert sensitive_class("She was treated for pericarditis.") == "health"
    assert sensitive_class("He takes rosuvastatin every night.") == "health"
    assert sensitive_class("Le médecin a prescrit du pantoprazole.") == "health"
    assert sensitive_class("Le operaron de una colecistectomía.") == "health"


def test_a_word_about_a_person_matches_its_plurals_not_a_stranger_stemmed_alike():
    assert sensitive_class("Mis madres viven en Madrid.") == "family"
    assert sensitive_class("Mis amigos son de Madrid.") is None  # "madrid" stems like "madre"


def test_a_word_common_to_two_languages_does_not_open_the_sentence_to_the_other():
    # "die" is Dutch and German; "beter" (Dutch, better) stems like German "bete" (I pray)
    assert sensitive_class("Die film was beter dan die van vorig jaar.") is None
    assert sensitive_class("Ich bete jeden Abend.") == "religion"


def test_a_benign_phrase_cancels_a_match_it_overlaps_unless_that_match_is_longer():
    assert sensitive_class("The union of the two sets is sorted.") is None
    assert sensitive_class("I need to kill the zombie processes.") is None
    assert sensitive_class("Ze is lid van de Partij voor de Dieren.") == "politics"


def test_indirect_wording_of_a_class_is_found():
    assert sensitive_class("I've been clean for two years now.") == "health"
    assert sensitive_class("I'm fasting for Yom Kippur.") == "religion"
    assert sensitive_class("Just filed for Chapter 7.") == "finance"
    assert sensitive_class("Voté a los verdes en las generales.") == "politics"
    assert sensitive_class("Als Surinaamse Nederlander voel ik me vaak onzichtbaar.") == "ethnicity"


def test_folding_removes_case_accents_and_invisible_characters():
    assert fold("Ma MÈRE\u200b est malade") == " ma mere est malade "
    assert sensitive_class("pa\u200bnic att\u00adacks") == "health"


@pytest.mark.parametrize("text", ["", " ", "\x00", "\ud800 panic attacks", "💥" * 50, "a" * 10_000])
def test_any_string_is_classified_without_raising(text):
    sensitive_class(text)


def test_a_memory_is_badged_sensitive_by_the_same_classifier():
    def memory(key: str, value: str) -> Memory:
        return Memory("m", "shared", key, value, "explicit", "user", None, 1.0, "active", None, T0, T0)

    assert memory("notes.ab12cd", "sees a shrink weekly").sensitive
    assert memory("notes.panic_attacks", "since May").sensitive
    assert not memory("notes.ab12cd", "work in the parent directory").sensitive
    assert mentioned_sensitive_class("notes.x", "white paper on the stock market") is None


def _measured(name: str) -> tuple[list[str], list[str], int, int]:
    sentences = load(name)
    positives = [s for s in sentences if s.sensitive]
    negatives = [s for s in sentences if not s.sensitive]
    assert {s.language for s in sentences} == {"en", "nl", "de", "fr", "es"}
    assert {s.label for s in positives} == set(CLASSES)
    missed = [s.text for s in positives if sensitive_class(s.text) is None]
    false = [s.text for s in negatives if sensitive_class(s.text) is not None]
    return missed, false, len(positives), len(negatives)


@pytest.mark.parametrize("name", ["dev", "dev3", "dev5"])
def test_the_development_set_meets_the_recall_and_false_positive_targets(name):
    missed, false, positives, negatives = _measured(name)
    assert len(missed) / positives <= 0.02, missed
    assert len(false) / negatives <= 0.03, false


def test_ordinary_contexts_of_every_kind_are_not_called_sensitive():
    # dev6: 319 hard negatives by kind of context (software, business money, the news, study,
    # fiction, sport, cooking, idioms, other people) in five languages, and the user's own
    # matters worded like them. Its remaining misses are unlisted words, not contexts.
    missed, false, positives, negatives = _measured("dev6")
    assert len(false) / negatives <= 0.03, false
    assert len(missed) / positives <= 0.06, missed


@pytest.mark.parametrize(("name", "most_missed"), [("heldout", 0.02), ("heldout2", 0.02), ("heldout3", 0.02)])
def test_the_held_out_sets_meet_the_targets(name, most_missed):
    # Never tuned sentence by sentence; their misses were read for their kinds (a festival,
    # a compound, a drug name, an organ) after each first run (README figures).
    missed, false, positives, negatives = _measured(name)
    assert len(missed) / positives <= most_missed, missed
    assert len(false) / negatives <= 0.03, false


@pytest.mark.parametrize(
    "text",
    [
        # astrology
        "Horoskop für Krebs: Heute ist ein guter Tag für neue Projekte.",
        "Horóscopo de Cáncer: hoy tendrás suerte en el amor.",
        "It's Cancer season, so expect everyone to feel nostalgic.",
        # weather and markets
        "Een depressie boven de Noordzee brengt regen en wind.",
        "Ein Tiefdruckgebiet, eine Depression über Island, bringt Sturm.",
        "Une dépression atlantique apporte de la pluie sur la Bretagne.",
        "Una depresión aislada en niveles altos traerá tormentas.",
        "The depression of 1929 wiped out the markets.",
        # keys and certificates
        "Vergleiche den Fingerabdruck des Zertifikats mit dem Schlüssel.",
        "Controleer de vingerafdruk van het certificaat.",
        # debt that is no money
        "La deuda técnica del proyecto es enorme.",
        "Our ecological debt to future generations keeps growing.",
        # games and fiction, animals, things
        "In Monopoly I went bankrupt after landing on Mayfair.",
        "The robbery in the movie was brilliantly filmed.",
        "In the film, the detective is an alcoholic.",
        "The main character in the novel suffers from depression.",
        "Mein Charakter ist im Spiel gestorben.",
        "My dog has diabetes and needs insulin twice a day.",
        "The vet says our cat has cancer.",
        "Onze hond heeft artrose.",
        "Unser Hund hat Diabetes.",
        "Notre chat a un cancer.",
        "Mi perro tiene cáncer.",
        # statistics
        "The crime rate in the city fell by ten percent.",
        # someone else's celebration, greetings, slang
        "We went to my colleague's wedding on Saturday.",
        "Nous sommes allés au mariage d'un collègue.",
        "Fuimos a la boda de un compañero.",
        "Happy Diwali to all my colleagues!",
        "Ramadan Mubarak to everyone celebrating!",
        "Dat concert was ziek goed!",
        # processes, sports, places, things and animals
        "Der Kindprozess hängt, soll ich ihn killen?",
        "How do I kill the zombie children of my daemon?",
        "El partido fue un robo, el árbitro no vio nada.",
        "Das Spiel gegen Bayern war Diebstahl.",
        "The Catholic church on our street has a lovely Christmas market.",
        "Mein Akku ist krank, er hält nur zwei Stunden.",
        "Mon chat est malade depuis hier.",
        "Mein Hund hat Durchfall, soll ich zum Tierarzt?",
        # the German verb "sucht" and its compounds are no addiction
        "Ich habe es versucht, aber er hat mich nicht besucht.",
        "Sie sucht eine neue Wohnung.",
        # everyday votes, pastimes, strikes in the news, hyperbole
        "He voted for pizza for the team lunch.",
        "J'ai voté pour le nom de la nouvelle mascotte.",
        "I'm addicted to this new podcast.",
        "I'm so OCD about my desk setup.",
        "La grève des trains a bloqué les vacanciers.",
        "El examen fue un crimen.",
        "The price of that hotel was daylight robbery.",
        "Das war krank gut!",
    ],
)
def test_a_sensitive_word_in_an_ordinary_sense_is_told_by_its_context(text):
    assert sensitive_matches(text) == ()


@pytest.mark.parametrize(
    ("text", "cls"),
    [
        ("My depression gets worse when the weather turns grey.", "health"),
        ("Ich bin depressiv, seit der Sturm unser Haus zerstört hat.", "health"),
        ("J'ai un cancer, mon horoscope ne m'aide pas.", "health"),
        ("My fingerprint unlocks the laptop.", "biometrics"),
        ("My dog died and I've been depressed since.", "health"),
        ("Watching a film I had a panic attack.", "health"),
        ("Je suis accro au jeu, c'est une vraie addiction.", "health"),
        ("I'm drowning in credit card debt after the game console purchase.", "finance"),
        ("Mi perro y yo vivimos con mi depresión.", "health"),
        ("Ik ben ziek, ik lig al de hele week op bed.", "health"),
        ("Mijn auto is gestolen vorige week.", "crime"),
        ("Mein Handy entsperrt mit Gesichtserkennung.", "biometrics"),
        ("I was arrested after the match.", "crime"),
        ("I go to the Catholic church on Main Street every Sunday.", "religion"),
        ("Seit Jahren kämpfe ich gegen meine Spielsucht.", "health"),
        ("Die Nutzerin ist in der Suchtklinik.", "health"),
        ("We are on strike at the airport since Monday.", "union"),
        ("I voted for the Greens last week.", "politics"),
        ("I'm addicted to painkillers.", "health"),
        ("Ich bin krank, ich bleibe zu Hause.", "health"),
    ],
)
def test_the_context_rules_keep_the_persons_own_sense(text, cls):
    assert cls in {match.cls for match in sensitive_matches(text)}


@pytest.mark.parametrize(
    ("text", "cls"),
    [
        # the legal system acting on a person
        ("The cops searched my car last night.", "crime"),
        ("De politie heeft me aangehouden.", "crime"),
        ("Die Polizei hat mich kontrolliert.", "crime"),
        ("Les flics m'ont contrôlé hier soir.", "crime"),
        ("La policía me paró en la autopista.", "crime"),
        ("I'm being sued by my former landlord.", "crime"),
        ("Ich hab Steuern hinterzogen.", "crime"),
        # genetic tests, conditions and carriers
        ("The prenatal screening showed trisomy 21.", "genetics"),
        ("My paternity test came back negative.", "genetics"),
        ("Bei mir wurde eine Chromosomenanomalie festgestellt.", "genetics"),
        ("Hice una prueba de paternidad.", "genetics"),
        # a complaint of a body part, written once as templates
        ("I threw my back out lifting boxes.", "health"),
        ("Ik heb last van mijn knie.", "health"),
        ("Mein Knie tut seit Wochen weh.", "health"),
        ("J'ai mal au genou depuis des semaines.", "health"),
        ("Me duele mucho la rodilla.", "health"),
        # drug names by their international endings, as each language writes them
        ("Ik slik al jaren omeprazol.", "health"),
        ("Tomo ibuprofeno cada noche.", "health"),
        # money trouble, politics, origins, identity, biometrics and unions in everyday words
        ("L'utilisatrice a trois crédits à la consommation en cours.", "finance"),
        ("Ich habe eine Pfändung auf meinem Konto.", "finance"),
        ("ik loop mee met de boerenprotesten", "politics"),
        ("El usuario es concejal en su pueblo.", "politics"),
        ("I'm Yoruba, born in Ibadan.", "ethnicity"),
        ("omdat ik Chinees ben vragen ze waar ik vandaan kom", "ethnicity"),
        ("I'm genderfluid.", "sexuality"),
        ("die Firma will meine Stimme als Passwort hinterlegen", "biometrics"),
        ("el gimnasio quiere escanear la palma de la mano", "biometrics"),
        ("Nutzer ist Alevit.", "religion"),
        ("ich bin neu bei der NGG und kriege Streikgeld", "union"),
        # attraction and sex life said without a label; symptoms said plainly
        ("We're in an open relationship.", "sexuality"),
        ("Ik val op vrouwen, maar dat weet nog niemand.", "sexuality"),
        ("Me gustan los chicos y las chicas.", "sexuality"),
        ("Je tousse du sang depuis deux jours.", "health"),
        ("Ich habe seit Wochen Ausschlag am Arm.", "health"),
        ("I was stopped and searched on the way home.", "crime"),
        ("Ich trinke zu viel.", "health"),
        ("Bebo demasiado últimamente.", "health"),
    ],
)
def test_kinds_of_wording_are_found_beyond_listed_sentences(text, cls):
    assert cls in {match.cls for match in sensitive_matches(text)}


@pytest.mark.parametrize(
    "text",
    [
        "The police closed the road for the marathon.",
        "I watched a police drama yesterday.",
        "That's fine for me, let's meet at 5.",
        "The class inherits from the base class.",
        "La clase hereda de la clase padre.",
        "Mis pastillas de freno están gastadas.",
        "Mein Lieblingsgericht ist Lasagne.",
        "Je juge que c'est une bonne idée.",
        "A mi juicio, es la mejor opción.",
        "I started a free trial of the app.",
        "Put your hand up if you have a question.",
        "He pulled my leg about the release date.",
        "The heart of the matter is the API design.",
        "Draw the ER diagram for the orders table.",
        "Je voudrais rembourser mon billet de train.",
        "Le porteur du projet présente demain.",
        "Train the model on voice samples from the public dataset.",
        "We bought a Berber rug for the living room.",
        "He made a rash promise.",
    ],
)
def test_the_wider_kinds_leave_ordinary_wording_alone(text):
    assert sensitive_matches(text) == ()


@pytest.mark.parametrize(
    "text",
    [
        # general knowledge and study: a question about a topic, a course on it, its history
        "What are the early signs of Parkinson's disease?",
        "Wie funktioniert ein Iris-Scanner eigentlich?",
        "Je prépare un exposé sur l'histoire du judaïsme en Alsace.",
        "Estoy haciendo un curso sobre genética de poblaciones.",
        "Ik schrijf mijn scriptie over vakbonden in de jaren zeventig.",
        # the news and what tells things apart
        "The minister resigned after the fraud scandal, according to the news.",
        "Wat is het verschil tussen een psychiater en een psycholoog?",
        # software: processes that die, abort or get killed, mock records
        "The worker process died with a fatal signal, restart it from the parent.",
        "El script mata el proceso hijo si tarda más de un minuto.",
        "Le test unitaire crée un faux patient avec un diagnostic bidon.",
        # business money: a company's debt, a job ad's salary, a client's invoice
        "The supplier's debt to the bank was restructured last quarter.",
        "Die Stellenanzeige nennt kein Gehalt, nur eine Spanne für Senior-Entwickler.",
        "La empresa ha entrado en quiebra y despedirá a sus clientes más pequeños.",
        # other people and organisations: the matter is theirs, not the user's
        "My neighbour's husband died last night, what should I bring to the family?",
        "Mi compañero tiene cáncer y quiero organizar una colecta.",
        "The company went bankrupt after the merger failed.",
        # sport, cooking, idioms, roleplay, fiction
        "The goalkeeper has a concussion and will miss the derby.",
        "Bats les blancs d'œufs en neige avec une pincée de sel casher.",
        "I'd kill for a nap right now.",
        "My paladin prays to the sun god before every battle in our D&D campaign.",
        "In my novel the heroine is an alcoholic detective.",
        "La serie trata de un policía adicto al juego.",
        # a policy is no politics, a wish said as a prayer no faith, a public debt not the user's
        "La politique de télétravail de l'entreprise a changé en janvier.",
        "Die Datenschutzpolitik des Anbieters ist unklar.",
        "Ich bete, dass der Build diesmal durchläuft.",
        "Rezo para que no llueva el sábado.",
        "La dette publique de la France dépasse 110 % du PIB.",
        # strikes and elections in the news, an everyday vote
        "De staking bij de NS legt morgen het treinverkeer plat.",
        "The Republican candidate won the primary in Ohio.",
        "On a voté pour le meilleur dessert du concours.",
        # a machine "on strike", a deli, being fed up
        "Mein Drucker streikt schon wieder.",
        "We had lunch at a Jewish deli in Brooklyn.",
        "Ik ben er ziek van dat het elke dag regent.",
        # a club's election, a smudge on a screen, a culture's DNA, a library fine
        "Die Wahl des neuen Vereinsvorsitzenden ist am Donnerstag.",
        "There's a fingerprint smudge on my glasses, how do I clean them?",
        "La innovación está en el ADN de la empresa.",
        "The library fine for a late book is 20 cents a day.",
    ],
)
def test_a_kind_of_ordinary_context_makes_a_sensitive_word_ordinary(text):
    # DESIGN.md §3.1 is about the user's own matter: the world's, a company's, a colleague's,
    # a character's or a process's is not it.
    assert sensitive_matches(text) == (), [(m.cls, m.entry) for m in sensitive_matches(text)]


@pytest.mark.parametrize(
    ("text", "cls"),
    [
        # the same kinds of context, about the user
        ("What is the best diet for my diabetes?", "health"),
        ("What are the side effects of sertraline? I started it on Monday.", "health"),
        ("Ich schreibe meine Masterarbeit, während ich in der Entzugsklinik bin.", "health"),
        ("The news says my company will lay everyone off, and I already have debts.", "finance"),
        ("My script keeps crashing and I'm so depressed I can't focus.", "health"),
        ("I was fired and now I can't pay my debts.", "finance"),
        ("No puedo pagar la factura de la luz.", "finance"),
        ("My boss is suing me for breach of contract.", "crime"),
        ("I went on strike with my colleagues on Monday.", "union"),
        ("My company went bankrupt and I lost my savings.", "finance"),
        ("I broke my wrist in training last week.", "health"),
        ("I keep kosher, so no shellfish in the recipe please.", "religion"),
        ("El usuario es portador de una variante según su test genético.", "genetics"),
        ("Mijn vader is overleden, help me een rouwkaart te schrijven.", "family"),
        ("I pray every night before I go to sleep.", "religion"),
        ("La política de Sánchez me parece un desastre.", "politics"),
        ("Estoy en huelga desde el lunes.", "union"),
        ("I voted for the Republican candidate.", "politics"),
        ("Mi compañero y yo fuimos despedidos y ahora tengo deudas.", "finance"),
        ("Wir streiken morgen bei der Post.", "union"),
        ("I only eat kosher food.", "religion"),
        ("My fingerprint unlocks the screen of my phone.", "biometrics"),
        ("Ik heb mijn DNA laten testen via een bedrijf.", "genetics"),
        ("I voted in the general election.", "politics"),
    ],
)
def test_the_users_own_matter_in_such_a_context_stays_sensitive(text, cls):
    assert cls in {match.cls for match in sensitive_matches(text)}
