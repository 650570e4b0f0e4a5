"""Repeated topics across separate conversations → ``interests.topics`` (DESIGN.md §6).

Only topics from a fixed, reviewed vocabulary can ever be proposed — the topic names of
``interests.topics`` in :mod:`store.inference_vocabulary` (:data:`INTEREST_TOPICS`), the one
list admission also holds every inference to — so the value is always a list of harmless
names such as ``"cooking, programming"``. This module writes each topic's keywords
(:data:`TOPICS`), for exactly those names.

A topic is found in a conversation from **phrases**, not loose words: each topic lists
keywords, most of them phrases ("machine learning", "sourdough starter") or words that mean
one thing only ("minecraft", "aperture"). The user's turns are folded into words
(:func:`store.sensitive.fold`) and searched with one Aho–Corasick automaton; where two
keywords overlap the longer one wins, so "deep learning" is machine learning and never
"learning" for language learning. A topic counts once per conversation, when a decisive
keyword (a phrase, or a word marked ``!``) matches or at least :data:`MIN_KEYWORDS`
different keywords do; ambiguous words ("model", "level", "training") alone never make a
topic. It is an interest when it comes back in at least :data:`MIN_CONVERSATIONS` separate
conversations. The evidence names, for each conversation, the user's message whose words
matched.

Sensitive matters are never inferred (§3.1): a conversation whose user turns speak of a
sensitive class (:func:`store.sensitive.sensitive_class`, the classifier admission uses) is
not read for topics at all, and no topic name or keyword may be sensitive — checked when
this module is imported. Measured by ``bench/detector_quality.py``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import zip_longest

import ahocorasick

from memtrust.app.detectors.base import MAX_REFS, EvidenceLog, ImplicitDetector, prose
from memtrust.app.detectors.reading import ConversationReading
from memtrust.app.ingest.conversation import Conversation, Turn
from memtrust.store.inference_vocabulary import INTEREST_TOPICS
from memtrust.store.model import Proposal
from memtrust.store.sensitive import first_class, fold, folded_matches, sensitive_class

#: Different keywords of a topic a conversation needs when none of them is decisive.
MIN_KEYWORDS = 2
MIN_CONVERSATIONS = 3
MAX_TOPICS = 5

# Topic → keywords. A phrase (two words or more) or a word marked ``!`` is decisive alone;
# a plain word counts only beside another keyword of the same topic. Plurals in "s"/"es" are
# added for the last word.
_WRITTEN: dict[str, str] = {
    "programming": """!python script, !javascript, !typescript, !golang, !rust code, rust compiler, !compiler,
        !debugging, !debugger, stack trace, !regex, !github, git commit, git branch, pull request, source code,
        unit test, !sql, sql query, !django, !flask app, react component, !bash script, shell script, !linux,
        !api endpoint, !json, !html, !css, !npm, !pip install, null pointer, syntax error, for loop, !variable,
        function, code, coding, !programming, bug, class, method, compile, python, java, rust, script, api,
        database, developer, software, algorithm, git, docker, kubernetes, framework, library""",
    "cooking": """!recipe, !recipes, !baking, !bake, !sourdough, !oven, !marinade, !saute, cooking time, cook the,
        cook it, main course, side dish, !ingredients, !tablespoon, !teaspoon, cooking, cook, dinner, lunch,
        breakfast, sauce, kitchen, pasta, soup, bread, cake, chicken, flour, spices, grill, dish, meal, vegan
        meal""",
    "travel": """!itinerary, !sightseeing, !backpacking, travel plans, travel to, trip to, road trip, places to visit, !layover, hotel in, !hostel,
        flight to, flights to, visiting, vacation, holiday, passport, tourist, airport, hotel, flight, trip,
        destination, visa""",
    "music": """!guitar, !piano, !chord, !chords, !melody, !lyrics, !songwriting, !drums, !violin, !playlist,
        music theory, !musician, !song, !songs, band, album, singer, concert, music""",
    "movies and tv": """!netflix, !screenplay, !sitcom, tv show, tv series, !movie, !movies, !film director, the film,
        episode, season, actor, actress, cinema, series, film, director""",
    "books and writing": """!novel, !novels, !poem, !poetry, short story, !fiction, !chapter, book club, writing a book,
        my book, !essay, !manuscript, book, books, author, authors, story, stories, writing, character, plot""",
    "gardening": """!gardening, !compost, !seedlings, !raised bed, vegetable garden, !perennials, garden, plants,
        plant, soil, seeds, flowers, tomatoes, lawn, pruning, vegetables""",
    "sports": """!football, !soccer, !basketball, !baseball, !tennis, !golf, !hockey, !cricket, !olympics, =nba,
        =nfl, premier league, marathon training, team, league, player, players, match, score, coach""",
    "video games": """video game, video games, !minecraft, !nintendo, !playstation, !xbox, steam deck, !zelda,
        !pokemon, =rpg, !gameplay, boss fight, !speedrun, game, games, gaming, console, quest, level""",
    "photography": """!photography, !aperture, !lightroom, !shutter speed, camera lens, !dslr, !mirrorless,
        !exposure, !portrait mode, photo, photos, camera, lens, lenses, shot""",
    "pets": """!puppy, !kitten, !hamster, !aquarium, !parrot, my dog, my cat, our dog, our cat, dog food, cat
        food, the vet, dog, dogs, cat, cats, pet, pets, breed, leash, litter box""",
    "cars": """!transmission, !brakes, oil change, car engine, !motorcycle, !sedan, =suv, my car, the car, car,
        cars, engine, tire, tires, !mechanic, vehicle, driving, !headlights, head lights, !seatbelt, !windshield""",
    "home improvement": """!renovation, !plumbing, !drywall, !tiling, =diy, paint the wall, the walls, !carpet, the
        roof, !shelf, furniture, drill, floor, tiles, paint, painting""",
    "science": """!physics, !chemistry, !biology, !astronomy, !quantum mechanics, !molecule, !molecules, !galaxy,
        black hole, theory of relativity, !evolution, !scientist, !scientific, experiment, atom, atoms, planet, planets,
        universe, energy, particles""",
    "mathematics": """!algebra, !calculus, !geometry, !theorem, !integral, !derivative, linear algebra,
        probability, statistics, statistical, equation, equations, math, maths, mathematics, proof, matrix""",
    "history": """!medieval, !roman empire, ancient rome, ancient greece, world war, the war, !civilization,
        !historical, history of, century, empire, war, wars, revolution, king, queen, ancient, history""",
    "art and design": """!illustration, !sculpture, !canvas, graphic design, logo design, !watercolor, !watercolour,
        !sketching, art, drawing, draw, sketch, artist, design, designer, logo, font""",
    "language learning": """learn spanish, learn french, learn german, learn japanese, learn italian, learn dutch,
        learning spanish, learning french, learning german, learning japanese, learning italian,
        learning dutch, learn a language, learning a language, language learning, !duolingo,
        !pronunciation, !conjugation, verb conjugation, language exchange, !grammar, !vocabulary, translate,
        translation, fluent, language, spanish, french, german, japanese""",
    "fashion": """!outfit, !outfits, fashion, clothes, dress, shirt, shoes, jacket, wardrobe, style""",
    "machine learning": """machine learning, deep learning, transfer learning, reinforcement learning, supervised
        learning, unsupervised learning, !neural network, !neural networks, language model, language models,
        !llm, !llms, !gpt, !chatgpt, !transformer model, !transformers, training data, !fine tuning, !fine tune,
        !dataset, !datasets, !pytorch, !tensorflow, gradient descent, !embeddings, ai, model, models, training,
        neural, chatbot, transformer, learning""",
}


@dataclass(frozen=True)
class _Keyword:
    topic: str
    text: str
    decisive: bool
    words: int


def _keywords() -> dict[str, list[_Keyword]]:
    """Folded keyword form → its keywords (with plural forms of the last word)."""
    found: dict[str, list[_Keyword]] = {}
    for topic, listing in _WRITTEN.items():
        for written in listing.split(","):
            raw = " ".join(written.split())
            if not raw:
                continue
            decisive = raw.startswith("!")
            exact = raw.startswith("=")
            words = fold(raw.lstrip("!=")).split()
            decisive = decisive or len(words) > 1
            forms = {" ".join(words)}
            if not exact:  # a plural that is a sensitive word ("canvas" + "s") is left out
                plurals = {" ".join([*words[:-1], words[-1] + ending]) for ending in ("s", "es")}
                forms |= {form for form in plurals if sensitive_class(form) is None}
            for form in forms:
                found.setdefault(form, []).append(_Keyword(topic, " ".join(words), decisive, len(words)))
    return found


_KEYWORDS = _keywords()

#: The vocabulary: topic name → its keywords as folded phrases (a leading ``!`` marks a decisive word).
TOPICS: dict[str, frozenset[str]] = {
    topic: frozenset(k.text for keywords in _KEYWORDS.values() for k in keywords if k.topic == topic)
    for topic in _WRITTEN
}


#: The keywords of each form, as (topic, keyword, decisive); the automaton finds a form's index.
_FOUND: tuple[tuple[tuple[str, str, bool], ...], ...] = tuple(
    tuple((k.topic, k.text, k.decisive) for k in keywords) for keywords in _KEYWORDS.values()
)


def _automaton() -> ahocorasick.Automaton:
    """One automaton over every keyword form, each key with the space before it; its value is
    the form's index in :data:`_FOUND` (an int: a scan compares and hashes it cheaply)."""
    automaton = ahocorasick.Automaton()
    for index, form in enumerate(_KEYWORDS):
        automaton.add_word(f" {form}", index)
    automaton.make_automaton()
    return automaton


