"""The secrets screen (DESIGN.md §3.5): memtrust is not a password manager.

:func:`find_secret` names the kind of secret a memory's value (or the sentence it came
from) holds, and :func:`secret_in_key` the kind its key holds or names; admission refuses
the write with :func:`refusal`, a sentence that names the kind and never the content (§3.9).

What is recognised, and why so (the labelled set in ``tests/data/secrets/`` and
``bench/secret_quality.py`` measure it):

- **private keys**: a PEM ``-----BEGIN … PRIVATE KEY-----`` block (RSA, EC, DSA, PKCS#8,
  encrypted, OpenSSH, PGP ``PRIVATE KEY BLOCK``) anywhere, at the very start of the value
  too, a PuTTY ``.ppk`` file and an age secret key. Public keys and certificates are not
  secrets.
- **provider tokens** by their published prefixes: GitHub classic (``ghp_ gho_ ghu_ ghs_
  ghr_``) and fine-grained (``github_pat_``), GitLab (``glpat-`` and kin), Slack (``xox?-``,
  ``xapp-``, webhook URLs), Stripe secret and restricted keys (``sk_``/``rk_``, live or
  test), npm (``npm_``), PyPI (``pypi-AgE…``), OpenAI and Anthropic (``sk-…``,
  ``sk-proj-…``, ``sk-ant-…``), Google (``AIza…``, ``ya29.``, ``GOCSPX-``), AWS access key
  ids (``AKIA``/``ASIA``…), Hugging Face, SendGrid, DigitalOcean, Shopify, Telegram bot
  tokens, JWTs, and a URL query parameter named ``token``, ``key``, ``secret``…
- **AWS secret access keys**: 40 base64 characters near AWS or secret wording; without it
  they are caught as a high-entropy run.
- **connection strings with a password**: ``scheme://user:password@host`` and
  ``Password=``/``Pwd=`` in ADO.NET, ODBC and JDBC strings (a URL with a user name alone,
  or none, is not a secret).
- **high-entropy runs**: base64 or base62 runs of 32 characters or more with upper and
  lower case and digits and a Shannon entropy of at least 4 bits a character, and hex runs
  of 64 digits or more. A 40-digit hex run (a git commit, a SHA-1) and a 32-digit one (an
  MD5, a UUID without dashes) are identifiers, not keys; a 64-digit hex run is a key
  unless a hash word (sha256, checksum, digest, hash) stands just before it. Runs inside a
  URL's path, ``data:`` URIs and an ``ssh-…`` public key line are left alone.
- **seed phrases**: 12 or more words in a row from one BIP39 word list (the ``mnemonic``
  package's lists: English, Spanish, French, Italian, Portuguese, Czech), hardly repeating
  and not across a sentence's end (prose such as "can you describe what you want" is made
  of such words too).
- **one-time, backup and recovery codes**, **door, alarm, gate and safe codes**, **PINs**
  and **card security codes**: the words that name them (English, Dutch, German, French,
  Spanish) with a code nearby.
- **national ids and bank numbers**, validated with ``python-stdnum``: IBANs (every
  country's format and check digits), US SSNs written with dashes, spaces or dots (a bare
  nine digits only beside SSN wording), Dutch BSNs (11-proef, beside BSN wording), UK
  National Insurance numbers (the prefixes HMRC issues; stdnum has none), German tax ids,
  Spanish DNI/NIE, French NIR, Belgian national numbers, Italian codici fiscali, UK NHS
  numbers (beside NHS wording) and passport numbers beside passport wording. Cards: Luhn
  (``stdnum.luhn``) runs of 13–19 digits with a card network's prefix and length, so an
  ISBN, an order number or a phone number is not taken for one.
- **passwords said in words**, which no library covers: "my password is …", "hunter22 is
  my password", "wifi: Home / …", "login: sam / …", and their Dutch, German, French and
  Spanish forms ("mijn wachtwoord is …", "mein Passwort lautet …", "mon mot de passe est
  …", "mi contraseña es …"). Talk about passwords ("my password manager is Bitwarden") is
  not a password.
- **secrets said in conversation**: a word naming a password, a login, a network, a master
  password or an account ("Gmail", "ik log in met", "Zugangsdaten", "mes identifiants") with
  a token that looks like a password up to eight words after it (letters and digits with a
  symbol, both cases, or a digit between letters; a passphrase joined by dashes), and a word
  naming a PIN, a lock, a combination, unlocking or a secret number with a code of 3–8
  digits, digits in groups or four digits or more spelled as words after it. A number a noun
  counts ("room 4821", "bus 47"), a year, a time, a price or a number before a noun is not a
  code; nor is a postcode, an error code or a discount code.
- **split formats**: provider tokens and AWS key ids in groups ("AKIA IOSF ODNN 7EXA MPLE")
  and IBANs by dashes, dots or letter by letter are joined again before their shape and check
  digits are tried.
- **"Label: value"**, a line whose label names what the value opens: "Front door: 4471",
  "Alarm: 7719" (a door, lock or alarm and digits alone); "Netflix: Xk9!mPq2zz" (any label
  and a token mixing letters, digits and a symbol); "iCloud: Summer2024x" (an account or a
  device and a token of both cases and digits); "Wifi: correcthorsebatterystaple". A value of
  several words is talk ("Gmail: work account", "Front door: blue"), and handles, hashtags,
  addresses, file names and code are not passwords.
- **items under a heading that names secrets** (a memory list's "## Passwords", "## Door
  codes", "## Wachtwoorden", "## PINs"; admission passes the heading kept as the item's
  evidence): "Gmail: sunflower" is a password there, "Shed: 112" a code; "Use a password
  manager" is not.

Pure functions; the patterns compile on import (admission imports this module on a write's
first use, so a read never pays for it), the BIP39 word lists load on the first screen.
"""

from __future__ import annotations

import itertools
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

from stdnum import iban as stdnum_iban
from stdnum import luhn as stdnum_luhn
from stdnum.be import nn as be_nn
from stdnum.de import idnr as de_idnr
from stdnum.es import dni as es_dni
from stdnum.es import nie as es_nie
from stdnum.fr import nir as fr_nir
from stdnum.gb import nhs as gb_nhs
from stdnum.it import codicefiscale as it_codicefiscale
from stdnum.nl import bsn as nl_bsn
from stdnum.us import ssn as us_ssn

#: Every kind the screen names, with the words a refusal uses for it (§3.9: the kind, never
#: the content). One home: the CLI, the app, the audit and agent replies all say these.
KINDS: dict[str, str] = {
    "private_key": "a private key",
    "token": "an API key or token",
    "aws_secret": "a cloud access key",
    "connection": "a connection string with a password",
    "entropy": "a key or credential",
    "seed": "a seed phrase",
    "code": "a one-time or recovery code",
    "access_code": "a door, alarm or safe code",
    "national_id": "a national id number",
    "bank": "a bank account number (IBAN)",
    "card": "a card number",
    "card_code": "a card security code",
    "password": "a password",
    "pin": "a PIN",
    "credential": "a key or credential",
}


@dataclass(frozen=True)
class Secret:
    """A secret the screen found: its ``kind`` (a key of :data:`KINDS`) and ``noun``, the
    words a refusal uses ("a password")."""

    kind: str

    @property
    def noun(self) -> str:
        """The kind in words, for a refusal: ``"a card number"``."""
        return KINDS[self.kind]


def refusal(noun: str) -> str:
    """The one sentence a refused secret gets (§3.5, §3.9), naming its kind alone:
    ``This looks like a password; memtrust is not a password manager and will not keep it.``"""
    return f"This looks like {noun}; memtrust is not a password manager and will not keep it."


# --- private keys and provider tokens ----------------------------------------------------

