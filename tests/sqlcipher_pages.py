"""Decrypt a SQLCipher 4 database file page by page, for tests that grep the plaintext.

SQLCipher 4 defaults (https://www.zetetic.net/sqlcipher/design/): page size 4096; the first
16 bytes of the file are the salt; every page ends with a reserve of 80 bytes = a 16-byte IV
then a 64-byte HMAC-SHA512. The encrypted area is ``page[0:4096-80]`` (page 1: from byte 16,
after the salt), AES-256-CBC without padding. For a raw key (``PRAGMA key = "x'<64 hex>'"``)
the 32 bytes are the encryption key as they are; the HMAC key is PBKDF2-HMAC-SHA512 over the
encryption key, salted with the file salt XOR 0x3a, 2 iterations, 32 bytes.

:func:`decrypted_pages` checks every page's HMAC before decrypting it, so a wrong key or a
wrong layout fails loudly instead of yielding noise that would make a "not found" vacuous.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator
from pathlib import Path

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

PAGE_SIZE = 4096
SALT_SIZE = 16
IV_SIZE = 16
HMAC_SIZE = 64
RESERVE = 80  # IV + HMAC, rounded to the AES block size
WAL_HEADER = 32
WAL_FRAME_HEADER = 24


def hmac_key(key: bytes, salt: bytes) -> bytes:
    """The page HMAC key for a raw encryption ``key`` and the file's ``salt``."""
    hmac_salt = bytes(b ^ 0x3A for b in salt)
    return hashlib.pbkdf2_hmac("sha512", key, hmac_salt, 2, 32)


def decrypt_page(page: bytes, number: int, key: bytes, mac_key: bytes) -> bytes:
    """Verify and decrypt one page (1-based ``number``); return the plaintext of its encrypted
    area (page 1: without the salt, so plaintext byte 0 is file byte 16). Raises ValueError
    when the HMAC does not match."""
    if len(page) != PAGE_SIZE:
        raise ValueError(f"page {number} is {len(page)} bytes, not {PAGE_SIZE}")
    start = SALT_SIZE if number == 1 else 0
    end = PAGE_SIZE - RESERVE
    ciphertext = page[start:end]
    iv = page[end : end + IV_SIZE]
    stored_mac = page[end + IV_SIZE : end + IV_SIZE + HMAC_SIZE]
    mac = hmac.new(mac_key, ciphertext + iv + number.to_bytes(4, "little"), hashlib.sha512).digest()
    if not hmac.compare_digest(mac, stored_mac):
        raise ValueError(f"HMAC mismatch on page {number}: wrong key or layout")
    decryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).decryptor()
    return decryptor.update(ciphertext) + decryptor.finalize()


def decrypted_pages(path: Path, raw_key_hex: str) -> Iterator[tuple[int, bytes]]:
    """Yield ``(page number, plaintext)`` for every page of the database file at ``path``,
    free pages included. Raises ValueError on any page whose HMAC fails."""
    data = Path(path).read_bytes()
    key = bytes.fromhex(raw_key_hex)
    salt = data[:SALT_SIZE]
    mac_key = hmac_key(key, salt)
    for index in range(len(data) // PAGE_SIZE):
        number = index + 1
        yield number, decrypt_page(data[index * PAGE_SIZE : (index + 1) * PAGE_SIZE], number, key, mac_key)


def decrypted_wal_frames(wal_path: Path, db_path: Path, raw_key_hex: str) -> Iterator[tuple[int, bytes]]:
    """Yield ``(page number, plaintext)`` for every frame of a WAL file (salted like the
    database). An empty or missing WAL yields nothing. Frames left over from an earlier
    WAL generation fail their HMAC only if their page was rewritten; they are still yielded."""
    wal_path = Path(wal_path)
    if not wal_path.exists():
        return
    data = wal_path.read_bytes()
    key = bytes.fromhex(raw_key_hex)
    salt = Path(db_path).read_bytes()[:SALT_SIZE]
    mac_key = hmac_key(key, salt)
    offset = WAL_HEADER
    while offset + WAL_FRAME_HEADER + PAGE_SIZE <= len(data):
        number = int.from_bytes(data[offset : offset + 4], "big")
        page = data[offset + WAL_FRAME_HEADER : offset + WAL_FRAME_HEADER + PAGE_SIZE]
        yield number, decrypt_page(page, number, key, mac_key)
        offset += WAL_FRAME_HEADER + PAGE_SIZE


def page_one_header_is_sqlite(plaintext: bytes) -> bool:
    """True when page 1's plaintext (file bytes 16…) carries a SQLite header tail: page size
    4096 (big-endian at file offset 16), read/write versions 1 or 2, reserve 80, and the
    fixed payload fractions 64/32/32."""
    return (
        plaintext[0:2] == PAGE_SIZE.to_bytes(2, "big")
        and plaintext[2] in (1, 2)
        and plaintext[3] in (1, 2)
        and plaintext[4] == RESERVE
        and plaintext[5:8] == bytes([64, 32, 32])
    )