_AUTOMATON = _automaton()


def _check_vocabulary() -> None:
    if sorted(TOPICS) != sorted(INTEREST_TOPICS):
        raise AssertionError("the topics' keywords must be written for exactly the vocabulary's topics")
    for name in TOPICS:
        if sensitive_class(name) is not None:
            raise AssertionError(f"topic {name!r} names a sensitive matter")
    for form in _KEYWORDS:
        if sensitive_class(form) is not None:
            raise AssertionError(f"topic keyword {form!r} is sensitive")


_check_vocabulary()


def keywords_in(text: str) -> list[tuple[str, str, bool]]:
    """The topic keywords in ``text`` (outside code blocks) as (topic, keyword, decisive),
    the longest where two overlap: "deep learning" is one keyword, and its "learning" is not
    counted again."""
    return [keyword for _start, keywords in _keywords_at(fold(prose(text))) for keyword in keywords]


def _keywords_at(folded: str) -> Iterator[tuple[int, tuple[tuple[str, str, bool], ...]]]:
    """(offset of the keyword's last letter, its keywords) in a folded text: the longest match
    at each place, left to right, that ends where a word ends."""
    for end, index in _AUTOMATON.iter_long(folded):
        if folded[end + 1] == " ":
            yield end, _FOUND[index]


