"""What the talk said, beside the truth (issue 36, point 8): once a game is over, each
claim of its day against what its speaker's night really was — true, a lie, or true to
what he saw but mistaken, a card having moved after he looked — and each opinion ("I
think bob is a Werewolf") right or wrong about the cards at dawn.

Read from the engine's night (each seat's own choices and what it learned,
``Game.night_log``) and the result: a pure function of an ended game, computed when its
result is asked for, never before the game ends (the night's secret)."""

from __future__ import annotations

from typing import Any, Literal

from onenight.rules import CENTER, WOLF_FAMILY, Action, Copy, Fact, Pass, Reveal, Shield, Swap

from .claims import (
    Claim,
    Copied,
    IAm,
    Moved,
    Nothing,
    NoWerewolf,
    Partners,
    Revealed,
    Saw,
    SawTanners,
    SawWolves,
    Shielded,
    Swapped,
    Think,
    Took,
    claim_from_json,
)
from .play import Play

Truth = Literal["true", "lie", "mistaken", "right", "wrong"]


class Night:
    """One seat's night as it was: its choices, what it learned, its card at dawn."""

    def __init__(self, play: Play, seat: int) -> None:
        game = play.game
        self.seat = seat
        self.dealt = game.setup.cards[seat]
        items = [item for _, s, item in game.night_log if s == seat]
        self.acts: list[Action] = [a for a in items if not isinstance(a, Fact | Pass)]
        self.facts: list[Fact] = [f for f in items if isinstance(f, Fact)]
        assert play.result is not None
        names, cards, center = play.names, play.result["cards"], play.result["center"]
        #: Each place's card at dawn (seats, then the center).
        self.dawn = {s: cards[name] for s, name in enumerate(names)}
        self.dawn.update({CENTER + i: role for i, role in enumerate(center)})

    def saw(self, target: int, card: str) -> bool:
        return any(f.kind == "saw" and f.target == target and f.card == card for f in self.facts)

    def group(self, kind: str, seats: tuple[int, ...]) -> bool:
        return any(f.kind == kind and set(f.seats) == set(seats) for f in self.facts)

    def did(self, kind: type, targets: set[int]) -> bool:
        for a in self.acts:
            if isinstance(a, Swap):
                if kind is Swap and {a.a, a.b} == targets:
                    return True
            elif (
                isinstance(a, Copy | Shield | Reveal) and type(a) is kind and {a.target} == targets
            ):
                return True
        return False


def truth(claim: Claim, night: Night) -> Truth:
    """Whether a claim tells its speaker's night (``mistaken``: it does, but a card it
    names moved after he looked)."""
    match claim:
        case IAm(role):
            return "true" if night.dealt == role else "lie"
        case Saw(looks):
            if not all(night.saw(t, card) for t, card in looks):
                return "lie"
            moved = any(t != night.seat and night.dawn.get(t) != card for t, card in looks)
            return "mistaken" if moved else "true"
        case Took(target, card):
            if not (night.did(Swap, {night.seat, target}) and night.saw(night.seat, card)):
                return "lie"
            return "mistaken" if night.dawn.get(night.seat) != card else "true"
        case Swapped(a, b):
            return "true" if night.did(Swap, {a, b}) else "lie"
        case Copied(target, role):
            return "true" if night.did(Copy, {target}) and night.saw(target, role) else "lie"
        case Shielded(target):
            return "true" if night.did(Shield, {target}) else "lie"
        case Revealed(target, card):
            return "true" if night.did(Reveal, {target}) and night.saw(target, card) else "lie"
        case Partners(seats):
            return "true" if night.group("masons", seats) else "lie"
        case SawWolves(seats):
            return "true" if night.group("wolves", seats) else "lie"
        case SawTanners(seats):
            return "true" if night.group("tanners", seats) else "lie"
        case Moved(seats):
            return "true" if night.group("acted", seats) else "lie"
        case Nothing():
            return "true" if not night.acts and not night.facts else "lie"
        case Think(target, role):
            card = night.dawn.get(target, "")
            wolf = role in WOLF_FAMILY and card in WOLF_FAMILY
            return "right" if card == role or wolf else "wrong"
        case NoWerewolf():
            players = [night.dawn[s] for s in night.dawn if s < CENTER]
            return "wrong" if any(card in WOLF_FAMILY for card in players) else "right"
    raise AssertionError(claim)


def hindsight(play: Play) -> list[dict[str, Any]]:
    """Each claim of an ended game's day, in order, with its truth:
    ``{"seat", "claim", "truth"}`` (worked out once, when first asked after the end)."""
    if play.result is None:
        return []
    if play.hindsight is None:
        play.hindsight = _hindsight(play)
    return play.hindsight


def _hindsight(play: Play) -> list[dict[str, Any]]:
    game = play.game
    nights = [Night(play, s) for s in range(game.n)]
    out: list[dict[str, Any]] = []
    for e in play.log:
        if e["type"] != "claim" or (play.dusk and e["at"] > play.dusk):
            continue
        claim = claim_from_json(e["claim"], game.n, game.c)
        out.append(
            {"seat": e["seat"], "claim": e["claim"], "truth": truth(claim, nights[e["seat"]])}
        )
    return out
