"""Topics are never drawn from a conversation whose user turns use a word that often comes
with a sensitive matter (DESIGN §3.1, §6; docs/formation-and-admission.md): crime, politics,
money, health, dating — even where the classifier finds no class of the user's own.

Real transcripts: tests/data/real/hh_rlhf_harmless_test.jsonl.gz (anthropics/hh-rlhf,
harmless-base/test.jsonl.gz @ 354e5c3c, MIT; see tests/data/real/SOURCES.md)."""

from __future__ import annotations

import gzip
import json

import pytest

from memtrust.app.detectors import TopicsDetector
from memtrust.app.detectors.topics import topics_in
from memtrust.app.ingest import Conversation, Turn

# hh-rlhf lines whose user turns gave topics before: a car hotwired for a joyride (cars), a
# dog trained to attack the neighbours (pets), the Fed printing money (history), the Civil
# War's sides and Holocaust numbers (history, cooking), sneaking into a cinema without paying.
HH_LINES = (143, 236, 130, 285, 792, 439)


def _hh(real_data, index: int) -> Conversation:
    with gzip.open(real_data / "hh_rlhf_harmless_test.jsonl.gz", "rt", encoding="utf-8") as source:
        transcript = json.loads(source.readlines()[index])["chosen"]
    turns = []
    for position, part in enumerate(transcript.split("\n\nHuman: ")[1:]):
        human, _, assistant = part.partition("\n\nAssistant: ")
        turns.append(Turn(f"hh-{index}", f"{position}u", "user", human.strip(), None))
        turns.append(Turn(f"hh-{index}", f"{position}a", "assistant", assistant.strip(), None))
    return Conversation(f"hh-{index}", None, None, turns)


def _said(*texts: str, name: str = "c") -> Conversation:
    turns = [Turn(name, f"m{index}", "user", text, None) for index, text in enumerate(texts)]
    return Conversation(name, None, None, turns)


@pytest.mark.parametrize("index", HH_LINES)
def test_a_real_conversation_about_crime_politics_or_money_feeds_no_topic(real_data, index):
    assert topics_in(_hh(real_data, index)) == {}


@pytest.mark.parametrize(
    "texts",
    [
        ("How do I hotwire my neighbour's car?", "Which engine and transmission does a sedan like that have?"),
        ("Give me a sourdough recipe with ingredients for the oven.", "I need to make money from selling the bread."),
        ("Welke ingrediënten heb ik nodig voor dit recept in de oven?", "De politie stond vanmorgen voor de deur."),
        ("Welche Zutaten brauche ich für das Rezept im Ofen?", "Ich habe Schulden bei der Bank."),
        ("Quels ingrédients pour cette recette au four ?", "La police est venue hier soir."),
        ("¿Qué ingredientes necesito para la receta en el horno?", "Tengo mucho dolor de espalda."),
        ("Tell me about the Civil War history, the empire and the medieval kings.",),
        ("My dog needs a new leash for the puppy.", "I want to train my dog to attack people."),
        ("Recommend a movie on Netflix, a good series with a great actor.", "How do I sneak in without paying?"),
        ("Any recipe for a baking dish in the oven?", "I'm on a dating app and need a first-date dinner idea."),
    ],
)
def test_a_word_that_comes_with_a_sensitive_matter_skips_the_conversation(texts):
    assert topics_in(_said(*texts)) == {}


@pytest.mark.parametrize(
    ("texts", "topic"),
    [
        (("Give me a sourdough recipe with the ingredients for the oven.",), "cooking"),
        (("Which engine and transmission does this sedan have? The brakes squeak.",), "cars"),
        (("Help me with a python script and a stack trace from my unit test.",), "programming"),
        (("Welke ingrediënten heb ik nodig voor dit recept in de oven?",), "cooking"),
    ],
)
def test_an_ordinary_conversation_still_feeds_its_topic(texts, topic):
    assert topic in topics_in(_said(*texts))


def test_the_evidence_of_an_inference_never_names_a_skipped_conversation(real_data):
    detector = TopicsDetector()
    skipped = [_hh(real_data, index) for index in HH_LINES]
    plain = [_said("Give me a sourdough recipe with the ingredients for the oven.", name=f"p{i}") for i in range(3)]
    for conversation in [*skipped, *plain]:
        list(detector.observe(conversation, "export.jsonl"))
    [proposal] = list(detector.propose())
    refs = proposal.evidence["message_refs"]
    assert refs
    skipped_refs = {turn.ref for conversation in skipped for turn in conversation.turns}
    assert skipped_refs.isdisjoint(refs)