_PRIVATE_KEY = re.compile(
    r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|PuTTY-User-Key-File-\d+:|AGE-SECRET-KEY-1[0-9A-Z]{50,}"
)
_B = r"(?<![A-Za-z0-9_])"  # a token starts at a word's edge (``\b`` never matches before ``-``)
_E = r"(?![A-Za-z0-9_])"
_TOKENS = (
    rf"{_B}gh[pousr]_[A-Za-z0-9]{{30,255}}{_E}",
    rf"{_B}github_pat_[A-Za-z0-9_]{{40,255}}",
    r"(?<![A-Za-z0-9_-])gl(?:pat|dt|rt|ptt|ft|soat|cbt|imt|agent)-[A-Za-z0-9_-]{20,}",
    r"(?<![A-Za-z0-9_-])xox[abposrec]-[A-Za-z0-9-]{10,}",
    r"(?<![A-Za-z0-9_-])xapp-\d-[A-Za-z0-9-]{10,}",
    r"hooks\.slack\.com/services/T[A-Za-z0-9]+/B[A-Za-z0-9]+/[A-Za-z0-9]{16,}",
    rf"{_B}(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{{16,}}",
    rf"{_B}whsec_[A-Za-z0-9]{{24,}}",
    rf"{_B}npm_[A-Za-z0-9]{{36}}{_E}",
    r"(?<![A-Za-z0-9_-])pypi-AgE[A-Za-z0-9_-]{50,}",
    # OpenAI (sk-, sk-proj-, sk-svcacct-) and Anthropic (sk-ant-…).
    r"(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]{20,}",
    rf"{_B}AIza[0-9A-Za-z_-]{{35}}",
    rf"{_B}ya29\.[0-9A-Za-z_-]{{20,}}",
    r"(?<![A-Za-z0-9_-])GOCSPX-[0-9A-Za-z_-]{20,}",
    rf"{_B}(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA|APKA)[A-Z0-9]{{16}}{_E}",
    rf"{_B}hf_[A-Za-z0-9]{{30,}}{_E}",
    rf"{_B}SG\.[A-Za-z0-9_-]{{16,}}\.[A-Za-z0-9_-]{{30,}}",
    rf"{_B}dop_v1_[a-f0-9]{{64}}",
    rf"{_B}shp(?:at|ca|pa|ss)_[a-fA-F0-9]{{32}}",
    r"(?<![\d:])\d{8,10}:AA[A-Za-z0-9_-]{33}",
    rf"{_B}eyJ[A-Za-z0-9_-]{{8,}}\.eyJ[A-Za-z0-9_-]{{8,}}\.[A-Za-z0-9_-]{{16,}}",
    r"[?&](?:access_token|auth_token|token|api_?key|apikey|key|secret|client_secret|password|pwd|sig|signature)"
    r"=[^&\s#]{12,}",
)
_TOKEN = re.compile("|".join(_TOKENS))
_TOKEN_WHOLE = re.compile("(?:" + "|".join(_TOKENS) + r")\Z")
# Where a provider's token starts: people copy a token in groups ("AKIA IOSF ODNN 7EXA MPLE")
# or a line break or a space slips into it; the groups after the prefix are joined again.
_TOKEN_PREFIX = re.compile(
    r"(?<![A-Za-z0-9_])(?:gh[pousr]_|github_pat_|gl(?:pat|dt|rt|ptt|ft|soat|cbt|imt|agent)-|xox[abposrec]-|"
    r"(?:sk|rk)_(?:live|test)_|whsec_|npm_|pypi-|sk-(?:ant-|proj-)?|AIza|ya29\.|GOCSPX-|"
    r"(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA|APKA)|hf_|SG\.|dop_v1_|shp(?:at|ca|pa|ss)_)"
)
# Between the groups of a split token or number: one to three characters that are neither a
# letter nor a digit, whatever they are (spaces, a line break, a dash, a dot, "/", "|", ",",
# "_", "–", "…"): people group what they copy with whatever comes to hand, and the token's
# whole shape or the IBAN's check digits decide, not the separator.
_GROUP_GAP = re.compile(r"[\W_]{1,3}")
_GROUP = re.compile(r"[A-Za-z0-9_]+")


def _split_token(text: str) -> bool:
    """True when a provider's token is written in groups (``ghp_1a2B… kLmN…``, ``AKIA IOSF
    ODNN 7EXA MPLE``, ``AKIA-IOSF-…``): from each published prefix, the groups that follow
    are joined one at a time and the join is tried against the token's whole shape. Only
    groups with a digit or a capital inside are joined, and a join must hold two digits or be
    an AWS key id (capitals and digits alone), so that prose after a prefix ("ghp_ is how
    GitHub starts its tokens") never makes up a token."""
    for start in _TOKEN_PREFIX.finditer(text):
        joined, position = start.group(), start.end()
        for _ in range(24):
            gap = _GROUP_GAP.match(text, position)
            if gap and len(joined) <= 5 + len(start.group()):  # "AKIA IOSF …": a gap right after the prefix
                position = gap.end()
            group = _GROUP.match(text, position)
            # A random group holds a digit or a capital inside it; a word of prose does not.
            if not group or not re.search(r"\d|.[A-Z]", group.group()):
                break
            joined += group.group()
            position = group.end()
            if len(joined) > 300:
                break
            whole = sum(c.isdigit() for c in joined) >= 2 or re.fullmatch(r"A[A-Z]{3}[A-Z0-9]{16}", joined)
            if whole and _TOKEN_WHOLE.match(joined):
                return True
            gap = _GROUP_GAP.match(text, position)
            if not gap:
                break
            position = gap.end()
    return False


# Keys are lowercase (§2): the same shapes, whatever the case.
_TOKEN_ANY_CASE = re.compile("|".join(_TOKENS), re.IGNORECASE)

# --- AWS secret access keys and high-entropy runs ----------------------------------------

_AWS_WORDS = re.compile(r"aws|amazon|secret[ _-]?(?:access[ _-]?)?key|access[ _-]?key|s3|iam", re.IGNORECASE)
_RUN = re.compile(r"(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{32,}={0,2}(?![A-Za-z0-9+/=_-])")
_HEX_RUN = re.compile(r"(?<![0-9A-Za-z])[0-9a-fA-F]{64,}(?![0-9A-Za-z])")
_HASH_WORDS = re.compile(
    r"(?:sha-?\d*|md5|checksum|digest|hash|fingerprint|blake2\w*|integrity)\W{0,3}\S{0,12}\W*$", re.IGNORECASE
)
_URL_OR_DATA = re.compile(r"(?:[a-z][a-z0-9+.-]*://|www\.|data:)\S*", re.IGNORECASE)
_PUBLIC_KEY_LINE = re.compile(
    r"\b(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)\s+AAAA\S+"
)
_PEM_PUBLIC = re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*(?:PUBLIC KEY|CERTIFICATE)-----.*?-----END[^-]*-----", re.DOTALL)


def _entropy(text: str) -> float:
    """Shannon entropy of ``text`` in bits a character."""
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


def _high_entropy(text: str) -> str | None:
    """``aws_secret`` or ``entropy`` for a key-like run in ``text`` (module docstring), else ``None``."""
    blanked = _URL_OR_DATA.sub(" ", _PUBLIC_KEY_LINE.sub(" ", _PEM_PUBLIC.sub(" ", text)))
    for match in _HEX_RUN.finditer(blanked):
        if not _HASH_WORDS.search(blanked[max(0, match.start() - 24) : match.start()]):
            return "entropy"
    for match in _RUN.finditer(blanked):
        run = match.group().rstrip("=")
        if re.fullmatch(r"[0-9a-fA-F]+", run):
            continue  # hex runs are judged above
        has_cases = any(c.isupper() for c in run) and any(c.islower() for c in run)
        if not has_cases:
            continue
        # An AWS secret access key: 40 base64 characters beside AWS or secret wording.
        if len(run) == 40 and re.search(r"[\d/+]", run) and _AWS_WORDS.search(blanked):
            return "aws_secret"
        if sum(c.isdigit() for c in run) >= 2 and _entropy(run) >= 4.0:
            return "entropy"
    return None


# --- connection strings ------------------------------------------------------------------

_URL_CREDENTIALS = re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s/:@]*:[^\s/@]+@", re.IGNORECASE)
_CONNECTION_PASSWORD = re.compile(
    r"(?:^|[;\s\"'{(])(?:password|pwd|passwd|user password)\s*=\s*[^;\s\"'}]{3,}", re.IGNORECASE
)

# --- seed phrases -------------------------------------------------------------------------

_SEED_LANGUAGES = ("english", "spanish", "french", "italian", "portuguese", "czech")
_SEED_LENGTH = 12


def _fold(word: str) -> str:
    """``word`` lowercased without accents (BIP39 lists are compared NFKD, accents aside)."""
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


@cache
def _wordlists() -> tuple[frozenset[str], ...]:
    """The BIP39 word lists of :data:`_SEED_LANGUAGES`, folded; loaded once, on first use."""
    from mnemonic import Mnemonic

    return tuple(frozenset(_fold(word) for word in Mnemonic(language).wordlist) for language in _SEED_LANGUAGES)


def _seed_phrase(text: str, length: int = _SEED_LENGTH) -> bool:
    """True when 12 or more words in a row belong to one BIP39 list, at least 11 of some 12
    of them different, with no sentence's end between them (numbering, commas and line
    breaks between them allowed): ordinary prose rarely strings 12 such words together, and
    never without repeating "you" or "the". ``length`` lowers the run for a value whose key
    names a wallet (part of a seed is still one)."""
    tokens = [_fold(token) for token in re.findall(r"[^\W\d_]+|(?<!\d)[.?!;]", text)]
    if len(tokens) < length:
        return False
    for wordlist in _wordlists():
        run: list[str] = []
        for token in tokens:
            run = [*run, token] if token in wordlist else []
            # A seed is drawn at random: a word repeated over and over ("word word word …") is not one.
            if len(run) >= length and len(set(run[-length:])) >= length - 1:
                return True
    return False


# --- national ids, bank and card numbers --------------------------------------------------

