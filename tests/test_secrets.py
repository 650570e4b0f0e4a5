"""The §3.5 secrets screen (store/secrets.py): every kind refused in key and value, the
refusal naming the kind alone, and the labelled set held to its targets."""

from __future__ import annotations

import pytest

from memtrust.store.admission import decide
from memtrust.store.model import Proposal
from memtrust.store.secrets import KINDS, find_secret, screen_secret, secret_in_key
from tests.conftest import T0
from tests.secret_data import load

PEM_AT_START = (
    "-----BEGIN OPENSSH PRIVATE KEY-----\n"
    "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
    "QyNTUxOQAAACB7kq3kXxq0d2cW1p5sJm8uYbqk0mG3tq6oX4ZQm4a2HwAAAJg=\n"
    "-----END OPENSSH PRIVATE KEY-----"
)
AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"

# (kind, value): the secrets that were kept before the screen was rebuilt, each a kind.
ONCE_KEPT = [
    ("private_key", PEM_AT_START),
    (
        "private_key",
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1c7+9z5Pad7OejecsQ0bu3aumnZ4MD\n-----END RSA PRIVATE KEY-----",
    ),
    ("token", "github_pat_11ABCDEFG0aBcDeFgHiJkLmN_OpQrStUvWxYz0123456789aBcDeFgHiJkLmNoPqRsTuVwXyZ01234"),
    ("token", "sk_live_4eC39HqLyjWDarjtT1zdp7dc"),
    ("token", "npm_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ"),
    ("aws_secret", f"aws_secret_access_key = {AWS_SECRET}"),
    ("aws_secret", f"the AWS secret is {AWS_SECRET}"),
    ("national_id", "my SSN is 536 90 4399"),
    ("national_id", "536 90 4399"),
    ("entropy", "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"),
    ("access_code", "my door code is 7734"),
    ("access_code", "alarm code: 1234#"),
    ("access_code", "de deurcode is 7734"),
    ("access_code", "Der Türcode ist 4711"),
    ("access_code", "le code de la porte est 2580B"),
    ("access_code", "el código de la alarma es 9090"),
    ("password", "hunter22 is my password"),
    ("password", "mijn wachtwoord is Kaas&Wijn7"),
    ("password", "mein Passwort lautet Sonne#1987"),
    ("password", "mon mot de passe est m0ntmartre!"),
    ("password", "mi contraseña es Gato$azul5"),
    ("seed", "abandon ability able about above absent absorb abstract absurd abuse access accident"),
    ("bank", "NL91 ABNA 0417 1643 00"),
    ("card", "4111 1111 1111 1111"),
    ("connection", "postgres://app:S3cr3t!@db.internal:5432/prod"),
    ("connection", "Server=sql01;Database=crm;User Id=sa;Password=Zomer2024!;"),
    ("national_id", "mijn BSN is 111222333"),
    ("code", "backup codes: 8f3k-2m9q 7d1x-p4r2"),
    # said without the word "code", or with a short word for the password
    ("access_code", "Mum's alarm is 4371, press # after"),
    ("access_code", "de code voor het hek is 7078"),
    ("access_code", "Zahlenschloss vom Fahrrad: 5424"),
    ("access_code", "la clave del portal es 5037"),
    ("password", "wifi pass is Zomer2024!"),
    ("password", "wachtwoord van de router: Sonne#1987"),
    ("password", "la clave del wifi es hunter22"),
    ("pin", "card PIN 4 digits: 1710"),
    ("aws_secret", "AWS_SECRET_ACCESS_KEY=+Vyr9NuAm7+SrjLvimcgSxEjV01MgMZmimZuLueS"),
]


@pytest.mark.parametrize(("kind", "value"), ONCE_KEPT, ids=[f"{k}:{v[:24]}" for k, v in ONCE_KEPT])
def test_each_kind_of_secret_is_refused_by_admission_naming_its_kind_alone(kind, value):
    decision = decide(
        Proposal("notes.x", value, "explicit", "user", confirmed=True), learning_enabled=False, existing=[], now=T0
    )
    assert (decision.outcome, decision.rule) == ("reject", "3.5"), decision.reason
    assert screen_secret(value).kind == kind
    assert KINDS[kind] in decision.reason
    # the refusal never repeats what was refused, nor any long piece of it
    assert not any(piece in decision.reason for piece in value.split() if len(piece) >= 4 and piece.isalnum() is False)
    assert value not in decision.reason


def test_a_private_key_at_the_very_start_of_the_value_is_rejected_not_quarantined(store):
    result = store.propose(Proposal("notes.deploy", PEM_AT_START, "explicit", "user", confirmed=True), actor="tui")
    assert (result.decision.outcome, result.decision.rule) == ("reject", "3.5")
    assert result.memory is None
    assert store.list() == []


