"""Confidential wording in the five languages requests are read in (DESIGN.md §3.5, §6): a
request the user marks or phrases as confidential is quarantined, whatever the language, and
ordinary sentences with a near word ("Geheimnis", "le secret de la réussite") are not. The set
is tests/data/secrets/confidential.tsv, measured by bench/secret_quality.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtrust.store.admission import decide
from memtrust.store.model import Proposal
from memtrust.store.screening import is_confidential
from tests.conftest import T0

ROWS = [
    line.split("\t", 2)
    for line in (Path(__file__).parent / "data" / "secrets" / "confidential.tsv")
    .read_text(encoding="utf-8")
    .splitlines()
    if line.strip() and not line.startswith("#")
]


@pytest.mark.parametrize("language", ["en", "nl", "de", "fr", "es"])
def test_confidential_wording_is_read_in_each_language(language):
    rows = [(label, text) for label, lang, text in ROWS if lang == language]
    marked = [text for label, text in rows if label == "confidential"]
    ordinary = [text for label, text in rows if label == "none"]
    assert len(marked) >= 6 and len(ordinary) >= 4
    missed = [text for text in marked if not is_confidential(text)]
    assert len(missed) <= len(marked) // 10, missed  # recall >= 0.9 in every language
    assert [text for text in ordinary if is_confidential(text)] == []


@pytest.mark.parametrize(
    "utterance",
    [
        "Onthoud, in vertrouwen, dat ik van baan wissel",
        "Merk dir, aber unter uns, dass ich die Stelle wechsle",
        "Souviens-toi, entre nous, que je change de travail",
        "Recuerda, en confianza, que cambio de trabajo",
    ],
)
def test_a_request_phrased_as_confidential_in_another_language_is_quarantined(utterance):
    proposal = Proposal("notes.plan", "changing jobs", "explicit", "chat", utterance=utterance)
    decision = decide(proposal, learning_enabled=False, existing=[], now=T0)
    assert decision.outcome == "quarantine", decision.reason