# An IBAN starts with a country's two letters and two check digits, maybe spaced apart.
_IBAN_START = re.compile(r"(?<![A-Za-z0-9])[A-Z][\W_]{0,3}[A-Z][\W_]{0,3}\d[\W_]{0,3}\d(?![a-z])")
_IBAN_GROUP = re.compile(r"[A-Z0-9]+")
_DIGIT_RUN = re.compile(r"(?<![\d.,/-])(?:\d[ .-]?){12,18}\d(?![\d.,]\d)")
_SSN_SHAPED = re.compile(r"(?<![\d.,/-])(\d{3})([ .-]?)(\d{2})\2(\d{4})(?![\d.,/-]?\d)")
_NINE_DIGITS = re.compile(r"(?<![\d.,/-])(\d{4}\.?\d{2}\.?\d{3}|\d{9})(?![\d.,/-]?\d)")
_ELEVEN_DIGITS = re.compile(r"(?<![\d.,/-])\d{2} ?\d{3} ?\d{3} ?\d{3}(?![\d.,/-]?\d)")
_TEN_DIGITS = re.compile(r"(?<![\d.,/-])\d{3}[ -]?\d{3}[ -]?\d{4}(?![\d.,/-]?\d)")
_NINO = re.compile(
    r"(?<![A-Za-z0-9])(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]"
    r"\s?\d{2}\s?\d{2}\s?\d{2}\s?[A-D](?![A-Za-z0-9])"
)
_DNI = re.compile(r"(?<![A-Za-z0-9])(?:\d{8}|[XYZ]-?\d{7})[ -]?[A-Z](?![A-Za-z0-9])")
_NIR = re.compile(r"(?<!\d)[12] ?\d{2} ?\d{2} ?(?:\d{2}|2A|2B) ?\d{3} ?\d{3} ?\d{2}(?!\d)")
_BE_NN = re.compile(r"(?<!\d)\d{2}\.\d{2}\.\d{2}-\d{3}\.\d{2}(?!\d)")
_CODICE_FISCALE = re.compile(r"(?<![A-Za-z0-9])[A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z](?![A-Za-z0-9])")
_PASSPORT = re.compile(
    r"(?:passport|paspoort|reisepass|passeport|pasaporte)\w*\W+(?:\w+\W+){0,3}?(?=[A-Z0-9]*\d)[A-Z0-9]{6,9}\b",
    re.IGNORECASE,
)
_SSN_WORDS = re.compile(r"\b(?:ssn|social security|soc\.? sec\.?)", re.IGNORECASE)
_BSN_WORDS = re.compile(r"\b(?:bsn|burgerservicenummer|sofi[ -]?nummer|sofinummer)", re.IGNORECASE)
_DE_TAX_WORDS = re.compile(
    r"steuer[ -]?id|steueridentifikationsnummer|\bidnr\b|identifikationsnummer|tax id", re.IGNORECASE
)
_NHS_WORDS = re.compile(r"\bnhs\b", re.IGNORECASE)

# Card networks by the first digits and the lengths they issue (so a Luhn-valid ISBN, EAN or
# order number is not a card): Visa, Mastercard, American Express, Discover, JCB, Diners,
# Maestro, UnionPay.
_CARD_PREFIXES: tuple[tuple[re.Pattern[str], frozenset[int]], ...] = (
    (re.compile(r"4"), frozenset({16, 19})),
    (re.compile(r"5[1-5]|2(?:2[2-9]|[3-6]\d|7[01]|720)"), frozenset({16})),
    (re.compile(r"3[47]"), frozenset({15})),
    (re.compile(r"6(?:011|5|4[4-9])"), frozenset({16, 19})),
    (re.compile(r"35(?:2[89]|[3-8])"), frozenset({16, 19})),
    (re.compile(r"3(?:0[0-5]|[689])"), frozenset({14, 16})),
    (re.compile(r"5[06-8]|6\d"), frozenset(range(12, 20))),
    (re.compile(r"62"), frozenset(range(16, 20))),
)


def _card(digits: str) -> bool:
    """True when ``digits`` (13–19 of them) are a card number: a network's prefix and
    length, and a valid Luhn check digit."""
    if not stdnum_luhn.is_valid(digits):
        return False
    return any(prefix.match(digits) and len(digits) in lengths for prefix, lengths in _CARD_PREFIXES)


def _iban(text: str) -> bool:
    """True when ``text`` holds a valid IBAN (``stdnum.iban``: the country's format and the
    mod-97 check), written in groups of any size with one to three characters that are neither
    letter nor digit between them (:data:`_GROUP_GAP`), or letter by letter (``NL91-ABNA-0417-1643-00``, ``N L 9 1 A B N A …``); the check digits
    keep a made-up run of letters and digits from passing."""
    for match in _IBAN_START.finditer(text):
        characters: list[str] = []
        position = match.start()
        while len(characters) < 34:
            group = _IBAN_GROUP.match(text, position)
            if not group:
                break
            characters.extend(group.group())
            position = group.end()
            gap = _GROUP_GAP.match(text, position)
            if not gap:
                break
            position = gap.end()
        for end in range(len(characters), 14, -1):
            if stdnum_iban.is_valid("".join(characters[:end])):
                return True
    return False


def _national_id(text: str, context: str) -> bool:
    """True when ``text`` holds a national id number that validates; a bare run of digits
    only beside the words that name it in ``context`` (the text and the key)."""
    for match in _SSN_SHAPED.finditer(text):
        if (match.group(2) or _SSN_WORDS.search(context)) and us_ssn.is_valid("".join(match.group(1, 3, 4))):
            return True
    if _BSN_WORDS.search(context) and any(nl_bsn.is_valid(m.group()) for m in _NINE_DIGITS.finditer(text)):
        return True
    if _DE_TAX_WORDS.search(context) and any(de_idnr.is_valid(m.group()) for m in _ELEVEN_DIGITS.finditer(text)):
        return True
    if _NHS_WORDS.search(context) and any(gb_nhs.is_valid(m.group()) for m in _TEN_DIGITS.finditer(text)):
        return True
    if _NINO.search(text):
        return True
    if any(es_dni.is_valid(m.group()) or es_nie.is_valid(m.group()) for m in _DNI.finditer(text)):
        return True
    if any(fr_nir.is_valid(m.group()) for m in _NIR.finditer(text)):
        return True
    if any(be_nn.is_valid(m.group()) for m in _BE_NN.finditer(text)):
        return True
    if any(it_codicefiscale.is_valid(m.group()) for m in _CODICE_FISCALE.finditer(text)):
        return True
    return bool(_PASSPORT.search(text))


# --- codes and PINs, in words -------------------------------------------------------------

