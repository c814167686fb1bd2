"""One research game, move by move: the engine's night, rounds of claims, the vote.

No PettingZoo here: :class:`Match` is what the environment steps and what the tournament
and the policy adapter replay. Seeded: the same seed and the same actions give the same
game (the deal and the speaking order come from the seed alone).

The night walks the engine's turn plan (``Game.turns``, rules/turns.py: counted from the
deck, never from the deal), one step per turn whoever holds the card, as the server's
clock and the narrator do. A turn whose card nobody holds (or whose holder has nothing
to choose) is a step where every seat waits, so the number and kind of the steps every
seat sees are the same for every deal of a deck: nothing about the deal leaks through
the shape of the game. What a seat learns in a turn reaches it once the turn is over.
"""

from __future__ import annotations

import random
from typing import Any

from onenight.rules import CENTER, EDITIONS, PASS, Action, Game, Phase, Setup, View, Vote
from onenight.session.claims import Claim, Posted

from .actions import NOOP, SILENCE, ActionTable
from .config import Config
from .variants import Outcome, from_result, score

NIGHT, DAY, VOTE, END = "night", "day", "vote", "end"
PHASES = (NIGHT, DAY, VOTE, END)


class Match:
    """A game of one :class:`Config` dealt from ``seed``."""

    def __init__(self, config: Config, seed: int, table: ActionTable | None = None) -> None:
        self.config = config
        self.seed = seed
        n = config.players
        self.n = n
        self.names = [f"seat_{i}" for i in range(n)]
        self.setup = Setup.shuffled(config.edition, self.names, list(config.deck), seed)
        self.game = Game(self.setup)
        self.c = self.game.c
        self.table = table or ActionTable(
            config.deck, n, EDITIONS[config.edition].center, config.max_moved, config.abstain
        )
        #: Each seat's vote (None: abstained), as cast: the engine gets the others.
        self.ballots: dict[int, int | None] = {}
        self._draws = random.Random(f"{seed}:seer_center")
        order = list(range(n))
        if config.speaking_order == "drawn":
            random.Random(f"{seed}:speakers").shuffle(order)
        self.order = order
        self.board: list[Posted] = []
        #: The round each claim of the board was said in (parallel to ``board``).
        self.board_rounds: list[int] = []
        #: Each seat's night choices, ``(turn, action JSON)`` (a bot's memory: Bot.done).
        self.done: list[list[tuple[int, dict[str, Any]]]] = [[] for _ in range(n)]
        self.round = 0
        self.pos = 0
        #: The night's clock: an index into ``game.turns`` (their number at daybreak).
        self.turn = 0
        self.phase = NIGHT
        #: Who won, once the game is over (the config's ``outcome`` rule).
        self.outcome: Outcome | None = None
        self._settle()

    # -- the state machine --------------------------------------------------------------------

    def _settle(self) -> None:
        """Play what nobody chooses (a declined lone-wolf look in a variant without it),
        and move on from the night to the day, and from the day to the vote."""
        game = self.game
        while self.phase == NIGHT:
            d = game.decision
            if d is not None and d.turn == self.turn:
                if d.kind == "lone_peek" and not self.config.lone_wolf_peek:
                    game.apply(d.seat, PASS)  # the turn stays a step all the same
                    continue
                return
            if self.turn < len(game.turns):
                return
            self.phase = DAY if self.config.rounds > 0 and self.n > 0 else VOTE
        if self.phase == DAY and self.round >= self.config.rounds:
            self.phase = VOTE
        if self.phase == VOTE and game.phase == Phase.DAY:
            game.end_day()
        if game.phase == Phase.END and self.phase != END:
            self.phase = END
            self.outcome = self._score()

    def to_move(self) -> list[int]:
        """The seats that choose now (every seat at the vote: it is simultaneous); at
        night the holder of this turn's card when it has a choice, else nobody."""
        if self.phase == NIGHT:
            d = self.game.decision
            return [d.seat] if d is not None and d.turn == self.turn else []
        if self.phase == DAY:
            return [self.order[self.pos]]
        if self.phase == VOTE:
            return [s for s in range(self.n) if s not in self.ballots]
        return []

    def legal(self, seat: int) -> list[int]:
        """The indices ``seat`` may play now (``[NOOP]`` when it is not to move)."""
        t = self.table
        if seat not in self.to_move():
            return [NOOP]
        if self.phase == NIGHT:
            return sorted(t.night_index[a] for a in self._night_choices(seat))
        if self.phase == DAY:
            return t.speaker_claims(seat)
        votes = [t.vote_index(a.target) for a in self.game.legal(seat) if isinstance(a, Vote)]
        return votes + ([t.abstain] if t.abstain is not None else [])

    def _night_choices(self, seat: int) -> list[Action]:
        """The engine's choices; with ``seer_center="random"`` the Seer's looks at two
        center cards are one choice, "the center" (the first pair stands for it)."""
        choices = list(self.game.legal(seat))
        if self.config.seer_center == "random":
            pairs = [a for a in choices if center_pair(a)]
            choices = [a for a in choices if a not in pairs[1:]]
        return choices

    def play(self, seat: int, index: int) -> None:
        """Play a legal index for ``seat`` (ValueError, nothing changed, otherwise)."""
        if index not in self.legal(seat):
            raise ValueError(f"{self.table.describe(index)} is not legal for seat {seat} now")
        if index == NOOP:
            return
        what, item = self.table.decode(index)
        if what == "night":
            d = self.game.decision
            assert d is not None
            if self.config.seer_center == "random" and center_pair(item):
                looks = self._draws.sample(range(self.c), 2)
                item = next(
                    a for a in d.choices if a == View(tuple(CENTER + i for i in sorted(looks)))
                )
            self.done[seat].append((d.turn, item.to_json()))
            self.game.apply(seat, item)
        elif what == "claim":
            if item is not SILENCE:
                self.board.append(Posted(seat, item))
                self.board_rounds.append(self.round)
            self.pos += 1
            if self.pos == self.n:
                self.pos = 0
                self.round += 1
        else:
            self.ballots[seat] = item.target if what == "vote" else None
            if what == "vote":
                self.game.apply(seat, item)
            if len(self.ballots) == self.n:
                self.phase = END
                self.outcome = self._score()
        self._settle()

    def step(self, choices: dict[int, int]) -> None:
        """One step of the game: every seat to move plays its (legal) index, then the
        night's clock moves on to the next turn. A seat to move that is missing from
        ``choices`` raises KeyError (nothing played)."""
        indices = [(seat, choices[seat]) for seat in self.to_move()]
        night = self.phase == NIGHT
        for seat, index in indices:
            self.play(seat, index)
        if night:
            self.turn += 1
            self._settle()

    def say(self, seat: int, claim: Claim) -> None:
        """Post a claim outside the finite set (an adapter's free claim) in ``seat``'s turn."""
        if self.phase != DAY or self.order[self.pos] != seat:
            raise ValueError(f"seat {seat} is not to speak now")
        self.board.append(Posted(seat, claim))
        self.board_rounds.append(self.round)

    # -- what it shows ------------------------------------------------------------------------

    def game_view(self, seat: int) -> dict[str, Any]:
        """The engine's view of ``seat`` at the night's clock (what it learned in the
        turns before this one; the engine may have played later turns already)."""
        return self.game.view(seat, until=self.turn if self.phase == NIGHT else None)

    def view(self, seat: int) -> dict[str, Any]:
        """The engine's view of ``seat``, with the board and where the day stands."""
        v = self.game_view(seat)
        v["board"] = [p.to_json() for p in self.board]
        v["talk"] = {
            "rounds": self.config.rounds,
            "round": self.round,
            "order": list(self.order),
            "speaker": self.order[self.pos] if self.phase == DAY else None,
        }
        v["did"] = [action for _, action in self.done[seat]]  # its own night choices
        v["board_rounds"] = list(self.board_rounds)
        v["stage"] = self.phase
        v["night_turn"] = min(self.turn, len(self.game.turns))
        return v

    def talk(self) -> tuple[int, int]:
        """Where the day stands: the round, and the speaking position within it."""
        return (self.round, self.pos)

    def end_roles(self) -> list[str]:
        """The role each seat's card stands for now (its end role once the night is over)."""
        g = self.game
        return [g.end_role(g.board[s]) for s in range(self.n)]

    def _score(self) -> Outcome:
        """Who won, under the config's ``outcome`` switch."""
        if self.config.outcome == "rulebook":
            assert self.game.result is not None
            return from_result(self.game.result)
        return score(self.config.outcome, self.end_roles(), self.ballots)

    def rewards(self) -> list[float]:
        """Each seat's reward at the end (zeros before): ``draw`` for all when no team
        wins, else ``win`` for the seats that won and ``lose`` for the others."""
        out = self.outcome
        if out is None:
            return [0.0] * self.n
        cfg = self.config
        if out.team is None:
            return [cfg.draw] * self.n
        return [cfg.win if s in out.winners else cfg.lose for s in range(self.n)]

    def render(self) -> str:
        """The game as text: the deal, the night, the board, the votes and the result."""
        g = self.game
        lines = [
            f"{self.config.name}: {self.config.edition}, {self.n} players, seed {self.seed}, "
            f"{self.phase}",
            "deal: " + ", ".join(f"{s}={g.setup.cards[s]}" for s in range(self.n)),
            "center: " + ", ".join(g.setup.center),
        ]
        for turn, seat, item in g.night_log:
            lines.append(f"  night {turn}: seat {seat} {item.to_json()}")
        if self.phase != NIGHT:
            lines.append("speaking order: " + " ".join(map(str, self.order)))
        for p in self.board:
            lines.append(f"  seat {p.seat} says {p.claim.to_json()}")
        if self.ballots:
            lines.append(
                "votes: " + ", ".join(f"{s}->{t}" for s, t in sorted(self.ballots.items()))
            )
        out = self.outcome
        if out is not None:
            lines.append(
                f"dead: {list(out.dead)}; winners: {sorted(out.winners)} ({out.team or 'none'}); "
                f"end roles: {', '.join(self.end_roles())}"
            )
        return "\n".join(lines)


def center_pair(action: Action) -> bool:
    """A look at two center cards (the Seer's)."""
    return isinstance(action, View) and len(action.targets) == 2 and min(action.targets) >= CENTER
