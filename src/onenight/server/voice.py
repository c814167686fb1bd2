"""The ICE servers a page's voice uses, with TURN credentials minted for its member.

On a LAN the pages reach each other directly and need nothing. Across the internet they
need STUN (to learn their public address) and often TURN (a relay, when a NAT will not
let them meet): ``--ice-servers`` lists them. TURN credentials follow the shared-secret
scheme of coturn's ``use-auth-secret`` (the "TURN REST API"): the username is
``<expiry>:<who>`` and the password the base64 of HMAC-SHA1(secret, username), so the
TURN server checks them with the secret alone and they expire on their own
(docs/voice.md).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

TTL = 6 * 3600  #: seconds a TURN credential lasts (a long evening's games)


@dataclass(frozen=True)
class IceConfig:
    """``urls``: ``stun:`` and ``turn:``/``turns:`` URLs; ``secret``: coturn's
    ``static-auth-secret`` (TURN URLs get credentials only with it)."""

    urls: tuple[str, ...] = ()
    secret: str | None = None
    ttl: int = TTL

    @classmethod
    def parse(cls, urls: str | None, secret: str | None, ttl: int = TTL) -> IceConfig:
        """From the command line: URLs separated by commas or spaces."""
        listed = tuple(u for u in (urls or "").replace(",", " ").split() if u)
        bad = [u for u in listed if not u.startswith(("stun:", "turn:", "turns:"))]
        if bad:
            raise ValueError(f"an ICE server URL begins with stun:, turn: or turns: ({bad[0]})")
        return cls(listed, secret or None, ttl)

    def servers(self, who: str, now: float) -> list[dict[str, Any]]:
        """The RTCIceServer list for one member (``who``: an opaque name of the member,
        never its token), as the browser's ``RTCPeerConnection`` takes it."""
        stun = [u for u in self.urls if u.startswith("stun:")]
        turn = [u for u in self.urls if not u.startswith("stun:")]
        out: list[dict[str, Any]] = []
        if stun:
            out.append({"urls": stun})
        if turn and self.secret is not None:
            username, credential = turn_credential(self.secret, who, now, self.ttl)
            out.append({"urls": turn, "username": username, "credential": credential})
        return out


def turn_credential(secret: str, who: str, now: float, ttl: int) -> tuple[str, str]:
    """coturn's ``use-auth-secret`` pair: ``(expiry:who, base64(HMAC-SHA1))``."""
    username = f"{int(now) + ttl}:{who}"
    digest = hmac.new(secret.encode(), username.encode(), hashlib.sha1).digest()
    return username, base64.b64encode(digest).decode()