def _scan(folded: str) -> dict[str, tuple[set[str], bool, int]]:
    """Topic → (the keywords the folded words hold, whether one is decisive, where the topic
    first matched: the end of its first decisive keyword if any, else of its first keyword),
    in the order the topics first appear."""
    first: dict[int, int] = {}  # each keyword form once, where it first ends
    for end, index in _AUTOMATON.iter_long(folded):
        if index not in first and folded[end + 1] == " ":
            first[index] = end
    seen: dict[str, tuple[set[str], bool, int]] = {}
    for index, end in first.items():
        for topic, text, decisive in _FOUND[index]:
            entry = seen.get(topic)
            if entry is None:
                seen[topic] = ({text}, decisive, end)
                continue
            entry[0].add(text)
            if decisive and not entry[1]:  # the evidence is the first decisive message
                seen[topic] = (entry[0], True, end)
    return seen


# Words that often come with a sensitive matter (§3.1, docs/formation-and-admission.md): a
# conversation whose user turns hold one is not read for topics at all, even where the
# classifier, which tells the user's own matter from the world's, finds no class — a car
# asked about to steal it, a dog to set on the neighbours, history asked about to deny it.
# Folded words (store.sensitive.fold) in English, Dutch, German, French and Spanish; "*" ends
# a stem, "_" joins the words of a phrase. Deliberately broad: a topic missed costs little, a topic drawn from such talk is an
# inference about crime, politics, money or health.
_COMPANIONS = """
    money cash pay paying paid unpaid afford* debt* loan* broke salary income tax taxes rich poor poverty
    price* cost* expensive cheap* free fee fees bribe* wage* fed inflation economy
    geld betalen betaald schuld* lening salaris belasting* duur goedkoop gratis
    bezahl* schulden kredit* gehalt steuer* teuer billig kostenlos umsonst
    argent payer paye dette* pret salaire impot* cher gratuit*
    dinero pagar pago deuda* prestamo* salario impuesto* caro barato gratis
    police cop cops arrest* jail prison* illegal* crime* criminal* steal* stole* stolen theft thie* rob robb*
    hotwir* joyrid* sneak* break_into broke_into shoplift* pirat* hack* cheat* fraud* scam* launder* smuggl*
    attack* kill* murder* assassin* weapon* gun guns knife knives bomb* poison* hurt* harm* fight* punch*
    beat_up strangl* torture* abus* revenge vengeance prank* slash* vandal* wreck* spy spying stalk* follow_someone
    residential_address home_address who_lives where_does lives_above neighbo* buren nachbar* voisin* vecino*
    throw_a_game throw_the_game run_over get_rid_of punish* sabotag* stops_running hot_wire throw_at throw_on
    blind_them disable_someone secretly hidden_camera hide_a_camera woke cause_a_fire set_fire arson* assasin*
    without_paying without_checking break_a_window
    drug drugs weed marijuana cocaine crack heroin meth* acid lsd crank high drunk alcohol*
    politie arrest* gevangenis misdaad crimineel stelen gestolen diefstal inbr* aanval* vermoord* wapen* drugs
    polizei verhaft* gefangnis verbrech* stehlen gestohlen diebstahl einbr* angriff* mord* waffe* droge*
    gendarme* voler vol* cambriol* attaqu* tuer meurtre* arme* drogue*
    policia carcel delito* robar robo* ladron* atac* matar asesin* arma* droga*
    politic* election* vote* voting democrat* republican* liberal* conservative* trump biden obama government
    president* war wars civil_war south confedera* holocaust nazi* hitler fascis* racis* slave* immigra*
    abortion* protest* terror* genocide* jew jews jewish muslim* islam* christian* church* god bible pray*
    politiek verkiezing* stemmen partij oorlog regering politik wahl* partei krieg regierung
    politique guerre gouvernement eleccion* votar partido guerra gobierno
    race racial black_people white_people chinese_people asian* mexican* immigrant* slur* sexis* women men
    pain sick* ill doctor* hospital* medic* pill* depress* anxi* suicid* therap* disease* cancer*
    pijn ziek* dokter arts ziekenhuis schmerz* krank* arzt douleur malad* medecin hopital dolor enferm* medico
    dating date dated girlfriend* boyfriend* sex* porn* naked nude* boob* breast* kiss* mate mating affair
    faithful cheat* husband* wife wives divorc* daten afspraakje freundin freund rendez_vous citas novi*
"""


