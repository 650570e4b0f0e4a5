"""Secrets said in conversation and secrets written split are refused on every path (DESIGN
§3.5), and named by their kind alone (§3.9): a word that names a secret near a token that looks
like one, a service name before a password without a colon, a code of digits (in groups, or
spelled as words) after a PIN, a lock or unlocking, and tokens, AWS key ids and IBANs with
spaces, dashes or dots inside. Ordinary text with numbers stays."""

from __future__ import annotations

import json

import pytest

from memtrust.app.ingest.memory_list import parse_memory_list
from memtrust.app.memory_import import import_memory_list
from memtrust.app.pipeline import ingest_file
from memtrust.screens.ingest import rejected_reasons
from memtrust.store.secrets import screen_secret
from tests.conftest import T0
from tests.test_cli import _one_sentence_error, run  # noqa: F401 (run: fixture)
from tests.test_mcp_server import call, opened, served, server_output  # noqa: F401 (server_output: fixture)
from tests.test_secret_paths import everything_kept

# One of each kind, with the words that must never be repeated after the refusal.
SAID = [
    ("password", "the wifi at the cabin is Blauwe-Reiger-77", "Reiger"),
    ("password", "ik log in met Tr0ub4dor&3 op mijn werk", "Tr0ub4dor"),
    ("password", "Dropbox R3dP@nda2020", "R3dP"),
    ("password", "Zugangsdaten fürs Intranet: mueller / Sommer2024!", "Sommer2024"),
    ("password", "mi contraseña maestra es Luna!Llena5", "Luna!"),
    ("access_code", "la combinación del candado es 3-7-1-9", "3-7-1-9"),
    ("access_code", "le cadenas du vélo s'ouvre avec 3719", "avec 3719"),
    ("pin", "Mein Handy entsperre ich mit 842913", "mit 842913"),
    ("pin", "pincode van de bankpas vier acht twee een", "vier acht"),
    ("token", "github token: ghp_1a2B3c4D5e6F7g8H9i0J kLmNoPqRsTuVwXyZ12", "kLmNoPq"),
    ("token", "aws AKIA IOSF ODNN 7EXA MPLE", "ODNN"),
    ("bank", "rekening NL91-ABNA-0417-1643-00", "ABNA"),
    ("bank", "IBAN: N L 9 1 A B N A 0 4 1 7 1 6 4 3 0 0", "0 4 1 7"),
    # Whatever separates the groups: a slash, an underscore, a bar, a comma, a dash with spaces,
    # an ellipsis (a line break: below, since a line of a list or a request ends there).
    ("bank", "rekening NL91/ABNA/0417/1643/00", "0417/1643"),
    ("bank", "compte FR14_2004_1010_0505_0001_3M02_606", "2004_1010"),
    ("bank", "Konto DE89 | 3704 | 0044 | 0532 | 0130 | 00", "0532"),
    ("bank", "cuenta ES91 – 2100 – 0418 – 4502 – 0005 – 1332", "0418"),
    ("token", "token ghp_1a2B3c4D5e6F7g8H9i0J…kLmNoPqRsTuVwXyZ12", "kLmNoPq"),
    ("token", "aws AKIA/IOSF/ODNN/7EXA/MPLE", "ODNN"),
]

ORDINARY = [
    "my flight KL1234 leaves at 14:35 from gate D7",
    "room 4821 on the third floor is mine this week",
    "take bus 47 to the station",
    "my locker number is 104",
    "the lock on the front door was replaced in 2019",
    "het fietsslot kostte 35 euro bij de Gamma",
    "mon code postal est 69003",
    "die PIN kommt in 3 Tagen per Post",
    "la versión 2.4.1 de la app falla",
    "the wifi network is called HomeNet-5G",
    "ghp_ is how GitHub starts its tokens, 40 characters long",
    "NL/BE/DE 2024 – 2025 plans, see page 12/14",
    "the ratio was 91/100, then 04/17 – 16/43",
]


@pytest.mark.parametrize(("kind", "text", "_"), SAID, ids=[t for _, t, _ in SAID])
def test_a_secret_said_or_split_is_found_by_its_kind(kind, text, _):
    found = screen_secret(text)
    assert found is not None and found.kind == kind


def test_a_token_broken_over_two_lines_is_found():
    found = screen_secret("token ghp_1a2B3c4D5e6F7g8H9i0J\nkLmNoPqRsTuVwXyZ12")
    assert found is not None and found.kind == "token"


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_text_with_numbers_is_not_a_secret(text):
    assert screen_secret(text) is None


@pytest.mark.parametrize(("kind", "text", "secret"), SAID, ids=[t for _, t, _ in SAID])
def test_memtrust_add_refuses_it_naming_the_kind_alone(run, kind, text, secret):  # noqa: F811
    assert run("init").returncode == 0
    error = _one_sentence_error(run("add", "notes.x", text, "--yes"))
    assert "This looks like" in error and secret not in error
    assert json.loads(run("list", "--json").stdout) == []


def test_a_chat_export_asking_to_remember_them_refuses_each_and_keeps_none(store, tmp_path):
    said = int(T0.timestamp()) - 3600
    lines = [
        {"conversation_id": f"c{n}", "role": "user", "content": f"Remember that {text}.", "timestamp": said + n}
        for n, (_, text, _) in enumerate(SAID)
    ]
    path = tmp_path / "chat.jsonl"
    path.write_text("\n".join(json.dumps(line, ensure_ascii=False) for line in lines), encoding="utf-8")
    report = ingest_file(store, path)
    assert [r.decision.rule for r in report.results] == ["3.5"] * len(SAID)
    assert store.list() == []
    listed = "\n".join(rejected_reasons(report))
    kept = everything_kept(store)
    for _, _, secret in SAID:
        assert secret not in listed and secret.lower() not in kept


def test_a_memory_list_with_them_keeps_only_the_ordinary_lines(store):
    text = "- Prefers concise answers\n" + "".join(f"- {said}\n" for _, said, _ in SAID)
    report = import_memory_list(store, parse_memory_list(text, "list.txt"), file_name="list.txt", assistant="chatgpt")
    assert report.counts()["secret"] == len(SAID)
    assert len(store.list()) == 1  # the ordinary line alone, waiting for the user's yes
    kept = everything_kept(store)
    assert not [secret for _, _, secret in SAID if secret.lower() in kept]


async def test_an_agents_propose_memory_with_them_is_refused_and_kept_nowhere(passphrase_store_path):
    async with served(passphrase_store_path) as session:
        replies = [await call(session, "propose_memory", key="notes.x", value=text) for _, text, _ in SAID]
    assert [reply["outcome"] for reply in replies] == ["reject"] * len(SAID)
    shown = json.dumps(replies, ensure_ascii=False)
    assert not [secret for _, _, secret in SAID if secret in shown]
    with opened(passphrase_store_path) as store:
        assert store.list() == []
        kept = everything_kept(store)
    assert not [secret for _, _, secret in SAID if secret.lower() in kept]