@pytest.mark.parametrize(
    "key",
    [
        "notes.ghp_a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8",
        "account.ghp_a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8",
        "stripe.sk_live_4ec39hqlyjwdarjtt1zdp7dc",
        "aws.akiaiosfodnn7example",
        "notes.card_4111111111111111",
        "bank.nl91abna0417164300",
        "home.door_code_7734",
        "notes.my_password_tr0ub4dor",
        "ci.token_ghp_a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8",
    ],
)
def test_a_secret_in_the_key_is_refused_whatever_the_value(store, key):
    assert secret_in_key(key) is not None
    result = store.propose(Proposal(key, "see the value", "explicit", "user", confirmed=True), actor="tui")
    assert (result.decision.outcome, result.decision.rule) == ("reject", "3.5")
    assert store.list() == []
    # nothing of the key is kept: not in the audit, not under a note key
    for event in store.audit_events():
        assert event.key is None or not any(part in event.key for part in key.split(".")[1:])


@pytest.mark.parametrize(
    "value",
    [
        "my password manager is Bitwarden",
        "pin it to the wall next to the calendar",
        "fixed in commit 3f786850e387550fdab836ed7e6dc881de23001b",
        "the ticket id is 123e4567-e89b-42d3-a456-426614174000",
        "call me on +44 7700 900123 after six",
        "my birthday is 1987-04-12",
        "ISBN 978-0-306-40615-7 is the book I keep recommending",
        "order number 112-4567890-1234567",
        "sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl sam@laptop",
        "we run Python 3.11.4 and Postgres 16.2",
        "postgres://localhost:5432/dev is the local database",
        "Here is the password.  Try and go in around 9 PM.",
        "my password is too short, the site says",
        "I could find you any other online forum.  Can you describe what you want in a bit more detail?",
        "word " * 600,
        "raise ValueError('bad password')\n    _logger.info(await client.login())",
        "the gate is 300 meters from the house",
    ],
)
def test_identifiers_and_talk_about_secrets_are_not_secrets(value):
    assert find_secret(value) is None


def test_a_note_key_made_by_memtrust_is_not_taken_for_a_secret():
    assert secret_in_key("notes.3f9a0c1b2d4e5f60") is None


@pytest.mark.parametrize("name", ["heldout", "dev", "heldout2", "labels", "words", "conversational"])
def test_the_labelled_set_meets_the_targets(name):
    lines = load(name)
    found = [
        secret_in_key(item.text) if item.position == "key" else screen_secret(item.text, heading=item.heading)
        for item in lines
    ]
    secrets = [bool(f) for item, f in zip(lines, found, strict=True) if item.secret]
    negatives = [bool(f) for item, f in zip(lines, found, strict=True) if not item.secret]
    assert sum(secrets) / len(secrets) >= 0.95
    assert sum(negatives) / len(negatives) <= 0.02


# "Label: value": the label names what the value opens (§3.5). Ordinary labelled memories stay.
LABELLED_SECRETS = [
    ("password", "Gmail: Tr0ub4dor&3", None),
    ("password", "Netflix: Xk9!mPq2zz", None),
    ("password", "Wifi: correcthorsebatterystaple", None),
    ("access_code", "Front door: 4471", None),
    ("access_code", "Alarm: 7719", None),
    ("password", "Bank: sunflower", "Passwords"),
    ("password", "Gmail: zomerfiets", "Wachtwoorden"),
    ("access_code", "Shed: 112", "Door codes"),
    ("pin", "Debit card: 9087", "PINs"),
]
LABELLED_ORDINARY = [
    ("Gmail: work account", None),
    ("Wifi: works in the kitchen", None),
    ("Front door: blue", None),
    ("Diet: vegetarian", None),
    ("Bank: ING", None),
    ("Gmail: sunflower", "Preferences"),
    ("Use a password manager", "Passwords"),
    ("Front door: blue", "Door codes"),
]


@pytest.mark.parametrize(("kind", "value", "heading"), LABELLED_SECRETS, ids=[v for _, v, _ in LABELLED_SECRETS])
def test_a_secret_given_as_label_and_value_is_refused_by_its_kind(kind, value, heading):
    evidence = {"heading": heading} if heading else None
    decision = decide(
        Proposal("notes.x", value, "explicit", "import:gemini", evidence=evidence),
        learning_enabled=False,
        existing=[],
        now=T0,
    )
    assert (decision.outcome, decision.rule) == ("reject", "3.5"), decision.reason
    assert screen_secret(value, heading=heading).kind == kind
    assert value.split()[-1] not in decision.reason


@pytest.mark.parametrize(("value", "heading"), LABELLED_ORDINARY, ids=[f"{h}:{v}" for v, h in LABELLED_ORDINARY])
def test_an_ordinary_label_and_value_is_kept(value, heading):
    evidence = {"heading": heading} if heading else None
    decision = decide(
        Proposal("notes.x", value, "explicit", "import:gemini", evidence=evidence),
        learning_enabled=False,
        existing=[],
        now=T0,
    )
    assert decision.outcome == "pending", decision.reason
