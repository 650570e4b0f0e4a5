"""A key that names a secret in other words or languages (DESIGN §3.5): refused whatever the
value when the key names the secret itself (``compte.mdp``, ``maison.digicode``), and with a
bare value shaped like one when the key names what the secret opens (``home.wifi``,
``accounts.gmail``, ``home.alarm``, ``phone.unlock``, ``crypto.wallet``). Ordinary keys and
values about those things are kept."""

from __future__ import annotations

import pytest

from memtrust.store.model import Proposal
from memtrust.store.secrets import screen_secret, secret_in_key
from tests.secret_data import load

PARTIAL_SEED = "abandon ability able about above absent absorb abstract absurd abuse access"

# (key, value) kept before the key screen read these words; each must be refused now.
ONCE_KEPT = [
    ("home.wifi", "Zebra-Toast-91"),
    ("accounts.gmail", "Tr0ub4dor&3"),
    ("home.alarm", "4471"),
    ("home.wlan_schluessel", "Sommer2024Sonne"),
    ("maison.digicode", "47B21"),
    ("casa.clave_wifi", "Zebra-Toast-91"),
    ("thuis.wifi_ww", "Zebra-Toast-91"),
    ("phone.unlock", "842913"),
    ("crypto.wallet", PARTIAL_SEED),
]


@pytest.mark.parametrize(("key", "value"), ONCE_KEPT)
def test_a_key_naming_a_secret_in_other_words_refuses_the_value(store, key, value):
    result = store.propose(Proposal(key, value, "explicit", "user", confirmed=True), actor="cli")
    assert (result.decision.outcome, result.decision.rule) == ("reject", "3.5")
    assert store.list() == []


@pytest.mark.parametrize(
    "key",
    [
        "compte.mdp",
        "cuenta.contraseña",
        "heim.wlanSchluessel",
        "notities.ww_laptop",
        "immeuble.code_porte",
        "bike.lock_combination",
        "google.backupCodes",
        "github.apiToken",
        "cripto.frase_semilla",
    ],
)
def test_a_key_part_naming_a_secret_is_refused_whatever_the_value(key):
    assert secret_in_key(key) is not None
    assert screen_secret("see my notebook", key=key) is not None


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("work.code_style", "black, 100 columns"),
        ("home.postcode", "1012AB"),
        ("notas.palabras_clave", "memoria, privacidad"),
        ("home.wifi", "fast fibre, 500 Mbit"),
        ("home.wifi_name", "HomeNet2024"),
        ("accounts.gmail", "sam.jansen@gmail.com"),
        ("routine.alarm_time", "0630"),
        ("phone.unlock", "face id"),
        ("crypto.wallet", "Ledger Nano X, kept at home"),
        ("notes.my_pin_striped_suit", "my PIN-striped suit"),
        ("travel.pins", "Lisbon, Porto"),
    ],
)
def test_an_ordinary_key_and_value_about_those_things_is_kept(store, key, value):
    result = store.propose(Proposal(key, value, "explicit", "user", confirmed=True), actor="cli")
    assert result.decision.outcome == "admit", result.decision.reason


def test_the_key_set_meets_the_targets():
    lines = load("keys")
    found = [
        secret_in_key(item.text) if item.position == "key" else screen_secret(item.text, key=item.key) for item in lines
    ]
    secrets = [bool(f) for item, f in zip(lines, found, strict=True) if item.secret]
    negatives = [bool(f) for item, f in zip(lines, found, strict=True) if not item.secret]
    assert sum(secrets) / len(secrets) >= 0.95
    assert sum(negatives) / len(negatives) <= 0.02
