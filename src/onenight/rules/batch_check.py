"""The batch against the engine: a batched game exported as the engine's setup and
``(seat, action)`` history, replayed with :class:`.game.Game` decision by decision, and
every result compared (what ``tests/test_batch.py`` and
``benchmarks/batch_differential.py`` run)."""

from __future__ import annotations

from typing import Any

from . import roles as R
from .actions import CENTER, Action, Vote
from .batch import MASONS, SAW, WOLVES
from .batch_result import BatchResult
from .facts import Fact
from .game import Game
from .setup import Setup

_KINDS = {SAW: "saw", WOLVES: "wolves", MASONS: "masons"}


def to_setup(result: BatchResult, b: int) -> Setup:
    """Game ``b``'s deal as the engine's (checked) setup."""
    table = result.night.table
    n = table.n
    dealt = result.night.dealt
    cards = [R.ALL_ROLES[int(code)] for code in dealt.table.codes[dealt.perm[:, b]]]
    slots = [int(s) for s in dealt.table.copy_of[dealt.perm[:n, b]]]
    players = [f"p{s}" for s in range(n)]
    data: dict[str, Any] = {"edition": table.edition, "players": players, "cards": cards[:n]}
    data |= {"center": cards[n:], "slots": slots}
    return Setup.from_json(data)


def to_history(result: BatchResult, b: int) -> list[tuple[int, Action]]:
    """Game ``b``'s night choices and votes as the engine's history."""
    night = result.night
    history: list[tuple[int, Action]] = []
    for k, task in enumerate(night.table.tasks):
        pick = int(night.chosen[k, b])
        if pick >= 0:
            seat, blocked = int(night.actor[k, b]), int(night.blocked[k, b])
            history.append((seat, night.table.options[task.step].actions[blocked][seat][pick]))
    history += [(s, Vote(int(t))) for s, t in enumerate(result.votes[b])]
    return history


def decode_fact(code: int, n: int) -> Fact:
    """A ``batch.fact_code`` as the engine's :class:`.facts.Fact`."""
    pos, card, seats = (code >> 28 & 255) - 1, (code >> 20 & 255) - 1, code & 0xFFFFF
    target = CENTER + pos - n if pos >= n else pos
    return Fact(
        code >> 40,
        _KINDS[code >> 36 & 15],
        target,
        R.ALL_ROLES[card] if card >= 0 else "",
        tuple(s for s in range(n) if seats >> s & 1),
    )


def learned(result: BatchResult, b: int) -> list[list[Fact]]:
    n = result.night.table.n
    facts, counts = result.learned[b], result.nlearned[b]
    return [[decode_fact(int(code), n) for code in facts[s, : counts[s]]] for s in range(n)]


def check_game(result: BatchResult, b: int) -> list[str]:
    """Replay game ``b`` in the engine, checking at each decision that the batch saw the
    same decision (turn, seat, number of legal choices); the differences, if any."""
    night, n = result.night, result.night.table.n
    setup = to_setup(result, b)
    game = Game(setup)
    problems: list[str] = []
    for k, task in enumerate(night.table.tasks):
        pick = int(night.chosen[k, b])
        if pick < 0:
            continue
        seat, count = int(night.actor[k, b]), int(night.count[k, b])
        actions = night.table.options[task.step].actions[int(night.blocked[k, b])][seat]
        d = game.decision
        if d is None:
            return [f"the engine's night is over before the batch's task {task}"]
        if (d.turn, d.seat, d.step, d.choices) != (task.turn, seat, task.step, actions):
            return [f"engine {d} with {len(d.choices)} choices, batch {task} seat {seat}"]
        if len(actions) != count:
            return [f"task {task}: {len(actions)} choices, the batch counted {count}"]
        game.apply(seat, actions[pick])
    if game.decision is not None:
        return [f"the engine still asks {game.decision}"]
    game.apply_votes([int(v) for v in result.votes[b]])
    got = game.result
    assert got is not None
    roles = [R.ALL_ROLES[int(c)] for c in result.end_roles[b]]
    cards = [R.ALL_ROLES[int(c)] for c in result.cards[b]]
    expect: dict[str, Any] = {
        "cards": list(got.cards) + list(got.center),
        "roles": list(got.roles),
        "dead": sorted(got.dead),
        "protected": sorted(got.protected),
        "shields": list(got.shields),
        "revealed": got.revealed,
        "winners": sorted(got.winners),
        "learned": [list(f) for f in got.learned],
    }
    mine: dict[str, Any] = {
        "cards": cards,
        "roles": roles,
        "dead": [s for s in range(n) if result.dead[b, s]],
        "protected": [s for s in range(n) if result.protected[b, s]],
        "shields": [s for s in range(n) if int(night.shields[b]) >> s & 1],
        "revealed": {
            s: R.ALL_ROLES[int(code)] for s, code in enumerate(result.revealed[b]) if code >= 0
        },
        "winners": [s for s in range(n) if result.winners[b, s]],
        "learned": learned(result, b),
    }
    for key, value in expect.items():
        if mine[key] != value:
            problems.append(f"{key}: engine {value}, batch {mine[key]}")
    return problems


#: The decks the differential check plays (tests/rules/test_batch.py with few games,
#: benchmarks/batch_differential.py with a million each): together they hold every
#: batched role.
DECKS: dict[str, tuple[int, str]] = {
    "jin5": (5, "werewolf,werewolf,seer,robber,troublemaker,villager,villager,insomniac"),
    "default5": (5, "doppelganger,werewolf,seer,robber,troublemaker,drunk,insomniac,minion"),
    "base10": (
        10,
        "doppelganger,werewolf,werewolf,minion,mason,mason,seer,robber,troublemaker,drunk,"
        "insomniac,tanner,hunter",
    ),
    "guard6": (6, "doppelganger,werewolf,minion,mason,mason,robber,insomniac,hunter,bodyguard"),
    "seers3": (3, "doppelganger,werewolf,seer,seer,troublemaker,drunk"),
    "sentinel5": (5, "sentinel,doppelganger,werewolf,seer,robber,troublemaker,drunk,insomniac"),
    # Two Sentinels may shield both others: the Doppelgänger copies nothing, a Robber
    # with a shield does not rob, a shielded Insomniac does not look.
    "sentinels3": (3, "sentinel,sentinel,doppelganger,robber,insomniac,werewolf"),
    # Daybreak's wolves and the Apprentice Seer; a Dream Wolf stops the lone wolf's peek.
    "daybreak5": (
        5,
        "doppelganger,mystic_wolf,dream_wolf,apprentice_seer,robber,minion,sentinel,troublemaker",
    ),
    "wolves6": (
        6,
        "doppelganger,werewolf,mystic_wolf,dream_wolf,apprentice_seer,seer,minion,insomniac,"
        "villager",
    ),
    # The Witch and the Revealer, the Doppelgänger's copies of them (at once, and in her
    # delayed slot), a Tanner turned back face down; with shields in their way.
    "witch5": (5, "doppelganger,witch,revealer,werewolf,tanner,seer,robber,insomniac"),
    "shields3": (3, "sentinel,sentinel,doppelganger,witch,revealer,werewolf"),
}