# A code: 3 to 10 digits, maybe with a keypad's # or * or a letter, standing on its own.
# Digits, or a keypad's letter among them: a French digicode is often "4B72" or "A1234".
_CODE = r"[#*]?(?:\d{3,10}|[A-Da-d]\d{3,5}|\d{1,3}[A-Da-d]\d{1,3})[#*]?[A-Za-z]?(?![\w-])"
_ACCESS_WORDS = (
    # English
    r"(?:front |back |garage |building |entry |main |gate |door |alarm |safe |keypad |key ?box |lock ?box |padlock |"
    r"entrance |apartment |house |locker |bike lock )(?:code|combination|combo|pin)|"
    r"code (?:for|to|of) the (?:\w+ )?(?:door|gate|alarm|safe|garage|building|lockbox|key ?box|padlock|locker)|"
    r"(?:door|gate|alarm|safe|garage|lockbox|keybox|padlock|locker)'?s? (?:code|combination)|"
    # Dutch
    r"(?:deur|voordeur|poort|alarm|kluis|garage|toegangs|sleutelkastje|fietsslot|cijferslot|portiek)s?-?code|"
    r"code (?:van|voor) (?:de|het) (?:\w+ )?(?:deur|voordeur|poort|hek|alarm|kluis|garage|sleutelkastje|slot)|"
    # German
    r"(?:tür|haustür|tor|alarm|alarmanlagen|tresor|safe|garagen|zugangs|schlüsselkasten|zahlenschloss|"
    r"fahrradschloss)-?(?:code|kombination)|"
    r"code (?:der|für die|für den|vom|von der|zur|zum) (?:\w+ )?(?:tür|haustür|alarmanlage|tresor|garage|tor)|"
    # French
    r"digicode|code (?:de la |du |de l'|d'|d’)(?:\w+ )?(?:porte|portail|alarme|coffre|immeuble|entrée|garage|"
    r"cadenas|boîte à clés|interphone)|code d'accès|code d’accès|"
    # Spanish
    r"código (?:de la |del |de |de acceso)(?:\w+ )?(?:puerta|alarma|caja fuerte|portal|garaje|portón|cerradura|"
    r"candado|edificio)|clave (?:de la |del |de )(?:alarma|puerta|caja fuerte|portal|portón|garaje)|"
    # Combination locks, named alone
    r"combination lock|zahlenschloss|cijferslot|cadenas à code|candado de combinación"
)
# "the safe combination is 4321", "la combinación de la caja fuerte", "7734 opens the lockbox".
_LOCKS = (
    r"door|gate|alarm|safe|garage|lock ?box|key ?box|padlock|locker|"
    r"deur|poort|hek|kluis|slot|tür|tor|tresor|schloss|porte|portail|coffre|cadenas|"
    r"puerta|portal|caja fuerte|candado|cerradura"
)
_COMBINATION = (
    rf"(?:combination|combinatie|kombination|combinaison|combinación)\W+(?:\w+\W+){{0,3}}?(?:{_LOCKS})"
    rf"|(?:{_LOCKS})\W+(?:combination|combinatie|kombination|combinaison|combinación)"
)
_ACCESS = re.compile(
    rf"(?:{_ACCESS_WORDS}|{_COMBINATION})\b(?:[^\n\d]{{0,40}}?)(?<![\w-]){_CODE}"
    rf"|(?<![\w-]){_CODE}[^\n\d]{{0,30}}?(?:{_ACCESS_WORDS}|{_COMBINATION})"
    rf"|(?<![\w-]){_CODE}\s+(?:opens|unlocks|open|opent|öffnet|ouvre|abre)\s+(?:\w+\s+){{0,2}}?(?:{_LOCKS})"
    # "Mum's alarm is 4371, press # after": a lock, a verb, 4–8 digits and the end of the clause.
    rf"|\b(?:{_LOCKS})\s+(?:is|=|:|ist|est|es|zijn)\s*[#*]?\d{{4,8}}[#*]?(?=\s*(?:$|[,.;!)]|press|druk|drück|appuy|puls))",
    re.IGNORECASE,
)
# One-time, backup and recovery codes: the words, then a code with a digit in it.
_OTP_WORDS = (
    r"(?:backup|back-up|recovery|2fa|two[- ]factor|mfa|one[- ]time|otp|verification|authentication|login|sms|"
    r"security|auth|reset|emergency)[ -]?(?:codes?|keys?|pass(?:code|word)s?)|"
    r"(?:herstel|back-?up|verificatie|beveiligings|eenmalige |inlog|sms-?|authenticatie)-?codes?|"
    r"(?:wiederherstellungs|backup-?|bestätigungs|sicherheits|einmal|verifizierungs|notfall|anmelde)-?(?:codes?|schlüssel)|"
    r"codes? (?:de récupération|de secours|de vérification|à usage unique|de sécurité|de confirmation)|"
    r"códigos? (?:de recuperación|de respaldo|de verificación|de un solo uso|de seguridad|de confirmación)"
)
_OTP = re.compile(
    rf"(?:{_OTP_WORDS})\b[^\n]{{0,30}}?(?<![\w-])(?=[A-Za-z0-9-]*\d)[A-Za-z0-9]{{3,}}(?:[- ][A-Za-z0-9]{{3,}})*",
    re.IGNORECASE,
)
_CARD_CODE = re.compile(
    r"\b(?:cvv2?|cvc2?|csc|card security code|kaartcode)\b\W{0,12}(?:\w+\W+){0,5}?\d{3,4}\b", re.IGNORECASE
)
# "pin" is an ordinary word too ("a PIN-striped suit", "pin it to the wall"): only a PIN
# with digits near it is a secret.
_PIN = re.compile(
    r"\b(?:pin|pincode|pin-code|pinnummer|pin-nummer|pin-?number|code pin|code secret|geheimzahl|geheimnummer)\b"
    r"(?:[^\n]{0,30}?)(?<![\w-])\d{4,8}(?![\w-])"
    r"|(?<![\w-])\d{4,8}\W{0,3}(?:is|ist|est|es|was)\s+(?:my|mijn|mein|meine|mon|ma|mi|the|de|die|le|la|el)\s+"
    r"(?:\w+\s+)?(?:pin|pincode|code pin)\b",
    re.IGNORECASE,
)

# --- passwords in words -------------------------------------------------------------------

_PASSWORD_WORD = (
    r"password|passwd|passcode|passphrase|pass phrase|wachtwoord|paswoord|passwort|kennwort|mot de passe|mdp|"
    r"contraseña|contrasena|clave de acceso|wifi[- ]?(?:code|key)|wlan[- ]?(?:schlüssel|key)|clé wifi|"
    r"clave (?:del |de la )?(?:wifi|wi-fi|router|correo|red)|code (?:du )?wifi|wifi-?code"
)
_ASSIGNMENT_VERB = r"is|was|are|=|:|ist|lautet|war|est|était|c'est|es|era|zijn|luidt|is nu|ahora es"
# "the password is too short", "mein Passwort ist nicht sicher": what follows the verb is talk.
_NOT_TALK = (
    r"(?!(?:not|too|on|in|at|under|the|a|an|very|wrong|incorrect|correct|expired|long|short|weak|strong|same|"
    r"different|saved|stored|written|somewhere|still|also|required|needed|case|niet|te|op|nicht|zu|auf|pas|trop|"
    r"sur|no|muy|en|demasiado)\b)"
)
# "Here is the password." points at one; it is not one.
_POINTING = (
    r"(?!(?:here|this|that|what|which|there|where|dit|dat|hier|wat|das|dies|voici|voilà|ceci|cela|esto|eso|"
    r"aquí|cuál)\b)"
)
_PASSWORD = re.compile(
    # "password: x", "mein Passwort lautet x", "my wifi password is now x"
    rf"(?:{_PASSWORD_WORD})(?:\s+(?:\w+\s+){{0,3}}?(?:{_ASSIGNMENT_VERB})\s*|(?:\s+\w+){{0,3}}\s*[=:]\s*)"
    rf"[\"'“«]?\s*{_NOT_TALK}\S{{3,}}"
    # "wifi pass is Zomer2024!", "my gmail pw is …": a short word, so the value must look like one.
    r"|\b(?:pass|pw|pwd|ww)\s+(?:is|=|:|ist|est|es|c'est)\s+[\"'“«]?(?=\S*[\d_]|\S*[^\w\s]\S)\S{4,}"
    # "password hunter2" (a digit, an underscore or a symbol makes it a secret, not a word)
    rf"|(?:{_PASSWORD_WORD})[ \t]+[\"'“«]?(?=\S*[\d_]|\S*[^\w\s]\S)\S{{4,}}"
    # "hunter22 is my password", "x ist mein Passwort", "x est mon mot de passe"
    rf"|(?<!\S){_POINTING}\S{{4,}}\s+(?:is|was|=|ist|est|es|era|zijn|was)\s+(?:my|the|our|mijn|ons|onze|het|mein|meine|unser|das|"
    rf"mon|ma|notre|le|la|mi|nuestra|la)\s+(?:\w+[\s-]+){{0,2}}(?:{_PASSWORD_WORD})\b"
    # "pw: x", "pwd=x", "mdp : x"
    r"|\b(?:pw|pwd|mdp)\s*[:=]\s*\S{3,}"
    # "login: sam / hunter22", "credentials sam:hunter22", "wifi: Home / x"
    r"|\b(?:login|log-in|credentials?|sign[ -]?in|wifi|wi-fi|wlan)\s*[:=]?\s*\S+\s*(?:/|:)\s*\S{4,}",
    re.IGNORECASE,
)
# "my password manager is Bitwarden", "the password must be twelve characters": the word
# followed by words of talk about passwords, not by one.
_PASSWORD_TALK = re.compile(
    rf"(?:{_PASSWORD_WORD})[ -]?(?:manager|beheerder|verwalter|gestionnaire|gestor|policy|reset|hint|field|"
    r"strength|rules?|must|moet|muss|doit|debe|needs|should|has to|expired?|verlopen|abgelaufen|length)",
    re.IGNORECASE,
)
_OTHER_SECRET_WORDS = re.compile(
    r"\b(api[ _-]?key|secret key|client secret|access token|auth token|bearer token|refresh token|private key|"
    r"seed phrase|recovery phrase|mnemonic|api-schlüssel|clé api|clave api|api-sleutel)\b"
    rf"(?:\s+(?:\w+\s+){{0,2}}?(?:{_ASSIGNMENT_VERB})\s*|\s*[=:]\s*|\s+)[\"'“«]?(?=\S*\d)\S{{8,}}",
    re.IGNORECASE,
)


def _password(text: str) -> bool:
    """True when ``text`` says a password (module docstring), not when it talks about them."""
    return any(not _PASSWORD_TALK.match(text, match.start()) for match in _PASSWORD.finditer(text))


# --- "Label: value", and items under a heading that names secrets --------------------------

