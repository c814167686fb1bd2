"""The reasoner's hidden worlds: deals and nights consistent with what one seat knows,
weighted by how likely they make the public claims (docs/bots.md, "The model").

A world is a deal (the other seats' cards, the center, the turn slots) and the night's
choices, played by the engine (``Game``): the seat's own choices as it made them, the
others' drawn from the model's night policy, steered towards what they claimed. A world
is kept only if the seat would have learned exactly what it did learn, and would see the
same day (revealed cards, shields); its weight is the importance weight of the steering
times the likelihood of every seat's claims in it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from onenight.rules import (
    CENTER,
    CENTER_WOLF,
    Action,
    Copy,
    Decision,
    Fact,
    Game,
    Pass,
    Reveal,
    Setup,
    Shield,
    Swap,
    TurnPlan,
    View,
    action_from_json,
    swap,
)
from onenight.rules import roles as R
from onenight.rules.editions import draw_deck
from onenight.rules.setup import draw_slots
from onenight.session.claims import Claim, Copied, IAm, Revealed, Saw, Shielded, Swapped, Took

from .lies import claimable_roles, fake_story_likelihood, lie_roles
from .story import Event, fact_from_json, honest_claims, lies

#: How likely an honest player's claims differ from what his night tells (model noise).
EPSILON: Final = 0.02
#: How often the model's Seer looks at two center cards rather than one player's card.
SEER_CENTER: Final = 0.15
#: How often a sampled night follows a seat's claimed action when it can.
STEER: Final = 0.85
#: How much less likely a liar claims a role already claimed up to its count.
OVERCLAIM: Final = 0.1
#: How much of the model of a liar is the simple way of lying (``basic``'s): a role seen
#: free in the center, village cards only; the rest is any claimable role, any details.
PATTERN: Final = 0.7
#: How often a sampled deal gives a seat the role it claimed, when a copy is left.
TRUST: Final = 0.7
#: How often a sampled deal puts at a place the card a claim names there (a Seer's look,
#: a Robber's take), when the claimant was dealt the role it claims: then it is honest,
#: and saw that card, unless it looked elsewhere than it says (no more than a claim).
NAMED: Final = 0.8

#: Cards whose holder tells the truth by day whatever the night brings (village cards
#: whose night never changes the role their holder believes he has: no copy, no look at
#: his own card, no investigation). A deal that gives one to a seat that claimed another
#: role makes that seat's claims nearly impossible (:data:`EPSILON`).
SURELY_HONEST: Final[frozenset[str]] = frozenset(
    r
    for r in R.ALL_ROLES
    if R.team_of(r) == R.TEAM_VILLAGE
    and r not in (R.ROBBER, R.INSOMNIAC, R.DOPPELGANGER, R.WITCH)
    and r not in R.INVESTIGATORS
)
#: The share of such deals whose night is played (Russian roulette: the others are
#: dropped before the engine replays them, the kept ones weigh 1/ROULETTE as much; the
#: estimate stays exact). About 40% of the deals drawn at 5 players are such deals, and
#: their worlds weigh next to nothing.
ROULETTE: Final = 0.1

#: The facts that show a group of seats, and the roles that wake in that group.
GROUPS: Final[Mapping[str, frozenset[str]]] = {
    "wolves": R.WOLF_FAMILY,
    "masons": frozenset({R.MASON}),
    "tanners": frozenset({R.TANNER}),
}

_SWAPS: Final = frozenset({"rob", "trouble", "drunk", "witch_swap", "alpha_swap"})
_ONE_LOOK: Final = frozenset({"center_look", "look", "investigate", "witch_look", "lone_peek"})


@dataclass
class World:
    """One sampled world: its deal, each seat's role at the end of its night, each seat's
    night (its story) and its weight. The game that played the night is not kept: a
    sampling keeps hundreds of worlds, and the collector would walk each game's lists
    and dicts again and again while they live (about a tenth of a sampling's time)."""

    setup: Setup
    end_roles: list[str]
    weight: float
    stories: list[list[Event]]


class Knowledge:
    """What one seat knows, read from its view and its own choices: the table, its card,
    its facts and the day's public signs."""

    def __init__(self, view: dict[str, Any], done: Sequence[tuple[int, dict[str, Any]]]) -> None:
        self.edition: str = view["edition"]
        self.players: tuple[str, ...] = tuple(view["players"])
        self.n = len(self.players)
        self.c = int(view["center_cards"])
        self.seat = int(view["seat"])
        self.card: str = view["card"]
        counts = Counter({r: int(k) for r, k in view["deck"].items()})
        self.center_wolf = R.WEREWOLF if view.get("center_wolf") else None
        if self.center_wolf:
            counts[R.WEREWOLF] -= 1
        self.deck_counts = dict(view["deck"])
        self.cards = sorted(counts.elements())
        self.draws = len(self.cards) != self.n + self.c
        self.copies = {r: k for r, k in counts.items() if k > 1}
        self.mine: list[Action] = [action_from_json(a) for _, a in done]
        self.facts = [_key(fact_from_json(f)) for f in view.get("learned") or ()]
        day = view.get("day") or {}
        self.revealed = {int(s): card for s, card in (day.get("revealed") or {}).items()}
        self.shields = sorted(day.get("shields") or ())
        self.roles_p = 1.0 / max(1, len({r for r in counts if counts[r]}))


#: How often a sampled deal puts a card the seat itself saw where it saw it.
KNOWN: Final = 0.9
#: How often a sampled deal gives the seats the seat saw wake in its group (Werewolves,
#: Masons) one of the group's cards, and the others none: who wakes follows from the deal
#: (and a Doppelgänger's copy) alone, so nearly always; not always, so that no deal is
#: ever ruled out by the proposal alone.
GROUP_KNOWN: Final = 0.99


def preferences(
    know: Knowledge, roles: Sequence[str | None]
) -> dict[int, tuple[frozenset[str], float]]:
    """Where the deal proposal leans, place by place: the cards the seat saw there (or
    saw wake as Werewolves or Masons), else the role a seat claimed."""
    prefer: dict[int, tuple[frozenset[str], float]] = {}
    everything = frozenset(know.cards)
    robbed = [a.b if a.a == know.seat else a.a for a in know.mine if isinstance(a, Swap)]
    for kind, target, card, seats in know.facts:
        if kind == "saw" and target == know.seat and robbed and robbed[0] < CENTER:
            prefer.setdefault(robbed[0], (frozenset({card}), KNOWN))  # the Robber's take
        elif kind == "saw" and target != know.seat and target != CENTER_WOLF:
            prefer.setdefault(target, (frozenset({card}), KNOWN))
        elif kind in GROUPS:  # a Doppelgänger who copied the group's card wakes with it
            group = GROUPS[kind] | (everything & {R.DOPPELGANGER})
            for s in range(know.n):
                if s != know.seat:  # those it saw are in the group, the others are not
                    if s not in seats and outside_claim(kind, roles[s]):
                        continue  # its claim leans the deal (below): "not in the group" is weak
                    wake = group if s in seats else everything - GROUPS[kind]
                    prefer.setdefault(s, (wake, GROUP_KNOWN))
    for seat, role in enumerate(roles):
        if role is not None and seat != know.seat:
            prefer.setdefault(seat, (frozenset({role}), TRUST))
    return prefer


def outside_claim(kind: str, role: str | None) -> bool:
    """Whether a seat a Mason did not see wake claimed a role outside the Masons: then
    the deal leans to its claimed role (:data:`TRUST`), which fits what the Mason saw,
    rather than to "any card but the Mason's" (nearly uniform at most tables: a Mason's
    sampler then drew the honest deal so seldom that it could miss it in all its draws).
    Only the Masons' group: the werewolf side's samplers (its lies) keep their proposal
    (a change there moves the wolves' play and has to be measured on its own)."""
    return kind == "masons" and role is not None and role not in GROUPS[kind]


def _key(f: Fact) -> tuple[str, int, str, tuple[int, ...]]:
    return (f.kind, f.target, f.card, f.seats)


# -- claimed actions: where the steering points ------------------------------------------


def claimed_actions(seat: int, claims: Sequence[Claim]) -> list[tuple[str, Any]]:
    """The night actions a seat's claims describe, in order: ``("view", targets)``,
    ``("swap", Swap)``, ``("copy", Copy)``, ``("shield", …)``, ``("reveal", …)``."""
    out: list[tuple[str, Any]] = []
    for claim in claims:
        if isinstance(claim, Saw):
            targets = tuple(t for t, _ in claim.looks if t != seat)
            if targets:
                out.append(("view", targets))
        elif isinstance(claim, Took):
            out.append(("swap", swap(seat, claim.target)))
        elif isinstance(claim, Swapped):
            out.append(("swap", swap(claim.a, claim.b)))
        elif isinstance(claim, Copied):
            out.append(("copy", Copy(claim.target)))
        elif isinstance(claim, Shielded):
            out.append(("shield", Shield(claim.target)))
        elif isinstance(claim, Revealed):
            out.append(("reveal", Reveal(claim.target)))
    return out


def named_cards(
    me: int, claims: Sequence[Sequence[Claim]], roles: Sequence[str | None]
) -> dict[int, list[tuple[int, str, str]]]:
    """Place → (claimant, its claimed role, the card) for each card a claim of another
    seat names at another place: a look (``Saw``) or a Robber's take (``Took``)."""
    named: dict[int, list[tuple[int, str, str]]] = {}
    for seat, said in enumerate(claims):
        role = roles[seat]
        if seat == me or role is None:
            continue
        for claim in said:
            looks = claim.looks if isinstance(claim, Saw) else ()
            if isinstance(claim, Took):
                looks = ((claim.target, claim.card),)
            for place, card in looks:
                if place != seat and place != me and place != CENTER_WOLF:
                    named.setdefault(place, []).append((seat, role, card))
    return named


def _category(kind: str) -> str:
    if kind in _SWAPS:
        return "swap"
    if kind == "seer_look" or kind in _ONE_LOOK:
        return "view"
    return kind


def _proposal(
    kind: str, queue: list[tuple[str, Any]], views: dict[tuple[int, ...], View]
) -> Action | None:
    """The next claimed action for a decision of this kind (consumed from the queue).
    A look is made once per set of targets (``views``): the same object each time, which
    the sampler's steering remembers by identity."""
    cat = _category(kind)
    for i, (what, payload) in enumerate(queue):
        if what != cat:
            continue
        if what != "view":
            del queue[i]
            return payload  # type: ignore[no-any-return]
        if kind == "seer_look":
            del queue[i]
            targets = tuple(sorted(payload))
        else:
            targets, rest = (payload[0],), payload[1:]
            if rest:
                queue[i] = ("view", rest)
            else:
                del queue[i]
        view = views.get(targets)
        if view is None:
            view = views[targets] = View(targets)
        return view
    return None


def _prior(kind: str, acts: Sequence[Action]) -> list[float] | None:
    """The model's night policy where it is not uniform (None: uniform among ``acts``):
    a Seer looks at one player's card, and at two center cards only
    :data:`SEER_CENTER` of the time."""
    if kind != "seer_look":
        return None
    one = [isinstance(a, View) and len(a.targets) == 1 for a in acts]
    k = sum(one)
    if k == 0 or k == len(acts):
        return None
    return [(1 - SEER_CENTER) / k if o else SEER_CENTER / (len(acts) - k) for o in one]


def _draw(prior: Sequence[float], u: float) -> int:
    for i, p in enumerate(prior):
        u -= p
        if u < 0:
            return i
    return len(prior) - 1


def _acts(choices: Sequence[Action]) -> list[Action]:
    """The model's night policy: any action but ``Pass`` when there is one."""
    return [a for a in choices if not isinstance(a, Pass)] or list(choices)


#: The model's policy for each of the engine's decisions: its actions and their prior
#: (None: uniform). The engine caches its decisions and shares them between games, so
#: this is computed once per decision, not once per sampled world (a world replays
#: the whole night). Keyed by the decision itself (identity); bounded by the engine's
#: own cache of decisions.
_POLICY: Final[dict[Decision, tuple[list[Action], list[float] | None]]] = {}


def _policy(d: Decision) -> tuple[list[Action], list[float] | None]:
    got = _POLICY.get(d)
    if got is None:
        acts = _acts(d.choices)
        got = (acts, _prior(d.kind, acts))
        if len(_POLICY) > 100_000:  # a long-lived server: never grow without bound
            _POLICY.clear()
        _POLICY[d] = got
    return got


# -- sampling ---------------------------------------------------------------------------------


class Sampler:
    """Draws worlds for one seat's knowledge and the board's claims."""

    def __init__(
        self,
        know: Knowledge,
        claims: Sequence[Sequence[Claim]],
        taken: Sequence[Mapping[str, int]] | None = None,
    ) -> None:
        self.know = know
        self.claims = [list(cs) for cs in claims]
        #: For each seat: the roles claimed (and how often) before it spoke.
        self.taken = list(taken) if taken is not None else [{} for _ in claims]
        self.claimable = claimable_roles(know.deck_counts)
        self.roles = [next((c.role for c in cs if isinstance(c, IAm)), None) for cs in claims]
        self.prefer = preferences(know, self.roles)
        #: The night actions each seat's claims describe (copied per world, consumed).
        self.actions = {
            s: claimed_actions(s, cs) for s, cs in enumerate(self.claims) if cs and s != know.seat
        }
        self.shields = frozenset(know.shields)
        #: The shields as the engine keeps them (a bit per seat).
        self.shield_bits = sum(1 << s for s in self.shields)
        #: The seats whose claims weigh a world (those who spoke, but this one).
        self.speakers = [s for s, cs in enumerate(self.claims) if cs and s != know.seat]
        #: The night's turns: the same for every deal (they follow from the deck, never
        #: from the deal), worked out for the first and handed to the others, as the
        #: engine's own ``Dealer`` does.
        self.plan: TurnPlan | None = None
        #: Deals dropped by the roulette in this sampling (they count as kept worlds
        #: towards a sampling's size, as they were before: a cheap draw, not a lost one).
        self.dropped = 0
        #: The speakers who claimed a role, and the role.
        self.claimed = [(s, r) for s in self.speakers if (r := self.roles[s]) is not None]
        #: Where a wanted action (the seat's own, or one a claim describes: objects of
        #: this sampler, kept alive by it) stands among an engine decision's actions:
        #: its index, or -1 if it is not there. The actions are dataclasses, compared by
        #: Python-level ``__eq__``: looked for once per (decision, action), not once per
        #: world. The decision's own equal action is then applied, which the engine
        #: recognises by identity.
        self._index: dict[tuple[Decision, int], int] = {}
        self._views: dict[tuple[int, ...], View] = {}
        #: Per speaker: his claims' likelihood as any lie, and as the simple lie's made-up
        #: night (:meth:`lie_likelihood`, :meth:`pattern_likelihood`).
        self._lies: dict[int, float] = {}
        self._fakes: dict[int, float] = {}
        #: P(claims | seat, card, night), per sampler (the claims are fixed in it).
        self._likelihoods: dict[tuple[int, str, tuple[Event, ...]], float] = {}
        #: The groups the seat saw wake: (their roles, the other seats in them).
        self.groups = [(GROUPS[f[0]], frozenset(f[3])) for f in know.facts if f[0] in GROUPS]
        #: Where cards are dealt (the other seats, then the center), and the cards to deal.
        self.places = [s for s in range(know.n) if s != know.seat]
        self.places += [CENTER + i for i in range(know.c)]
        #: The cards the claims name at each place (see :data:`NAMED`): (the claimant's
        #: seat, the role it claims, the card) for each.
        self.named = named_cards(know.seat, self.claims, self.roles)
        claimants = {seat for names in self.named.values() for seat, _, _ in names}
        # The places a preference points at first (the surest first), while their cards
        # are still there to deal: a uniform deal is the same whatever the order. Among
        # places leaning alike, a claimant before the places it names.
        self.places.sort(
            key=lambda place: (
                -self.prefer[place][1] if place in self.prefer else 0,
                place not in claimants,
            )
        )
        self.rest = list(know.cards)
        if know.card in self.rest:
            self.rest.remove(know.card)
        # The model's Sentinel always shields (and so does a Doppelgänger who copies her):
        # with no shield on the table but the seat's own, a Sentinel lies in the center;
        # each shield of another's needs a Sentinel, then a Doppelgänger, at a player's seat.
        mine = [a.target for a in know.mine if isinstance(a, Shield)]
        self.own_shields = len(mine)
        need = len(set(know.shields) - set(mine))
        one = [r for r in (R.SENTINEL, R.DOPPELGANGER) if self.rest.count(r) == 1]
        players = [p for p in self.places if p < CENTER]
        center = [p for p in self.places if p >= CENTER]
        #: Single cards that must lie in some places, dealt first: (card, those places,
        #: whether the deal must hold it: a workshop draw may leave it out).
        self.regions: list[tuple[str, list[int], bool]] = (
            [(R.SENTINEL, center, False)] if need == 0 and R.SENTINEL in one else []
        ) + [(card, players, True) for card in one[:need]]
        #: Where each place's card goes in the deal (the seats, then the center), and
        #: each place in the dealing order with where it goes and what its preference
        #: points at (no cards: none), worked out once per sampling, not once per deal.
        self.spot = {p: p if p < CENTER else know.n + p - CENTER for p in self.places}
        self.steps: list[tuple[int, frozenset[str], float, list[tuple[int, str, str]]]] = [
            (self.spot[p], *self.prefer.get(p, (frozenset(), 0.0)), self._names(p))
            for p in self.places
        ]

    def deal(self, rng: random.Random) -> tuple[Setup, float] | None:
        """A deal with the seat's own card, and its importance weight.

        First the cards the shields on the table place (:attr:`regions`), each in one of
        its places, uniformly. Then the other cards, one place at a time, those places
        first that the seat's own facts or a claim point at a card (:func:`preferences`):
        the place gets one of those cards with that source's probability, else a uniform
        draw; a place where a claimant dealt the role it claims says it saw a card gets
        that card with probability :data:`NAMED` instead (:func:`named_cards`). The
        weight corrects all this back to a uniform deal. None when no deal fits, or when
        the Russian roulette drops it (:data:`ROULETTE`, counted in :attr:`dropped`):
        before the deal is made into a ``Setup``."""
        k = self.know
        pool: tuple[str, ...] | None = None
        if k.draws:
            pool = tuple(k.cards)
            cards = list(pool)
            for _ in range(50):
                cards = draw_deck(k.edition, k.n, pool, rng)
                if k.card in cards:
                    break
            cards.remove(k.card)
        else:
            cards = list(self.rest)
        n = k.n
        spots = [""] * (n + k.c)  # each place's card, "" while it has none
        spots[k.seat] = k.card
        spot = self.spot
        weight = 1.0
        rand = rng.random
        free = len(self.places)
        for card, region, required in self.regions:  # uniform: in each place alike
            if card not in cards and not required:
                continue
            open_ = [p for p in region if not spots[spot[p]]]
            if card not in cards or not open_:
                return None
            # Where a preference points at the card (or away from it), more (or less) often.
            lean = [self.lean(p, card) for p in open_]
            i = _draw(lean, rand() * sum(lean))
            spots[spot[open_[i]]] = card
            cards.remove(card)
            weight *= sum(lean) / lean[i] / free
            free -= 1
        for at, roles, trust, names in self.steps:
            if spots[at]:
                continue
            if names:  # a claimant dealt its claimed role: the card it names, likelier
                said = frozenset([card for seat, role, card in names if spots[seat] == role])
                if said:
                    roles, trust = said, NAMED
            left = len(cards)
            fits = [i for i, x in enumerate(cards) if x in roles] if roles else None
            if not fits:
                spots[at] = cards.pop(int(rand() * left))
                continue
            i = fits[int(rand() * len(fits))] if rand() < trust else int(rand() * left)
            card = cards[i]
            same = cards.count(card)
            q = (1 - trust) * same / left
            if card in roles:
                q += trust * same / len(fits)
            weight *= same / left / q
            spots[at] = cards.pop(i)
        dealt = tuple(spots[:n])
        slots = draw_slots(dealt, k.copies, rng)
        for seat, role in self.claimed:  # the Russian roulette, before the Setup is made
            if dealt[seat] != role and dealt[seat] in SURELY_HONEST:
                if rand() >= ROULETTE:
                    self.dropped += 1
                    return None
                weight /= ROULETTE
                break
        center = tuple(spots[n:])
        setup = Setup(k.edition, k.players, dealt, center, k.center_wolf, None, slots, pool)
        if self.plan is None:
            self.plan = setup.plan
        else:
            setup.share_plan(self.plan)
        return setup, weight

    def _names(self, place: int) -> list[tuple[int, str, str]]:
        """The cards claims name at a place, where the place's own lean is no surer than a
        claim's (what the seat itself saw or saw wake there comes first)."""
        if self.prefer.get(place, (frozenset(), 0.0))[1] > TRUST:
            return []
        return [(self.spot[seat], role, card) for seat, role, card in self.named.get(place, ())]

    def lean(self, place: int, card: str) -> float:
        """How much more often :meth:`deal` puts a card that must go first in this place."""
        wanted = self.prefer.get(place)
        if wanted is None:
            return 0.5
        return wanted[1] if card in wanted[0] else 1 - wanted[1]

    def world(self, rng: random.Random) -> World | None:
        """One world, or None if it contradicts what the seat knows."""
        k = self.know
        dealt = self.deal(rng)
        if dealt is None:
            return None
        setup, weight = dealt
        cards = setup.cards
        game = Game(setup)
        weight *= self._night(game, setup, rng)
        if weight == 0.0:
            return None
        stories: list[list[Event]] = [[] for _ in range(k.n)]
        for turn, seat, item in game.night_log:
            stories[seat].append((turn, item))
        mine = [_key(f) for _, f in stories[k.seat] if isinstance(f, Fact)]
        if mine != k.facts or (k.revealed and dict(game.revealed) != k.revealed):
            return None
        if not k.revealed and game.revealed:
            return None
        if self.shield_bits != game.shields:
            return None
        # The same (seat, card, night) comes back in many worlds (a Villager's empty
        # night, a Seer's look): its likelihood is computed once per sampler.
        memo = self._likelihoods
        for seat in self.speakers:
            story = stories[seat]
            key = (seat, cards[seat], tuple(story))
            p = memo.get(key)
            if p is None:
                p = memo[key] = self.likelihood(seat, cards[seat], story, self.claims[seat])
            weight *= p
        board, end_role = game.board, game.end_role
        return World(setup, [end_role(board[s]) for s in range(k.n)], weight, stories)

    def _night(self, game: Game, setup: Setup, rng: random.Random) -> float:
        k = self.know
        me = k.seat
        mine = iter(k.mine)
        queues = {
            s: list(acts) for s, acts in self.actions.items() if self.roles[s] == setup.cards[s]
        }
        weight = 1.0
        learned, known = game.facts[me], k.facts
        checked = 0
        rand = rng.random
        index = self._index
        while (d := game.decision) is not None:
            if len(learned) > checked:  # reject as soon as the seat would learn otherwise
                if [_key(f) for f in learned[checked:]] != known[checked : len(learned)]:
                    return 0.0
                checked = len(learned)
            seat = d.seat
            if seat == me:
                action = next(mine, None)
                if action is None:
                    return 0.0
                j = index.get((d, id(action)))
                if j is None:
                    choices = d.choices
                    j = index[(d, id(action))] = choices.index(action) if action in d.legal else -1
                if j < 0:
                    return 0.0
                game.apply(seat, d.choices[j])
                continue
            acts, prior = _policy(d)
            kind = d.kind
            if kind == "shield" or kind == "copy":
                fits = self.fitting(game, seat, kind, acts)
                assert fits is not None
                if not fits:
                    return 0.0
                weight *= len(fits) / len(acts)
                game.apply(seat, fits[int(rand() * len(fits))])
                continue
            queue = queues.get(seat)
            wanted = _proposal(kind, queue, self._views) if queue else None
            j = -1
            if wanted is not None:
                got = index.get((d, id(wanted)))
                if got is None:
                    got = index[(d, id(wanted))] = (
                        acts.index(wanted) if wanted in d.legal and wanted in acts else -1
                    )
                j = got
            u = rand()
            i = _draw(prior, u) if prior else int(u * len(acts))
            if j >= 0:  # the claimed action, or the model's draw (acts are distinct)
                if rand() < STEER:
                    i = j
                p = prior[i] if prior else 1.0 / len(acts)
                q = (STEER if i == j else 0.0) + (1 - STEER) * p
                weight *= p / q
            game.apply(seat, acts[i])
        return weight if next(mine, None) is None else 0.0

    def fitting(self, game: Game, seat: int, kind: str, acts: list[Action]) -> list[Action] | None:
        """For a choice whose outcome the seat knows: the actions that fit it (None: no
        such knowledge). Where the shields lie is public; whether a Doppelgänger copied a
        group's card shows in the groups the seat saw wake. Drawing among the fitting
        actions (weight: their share) is exact: the others are rejected anyway."""
        if kind == "shield":
            return [a for a in acts if isinstance(a, Shield) and a.target in self.shields]
        if kind == "copy":
            printed, board = game.printed, game.board
            # A Doppelgänger copies the Sentinel if, and only if, a shield is left over.
            me, acting = self.know.seat, game.acting
            shielders = sum(r == R.SENTINEL and s not in (me, seat) for s, r in enumerate(acting))
            extra = len(self.know.shields) - self.own_shields - shielders
            return [
                a
                for a in acts
                if isinstance(a, Copy)
                and all((printed[board[a.target]] in r) == (seat in g) for r, g in self.groups)
                and (printed[board[a.target]] == R.SENTINEL) == (extra > 0)
            ]
        return None

    def likelihood(self, seat: int, dealt: str, story: list[Event], claims: list[Claim]) -> float:
        """P(these claims | this seat's night), under the model of honest and lying talk."""
        if lies(dealt, story, seat):
            return PATTERN * self.pattern_likelihood(seat, story, claims) + (
                1 - PATTERN
            ) * self.lie_likelihood(seat, claims)
        if honest_claims(seat, dealt, story) == claims:
            return 1.0
        return EPSILON * self.lie_likelihood(seat, claims)

    def pattern_likelihood(self, seat: int, story: list[Event], claims: list[Claim]) -> float:
        """P(a liar tells this story, lying the simple way): a claimable role he saw free
        in the center, else one nobody had claimed up to its count, else any claimable
        role, uniformly (:func:`.lies.lie_roles`), with a made-up night whose details are
        drawn uniformly and name only village cards (:func:`.lies.fake_story_likelihood`)."""
        k = self.know
        role = next((cl.role for cl in claims if isinstance(cl, IAm)), None)
        seen = [(f.target, f.card) for _, f in story if isinstance(f, Fact) and f.kind == "saw"]
        roles = lie_roles(seen, self.taken[seat], k.deck_counts)
        if role is None or role not in roles:
            return 0.0
        p = roles.count(role) / len(roles)
        if claims is not self.claims[seat]:
            return p * fake_story_likelihood(claims, seat, k.n, k.c, k.deck_counts)
        # A speaker's claims are fixed in a sampler: their made-up night's likelihood
        # is worked out once per speaker, not once per night he is given.
        fake = self._fakes.get(seat)
        if fake is None:
            fake = self._fakes[seat] = fake_story_likelihood(claims, seat, k.n, k.c, k.deck_counts)
        return p * fake

    def lie_likelihood(self, seat: int, claims: Sequence[Claim]) -> float:
        """P(a liar tells this story, lying any other way): a claimable role nobody had
        claimed up to its count when he spoke, uniformly (any other role: :data:`OVERCLAIM`
        as likely), then each made-up detail uniformly among those the role could tell.
        Once per speaker for his claims on the board (they do not depend on the night)."""
        if claims is not self.claims[seat]:
            return self._lie_likelihood(seat, claims)
        got = self._lies.get(seat)
        if got is None:
            got = self._lies[seat] = self._lie_likelihood(seat, claims)
        return got

    def _lie_likelihood(self, seat: int, claims: Sequence[Claim]) -> float:
        k = self.know
        n, c, rp = k.n, k.c, k.roles_p
        taken = self.taken[seat]
        fresh = [r for r in self.claimable if taken.get(r, 0) < k.deck_counts.get(r, 0)]
        role = next((cl.role for cl in claims if isinstance(cl, IAm)), None)
        p = 1.0 / max(1, len(fresh))
        if role not in fresh:
            p *= OVERCLAIM
        for claim in claims:
            if isinstance(claim, Saw):
                looks = [t for t, _ in claim.looks if t != seat]
                p *= rp ** len(claim.looks) / (n - 1 + c * (c - 1) // 2) if looks else rp
            elif isinstance(claim, Took | Copied):
                p *= rp / (n - 1)
            elif isinstance(claim, Swapped):
                p *= 2.0 / max(1, (n - 1) * (n - 2))
            elif not isinstance(claim, IAm):
                p *= 1.0 / n
        return p

    def sample(
        self, rng: random.Random, want: int, tries: int, ess: float | None = None
    ) -> list[World]:
        """Up to ``want`` worlds of positive weight (a deal the roulette dropped counts
        as one), from at most ``tries`` draws; with ``ess``, only until the worlds'
        effective number (their weights' total squared over the total of their squares)
        reaches it."""
        worlds: list[World] = []
        total = squares = 0.0
        self.dropped = 0
        for _ in range(tries):
            w = self.world(rng)
            if w is not None and w.weight > 0:
                worlds.append(w)
                total += w.weight
                squares += w.weight * w.weight
                if ess is not None and total * total >= ess * squares:
                    break
            if len(worlds) + self.dropped >= want:
                break
        return worlds
