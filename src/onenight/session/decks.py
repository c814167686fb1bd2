"""The deck a room plays, and the one check of a deck that HTTP and WebSocket share."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from onenight.rules import EDITIONS, Edition, InvalidSetup, default_deck, validate_enabled
from onenight.rules import roles as R
from onenight.rules.editions import AT_MOST_ONE

MAX_COUNT = 12  #: the most copies of one card a deck may hold


def check_deck(edition: str, players: int, counts: Mapping[str, Any]) -> str | None:
    """Why ``counts`` (role → copies) cannot be the deck of a game of ``edition`` for
    ``players`` players, or None: ``POST /api/decks/check``'s answer.

    ``configure`` gives the same answer: it refuses what :func:`deck_refusal` refuses
    (``bad_deck``, this reason) and takes any other deck with this reason as its
    ``deck_error`` (a host builds a deck a card at a time); ``start`` refuses both.

    In ``workshop`` the counts may be more enabled cards than the deck needs (a draw)."""
    issue = deck_issue(edition, players, counts)
    return None if issue is None else str(issue["message"])


def deck_refusal(edition: str, counts: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """What makes ``counts`` no deck of ``edition`` at all (an issue, as in
    :func:`deck_issue`): an unknown edition, a count that is not a whole number from 0 to
    ``MAX_COUNT``, or a role that is not a card of the edition, whatever its count (a
    client that names one has the wrong edition or a typo, and a count of 0 does not
    make it right). ``configure`` refuses such a deck instead of storing it."""
    ed = EDITIONS.get(edition)
    if ed is None:
        known = ", ".join(sorted(EDITIONS))
        return {"code": "edition", "message": f"no edition {edition!r} (one of {known})"}
    for role, count in (counts or {}).items():
        if type(count) is not int or not 0 <= count <= MAX_COUNT:
            message = f"the count of {role!r} must be a whole number from 0 to {MAX_COUNT}"
            return {"code": "count", "role": role, "max": MAX_COUNT, "message": message}
        if role not in ed.roles:
            message = f"{role} is not a card of the {ed.id} edition"
            return {"code": "role", "role": role, "message": message}
    return None


def deck_issue(edition: str, players: int, counts: Mapping[str, Any]) -> dict[str, Any] | None:
    """The problem of a deck as data, for a client to say in its own language: a ``code``
    (``edition``, ``players``, ``count``, ``role``, ``at_most_one``, ``masons``, ``size``,
    ``needs_wolf``, or ``other``), its values, and the English ``message``. The engine's
    check has the last word: a deck it refuses always has an issue.

    The engine sees only a deck that passed the checks here (every count a whole number
    from 0 to ``MAX_COUNT``): a count of 2**31 is never laid out as a list of cards."""
    issue = deck_refusal(edition, counts) or _first_issue(EDITIONS[edition], players, counts)
    if issue is not None:
        return issue
    try:
        validate_enabled(edition, players, deck_list(counts))
    except InvalidSetup as exc:
        return {"code": "other", "message": str(exc)}
    return None


def _first_issue(ed: Edition, players: int, counts: Mapping[str, int]) -> dict[str, Any] | None:
    """The first rule of the edition a deck of known roles and sane counts breaks."""
    if not ed.min_players <= players <= ed.max_players:
        message = f"{ed.id} is for {ed.min_players}–{ed.max_players} players, not {players}"
        return {"code": "players", "min": ed.min_players, "max": ed.max_players, "n": players,
                "message": message}  # fmt: skip
    for role in sorted(AT_MOST_ONE):
        if counts.get(role, 0) > 1:
            message = f"a deck holds at most one {role}, not {counts[role]}"
            return {"code": "at_most_one", "role": role, "message": message}
    if counts.get(R.MASON, 0) not in (0, 2):
        return {"code": "masons", "message": "Masons go in the deck as a pair (0 or 2)"}
    have, need = sum(counts.values()), players + ed.center
    if have < need or (have > need and not ed.draws_deck):
        message = f"{players} players in {ed.id} need {need} cards, not {have}"
        return {"code": "size", "have": have, "need": need, "center": ed.center,
                "message": message}  # fmt: skip
    wolves = sum(counts.get(w, 0) for w in R.WOLF_FAMILY)
    if ed.needs_wolf and have == need and not wolves:
        message = f"a {ed.id} deck needs at least one Werewolf-family card"
        return {"code": "needs_wolf", "message": message}
    return None


def deck_list(counts: Mapping[str, int]) -> list[str]:
    return [role for role, n in sorted(counts.items()) for _ in range(n)]


def deck_for(settings: Mapping[str, Any], players: int) -> list[str]:
    """The deck the next game uses: the host's, or the edition's default for the seats."""
    if settings["deck"] is not None:
        return deck_list(settings["deck"])
    ed = EDITIONS[settings["edition"]]
    return list(default_deck(ed.id, max(min(players, ed.max_players), ed.min_players)))


def deck_problem(settings: Mapping[str, Any], players: int) -> dict[str, Any] | None:
    """Why the room's settings cannot start a game with ``players`` seats (an issue, see
    :func:`deck_issue`), or None."""
    ed = EDITIONS[settings["edition"]]
    if not ed.min_players <= players <= ed.max_players:
        return _first_issue(ed, players, {})
    deck = settings["deck"]
    if deck is None:
        deck = Counter(deck_for(settings, players))
    return deck_issue(ed.id, players, deck)


def turn_for(settings: Mapping[str, Any]) -> float:
    """The night's turn length: the host's, or the edition's default (RULES.md §6)."""
    turn = settings["turn"]
    return float(turn) if turn is not None else float(EDITIONS[settings["edition"]].turn_seconds)
