# sqlcipher3 is the standard library's sqlite3 module built against SQLCipher: the same API,
# shipped without type information. Its types are sqlite3's (typeshed), so mypy checks the
# store's connections, cursors and rows instead of treating them as Any.
from sqlite3 import *
