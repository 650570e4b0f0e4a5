"""Repeated topics across separate conversations → ``interests.topics`` (DESIGN.md §6).

Only topics from a fixed, reviewed vocabulary (:data:`TOPICS`) can ever be proposed, so the
value is always a list of harmless names such as ``"cooking, programming"``. A topic counts
once per conversation, when the user's own turns mention its keywords at least
:data:`MIN_HITS` times; it is an interest when it comes back in at least
:data:`MIN_CONVERSATIONS` separate conversations.

Sensitive matters are never inferred (§3.1): a conversation whose user turns touch any
term of :data:`SENSITIVE_TERMS` (health, religion, sexuality, politics, ethnicity, family,
finance, crime — the one vocabulary, kept in ``store/screening.py`` and also used by
admission) is not used at all, and no topic name or keyword may match those terms —
checked when this module is imported and again before anything is proposed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from memtrust.app.detectors.base import EvidenceLog, ImplicitDetector, user_turns, words
from memtrust.app.ingest.conversation import Conversation
from memtrust.store.model import Proposal
from memtrust.store.screening import SENSITIVE_TERMS

MIN_HITS = 1
MIN_CONVERSATIONS = 3
MAX_TOPICS = 5

#: The vocabulary: topic name → keywords (lowercase single words, matched as whole words).
TOPICS: dict[str, frozenset[str]] = {
    name: frozenset(keywords.split())
    for name, keywords in {
        "programming": "python javascript typescript java rust golang code coding programming function "
        "compile compiler debug debugging bug api sql database html css regex git github "
        "variable class script algorithm software developer react django linux bash",
        "cooking": "recipe recipes cook cooking bake baking oven dish dinner lunch breakfast sauce "
        "ingredients ingredient kitchen pasta soup bread cake chicken flour spices grill",
        "travel": "travel trip vacation holiday flight flights hotel itinerary tourist passport "
        "destination sightseeing airport backpacking visit visiting",
        "music": "music song songs band album guitar piano singer lyrics concert melody chord chords "
        "musician playlist drums violin",
        "movies and tv": "movie movies film films actor actress director netflix series episode "
        "season sitcom cinema screenplay tv",
        "books and writing": "book books novel novels author authors poem poetry story stories writing "
        "fiction chapter character characters plot essay",
        "gardening": "garden gardening plant plants soil seeds flowers tomatoes compost lawn prune "
        "pruning vegetable vegetables",
        "sports": "football soccer basketball baseball tennis golf hockey cricket team league player "
        "players match olympics nba nfl score",
        "video games": "game games gaming minecraft nintendo playstation xbox steam level levels "
        "console zelda pokemon rpg",
        "photography": "photo photos photography camera lens lenses exposure aperture lightroom portrait shutter",
        "pets": "dog dogs puppy cat cats kitten pet pets vet breed aquarium hamster parrot",
        "cars": "car cars engine tire tires mechanic vehicle driving transmission brakes oil motorcycle sedan suv",
        "home improvement": "paint painting wall walls floor tiles renovation drill plumbing "
        "furniture diy shelf roof carpet",
        "science": "physics chemistry biology scientist experiment atom atoms molecule planet "
        "planets universe galaxy quantum evolution astronomy energy",
        "mathematics": "math maths mathematics equation equations algebra calculus geometry "
        "probability theorem integral derivative statistics",
        "history": "history historical century ancient empire war wars medieval roman egypt "
        "civilization revolution king queen",
        "art and design": "art drawing draw painting sketch artist design designer illustration "
        "sculpture canvas logo font",
        "language learning": "translate translation grammar vocabulary spanish french german "
        "japanese pronunciation fluent learning language languages",
        "fashion": "clothes outfit outfits dress shirt shoes fashion style jacket wear wearing",
        "machine learning": "ai neural model models training dataset gpt llm chatbot transformer learning",
    }.items()
}

_SENSITIVE_NAME = re.compile(
    r"\b(?:" + "|".join(sorted(map(re.escape, SENSITIVE_TERMS), key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)


def names_sensitive_matter(text: str) -> bool:
    """True when ``text`` names a sensitive matter (a word of :data:`SENSITIVE_TERMS`)."""
    return bool(_SENSITIVE_NAME.search(text))


def _check_vocabulary() -> None:
    for name, keywords in TOPICS.items():
        if names_sensitive_matter(name):
            raise AssertionError(f"topic {name!r} names a sensitive matter")
        clash = keywords & SENSITIVE_TERMS
        if clash:
            raise AssertionError(f"topic {name!r} has sensitive keywords {sorted(clash)}")


_check_vocabulary()


def topics_in(conversation: Conversation, min_hits: int = MIN_HITS) -> dict[str, int]:
    """The topics of one conversation (from the user's turns) with their keyword hits (at
    least ``min_hits``), or ``{}`` when the conversation touches a sensitive matter."""
    hits: dict[str, int] = {}
    for turn in user_turns(conversation):
        turn_words = words(turn.text)
        if any(word in SENSITIVE_TERMS for word in turn_words):
            return {}
        for word in turn_words:
            for name, keywords in TOPICS.items():
                if word in keywords:
                    hits[name] = hits.get(name, 0) + 1
    return {name: count for name, count in hits.items() if count >= min_hits}


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
        first_user_turn = next(user_turns(conversation), None)
        if first_user_turn is None:  # topics come from the user's turns only
            return iter(())
        found = topics_in(conversation)
        for name in found:
            self.logs.setdefault(name, EvidenceLog()).add(file_name, first_user_turn)
        return iter(())

    @staticmethod
    def confidence(conversations: int) -> float:
        """Confidence for a topic seen in ``conversations`` separate conversations."""
        return 1 - 0.6**conversations

    def assess(self) -> list[tuple[str, float]]:
        """The interests (name, confidence), most frequent first, at most :data:`MAX_TOPICS`."""
        ranked = sorted(self.logs.items(), key=lambda item: (-item[1].conversations, item[0]))
        return [
            (name, self.confidence(log.conversations))
            for name, log in ranked
            if log.conversations >= MIN_CONVERSATIONS and not names_sensitive_matter(name)
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
            merged.first_refs += log.first_refs[:2]
            merged.last_refs += log.last_refs[-1:]
            for seen in (log.first_seen, log.last_seen):
                if seen is not None:
                    merged.first_seen = seen if merged.first_seen is None else min(merged.first_seen, seen)
                    merged.last_seen = seen if merged.last_seen is None else max(merged.last_seen, seen)
        per_topic = {name: self.logs[name].conversations for name in names}
        summary = "; ".join(f"{name} in {count} separate conversations" for name, count in per_topic.items())
        summary += f" (of {self.conversations} read)"
        yield self.proposal(
            ", ".join(names),
            min(confidence for _, confidence in chosen),
            {"counts": {"conversations": self.conversations, **per_topic}, "summary": summary},
            merged,
        )