# One line "Label: value" (":", "=", " - " between): a label of a few words, a value of
# one token. A value with spaces is talk ("Gmail: work account"), never a password.
_LABELLED = re.compile(
    r"^[ \t]*(?:[-*•+][ \t]+)?(?P<label>[^\W\d_][\w.&'’+/ -]{0,40}?)[ \t]*(?:[:=]|[ \t][-–][ \t])(?!//)[ \t]*"
    r"[\"'“«]?(?P<value>\S+?)[\"'”»]?[ \t]*$",
    re.MULTILINE,
)
# Symbols a password mixes in; "-", "_", "." and "/" are left out, as names and ids hold them
# ("Blink-182", "robin_2024", "v2.3.1"), and so are "," and ";" (punctuation, CSS).
_PASSWORD_SYMBOLS = frozenset("!#$%&*+=?@^|~<>")
# Not a password: a handle, a hashtag, a URL, an e-mail address, a domain or a file name, and
# code ("response.json()[0]", "s3.Bucket(name)": brackets and quotes).
_NOT_PASSWORD = re.compile(
    r"^[@#]|[()\[\]{}\"'`]|://|^www\.|^[^@\s]+@[^@\s]+\.[a-z]{2,}$|\.(?:com|org|net|io|nl|de|fr|es|be|uk|pdf|docx?|txt|jpe?g|png)$",
    re.IGNORECASE,
)
# A label that names an account or a device a password opens; its value need not hold a symbol.
_ACCOUNT_LABEL = re.compile(
    r"\b(?:account|login|log-in|e-?mail|mail|inbox|bank|banking|laptop|computer|pc|mac|vpn|server|admin|"
    r"gmail|outlook|hotmail|yahoo|icloud|apple ?id|netflix|spotify|amazon|paypal|facebook|instagram|twitter|"
    r"linkedin|github|gitlab|google|microsoft|dropbox|steam|disney\+?|hbo|ebay|digid|itsme|bol\.com|"
    r"postfach|konto|compte|cuenta|correo|rekening|sparkasse)\b",
    re.IGNORECASE,
)
# A label naming a wireless network: what follows it is its key (a bare name of eight or more
# letters too: "Wifi: correcthorsebatterystaple").
_WIFI_LABEL = re.compile(r"^(?:wi-?fi|wlan|hotspot|router|box internet|réseau wifi|red wifi)\b", re.IGNORECASE)
# A label naming a door, a lock, an alarm: what follows it, digits alone, is its code.
_LOCK_LABEL = re.compile(
    rf"(?:^|\s|[-'’])(?:front door|back door|bike lock|{_LOCKS})$|"
    r"(?:deur|tür|tor|slot|schloss|alarm|kluis|tresor|garage|gate|door|portail|porte|puerta|portón)$",
    re.IGNORECASE,
)
_BARE_CODE = re.compile(r"[#*]?\d{3,8}[#*]?")
# Headings that name the secrets listed under them ("## Passwords", "## Door codes").
_PASSWORD_HEADING = re.compile(
    r"\b(?:passwords?|passwds?|passcodes?|logins?|log-ins|credentials?|wachtwoorden|wachtwoord|passwort|"
    r"passwörter|kennwörter|zugangsdaten|mots de passe|mot de passe|identifiants|contraseñas?|claves)\b",
    re.IGNORECASE,
)
_CODE_HEADING = re.compile(
    r"\b(?:codes?|door ?codes?|access codes?|alarm ?codes?|pins?|pin ?codes?|pincodes?|combinations?|"
    r"\w*codes|toegangscodes|deurcodes|türcodes|zugangscodes|codes d'accès|codes d’accès|códigos)\b",
    re.IGNORECASE,
)
_PIN_HEADING = re.compile(r"\b(?:pins?|pin ?codes?|pincodes?|pin-?nummern|codes pin)\b", re.IGNORECASE)


def _classes(token: str) -> tuple[bool, bool, bool, bool]:
    """(lower case, upper case, digit, password symbol) present in ``token``."""
    return (
        any(c.islower() for c in token),
        any(c.isupper() for c in token),
        any(c.isdigit() for c in token),
        any(c in _PASSWORD_SYMBOLS for c in token),
    )


def _labelled_password(text: str) -> bool:
    """True when a line of ``text`` is "Label: value" and the value is a password: a token of
    letters, digits and a symbol mixed ("Netflix: Xk9!mPq2zz") under any label; of lower and
    upper case and digits under a label naming an account or a device ("iCloud: Summer2024x");
    of eight or more characters, a digit or ten under a label naming a wireless network."""
    for match in _LABELLED.finditer(text):
        label, value = match.group("label").strip(), match.group("value")
        if not 6 <= len(value) <= 64 or _NOT_PASSWORD.search(value):
            continue
        lower, upper, digit, symbol = _classes(value)
        if (lower or upper) and digit and symbol:
            return True
        if _ACCOUNT_LABEL.search(label) and len(value) >= 8 and lower and upper and digit:
            return True
        if _WIFI_LABEL.match(label) and (len(value) >= 10 or (len(value) >= 8 and digit)):
            return True
    return False


def _labelled_code(text: str) -> bool:
    """True when a line of ``text`` is "Label: digits" and the label names a door, a lock or an
    alarm ("Front door: 4471", "Alarm: 7719", "Haustür: 3391")."""
    return any(
        _BARE_CODE.fullmatch(match.group("value")) and _LOCK_LABEL.search(match.group("label").strip())
        for match in _LABELLED.finditer(text)
    )


def _under_heading(text: str, heading: str) -> str | None:
    """The kind of secret a list item ``text`` is, read under its ``heading``: a heading that
    names passwords makes "Label: word" a password, one that names codes or PINs makes
    "Label: digits" (or the digits alone) a code or a PIN. ``None`` otherwise ("Use a password
    manager" under *Passwords*, "Front door: blue" under *Door codes*)."""
    heading = plain(heading)
    values = [match.group("value") for match in _LABELLED.finditer(text)]
    if _BARE_CODE.fullmatch(text.strip()):
        values.append(text.strip())
    named_passwords = _PASSWORD_HEADING.search(heading) and not _PASSWORD_TALK.search(heading)
    if named_passwords and any(len(value) >= 4 and not _NOT_PASSWORD.search(value) for value in values):
        return "password"
    if _CODE_HEADING.search(heading) and any(_BARE_CODE.fullmatch(value) for value in values):
        return "pin" if _PIN_HEADING.search(heading) else "access_code"
    return None


# --- secrets said in conversation: a word that names one near a token that looks like one -----

