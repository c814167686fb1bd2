"""``reg``: wolfbot's regular wolf (``wolf_variants/reg_wolf.py``, ``center_wolf.py``;
issue 38, point 5): a wolf's statements are built from what was said before it."""

from __future__ import annotations

from onenight.bots import make_bot
from onenight.bots.play import night
from onenight.bots.regwolf import RegWolfBot
from onenight.rules import CENTER, Game, Setup
from onenight.session.claims import IAm, Nothing, Posted, Saw, swapped

DECK = ["villager"] * 3 + ["seer", "werewolf", "werewolf", "troublemaker", "mason", "mason"]
DECK += ["drunk"]
NAMES = [f"p{i}" for i in range(7)]


def dealt(seed: int) -> tuple[Game, list[RegWolfBot]]:
    game = Game(Setup.shuffled("ultimate", NAMES, DECK, seed))
    bots = [make_bot("reg", f"{seed}:{s}") for s in range(7)]
    assert all(isinstance(b, RegWolfBot) for b in bots)
    night(game, bots)
    return game, [b for b in bots if isinstance(b, RegWolfBot)]


def wolves_of(game: Game) -> list[int]:
    return [s for s in range(7) if game.setup.cards[s] == "werewolf"]


def test_two_wolves_build_their_statements_from_the_board() -> None:
    """Before the wolf: seat A claimed the Seer who saw B as a Villager, B the Villager.
    Cards left unclaimed (2 Villagers, the Drunk, the Troublemaker) are always candidates;
    a Seer look names only a speaker that is no known wolf, as the role he claimed; a
    Troublemaker never names a known wolf second; the Mason alone only in the last seat."""
    checked = 0
    for seed in range(40):
        game, bots = dealt(seed)
        wolves = wolves_of(game)
        if len(wolves) != 2:
            continue
        a, b = [s for s in range(7) if s not in wolves][:2]
        board = [
            Posted(a, IAm("seer")),
            Posted(a, Saw(((b, "villager"),))),
            Posted(b, IAm("villager")),
            Posted(b, Nothing()),
        ]
        for w in wolves:
            view = game.view(w)
            got = bots[w].statements(view, bots[w].story(view), board)
            assert [IAm("villager"), Nothing()] in got
            drunk = [[IAm("drunk"), swapped(w, CENTER + k)] for k in range(3)]
            assert all(s in got for s in drunk)
            swaps = [s[1] for s in got if s[0] == IAm("troublemaker")]
            pairs = [(i, j) for i in range(7) for j in range(i + 1, 7) if j not in wolves]
            assert swaps == [swapped(i, j) for i, j in pairs]
            seer = [s[1] for s in got if s[0] == IAm("seer")]
            assert seer in ([], [Saw(((b, "villager"),))])
            mason = [s for s in got if s[0] == IAm("mason")]
            assert len(mason) == (w == 6)
            assert all(s[0].role in DECK and s[0].role != "werewolf" for s in got)
            checked += 1
    assert checked >= 10


def test_a_lone_wolf_claims_the_center_card_it_saw() -> None:
    """center_wolf.py: a lone wolf that saw the Villager says it is a Villager; that saw
    the Drunk, that it is the Drunk who took that very card."""
    seen: set[str] = set()
    for seed in range(80):
        game, bots = dealt(seed)
        wolves = wolves_of(game)
        if len(wolves) != 1:
            continue
        w = wolves[0]
        view = game.view(w)
        story = bots[w].story(view)
        looks = [(f.target, f.card) for _, f in story if getattr(f, "kind", "") == "saw"]
        assert len(looks) == 1 and looks[0][0] >= CENTER  # it always looks (wolfbot)
        target, card = looks[0]
        got = bots[w].statements(view, story, [])
        if card == "villager":
            assert got == [[IAm("villager"), Nothing()]]
        elif card == "drunk":
            assert got == [[IAm("drunk"), swapped(w, target)]]
        seen.add(card)
    assert {"villager", "drunk"} <= seen
