"""The §3 admission policy, table-driven: each rule, for each formation."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from memtrust.store.admission import DEFAULT_IMPLICIT_TTL, PENDING_TTL, decide
from memtrust.store.export import build_export
from memtrust.store.model import Memory, Proposal
from tests.conftest import T0

NOW = T0


def explicit(key="contact.preferred_channel", value="email", source="chat", **kw) -> Proposal:
    return Proposal(key, value, "explicit", source, **kw)


def implicit(key="style.answer_length", value="brief", confidence=0.9, **kw) -> Proposal:
    return Proposal(key, value, "implicit", "inference:reply_length", confidence=confidence, **kw)


def row(formation="explicit", value="email", key="contact.preferred_channel", status="active", id="r1") -> Memory:
    return Memory(
        id=id,
        scope="shared",
        key=key,
        value=value,
        formation=formation,
        source="user" if formation == "explicit" else "inference:reply_length",
        source_ref=None,
        confidence=1.0 if formation == "explicit" else 0.8,
        status=status,
        evidence=None,
        created_at=NOW,
        updated_at=NOW,
    )


CASES = [
    # (name, proposal, learning_on, existing, outcome, rule)
    # §3.1 sensitive classes are explicit-only
    (
        "implicit health key rejected even with opt-in",
        implicit(key="health.condition", value="asthma"),
        True,
        [],
        "reject",
        "3.1",
    ),
    (
        "implicit religion key rejected even with opt-in",
        implicit(key="religion.faith", value="x"),
        True,
        [],
        "reject",
        "3.1",
    ),
    ("implicit union key rejected", implicit(key="union.member", value="yes"), True, [], "reject", "3.1"),
    (
        "explicit health key typed and confirmed is admitted",
        explicit(key="health.allergy", value="peanuts", source="user", confirmed=True),
        False,
        [],
        "admit",
        "3.6",
    ),
    (
        "implicit health and family matters in a topics value rejected",
        implicit(key="interests.topics", value="HIV treatment, divorce lawyers"),
        True,
        [],
        "reject",
        "3.1",
    ),
    (
        "implicit mental health note rejected",
        implicit(key="notes.mood", value="user seems depressed and suicidal"),
        True,
        [],
        "reject",
        "3.1",
    ),
    (
        "implicit religion named by the key words rejected",
        implicit(key="notes.religion", value="Catholic"),
        True,
        [],
        "reject",
        "3.1",
    ),
    (
        "implicit faith in a value rejected",
        implicit(key="notes.sunday", value="goes to Mass, a devout Catholic"),
        True,
        [],
        "reject",
        "3.1",
    ),
    (
        "implicit ethnicity about a person rejected",
        implicit(key="notes.background", value="user is of Mexican descent"),
        True,
        [],
        "reject",
        "3.1",
    ),
    (
        "implicit sexuality in the key words rejected",
        implicit(key="notes.sexual_orientation", value="x"),
        True,
        [],
        "reject",
        "3.1",
    ),
    ("implicit crime rejected", implicit(key="notes.history", value="was arrested in 2019"), True, [], "reject", "3.1"),
    ("implicit salary rejected", implicit(key="notes.work", value="salary around 80k"), True, [], "reject", "3.1"),
    (
        "implicit sensitive word split by a zero-width space rejected",
        implicit(key="notes.mood", value="dep\u200bressed"),
        True,
        [],
        "reject",
        "3.1",
    ),
    (
        "implicit sensitive value rejected before learning is even consulted",
        implicit(key="notes.mood", value="depressed"),
        False,
        [],
        "reject",
        "3.1",
    ),
    (
        "implicit topics from the vocabulary admitted",
        implicit(key="interests.topics", value="cooking, gardening"),
        True,
        [],
        "admit",
        "3.3",
    ),
    (
        "implicit harmless hobby that is not one of the vocabulary's topics rejected",
        implicit(key="interests.topics", value="cycling, sourdough baking"),
        True,
        [],
        "reject",
        "3.1",
    ),
    (
        "implicit topic worded differently from the vocabulary rejected",
        implicit(key="interests.topics", value="Rust programming"),
        True,
        [],
        "reject",
        "3.1",
    ),
    (
        "implicit topics naming one twice rejected",
        implicit(key="interests.topics", value="cooking, cooking"),
        True,
        [],
        "reject",
        "3.1",
    ),
    (
        "implicit value under a key outside the vocabulary rejected",
        implicit(key="habits.weekly", value="brief"),
        True,
        [],
        "reject",
        "3.1",
    ),
    (
        "implicit value outside its key's values rejected",
        implicit(key="style.answer_length", value="medium"),
        True,
        [],
        "reject",
        "3.1",
    ),
    (
        "implicit language in another case than the vocabulary's rejected",
        implicit(key="locale.language", value="French"),
        True,
        [],
        "reject",
        "3.1",
    ),
    (
        "implicit IANA timezone admitted",
        implicit(key="locale.timezone", value="Europe/Amsterdam"),
        True,
        [],
        "admit",
        "3.3",
    ),
    (
        "implicit UTC offset as the activity-hours detector writes it admitted",
        implicit(key="locale.timezone", value="UTC+05:30"),
        True,
        [],
        "admit",
        "3.3",
    ),
    (
        "implicit offset no zone keeps rejected",
        implicit(key="locale.timezone", value="UTC+05:17"),
        True,
        [],
        "reject",
        "3.1",
    ),
    (
        "implicit legacy timezone alias named after a country rejected",
        implicit(key="locale.timezone", value="Israel"),
        True,
        [],
        "reject",
        "3.1",
    ),
    (
        "implicit language named like a nationality admitted",
        implicit(key="locale.language", value="chinese"),
        True,
        [],
        "admit",
        "3.3",
    ),
    ("implicit answer length admitted", implicit(key="style.answer_length", value="brief"), True, [], "admit", "3.3"),
    (
        "explicit note naming a sensitive matter is the user's to save",
        explicit(key="notes.faith", value="I am Catholic", source="user", confirmed=True),
        False,
        [],
        "admit",
        "3.6",
    ),
    (
        "explicit finance key from chat waits as pending",
        explicit(key="finance.bank", value="the local credit union"),
        False,
        [],
        "pending",
        "3.6",
    ),
    # §3.2 implicit learning off by default
    ("implicit write rejected while learning is off", implicit(), False, [], "reject", "3.2"),
    ("explicit write unaffected by learning off", explicit(source="user", confirmed=True), False, [], "admit", "3.6"),
    # §3.3 implicit confidence threshold
    ("implicit below default threshold rejected", implicit(confidence=0.69), True, [], "reject", "3.3"),
    ("implicit at threshold admitted", implicit(confidence=0.7), True, [], "admit", "3.3"),
    (
        "implicit below a detector's own higher threshold rejected",
        implicit(confidence=0.8, threshold=0.85),
        True,
        [],
        "reject",
        "3.3",
    ),
    (
        "implicit above a detector's own lower threshold admitted",
        implicit(confidence=0.5, threshold=0.4),
        True,
        [],
        "admit",
        "3.3",
    ),
    # §3.4 explicit beats implicit; refresh instead of copy
    (
        "implicit write to a key holding an explicit value rejected",
        implicit(key="contact.preferred_channel", value="phone"),
        True,
        [row()],
        "reject",
        "3.4",
    ),
    (
        "implicit write to a key with only a pending explicit value rejected",
        implicit(key="contact.preferred_channel", value="phone"),
        True,
        [row(status="pending")],
        "reject",
        "3.4",
    ),
    (
        "repeated implicit signal refreshes the row",
        implicit(),
        True,
        [row("implicit", "brief", "style.answer_length")],
        "admit",
        "3.4",
    ),
    (
        "explicit confirmed write supersedes the implicit row",
        explicit(key="style.answer_length", value="detailed", source="user", confirmed=True),
        False,
        [row("implicit", "brief", "style.answer_length")],
        "admit",
        "3.6",
    ),
    ("explicit duplicate of an existing explicit value rejected", explicit(), False, [row()], "reject", "3.4"),
    # §3.5 secrets, confidential, temporary
    (
        "explicit password rejected",
        explicit(key="notes.login", value="my password is hunter2!", source="user", confirmed=True),
        False,
        [],
        "reject",
        "3.5",
    ),
    (
        "explicit card number rejected",
        explicit(key="notes.card", value="4111 1111 1111 1111"),
        False,
        [],
        "reject",
        "3.5",
    ),
    (
        "explicit API key rejected",
        explicit(key="notes.key", value="sk-abcdefghijklmnopqrstuvwx"),
        False,
        [],
        "reject",
        "3.5",
    ),
    (
        "explicit IBAN rejected",
        explicit(key="notes.bank", value="GB82 WEST 1234 5698 7654 32"),
        False,
        [],
        "reject",
        "3.5",
    ),
    ("explicit national id rejected", explicit(key="notes.id", value="123-45-6789"), False, [], "reject", "3.5"),
    # An inference is refused outside the vocabulary (§3.1) before a secret could be screened.
    ("implicit secret rejected too", implicit(key="notes.x", value="pin: 4921"), True, [], "reject", "3.1"),
    (
        "explicit value under a password key rejected",
        explicit(key="account.password", value="hunter2hunter2", source="user", confirmed=True),
        False,
        [],
        "reject",
        "3.5",
    ),
    (
        "explicit passphrase under an auth password key rejected",
        explicit(key="auth.password", value="correcthorsebatterystaple", source="user", confirmed=True),
        False,
        [],
        "reject",
        "3.5",
    ),
    (
        "explicit api key named by the key rejected",
        explicit(key="github.api_key", value="abc", source="user", confirmed=True),
        False,
        [],
        "reject",
        "3.5",
    ),
    (
        "implicit value under a token key rejected",
        implicit(key="notes.token", value="brief"),
        True,
        [],
        "reject",
        "3.1",
    ),
    (
        "explicit pw assignment rejected",
        explicit(key="notes.login", value="pw: hunter2", source="user", confirmed=True),
        False,
        [],
        "reject",
        "3.5",
    ),
    (
        "explicit credentials in a URL rejected",
        explicit(
            key="notes.db", value="postgres://admin:S3cretPass@db.example.com/prod", source="user", confirmed=True
        ),
        False,
        [],
        "reject",
        "3.5",
    ),
    (
        "explicit JWT rejected",
        explicit(
            key="notes.jwt",
            value="eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
            source="user",
            confirmed=True,
        ),
        False,
        [],
        "reject",
        "3.5",
    ),
    (
        "explicit card number grouped by dots rejected",
        explicit(key="notes.card", value="4111.1111.1111.1111", source="user", confirmed=True),
        False,
        [],
        "reject",
        "3.5",
    ),
    (
        "explicit card number split by zero-width spaces rejected",
        explicit(key="notes.card", value="4111\u200b1111\u200b1111\u200b1111", source="user", confirmed=True),
        False,
        [],
        "reject",
        "3.5",
    ),
    (
        "a PIN-striped suit is not a PIN",
        explicit(key="notes.my_pin_striped_suit", value="my PIN-striped suit", source="user", confirmed=True),
        False,
        [],
        "admit",
        "3.6",
    ),
    (
        "pin as an ordinary word is not a PIN",
        explicit(key="notes.map", value="pin the map to the wall", source="user", confirmed=True),
        False,
        [],
        "admit",
        "3.6",
    ),
    (
        "a URL with only a user name is not a password",
        explicit(key="notes.repo", value="https://git@example.com/repo", source="user", confirmed=True),
        False,
        [],
        "admit",
        "3.6",
    ),
    (
        "non-Luhn long number is not a card",
        explicit(key="notes.order", value="order 1234567890123", source="user", confirmed=True),
        False,
        [],
        "admit",
        "3.6",
    ),
    (
        "confidential phrasing quarantined",
        explicit(
            key="notes.plan", value="I am changing jobs", utterance="Remember, confidentially, that I am changing jobs"
        ),
        False,
        [],
        "quarantine",
        "3.5",
    ),
    (
        "confidential typed by the user still quarantined",
        explicit(key="notes.plan", value="just between us, I am moving", source="user", confirmed=True),
        False,
        [],
        "quarantine",
        "3.5",
    ),
    # §3.6 confirmation before durable writes
    ("chat request lands pending", explicit(), False, [], "pending", "3.6"),
    ("agent write without confirmation lands pending", explicit(source="agent"), False, [], "pending", "3.6"),
    (
        "agent write confirmed through elicitation admitted",
        explicit(source="agent", confirmed=True),
        False,
        [],
        "admit",
        "3.6",
    ),
    (
        "settings import lands pending",
        explicit(key="settings.about_user", value="I am a teacher", source="settings"),
        False,
        [],
        "pending",
        "3.6",
    ),
    ("sync lands pending", explicit(source="sync"), False, [], "pending", "3.6"),
    (
        "memory list from another assistant lands pending",
        explicit(source="import:chatgpt"),
        False,
        [],
        "pending",
        "3.6",
    ),
    (
        "memory list item with a secret rejected",
        explicit(key="notes.wifi", value="wifi password is hunter22", source="import:gemini"),
        False,
        [],
        "reject",
        "3.5",
    ),
    (
        "import from an assistant memtrust does not know rejected",
        explicit(source="import:someone"),
        False,
        [],
        "reject",
        "2",
    ),
    (
        "implicit formation from a memory list rejected",
        Proposal("style.x", "y", "implicit", "import:claude", confidence=0.9),
        True,
        [],
        "reject",
        "2",
    ),
    # §2 well-formedness
    (
        "bad key grammar rejected",
        explicit(key="Contact Channel", source="user", confirmed=True),
        False,
        [],
        "reject",
        "2",
    ),
    (
        "value over 4000 characters rejected",
        explicit(value="x" * 4001, source="user", confirmed=True),
        False,
        [],
        "reject",
        "2",
    ),
    ("NUL in value rejected", explicit(value="a\x00b", source="user", confirmed=True), False, [], "reject", "2"),
    ("lone surrogate rejected", explicit(value="a\ud800b", source="user", confirmed=True), False, [], "reject", "2"),
    ("NaN confidence rejected", implicit(confidence=float("nan")), True, [], "reject", "2"),
    ("confidence above 1 rejected", implicit(confidence=1.5), True, [], "reject", "2"),
    (
        "implicit formation from a non-detector source rejected",
        Proposal("style.x", "y", "implicit", "user", confidence=0.9),
        True,
        [],
        "reject",
        "2",
    ),
    ("unknown formation rejected", Proposal("style.x", "y", "guessed", "user"), True, [], "reject", "2"),
    # §10 a client's yes is not the user's: it never replaces what the user saved
    (
        "client-confirmed save beside a value the user saved waits in the Inbox",
        explicit(value="fax", source="agent", confirmed=True, confirmed_in="Claude Desktop"),
        False,
        [row(value="email")],
        "pending",
        "10",
    ),
    (
        "client-confirmed save replaces an inference",
        explicit(value="fax", source="agent", confirmed=True, confirmed_in="Claude Desktop"),
        False,
        [row("implicit", value="email")],
        "admit",
        "3.6",
    ),
    (
        "client-confirmed save replaces a value only a client confirmed",
        explicit(value="fax", source="agent", confirmed=True, confirmed_in="Claude Desktop"),
        False,
        [replace(row(value="email"), source="agent", confirmed_in="Zed")],
        "admit",
        "3.6",
    ),
    (
        "the user's own save replaces a value only a client confirmed",
        explicit(value="fax", source="user", confirmed=True),
        False,
        [replace(row(value="email"), source="agent", confirmed_in="Zed")],
        "admit",
        "3.6",
    ),
]


@pytest.mark.parametrize(
    ("proposal", "learning", "existing", "outcome", "rule"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_admission_rule(proposal, learning, existing, outcome, rule):
    decision = decide(proposal, learning_enabled=learning, existing=existing, now=NOW)
    assert (decision.outcome, decision.rule) == (outcome, rule), decision.reason
    assert decision.reason.endswith(".")


def test_every_class_of_the_classifier_has_an_explicit_only_namespace():
    from memtrust.store.model import SENSITIVE_PREFIXES
    from memtrust.store.sensitive import CLASSES

    assert tuple(prefix.removesuffix(".") for prefix in SENSITIVE_PREFIXES) == CLASSES


def test_every_sensitive_class_rejects_implicit_writes_even_with_opt_in():
    from memtrust.store.sensitive import CLASSES

    assert "crime" in CLASSES
    for category in CLASSES:
        # A value of the vocabulary: the namespace alone refuses it, and names the class.
        decision = decide(
            implicit(key=f"{category}.anything", confidence=1.0), learning_enabled=True, existing=[], now=NOW
        )
        assert (decision.outcome, decision.rule) == ("reject", "3.1"), category
        assert f"Nothing about {category} is ever inferred" in decision.reason


def test_implicit_admission_sets_the_ttl_expiry():
    decision = decide(implicit(), learning_enabled=True, existing=[], now=NOW)
    assert decision.expires_at == NOW + DEFAULT_IMPLICIT_TTL
    decision = decide(implicit(), learning_enabled=True, existing=[], now=NOW, implicit_ttl=timedelta(days=30))
    assert decision.expires_at == NOW + timedelta(days=30)


def test_refresh_names_the_existing_row_and_a_new_value_supersedes_it():
    old = row("implicit", "brief", "style.answer_length", id="old")
    assert decide(implicit(), learning_enabled=True, existing=[old], now=NOW).refreshes == "old"
    changed = decide(implicit(value="detailed"), learning_enabled=True, existing=[old], now=NOW)
    assert changed.refreshes is None and changed.supersedes == ("old",)


def test_pending_items_lapse_after_thirty_days_and_keep_a_temporary_expiry():
    plain = decide(explicit(), learning_enabled=False, existing=[], now=NOW)
    assert plain.pending_until == NOW + PENDING_TTL and plain.expires_at is None
    temporary = decide(
        explicit(key="notes.diet", value="no sugar this week"), learning_enabled=False, existing=[], now=NOW
    )
    assert temporary.outcome == "pending" and temporary.expires_at is not None
    assert NOW < temporary.expires_at <= NOW + timedelta(days=7)


@pytest.mark.parametrize(
    ("phrase", "days"),
    [
        ("I'm in Lisbon today", 0),
        ("call me tomorrow", 1),
        ("for now, short answers", 7),
        ("I'm busy for 3 days", 3),
        ("remind me for two weeks", 14),
    ],
)
def test_temporary_phrasing_gets_a_matching_expiry(phrase, days):
    decision = decide(
        explicit(key="notes.x", value=phrase, source="user", confirmed=True),
        learning_enabled=False,
        existing=[],
        now=NOW,
    )
    assert decision.outcome == "admit" and decision.expires_at is not None
    assert (decision.expires_at.date() - NOW.date()).days == days


def test_a_repeated_signal_refreshes_only_when_it_brings_new_evidence():
    EARLIER, LATER = int(NOW.timestamp()) - 3 * 86400, int(NOW.timestamp()) - 86400
    held = Memory(
        **{
            **row("implicit", "brief", "style.answer_length", id="old").__dict__,
            "evidence": {"message_refs": ["f#c1/m1", "f#c1/m2"], "last_seen": EARLIER},
        }
    )
    same = implicit(evidence={"message_refs": ["f#c1/m1", "f#c1/m2"], "last_seen": EARLIER})
    new_message = implicit(evidence={"message_refs": ["f#c1/m1", "f#c2/m9"], "last_seen": EARLIER})
    later = implicit(evidence={"message_refs": ["f#c1/m1"], "last_seen": LATER})
    assert decide(same, learning_enabled=True, existing=[held], now=NOW).outcome == "reject"
    assert decide(new_message, learning_enabled=True, existing=[held], now=NOW).refreshes == "old"
    assert decide(later, learning_enabled=True, existing=[held], now=NOW).refreshes == "old"


def test_topics_detector_and_admission_share_one_sensitive_classifier():
    from memtrust.app.detectors import topics
    from memtrust.store import model, sensitive

    assert topics.sensitive_class is sensitive.sensitive_class is model.sensitive_class
    for name in topics.TOPICS:
        assert sensitive.sensitive_class(name) is None, name
    for term in ("cancer", "salary", "divorce", "voted for", "catholic", "my fingerprints", "dna", "arrested"):
        assert sensitive.sensitive_class(term) is not None, term


@pytest.mark.parametrize(
    ("value", "cls"),
    [
        ("panic attacks", "health"),
        ("is in recovery from substance use", "health"),
        ("sees a shrink weekly", "health"),
        ("is behind on the mortgage", "finance"),
        ("came out as bisexual", "sexuality"),
        ("goes to mass on Sundays", "religion"),
        ("heeft paniekaanvallen", "health"),
        ("hat Schulden bei der Bank", "finance"),
    ],
)
def test_an_inference_worded_off_any_list_is_still_rejected_as_sensitive_with_learning_on(value, cls):
    decision = decide(implicit(key="style.notes", value=value), learning_enabled=True, existing=[], now=NOW)
    assert (decision.outcome, decision.rule) == ("reject", "3.1")
    assert cls in decision.reason


def test_the_users_ttl_setting_caps_a_detectors_longer_ttl_but_not_a_shorter_one():
    ninety, ten = 90 * 86400, 10 * 86400
    capped = decide(
        implicit(ttl_seconds=ninety), learning_enabled=True, existing=[], now=NOW, implicit_ttl=timedelta(days=30)
    )
    assert capped.expires_at == NOW + timedelta(days=30)
    shorter = decide(
        implicit(ttl_seconds=ten), learning_enabled=True, existing=[], now=NOW, implicit_ttl=timedelta(days=30)
    )
    assert shorter.expires_at == NOW + timedelta(days=10)


def test_a_memory_is_badged_sensitive_by_its_value_as_well_as_its_key():
    from dataclasses import replace as _replace

    base = row()
    assert _replace(base, key="health.allergy", value="peanuts").sensitive
    assert _replace(base, key="notes.diagnosed_last_year", value="I was diagnosed with diabetes last year").sensitive
    assert not _replace(base, key="travel.seat", value="Aisle seat").sensitive


@pytest.mark.parametrize(
    "value",
    ["hunter22 is my password", "login: sam / hunter22", "credentials sam:hunter22", "S3cret!x was the wifi password"],
)
def test_a_password_named_after_it_or_paired_with_a_login_is_refused(value):
    decision = decide(
        explicit(key="notes.x", value=value, source="user", confirmed=True),
        learning_enabled=False,
        existing=[],
        now=NOW,
    )
    assert (decision.outcome, decision.rule) == ("reject", "3.5")


@pytest.mark.parametrize(
    "value", ["my password manager is great", "the login page is slow today, sadly", "I sign in with my phone"]
)
def test_talking_about_passwords_or_logins_is_not_a_secret(value):
    decision = decide(
        explicit(key="notes.x", value=value, source="user", confirmed=True),
        learning_enabled=False,
        existing=[],
        now=NOW,
    )
    assert decision.outcome != "reject" or decision.rule != "3.5", decision.reason


# --- when the user's yes is recorded (the store applying §3.5 and §3.6) --------------------

#: A chat request the user confirmed (the demo's entry), one typed in the app, and the same
#: request found in an import that nobody has confirmed: all three phrased as confidential.
CONFIRMED_CONFIDENTIAL = [
    pytest.param(
        explicit(
            key="notes.job_search",
            value="Interviewing with two other studios",
            source_ref="conversations.json#b7e9-cv/msg-0030",
            confirmed=True,
            utterance="Just between us, remember that I'm interviewing with two other studios.",
        ),
        id="chat request confirmed",
    ),
    pytest.param(
        explicit(key="notes.plan", value="just between us, I am moving", source="user", confirmed=True),
        id="typed in the app",
    ),
]


@pytest.mark.parametrize("proposal", CONFIRMED_CONFIDENTIAL)
def test_a_confirmed_write_phrased_as_confidential_is_quarantined_with_the_time_the_user_confirmed_it(
    store, clock, proposal
):
    result = store.propose(proposal, actor="test")
    assert (result.decision.outcome, result.decision.rule) == ("quarantine", "3.5")
    stored = store.get(result.memory.id)
    assert stored.status == "quarantined"
    assert stored.confirmed_at == clock() == result.memory.confirmed_at
    [write] = [event for event in store.audit_events() if event.event == "write"]
    assert (write.memory_id, write.outcome, write.detail["confirmed"]) == (stored.id, "quarantine", True)
    [exported] = [m for m in build_export(store, app_version="test")["memories"] if m["id"] == stored.id]
    assert exported["status"] == "quarantined" and exported["confirmed_at"] is not None


def test_a_confidential_request_from_an_import_nobody_confirmed_is_quarantined_without_a_confirmation(store):
    result = store.propose(
        explicit(
            key="notes.acme",
            value="I am interviewing at Acme",
            source_ref="chat.jsonl#c1/m2",
            utterance="Remember that, just between us, I am interviewing at Acme.",
        ),
        actor="test",
    )
    stored = store.get(result.memory.id)
    assert (stored.status, stored.confirmed_at) == ("quarantined", None)
    [write] = [event for event in store.audit_events() if event.event == "write"]
    assert write.detail["confirmed"] is False
    [exported] = build_export(store, app_version="test")["memories"]
    assert exported["confirmed_at"] is None


def test_only_a_confirmed_explicit_write_records_a_confirmation(store, clock):
    typed = store.propose(explicit(value="email", source="user", confirmed=True), actor="test").memory
    requested = store.propose(explicit(key="profile.city", value="Porto"), actor="test").memory
    store.set_learning(True, actor="test")
    guessed = store.propose(implicit(), actor="test").memory
    assert (typed.status, typed.confirmed_at) == ("active", clock())
    assert (requested.status, requested.confirmed_at) == ("pending", None)
    assert (guessed.status, guessed.confirmed_at) == ("active", None)
    assert all(store.get(m.id).confirmed_at == m.confirmed_at for m in (typed, requested, guessed))


def test_a_refusal_says_truthfully_whether_the_held_value_was_saved_is_waiting_or_is_held():
    from dataclasses import replace as _replace

    saved, waiting = row(), row(status="pending")
    held = _replace(row(status="quarantined"), source="chat")  # confidential, nobody confirmed it
    guess = implicit(key="contact.preferred_channel", value="phone")

    def reason(proposal, existing):
        decision = decide(proposal, learning_enabled=True, existing=existing, now=NOW)
        assert (decision.outcome, decision.rule) == ("reject", "3.4")
        return decision.reason

    assert reason(guess, [saved]) == "You saved a value for this yourself; an inference never overrides it."
    assert reason(guess, [waiting]).startswith("A value for this is waiting in your Inbox;")
    assert reason(guess, [held]).startswith("A value for this is held in your Quarantine;")
    assert reason(guess, [waiting, saved]).startswith("You saved a value")
    assert reason(explicit(), [saved]) == "You already have this memory; nothing new was saved."
    assert reason(explicit(), [waiting]) == "It is already waiting in your Inbox; nothing new was saved."
    assert reason(explicit(), [held]) == "It is already held in your Quarantine; nothing new was saved."
    assert reason(explicit(), [waiting, saved]) == "You already have this memory; nothing new was saved."