# Words after which a password-like token is one: the password words, login and credentials,
# a wireless network, a master password, and the services and devices a password opens
# ("Gmail Tr0ub4dor&3", "ik log in met …", "Zugangsdaten …", "mes identifiants …").
_SAYS_PASSWORD = re.compile(
    rf"(?:{_PASSWORD_WORD})|\b(?:pass|pw|pwd|mdp|master\w*|passcode|log ?in|log-in|login|logins|sign(?:ed)? ?in|"
    r"credentials?|inlog\w*|log\w* in|zugang\w*|anmeld\w*|melde\w*|identifiants?|connecte|connexion|credenciales|"
    r"entro|acceso|wi-?fi\w*|wlan\w*|hotspot|network|netwerk\w*|netz\w*|réseau|red|router\w*|routeur)\b|"
    + _ACCOUNT_LABEL.pattern,
    re.IGNORECASE,
)
# Words after which a code of digits is a secret: a PIN or passcode, a lock, a combination,
# unlocking, a card's secret number. "Code" alone is one too, unless it is a code of another
# kind (an error, a postcode, a discount: :data:`_OTHER_CODES`).
_SAYS_CODE = re.compile(
    r"\b(?:pins?|pin-?codes?|pincodes?|pinnummer|pinpas|passcode|pass ?code|wachtwoord|passwor[dt]|kennwort|"
    r"contraseña|mot de passe|(?:\w+(?<![bc]))?lock(?:s|ed|er|ers|box)?|padlock|\w+slot|(?:het|dit|mijn) slot|kluis|\w*schloss|spind|tresor|cadenas|serrure|coffre|candado|cerradura|"
    r"caja fuerte|taquilla|combin\w*|kombination|combo|unlock\w*|ontgrendel\w*|entsperr\w*|déverrouill\w*|"
    r"desbloque\w*|geheimzahl|número secreto|code secret|geheime code|secret number|opener|\w*codes?|código|"
    r"clave)\b",
    re.IGNORECASE,
)
_LOCKING = re.compile(
    r"lock|slot|kluis|schloss|spind|tresor|cadenas|serrure|coffre|candado|cerradura|caja fuerte|taquilla|combin|"
    r"kombination|combo|opener|digicode",
    re.IGNORECASE,
)
# Codes that are not secrets: an error or status, a postcode, an area code, a discount, a
# product or an order, a dress code, the highway code, program code.
_OTHER_CODES = re.compile(
    r"\b(?:error|status|http|exit|return|area|zip|post\w*|postal|country|dial|promo\w*|discount|coupon|voucher|"
    r"gift|source|bar|qr|iso|product|article|artikel|tracking|booking|reservation|dress|"
    r"kortings\w*|rabat\w*|gutschein\w*|fout|fehler|vorwahl|netnummer|ean|sku|write|wrote|schrijf|schreib)"
    r"\W{1,3}(?:\w+\W{1,3})?$",
    re.IGNORECASE,
)
# The same, named after the word: "code postal", "código de conducta", "code de la route".
_OTHER_CODES_AFTER = re.compile(
    r"\W{0,3}(?:(?:de la|de l'|de|del|du|van|der|des)\s+)?(?:postal|conducta|conduite|route|"
    r"réduction|descuento|promo\w*|erreur|error|review|base|source|style|barre|barras|qr|"
    r"d'erreur|de error|vestimentaire|dresscode)\b",
    re.IGNORECASE,
)
# Words that end in "code" and name a code that opens nothing.
_NOT_A_SECRET_CODE = re.compile(
    r"(?:post|bar|qr|dress|zip|source|promo|kortings|gutschein|rabatt|land|länder|country|area|fout|fehler|"
    r"error|status|exit|html|uni|morse|op|byte|pseudo|bron|quell|zeit)codes?",
    re.IGNORECASE,
)
_DIGIT_WORDS = (
    "zero|one|two|three|four|five|six|seven|eight|nine|nul|een|twee|drie|vier|vijf|zes|zeven|acht|negen|"
    "null|eins|zwei|drei|fünf|sechs|sieben|neun|zéro|un|deux|trois|quatre|cinq|sept|huit|neuf|"
    "cero|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve"
)
# A code: 3 to 8 digits, digits in groups ("3-7-1-9", "12-34-56", "24 17 33"), or four
# digits or more spelled as words ("four-eight-two-one", "vier acht zwei eins").
_SAID_CODE = re.compile(
    r"(?<![\w.,:/+#€$£-])(?:[#*]?\d{3,8}[#*]?|\d{2,6}[A-Z]\d{0,4}|\d{1,3}(?:[- ]\d{1,3}){2,5})(?![\w/%€$£°]|[.,:-]\d)"
    rf"|\b(?:{_DIGIT_WORDS})(?:[- ,]+(?:{_DIGIT_WORDS})){{3,}}\b",
    re.IGNORECASE,
)
# Words a code may stand before ("3719 op mijn fiets", "geht mit 3719 auf"); any other word
# after the digits makes them a count, a price or a name ("45 euros", "1869 begonnen").
_AFTER_CODE = frozenset(
    {
        "is",
        "es",
        "ist",
        "est",
        "zijn",
        "and",
        "en",
        "und",
        "et",
        "y",
        "e",
        "for",
        "voor",
        "für",
        "pour",
        "para",
        "to",
        "om",
        "op",
        "on",
        "auf",
        "sur",
        "then",
        "dan",
        "dann",
        "puis",
        "luego",
        "please",
        "ok",
        "but",
        "maar",
        "aber",
        "mais",
        "pero",
        "an",
        "zu",
        "if",
        "als",
        "wenn",
        "si",
        "when",
        "quand",
        "cuando",
        "open",
        "opens",
        "opent",
        "öffnet",
        "abre",
        "ouvre",
    }
)
# A number named by the noun before it is a room, a bus, a flight, a page, an order…
_COUNTED = re.compile(
    r"\b(?:room|kamer|zimmer|chambre|habitación|bus|tram|lijn|line|linie|ligne|línea|flight|vlucht|flug|vol|vuelo|"
    r"gate|platform|perron|gleis|quai|andén|seat|stoel|platz|siège|asiento|nr|no|nº|number|nummer|numéro|número|"
    r"page|pagina|seite|página|apt|apartment|appartement|house|huis|haus|street|straat|straße|rue|calle|route|"
    r"exit|afrit|ausfahrt|sortie|salida|model|modell|modèle|modelo|version|versie|versión|year|jaar|jahr|année|"
    r"año|chapter|hoofdstuk|kapitel|chapitre|capítulo|level|floor|verdieping|etage|stock|piso|order|bestelling|"
    r"bestellung|commande|pedido|ticket|invoice|factuur|rechnung|facture|factura|train|trein|zug|tren|in|since|"
    r"sinds|seit|depuis|desde|from|van|von|de|del|en|im|à|a|en|op|on|at|um|om|le|el|la|the|\d+)\W*$",
    re.IGNORECASE,
)
# "Gmail Tr0ub4dor&3", "Zugang … Sommer2024!": letters and digits mixed with a symbol, or
# with both cases, or a digit between letters ("Tr0ub4dor", "47B21").
_MIXED = re.compile(r"(?=\S*\d)(?=\S*[^\W\d_])\S{5,64}")
# A passphrase joined by dashes: two words or more and a number, or three capitalised words.
_PASSPHRASE = re.compile(r"[^\W\d_]{3,}(?:-[^\W\d_]{3,})+-\d{1,4}|[A-Z][a-z]{2,}(?:-[A-Z][a-z]{2,}){2,}")
# Shapes that are not passwords though they mix letters and digits: a version, a flight or a
# model ("KL1234", "B204", "M2"), a unit or an ordinal ("10km", "3pm", "2nd"), a date.
_NOT_A_PASSWORD = re.compile(
    r"v?\d+(?:\.\d+)+\w*|[A-Z]{1,3}-?\d{1,5}[A-Z]?|\d+[a-zà-ü]{1,4}|\d{1,2}h\d{2}|[A-Za-z]+\d{1,2}|"
    r"[0-9a-fA-F]*:[0-9a-fA-F:]*:[0-9a-fA-F:]*",
)
_NAMING = re.compile(r"called|named|heet|heten|genaamd|heißt|nennt|appelle|appelé|nommé|llama|llamada|llamado")
_CLAUSE = re.compile(r"[^\n]+?(?:(?<=[.;?!])(?=\s)|$)", re.MULTILINE)
_TRIM = "\"'“”«»()[]{}.,;:"


def _password_like(token: str) -> bool:
    """True when ``token`` looks like a password (see :data:`_MIXED`, :data:`_PASSPHRASE`)."""
    token = token.strip(_TRIM)
    if _PASSPHRASE.fullmatch(token):
        return True
    if not _MIXED.fullmatch(token) or _NOT_PASSWORD.search(token) or _NOT_A_PASSWORD.fullmatch(token):
        return False
    lower, upper, _, symbol = _classes(token)
    interleaved = re.search(r"[^\W\d_]\d+[^\W\d_]|\d[^\W\d_]+\d", token)
    return bool(symbol or (lower and upper and len(token) >= 6) or (interleaved and (lower or len(token) <= 8)))


def _said_password(text: str) -> bool:
    """True when a clause of ``text`` has a word that names a password, a login, a network or
    an account (:data:`_SAYS_PASSWORD`) and, up to eight words after it, a token that looks
    like a password: "the wifi at home: Zebra-Toast-91", "Gmail Tr0ub4dor&3", "ik log in met
    Tr0ub4dor&3", "master is CorrectHorse!9". Talk about passwords ("the password must be 12
    characters") has no such token."""
    for clause in _CLAUSE.finditer(text):
        words = list(re.finditer(r"\S+", clause.group()))
        for said in _SAYS_PASSWORD.finditer(clause.group()):
            after = [w.group() for w in words if w.start() >= said.end()][:8]
            for before, word in zip(["", *after], after, strict=False):
                # "the wifi network is called HomeNet-5G": a name, not a password.
                if _NAMING.fullmatch(before.lower()):
                    continue
                if _password_like(word) and said.group().lower() not in word.lower():
                    return True
    return False


def _said_code(text: str) -> str | None:
    """``access_code`` or ``pin`` when a clause of ``text`` names a PIN, a lock, a combination,
    unlocking or a secret number (:data:`_SAYS_CODE`) and, up to eight words after it, a code
    (:data:`_SAID_CODE`) that ends the clause or stands before a small word ("my bike lock
    opens with 3719", "Mein Handy entsperre ich mit 842913", "Bank card PIN
    four-eight-two-one"); ``None`` otherwise. Not a code: a number a noun counts ("room
    4821", "bus 47"), a year, a time, a price, a number before a unit or a noun ("45 euros")."""
    for clause in _CLAUSE.finditer(text):
        line = clause.group()
        for said in _SAYS_CODE.finditer(line):
            if _NOT_A_SECRET_CODE.fullmatch(said.group()):
                continue
            if said.group().lower().endswith(("code", "codes", "código", "clave")) and (
                _OTHER_CODES.search(line[: said.start()]) or _OTHER_CODES_AFTER.match(line, said.end())
            ):
                continue
            for code in _SAID_CODE.finditer(line, said.end()):
                between = line[said.end() : code.start()]
                if len(between.split()) > 8:
                    break
                if _COUNTED.search(between) and not re.search(r"[:=]\s*$", between):
                    continue
                # "my locker number is 104": the lock's number, not its code.
                if re.search(r"\b(?:number|nummer|numéro|número|nr|no)\b", between, re.IGNORECASE):
                    continue
                if re.fullmatch(r"(?:1[89]|20)\d\d", code.group()) and not re.search(
                    r"(?:\b(?:is|es|ist|est|c'est|lautet|with|met|mit|avec|con)|[:=])\s*$", between
                ):
                    continue
                rest = line[code.end() :].strip().rstrip(_TRIM).split()
                if rest and rest[0].lower().strip(_TRIM) not in _AFTER_CODE:
                    continue
                return "access_code" if _LOCKING.search(line) else "pin"
    return None


