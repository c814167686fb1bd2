"""A seat's token is kept as its hash: the log never holds a token that would resume."""

from __future__ import annotations

import hashlib


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