@cache
def _companion_automaton() -> ahocorasick.Automaton:
    """The companion words as one automaton over folded text: a key is `` word `` (a whole
    word) or `` stem`` (a word starting with it, checked by :data:`_STEM_TAIL`). Built on first
    use: one scan of the text in C, where an alternation of ~500 words was tried at every
    position (1 CPU second of a 200 MB ingest)."""
    automaton = ahocorasick.Automaton()
    for entry in {entry.replace("_", " ") for entry in _COMPANIONS.split()}:
        stem = entry.endswith("*")
        automaton.add_word(" " + (entry[:-1] if stem else entry + " "), stem)
    automaton.make_automaton()
    return automaton


_STEM_TAIL = re.compile(r"[a-z0-9]*(?= )")  # the rest of a word a stem begins


def _speaks_of_a_companion(folded: str) -> bool:
    """Whether folded text (words between spaces, :attr:`ConversationReading.folded`) holds a
    word of :data:`_COMPANIONS`."""
    hits = _companion_automaton().iter(folded)
    return any(not stem or _STEM_TAIL.match(folded, end + 1) for end, stem in hits)


def topics_in(
    conversation: Conversation, min_keywords: int = MIN_KEYWORDS, *, reading: ConversationReading | None = None
) -> dict[str, Turn]:
    """The topics of one conversation → the user's message that matched each. A topic needs a
    decisive keyword or ``min_keywords`` different ones; ``{}`` when the user's turns speak of
    a sensitive class (§3.1). ``reading`` is the shared reading of ``conversation`` when the
    caller has one (:class:`~app.detectors.reading.ConversationReading`).

    The user's words are folded once (in the shared reading), searched for topics in one
    pass, and screened for sensitive classes only when a topic was found."""
    if reading is None or reading.conversation is not conversation:
        reading = ConversationReading(conversation)
    return {topic: reading.turns[index] for topic, index in _topic_turns(reading, min_keywords).items()}