# --- keys ---------------------------------------------------------------------------------

# Key parts that name a secret (``account.password``, ``github.api_key``, ``bank.pin``).
_SECRET_KEY_PARTS = {
    "password": "password",
    "passwd": "password",
    "passcode": "password",
    "passphrase": "password",
    "pw": "password",
    "pwd": "password",
    "wachtwoord": "password",
    "passwort": "password",
    "kennwort": "password",
    "mot_de_passe": "password",
    "contrasena": "password",
    "pin": "pin",
    "pin_code": "pin",
    "pincode": "pin",
    "pin_number": "pin",
    "secret": "credential",
    "token": "token",
    "api_key": "token",
    "apikey": "token",
    "private_key": "private_key",
    "credential": "credential",
    "credentials": "credential",
    "cvv": "card_code",
    "cvc": "card_code",
    "ssn": "national_id",
    "bsn": "national_id",
    "iban": "bank",
    "seed_phrase": "seed",
    "recovery_phrase": "seed",
    "mnemonic": "seed",
    "backup_codes": "code",
    "recovery_codes": "code",
    "recovery_code": "code",
    "door_code": "access_code",
    "alarm_code": "access_code",
    "gate_code": "access_code",
    "safe_code": "access_code",
    "deurcode": "access_code",
    "alarmcode": "access_code",
    "turcode": "access_code",
    "tuercode": "access_code",
}
# Words inside a key part that always name a secret (``notes.my_password``, ``aws_api_key``).
_SECRET_KEY_WORDS = re.compile(
    r"(?:^|_)(password|passwd|passcode|passphrase|wachtwoord|passwort|kennwort|apikey|api_key|private_key|"
    r"access_token|auth_token|credentials?|seed_phrase|recovery_phrase|backup_codes|recovery_codes?)(?:_|$)"
)


# Key words, split on ".", "_", "-" and camelCase and folded (``wlanSchlüssel`` → wlan,
# schlussel): words that name a secret whatever the value, in five languages.
_KEY_SECRET_WORDS = {
    **dict.fromkeys(
        [
            "password",
            "passwd",
            "passcode",
            "passphrase",
            "pw",
            "pwd",
            "ww",
            "wachtwoord",
            "paswoord",
            "passwort",
            "kennwort",
            "mdp",
            "motdepasse",
            "contrasena",
            "clave",
            "zugangsdaten",
            "inloggegevens",
            "logindaten",
            "identifiants",
            "credential",
            "credentials",
            "schlussel",
            "schluessel",
            "wlanschlussel",
            "wlanschluessel",
            "wifikey",
            "wlankey",
            "cle",
        ],
        "password",
    ),
    # "pin" alone is a word too ("pin_striped_suit", "travel.pins"): see _KEY_PIN_CONTEXT.
    **dict.fromkeys(["pincode", "pinnummer", "pinnumber", "geheimzahl", "geheimnummer"], "pin"),
    **dict.fromkeys(
        [
            "digicode",
            "alarmcode",
            "deurcode",
            "turcode",
            "tuercode",
            "slotcode",
            "poortcode",
            "kluiscode",
            "tresorcode",
        ],
        "access_code",
    ),
    **dict.fromkeys(
        [
            "2fa",
            "mfa",
            "otp",
            "totp",
            "backupcodes",
            "recoverycodes",
            "herstelcodes",
            "wiederherstellungscodes",
            "notfallcodes",
        ],
        "code",
    ),
    **dict.fromkeys(["mnemonic", "seedphrase", "seedwords", "herstelzin", "wiederherstellungsphrase"], "seed"),
    **dict.fromkeys(["token", "apitoken", "apikey", "accesstoken", "authtoken"], "token"),
    **dict.fromkeys(["secret", "geheim"], "credential"),
}
# Words beside which a "secret" word has its ordinary sense: "palabras clave" (keywords), an
# "idea clave" (key idea), a "clé" of a song, a public key.
_KEY_ORDINARY = frozenset(
    [
        "palabra",
        "palabras",
        "idea",
        "ideas",
        "punto",
        "puntos",
        "tema",
        "temas",
        "dato",
        "datos",
        "concepto",
        "musica",
        "music",
        "song",
        "public",
        "publiek",
        "offentlich",
        "publique",
        "publica",
        "hint",
    ]
)
# Words beside which "pin" is a PIN ("bank.pin", "card_pin", "code_pin", "sim_pin").
_KEY_PIN_CONTEXT = frozenset(
    [
        "bank",
        "card",
        "debit",
        "credit",
        "kaart",
        "bankkaart",
        "pinpas",
        "karte",
        "bankkarte",
        "carte",
        "bancaire",
        "tarjeta",
        "phone",
        "telefoon",
        "handy",
        "telephone",
        "movil",
        "sim",
        "code",
        "number",
        "nummer",
        "numero",
    ]
)
# Two words that name a secret together (``seed_words``, ``backup_codes``, ``frase_semilla``).
_KEY_PAIRS = {
    ("seed", "phrase"): "seed",
    ("seed", "words"): "seed",
    ("seed", "woorden"): "seed",
    ("recovery", "phrase"): "seed",
    ("frase", "semilla"): "seed",
    ("frase", "recuperacion"): "seed",
    ("phrase", "secrete"): "seed",
    ("phrase", "recuperation"): "seed",
    ("backup", "codes"): "code",
    ("recovery", "codes"): "code",
    ("recovery", "code"): "code",
    ("codes", "secours"): "code",
    ("api", "key"): "token",
    ("private", "key"): "private_key",
}
# What a secret opens: a lock, a door, a safe, an alarm (five languages).
_KEY_LOCKS = frozenset(
    [
        "door",
        "frontdoor",
        "gate",
        "alarm",
        "safe",
        "garage",
        "lock",
        "padlock",
        "locker",
        "lockbox",
        "keybox",
        "keysafe",
        "building",
        "entry",
        "deur",
        "voordeur",
        "poort",
        "hek",
        "kluis",
        "slot",
        "fietsslot",
        "cijferslot",
        "alarmsysteem",
        "tur",
        "tuer",
        "haustur",
        "haustuer",
        "tor",
        "tresor",
        "schloss",
        "fahrradschloss",
        "zahlenschloss",
        "alarmanlage",
        "porte",
        "portail",
        "coffre",
        "coffrefort",
        "cadenas",
        "immeuble",
        "interphone",
        "alarme",
        "puerta",
        "portal",
        "porton",
        "garaje",
        "cerradura",
        "candado",
        "alarma",
        "caja",
        "fuerte",
    ]
)
# Words that make a lock word's neighbour a code: "garage_code", "code_porte", "lock_combination".
_KEY_CODE_WORDS = frozenset(
    [
        "code",
        "codes",
        "combination",
        "combo",
        "combinatie",
        "kombination",
        "combinaison",
        "combinacion",
        "codigo",
        "clave",
        "pin",
    ]
)
_KEY_NETWORKS = frozenset(["wifi", "wlan", "wpa", "wpa2", "router", "hotspot", "wireless"])
_KEY_UNLOCK = frozenset(
    [
        "unlock",
        "unlocking",
        "ontgrendel",
        "ontgrendelen",
        "ontgrendeling",
        "entsperren",
        "entsperrung",
        "entsperrcode",
        "deverrouillage",
        "deverrouiller",
        "desbloqueo",
        "desbloquear",
    ]
)
_KEY_WALLETS = frozenset(
    [
        "wallet",
        "wallets",
        "crypto",
        "cripto",
        "bitcoin",
        "btc",
        "ethereum",
        "metamask",
        "ledger",
        "trezor",
        "seed",
        "portemonnee",
        "monedero",
        "cartera",
        "portefeuille",
        "geldborse",
    ]
)
# Words that say the value is about the thing, not its secret: "home.wifi_name", "alarm_time".
_KEY_ABOUT = frozenset(
    [
        "name",
        "names",
        "ssid",
        "naam",
        "nom",
        "nombre",
        "network",
        "netwerk",
        "netzwerk",
        "time",
        "times",
        "clock",
        "wake",
        "tijd",
        "zeit",
        "heure",
        "hora",
        "provider",
        "speed",
        "type",
        "brand",
        "model",
        "location",
        "place",
        "color",
        "colour",
    ]
)
# Keys the accounts a password opens are named by ("accounts.gmail"), in the "Label: value" words.
_KEY_ACCOUNTS = frozenset(["accounts", "konten", "comptes", "cuentas", "rekeningen"])
_CODE_SHAPED = re.compile(r"[#*]?\d{3,10}[#*]?|\d{1,4}(?:[ .-]\d{1,4}){1,5}|(?=(?:[^\d]*\d){3})[0-9A-Z#*]{3,10}")


