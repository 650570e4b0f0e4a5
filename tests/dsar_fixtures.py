"""A store holding one memory of every kind, for the export, import and deletion tests."""

from __future__ import annotations

from memtrust.store.consumers import context_for
from memtrust.store.model import Proposal

#: Values that must survive export and import exactly (§9): emoji with ZWJ and skin tone,
#: combining marks (NFD, not normalised), right-to-left text with bidi controls, control
#: characters other than NUL, Markdown and markup, and a 4,000-character value.
TRICKY_VALUES = {
    "text.emoji": "family 👩🏽‍💻👨‍👩‍👧 flag 🇳🇴 keycap 1️⃣",
    "text.combining": "Ame\u0301lie, n\u0303, a\u0308\u0304, Z\u0351\u0352alg\u0489o",
    "text.rtl": "שלום \u202eevil\u202c مرحبا بالعالم 123",
    "text.controls": "tab\there\r\nbell\x07 esc\x1b[31m del\x7f nbsp\u00a0 zwsp\u200b ls\u2028 bom\ufeff",
    "text.markup": "[bold]x[/] [@click=quit] *not bold* | pipe <b>html</b> `code` \\back",
    "text.long": ("0123456789абвгдежзий😀" * 200)[:4000],
}


def fill(store, *, learning: bool = True) -> dict[str, str]:
    """Fill ``store`` with explicit active/pending/quarantined rows, a sensitive explicit row,
    an agent-scoped row, implicit rows with evidence (learning on), the tricky values, a
    setting, ingest refs and influence events. Returns ``{key: id}``."""
    ids: dict[str, str] = {}

    def put(proposal: Proposal) -> None:
        result = store.propose(proposal, actor="test")
        assert result.decision.stored, result.decision.reason
        ids[proposal.key if proposal.scope == "shared" else f"{proposal.scope}/{proposal.key}"] = result.memory.id

    put(Proposal("contact.preferred_channel", "email", "explicit", "user", confirmed=True))
    put(Proposal("health.allergy", "penicillin", "explicit", "user", confirmed=True))
    put(
        Proposal(
            "profile.name",
            "Ada",
            "explicit",
            "chat",
            source_ref="conv-1/msg-2",
            evidence={"conversation": "Intro", "said_at": 1767225600},
        )
    )
    put(
        Proposal(
            "events.surprise_party",
            "surprise party for Sam",
            "explicit",
            "user",
            confirmed=True,
            utterance="remember, confidentially, the surprise party for Sam",
        )
    )
    # an agent names one of memtrust's own keys (§2: an outside key never makes a category)
    put(
        Proposal(
            "work.employer",
            "Acme (annual plan)",
            "explicit",
            "agent",
            scope="billing",
            source_ref="billing-agent/call-7",
        )
    )
    for key, value in TRICKY_VALUES.items():
        put(Proposal(key, value, "explicit", "user", confirmed=True))
    if learning:
        store.set_learning(True, actor="test")
        put(
            Proposal(
                "style.answer_length",
                "brief",
                "implicit",
                "inference:reply_length",
                confidence=0.82,
                evidence={
                    "short_replies": 3,
                    "replies": 4,
                    "refs": ["c1/m1", "c1/m3"],
                    "first_seen": 1767225600,
                    "last_seen": 1767312000,
                },
            )
        )
        put(
            Proposal(
                "interests.topics",
                "photography, travel",
                "implicit",
                "inference:topics",
                scope="research",
                confidence=0.9,
                evidence={"conversations": 3},
            )
        )
    store.set_setting("implicit_ttl_days", "45")
    store.mark_ingested(["conv-1/msg-1", "conv-1/msg-2"])
    context_for(store, consumer="assistant", purpose="style", actor="test")
    return ids