def _topic_turns(reading: ConversationReading, min_keywords: int = MIN_KEYWORDS) -> dict[str, int]:
    """:func:`topics_in` as topic → the index of the matching message in ``reading.turns``."""
    folded = reading.folded
    ends = {
        topic: end
        for topic, (keywords, decisive, end) in _scan(folded).items()
        if decisive or len(keywords) >= min_keywords
    }
    if not ends or _speaks_of_a_companion(folded) or first_class(folded_matches(folded)) is not None:
        return {}
    return {topic: reading.turn_index(end) for topic, end in ends.items()}


class TopicsDetector(ImplicitDetector):
    """Infers interests from harmless topics that come back in separate conversations."""

    name = "topics"
    key = "interests.topics"
    threshold = 0.75
    ttl_seconds = 60 * 86_400
    description = "the topics you come back to in separate conversations (never sensitive ones)"

    def __init__(self) -> None:
        super().__init__()
        self.logs: dict[str, EvidenceLog] = {}  # bounded by the vocabulary
        self.conversations = 0

    def observe(self, conversation: Conversation, file_name: str) -> Iterator:
        self.conversations += 1
        reading = self.read(conversation)
        turns, epochs = reading.turns, reading.epochs
        for name, index in _topic_turns(reading).items():
            log = self.logs.get(name)
            if log is None:
                log = self.logs[name] = EvidenceLog()
            log.add(file_name, turns[index], epochs[index])
        return iter(())

    @staticmethod
    def confidence(conversations: int) -> float:
        """Confidence for a topic seen in ``conversations`` separate conversations."""
        return 1 - 0.6**conversations

    def assess(self) -> list[tuple[str, float]]:
        """The interests (name, confidence), most frequent first, at most :data:`MAX_TOPICS`."""
        ranked = sorted(self.logs.items(), key=lambda item: (-item[1].conversations, item[0]))
        return [
            (name, self.confidence(log.conversations)) for name, log in ranked if log.conversations >= MIN_CONVERSATIONS
        ][:MAX_TOPICS]

    def propose(self) -> Iterator[Proposal]:
        chosen = self.assess()
        if not chosen:
            return
        names = sorted(name for name, _ in chosen)
        merged = EvidenceLog()
        for name in names:
            log = self.logs[name]
            merged.count += log.count
            merged.conversations += log.conversations
            for seen in (log.first_seen, log.last_seen):
                if seen is not None:
                    merged.first_seen = seen if merged.first_seen is None else min(merged.first_seen, seen)
                    merged.last_seen = seen if merged.last_seen is None else max(merged.last_seen, seen)
        # The sample takes each topic's messages in turn, so every topic has its evidence; a
        # message that matched several topics is named once.
        samples = [self.logs[name].refs for name in names]
        refs: dict[str, None] = {}
        for ref in (ref for row in zip_longest(*samples) for ref in row if ref is not None):
            if len(refs) == MAX_REFS:
                break
            refs.setdefault(ref)
        merged.first_refs = list(refs)
        per_topic = {name: self.logs[name].conversations for name in names}
        summary = "; ".join(f"{name} in {count} separate conversations" for name, count in per_topic.items())
        summary += f" (of {self.conversations} read)"
        yield self.proposal(
            ", ".join(names),
            min(confidence for _, confidence in chosen),
            {"counts": {"conversations": self.conversations, **per_topic}, "summary": summary},
            merged,
        )