def _key_words(key: str) -> list[str]:
    """The words of a dotted ``key``: split on ".", "_", "-", spaces and camelCase, folded to
    lowercase ASCII letters where they have accents (``contraseña`` → ``contrasena``,
    ``Schlüssel`` → ``schlussel``)."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", key)
    return [_fold(word) for word in re.split(r"[._\-\s]+", spaced) if word]


def _secret_named_in_words(words: list[str]) -> str | None:
    """The kind of secret the key ``words`` name whatever the value (``bank.pincode``,
    ``compte.mot_de_passe``, ``immeuble.code_porte``), or ``None``."""
    if _KEY_ORDINARY.intersection(words):
        return None
    for word in words:
        if word in _KEY_SECRET_WORDS:
            return _KEY_SECRET_WORDS[word]
    for pair in itertools.pairwise(words):
        if pair in _KEY_PAIRS:
            return _KEY_PAIRS[pair]
    if "pin" in words and ((words[-1] == "pin" and len(words) <= 2) or _KEY_PIN_CONTEXT.intersection(words)):
        return "pin"
    joined = "".join(words)
    if "motdepasse" in joined or "contrasena" in joined:
        return "password"
    if "pass" in words and _KEY_NETWORKS.union(_KEY_ACCOUNTS, ("account", "vpn", "laptop", "email")).intersection(
        words
    ):
        return "password"
    # "code" names a secret only beside what a code opens ("garage_code", not "work.code_style").
    if _KEY_CODE_WORDS.intersection(words) and _KEY_LOCKS.intersection(words):
        return "pin" if "pin" in words else "access_code"
    return None


def _password_shaped(value: str, network: bool) -> bool:
    """True when ``value`` is one token shaped like a password: letters and digits with a
    symbol or both cases ("Zebra-Toast-91", "Tr0ub4dor&3"); under a network's key, eight
    characters with a digit or ten of any kind (a wifi key), as the "Label: value" rule has it."""
    value = value.strip().strip("\"'“”«»")
    if not 6 <= len(value) <= 64 or any(char.isspace() for char in value) or _NOT_PASSWORD.search(value):
        return False
    lower, upper, digit, symbol = _classes(value)
    if (lower or upper) and digit and (symbol or (lower and upper)):
        return True
    return network and (len(value) >= 10 or (len(value) >= 8 and digit))


def _secret_under_key(key: str, value: str) -> str | None:
    """The kind of secret a bare ``value`` is under a ``key`` naming what such a secret opens
    (DESIGN §3.5): a code under a lock, a door, a safe or an alarm (``home.alarm`` 4471); a
    password-shaped token under a network or an account (``home.wifi``, ``accounts.gmail``); a
    code or a password under a phone's unlocking (``phone.unlock``); eight or more BIP39 words
    in a row under a wallet (part of a seed phrase). ``None`` for a value that is about the
    thing ("home.wifi: fast fibre", ``home.wifi_name``, ``routine.alarm_time``)."""
    words = _key_words(key)
    if _KEY_ABOUT.intersection(words):
        return None
    value = value.strip()
    code = bool(_CODE_SHAPED.fullmatch(value))
    if _KEY_LOCKS.intersection(words) and code:
        return "access_code"
    if _KEY_UNLOCK.intersection(words) and (code or _password_shaped(value, network=False)):
        return "pin"
    if _KEY_NETWORKS.intersection(words) and _password_shaped(value, network=True):
        return "password"
    account = _KEY_ACCOUNTS.intersection(words) or _ACCOUNT_LABEL.search(" ".join(words))
    if account and _password_shaped(value, network=False):
        return "password"
    if _KEY_WALLETS.intersection(words) and _seed_phrase(value, length=8):
        return "seed"
    return None


def secret_in_key(key: str) -> Secret | None:
    """The secret a memory's dotted ``key`` holds or names, or ``None`` (§3.5).

    A part naming a secret is enough (``account.password``, ``bank.pin``,
    ``github.api_key``); a part that holds one is caught whatever its case (keys are
    lowercase): a token (``notes.ghp_…``, ``account.sk_live_…``), an IBAN or a card number
    (``notes.card_4111…``), and the key's words read as a sentence (``home.door_code_7734``).
    The key's words are split on ".", "_", "-" and camelCase and read in English, Dutch,
    German, French and Spanish (``thuis.wifi_ww``, ``maison.digicode``, ``casa.clave_wifi``,
    ``bike.lock_combination``; "code" only beside what a code opens).
    """
    named = _secret_named_in_words(_key_words(key))
    if named:
        return Secret(named)
    for part in key.split("."):
        if part in _SECRET_KEY_PARTS:
            return Secret(_SECRET_KEY_PARTS[part])
        match = _SECRET_KEY_WORDS.search(part)
        if match:
            return Secret(
                _SECRET_KEY_PARTS.get(match.group(1), "password" if "pass" in match.group(1) else "credential")
            )
    # A token may follow a word in the same part (``ci.token_ghp_…``): try each start after "_".
    starts = [part[index + 1 :] for part in key.split(".") for index, char in enumerate(part) if char == "_"]
    if any(_TOKEN_ANY_CASE.search(text) for text in (key, *starts)) or _PRIVATE_KEY.search(key.upper()):
        return Secret("token")
    if _iban(key.upper().replace("_", " ")):
        return Secret("bank")
    words = key.replace(".", " ").replace("_", " ")
    found = _in_text(words, words)
    return Secret(found) if found else None


#: What a key that holds or names a secret becomes wherever memtrust would repeat it (the
#: audit, the ingest summary): the kind alone (§3.9).
WITHHELD_KEYS = frozenset(f"(key withheld: {noun})" for noun in KINDS.values())


def withheld_key(key: str) -> str:
    """``key`` as memtrust may repeat it after a refusal: ``key`` itself, or ``(key withheld:
    a password)`` when the key holds or names a secret (:func:`secret_in_key`), so no list,
    log or reply spells a secret that was refused (§3.9). Never raises for any string."""
    found = secret_in_key(key)
    return f"(key withheld: {found.noun})" if found else key


# --- the screen ---------------------------------------------------------------------------

_CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("private_key", lambda text, _: bool(_PRIVATE_KEY.search(text))),
    ("token", lambda text, _: bool(_TOKEN.search(text)) or _split_token(text)),
    ("connection", lambda text, _: bool(_URL_CREDENTIALS.search(text) or _CONNECTION_PASSWORD.search(text))),
    ("card", lambda text, _: any(_card(re.sub(r"\D", "", m.group())) for m in _DIGIT_RUN.finditer(text))),
    ("bank", lambda text, _: _iban(text)),
    ("national_id", _national_id),
    ("card_code", lambda text, _: bool(_CARD_CODE.search(text))),
    ("access_code", lambda text, _: bool(_ACCESS.search(text))),
    ("code", lambda text, _: bool(_OTP.search(text))),
    ("pin", lambda text, _: bool(_PIN.search(text))),
    ("password", lambda text, _: _password(text)),
    ("credential", lambda text, _: bool(_OTHER_SECRET_WORDS.search(text))),
    ("seed", lambda text, _: _seed_phrase(text)),
    ("access_code", lambda text, _: _said_code(text) == "access_code"),
    ("pin", lambda text, _: _said_code(text) == "pin"),
    ("password", lambda text, _: _said_password(text)),
)


def _in_text(text: str, context: str) -> str | None:
    for kind, check in _CHECKS:
        if check(text, context):
            return kind
    # "Label: value" last: a token or a key a label stands before is named by its own kind.
    found = _high_entropy(text)
    if found is None and _labelled_code(text):
        return "access_code"
    if found is None and _labelled_password(text):
        return "password"
    return found


def plain(text: str) -> str:
    """``text`` compatibility-folded (NFKC), with format characters (zero-width spaces,
    bidi controls: Unicode category Cf) removed so they cannot split a word or a number."""
    folded = unicodedata.normalize("NFKC", text)
    return "".join(char for char in folded if unicodedata.category(char) != "Cf")


def screen_secret(text: str, key: str | None = None, heading: str | None = None) -> Secret | None:
    """The first secret found in ``key`` (:func:`secret_in_key`) or ``text``, or ``None``.

    ``text`` is a memory's value, or the sentence it came from with the value; ``key`` its
    dotted key, whose words also give context (a bare nine digits under ``profile.bsn``);
    ``heading`` the heading a memory list's item stands under, which says what the item is
    ("Gmail: sunflower" under *Passwords*). Never raises for any string.
    """
    if key is not None:
        held = secret_in_key(key)
        if held:
            return held
        under = _secret_under_key(plain(key), plain(text))
        if under:
            return Secret(under)
    text = plain(text)
    context = text if key is None else f"{key.replace('_', ' ')}\n{text}"
    found = _in_text(text, context) or (_under_heading(text, heading) if heading else None)
    return Secret(found) if found else None


def find_secret(text: str, key: str | None = None, heading: str | None = None) -> str | None:
    """The kind of secret ``text`` (or ``key``) holds, in words (``"a card number"``), or
    ``None``: :func:`screen_secret`'s noun."""
    found = screen_secret(text, key, heading)
    return found.noun if found else None


def secret_kinds() -> Iterator[str]:
    """Every kind the screen names, in :data:`KINDS` order (for the bench and the docs)."""
    return iter(KINDS)
