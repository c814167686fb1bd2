"""Illegal scenarios (ScenarioError): deck rules, player and center counts, names, every
illegal-step case FORMAT.md lists, steps out of night order, unused steps, bad votes.
Each illegal case is otherwise legal; LEGAL holds the controls that must resolve."""

import pytest
from scenario_helpers import (
    PEEK,
    case,
    copy,
    illegal,
    reveal,
    run_case,
    scenario,
    shield,
    swap,
    view,
)


def U(deal, center="villager robber troublemaker", **kw):
    return scenario("ultimate", deal, center, **kw)


def W(deal, center="villager robber troublemaker", **kw):
    return scenario("workshop", deal, center, **kw)


def S(deal, center="villager robber troublemaker", **kw):
    return scenario("sans-carte", deal, center, **kw)


def J(deal, center="werewolf villager", **kw):
    return scenario("japanese", deal, center, **kw)


def raw(edition, deal, center, **kw):
    """No check of the roles against the edition (for deck-rule violations)."""
    return scenario(edition, deal, center, check=False, **kw)


def players(n):
    return " ".join(["werewolf", "seer"] + ["villager"] * (n - 2))


DECK = [
    illegal(
        "unknown-edition", raw("classic", "werewolf seer villager", "villager villager villager")
    ),
    illegal("unknown-role-in-deal", raw("ultimate", "werewolf wizard villager", "villager " * 3)),
    illegal(
        "unknown-role-in-center", raw("ultimate", "werewolf seer villager", "villager wizard seer")
    ),
    # Roles allowed per edition (§1 table).
    illegal("sorcerer-in-ultimate", raw("ultimate", "sorcerer werewolf villager", "villager " * 3)),
    illegal("sorcerer-in-workshop", raw("workshop", "sorcerer werewolf villager", "villager " * 3)),
    illegal(
        "phantom-thief-in-ultimate",
        raw("ultimate", "phantom_thief werewolf villager", "villager " * 3),
    ),
    illegal(
        "little-girl-in-ultimate", raw("ultimate", "little_girl werewolf villager", "villager " * 3)
    ),
    illegal(
        "ghost-hunter-in-workshop",
        raw("workshop", "ghost_hunter werewolf villager", "villager " * 3),
    ),
    illegal(
        "phantom-thief-in-sans-carte",
        raw("sans-carte", "phantom_thief werewolf villager", "villager " * 3),
    ),
    illegal(
        "sentinel-in-sans-carte", raw("sans-carte", "sentinel werewolf villager", "villager " * 3)
    ),
    illegal(
        "apprentice-tanner-in-sans-carte",
        raw("sans-carte", "apprentice_tanner werewolf villager", "villager " * 3),
    ),
    illegal(
        "paranormal-investigator-in-sans-carte",
        raw("sans-carte", "paranormal_investigator werewolf villager", "villager " * 3),
    ),
    illegal(
        "bodyguard-in-sans-carte",
        raw("sans-carte", "bodyguard werewolf villager", "villager " * 3),
    ),
    illegal("seer-in-japanese", raw("japanese", "seer werewolf villager", "villager villager")),
    illegal("robber-in-japanese", raw("japanese", "villager werewolf villager", "robber villager")),
    illegal(
        "mystic-wolf-in-japanese", raw("japanese", "mystic_wolf werewolf villager", "villager " * 2)
    ),
    # Player ranges 3-10 / 3-7 / 3-12.
    illegal("ultimate-2-players", U("werewolf seer")),
    illegal("ultimate-11-players", U(players(11))),
    illegal("workshop-2-players", W("werewolf seer")),
    illegal("workshop-11-players", W(players(11))),
    illegal("japanese-2-players", J("werewolf villager", center="sorcerer villager")),
    illegal("japanese-8-players", J(players(8).replace("seer", "sorcerer"))),
    illegal("sans-carte-2-players", S("werewolf seer")),
    illegal("sans-carte-13-players", S(players(13))),
    # Center counts 3 / 2.
    illegal("ultimate-2-center-cards", U("werewolf seer villager", center="villager robber")),
    illegal("ultimate-4-center-cards", U("werewolf seer villager", center="villager " * 4)),
    illegal("workshop-4-center-cards", W("werewolf seer villager", center="villager " * 4)),
    illegal("sans-carte-2-center-cards", S("werewolf seer villager", center="villager robber")),
    illegal("japanese-3-center-cards", J("werewolf villager sorcerer", center="villager " * 3)),
    illegal("japanese-1-center-card", J("werewolf villager sorcerer", center="villager")),
    # Ruling: "a deck holds at most one doppelganger, one alpha_wolf and one bodyguard".
    illegal(
        "two-doppelgangers",
        U("doppelganger werewolf villager", center="doppelganger robber seer"),
    ),
    illegal(
        "two-doppelgangers-sans-carte",
        S("doppelganger werewolf doppelganger villager", night={"ann": [copy("bob")]}),
    ),
    illegal(
        "two-alpha-wolves",
        U(
            "alpha_wolf villager seer",
            center="alpha_wolf robber villager",
            center_wolf="werewolf",
            night={"ann": [swap("center:wolf", "bob")]},
        ),
    ),
    illegal("two-bodyguards", U("bodyguard werewolf villager", center="bodyguard robber seer")),
    # Masons go in the deck as a pair (0 or 2).
    illegal("one-mason", U("mason werewolf villager")),
    illegal("three-masons", U("mason mason werewolf villager", center="mason robber seer")),
    illegal("one-mason-sans-carte", S("mason werewolf villager")),
    # In sans-carte the deck must hold at least one Werewolf-family card.
    illegal("sans-carte-without-wolf-card", S("seer villager robber", center="villager " * 3)),
    # center_wolf only with an alpha, always a werewolf.
    # AMBIGUOUS: RULES.md: "With an alpha_wolf in the deck, one more card lies in the
    # center: the center Werewolf card". Read literally, a scenario with an Alpha Wolf
    # and no `center_wolf` lacks a card of the deck (wrong deck size), even though that
    # card could only ever be a werewolf.
    illegal(
        "alpha-without-center-wolf",
        U("alpha_wolf seer villager", night={"ann": [swap("center:wolf", "bob")]}),
    ),
    illegal(
        "alpha-in-center-without-center-wolf",
        U("werewolf seer villager", center="alpha_wolf robber villager"),
    ),
    illegal("center-wolf-without-alpha", U("werewolf seer villager", center_wolf="werewolf")),
    illegal(
        "center-wolf-is-villager",
        U(
            "alpha_wolf seer villager",
            center_wolf="villager",
            night={"ann": [swap("center:wolf", "bob")]},
        ),
    ),
    illegal(
        "center-wolf-is-mystic-wolf",
        U(
            "alpha_wolf seer villager",
            center_wolf="mystic_wolf",
            night={"ann": [swap("center:wolf", "bob")]},
        ),
    ),
    # Unique names that never begin with "center:".
    illegal(
        "duplicate-player-name",
        scenario(
            "ultimate",
            {"ann": "werewolf", "bob": "seer", "cat": "villager"},
            "villager robber troublemaker",
            players=["ann", "bob", "cat", "ann"],
            votes={"ann": "bob", "bob": "ann", "cat": "ann"},
        ),
    ),
    illegal(
        "name-begins-with-center",
        scenario(
            "ultimate",
            "werewolf seer villager",
            "villager robber troublemaker",
            players=["ann", "bob", "center:x"],
        ),
    ),
    illegal(
        "name-is-center-slot",
        scenario(
            "ultimate",
            "werewolf seer villager",
            "villager robber troublemaker",
            players=["ann", "bob", "center:0"],
        ),
    ),
    # The deal must match the players.
    illegal(
        "deal-misses-a-player",
        scenario(
            "ultimate",
            {"ann": "werewolf", "bob": "seer"},
            "villager robber troublemaker",
            players=["ann", "bob", "cat"],
        ),
    ),
    illegal(
        "deal-has-an-unknown-player",
        scenario(
            "ultimate",
            {"ann": "werewolf", "bob": "seer", "cat": "villager", "zed": "villager"},
            "villager robber troublemaker",
            players=["ann", "bob", "cat"],
            votes={"ann": "bob", "bob": "cat", "cat": "ann"},
        ),
    ),
]

STEPS = [
    # ---- FORMAT.md's list: "a Seer looking at herself"
    illegal("seer-looks-at-herself", U("seer werewolf villager", night={"ann": [view("ann")]})),
    illegal(
        "seer-looks-at-one-center-card",
        U("seer werewolf villager", night={"ann": [view("center:0")]}),
    ),
    illegal(
        "seer-looks-at-same-center-card-twice",
        U("seer werewolf villager", night={"ann": [view("center:1", "center:1")]}),
    ),
    illegal(
        "seer-looks-at-player-and-center",
        U("seer werewolf villager", night={"ann": [view("bob", "center:1")]}),
    ),
    illegal(
        "seer-looks-at-two-players",
        U("seer werewolf villager", night={"ann": [view("bob", "cat")]}),
    ),
    illegal(
        "seer-looks-at-three-center-cards",
        U("seer werewolf villager", night={"ann": [view("center:0", "center:1", "center:2")]}),
    ),
    illegal(
        "seer-looks-at-center-wolf",
        U(
            "seer alpha_wolf villager",
            center_wolf="werewolf",
            night={"bob": [swap("center:wolf", "cat")], "ann": [view("center:0", "center:wolf")]},
        ),
    ),
    illegal(
        "seer-looks-at-center-3-that-does-not-exist",
        U("seer werewolf villager", night={"ann": [view("center:0", "center:3")]}),
    ),
    illegal(
        "seer-two-looks",
        U("seer werewolf villager", night={"ann": [view("bob"), view("cat")]}),
    ),
    illegal(
        "sorcerer-looks-at-himself-japanese",
        J("sorcerer werewolf villager", night={"ann": [view("ann")]}),
    ),
    illegal(
        "sorcerer-looks-at-one-center-card-japanese",
        J("sorcerer werewolf villager", night={"ann": [view("center:1")]}),
    ),
    illegal(
        "sorcerer-looks-at-center-2-japanese",
        J("sorcerer werewolf villager", night={"ann": [view("center:0", "center:2")]}),
    ),
    illegal(
        "apprentice-seer-looks-at-a-player",
        U("apprentice_seer werewolf villager", night={"ann": [view("bob")]}),
    ),
    illegal(
        "apprentice-seer-looks-at-two-center-cards",
        U("apprentice_seer werewolf villager", night={"ann": [view("center:0", "center:1")]}),
    ),
    # ---- "a Troublemaker including himself"
    illegal(
        "troublemaker-swaps-himself",
        U("troublemaker werewolf villager", night={"ann": [swap("ann", "bob")]}),
    ),
    illegal(
        "troublemaker-swaps-a-center-card",
        U("troublemaker werewolf villager", night={"ann": [swap("bob", "center:0")]}),
    ),
    illegal(
        "troublemaker-swaps-a-player-with-himself",
        U("troublemaker werewolf villager", night={"ann": [swap("bob", "bob")]}),
    ),
    # ---- "a Drunk who does not swap"
    illegal("drunk-does-not-swap", U("drunk werewolf villager")),
    illegal("drunk-does-not-swap-sans-carte", S("drunk werewolf villager")),
    illegal(
        "drunk-swaps-with-center-wolf",
        U(
            "drunk alpha_wolf villager",
            center_wolf="werewolf",
            night={"bob": [swap("center:wolf", "cat")], "ann": [swap("ann", "center:wolf")]},
        ),
    ),
    illegal(
        "drunk-swaps-with-a-player",
        U("drunk werewolf villager", night={"ann": [swap("ann", "cat")]}),
    ),
    illegal(
        "drunk-swaps-someone-else-with-center",
        U("drunk werewolf villager", night={"ann": [swap("cat", "center:0")]}),
    ),
    illegal(
        "drunk-looks",
        U(
            "drunk werewolf villager",
            night={"ann": [view("center:0"), swap("ann", "center:0")]},
        ),
    ),
    illegal(
        "drunk-swaps-twice",
        U(
            "drunk werewolf villager",
            night={"ann": [swap("ann", "center:0"), swap("ann", "center:1")]},
        ),
    ),
    # ---- "a Witch who looks but does not swap"
    illegal(
        "witch-looks-but-does-not-swap",
        U("witch werewolf villager", night={"ann": [view("center:0")]}),
    ),
    illegal(
        "witch-swaps-another-center-card",
        U("witch werewolf villager", night={"ann": [view("center:0"), swap("center:1", "cat")]}),
    ),
    illegal(
        "witch-swaps-without-looking",
        U("witch werewolf villager", night={"ann": [swap("center:0", "cat")]}),
    ),
    illegal(
        "witch-swap-before-look",
        U("witch werewolf villager", night={"ann": [swap("center:0", "cat"), view("center:0")]}),
    ),
    illegal(
        "witch-looks-at-a-player",
        U("witch werewolf villager", night={"ann": [view("bob"), swap("bob", "cat")]}),
    ),
    illegal(
        "witch-looks-at-two-center-cards",
        U(
            "witch werewolf villager",
            night={"ann": [view("center:0", "center:1"), swap("center:0", "cat")]},
        ),
    ),
    illegal(
        "witch-swaps-two-players",
        U("witch werewolf villager", night={"ann": [view("center:0"), swap("bob", "cat")]}),
    ),
    illegal(
        "witch-swaps-center-with-center",
        U(
            "witch werewolf villager",
            night={"ann": [view("center:0"), swap("center:0", "center:1")]},
        ),
    ),
    # ---- "a PI who goes on after finding a wolf"
    illegal(
        "pi-goes-on-after-wolf",
        U(
            "paranormal_investigator werewolf villager",
            night={"ann": [view("bob"), view("cat")]},
        ),
    ),
    illegal(
        "pi-goes-on-after-tanner",
        U(
            "paranormal_investigator tanner werewolf",
            night={"ann": [view("bob"), view("cat")]},
        ),
    ),
    illegal(
        "pi-goes-on-after-dream-wolf",
        U(
            "paranormal_investigator dream_wolf villager",
            night={"ann": [view("bob"), view("cat")]},
        ),
    ),
    illegal(
        "ghost-hunter-goes-on-after-wolf-sans-carte",
        S("ghost_hunter werewolf villager", night={"ann": [view("bob"), view("cat")]}),
    ),
    illegal(
        "pi-three-looks",
        U(
            "paranormal_investigator villager seer werewolf",
            night={"ann": [view("bob"), view("cat"), view("dan")]},
        ),
    ),
    illegal(
        "pi-two-cards-in-one-step",
        U(
            "paranormal_investigator villager seer werewolf",
            night={"ann": [view("bob", "cat")]},
        ),
    ),
    illegal(
        "pi-looks-at-himself",
        U("paranormal_investigator villager werewolf", night={"ann": [view("ann")]}),
    ),
    illegal(
        "pi-looks-at-center",
        U("paranormal_investigator villager werewolf", night={"ann": [view("center:0")]}),
    ),
    # AMBIGUOUS: "look at up to two other players' cards" — read as two different
    # players; looking at the same player twice is taken to be illegal.
    illegal(
        "pi-looks-at-same-player-twice",
        U(
            "paranormal_investigator villager werewolf",
            night={"ann": [view("bob"), view("bob")]},
        ),
    ),
    illegal(
        "doppelganger-pi-goes-on-after-wolf",
        U(
            "doppelganger paranormal_investigator werewolf villager",
            night={"ann": [copy("bob"), view("cat"), view("dan")]},
        ),
    ),
    # ---- Robber / Phantom Thief
    illegal(
        "robber-swaps-two-others",
        U("robber werewolf villager", night={"ann": [swap("bob", "cat")]}),
    ),
    illegal(
        "robber-swaps-with-center",
        U("robber werewolf villager", night={"ann": [swap("ann", "center:0")]}),
    ),
    illegal(
        "robber-robs-twice",
        U("robber werewolf villager", night={"ann": [swap("ann", "bob"), swap("ann", "cat")]}),
    ),
    # "A Robber who takes the Seer does not look."
    illegal(
        "robber-who-takes-seer-looks",
        U("robber seer werewolf", night={"ann": [swap("ann", "bob"), view("cat")]}),
    ),
    illegal(
        "phantom-thief-swaps-two-others-japanese",
        J("phantom_thief werewolf villager", night={"ann": [swap("bob", "cat")]}),
    ),
    # ---- Sentinel and the shield: "any look or move of a shielded card"
    illegal(
        "sentinel-shields-herself",
        U("sentinel werewolf villager", night={"ann": [shield("ann")]}),
    ),
    illegal(
        "sentinel-shields-center",
        U("sentinel werewolf villager", night={"ann": [shield("center:0")]}),
    ),
    illegal(
        "sentinel-two-shields",
        U("sentinel werewolf villager", night={"ann": [shield("bob"), shield("cat")]}),
    ),
    illegal(
        "doppelganger-sentinel-shields-shielded-card",
        U(
            "sentinel doppelganger werewolf villager",
            night={"ann": [shield("cat")], "bob": [copy("ann"), shield("cat")]},
        ),
    ),
    illegal(
        "doppelganger-copies-shielded-card",
        U(
            "sentinel doppelganger seer werewolf",
            night={"ann": [shield("cat")], "bob": [copy("cat")]},
        ),
    ),
    illegal(
        "seer-looks-at-shielded-card",
        U("sentinel seer werewolf", night={"ann": [shield("cat")], "bob": [view("cat")]}),
    ),
    illegal(
        "mystic-wolf-looks-at-shielded-card",
        U(
            "sentinel mystic_wolf werewolf seer",
            night={"ann": [shield("dan")], "bob": [view("dan")]},
        ),
    ),
    illegal(
        "pi-looks-at-shielded-card",
        U(
            "sentinel paranormal_investigator werewolf",
            night={"ann": [shield("cat")], "bob": [view("cat")]},
        ),
    ),
    illegal(
        "troublemaker-swaps-shielded-card",
        U(
            "sentinel troublemaker werewolf villager",
            night={"ann": [shield("cat")], "bob": [swap("cat", "dan")]},
        ),
    ),
    illegal(
        "robber-robs-shielded-card",
        U("sentinel robber werewolf", night={"ann": [shield("cat")], "bob": [swap("bob", "cat")]}),
    ),
    illegal(
        "shielded-robber-robs",
        U("sentinel robber werewolf", night={"ann": [shield("bob")], "bob": [swap("bob", "cat")]}),
    ),
    illegal(
        "shielded-drunk-swaps",
        U(
            "sentinel drunk werewolf",
            night={"ann": [shield("bob")], "bob": [swap("bob", "center:0")]},
        ),
    ),
    illegal(
        "witch-swaps-with-shielded-card",
        U(
            "sentinel witch werewolf",
            night={"ann": [shield("cat")], "bob": [view("center:0"), swap("center:0", "cat")]},
        ),
    ),
    illegal(
        "shielded-witch-swaps-with-herself",
        U(
            "sentinel witch werewolf",
            night={"ann": [shield("bob")], "bob": [view("center:0"), swap("center:0", "bob")]},
        ),
    ),
    illegal(
        "alpha-gives-center-wolf-to-shielded-player",
        U(
            "sentinel alpha_wolf villager",
            center_wolf="werewolf",
            night={"ann": [shield("cat")], "bob": [swap("center:wolf", "cat")]},
        ),
    ),
    illegal(
        "revealer-flips-shielded-card",
        U(
            "sentinel revealer werewolf villager",
            night={"ann": [shield("dan")], "bob": [reveal("dan")]},
        ),
    ),
    illegal(
        "shielded-doppelganger-robber-robs",
        U(
            "sentinel doppelganger robber werewolf",
            night={"ann": [shield("bob")], "bob": [copy("cat"), swap("bob", "dan")]},
        ),
    ),
    # ---- lone-wolf peek: "a lone-wolf peek when the wolf is not alone"
    illegal(
        "peek-when-two-wolves-wake",
        U("werewolf werewolf villager", night={"ann": [view("center:0")]}),
    ),
    illegal(
        "peek-with-mystic-wolf-awake",
        U("werewolf mystic_wolf villager", night={"ann": [view("center:0")]}),
    ),
    illegal(
        "peek-with-a-dream-wolf",
        U("werewolf dream_wolf villager", night={"ann": [view("center:0")]}),
    ),
    illegal(
        "peek-with-a-doppelganger-dream-wolf",
        U(
            "doppelganger dream_wolf werewolf villager",
            night={"ann": [copy("bob")], "cat": [view("center:0")]},
        ),
    ),
    illegal(
        "peek-with-a-doppelganger-werewolf",
        U(
            "doppelganger werewolf villager",
            night={"ann": [copy("bob")], "bob": [view("center:0")]},
        ),
    ),
    illegal("peek-in-japanese", J("werewolf villager sorcerer", night={"ann": [view("center:0")]})),
    illegal(
        "lone-alpha-peeks-at-center-wolf",
        U(
            "alpha_wolf villager seer",
            center_wolf="werewolf",
            night={"ann": [view("center:wolf"), swap("center:wolf", "bob")]},
        ),
    ),
    illegal(
        "lone-wolf-peeks-at-two-cards",
        U("werewolf villager seer", night={"ann": [view("center:0", "center:1")]}),
    ),
    illegal(
        "lone-wolf-looks-at-a-player",
        U("werewolf villager seer", night={"ann": [view("bob")]}),
    ),
    illegal(
        "lone-wolf-peeks-twice",
        U("werewolf villager seer", night={"ann": [view("center:0"), view("center:1")]}),
    ),
    # ---- Alpha Wolf
    illegal(
        "alpha-does-not-swap",
        U("alpha_wolf villager seer", center_wolf="werewolf"),
    ),
    illegal(
        "alpha-gives-card-to-night-wolf",
        U(
            "alpha_wolf werewolf villager",
            center_wolf="werewolf",
            night={"ann": [swap("center:wolf", "bob")]},
        ),
    ),
    illegal(
        "alpha-gives-card-to-dream-wolf",
        U(
            "alpha_wolf dream_wolf villager",
            center_wolf="werewolf",
            night={"ann": [swap("center:wolf", "bob")]},
        ),
    ),
    illegal(
        "alpha-gives-card-to-herself",
        U(
            "alpha_wolf villager seer",
            center_wolf="werewolf",
            night={"ann": [swap("center:wolf", "ann")]},
        ),
    ),
    illegal(
        "alpha-swaps-ordinary-center-card",
        U(
            "alpha_wolf villager seer",
            center_wolf="werewolf",
            night={"ann": [swap("center:0", "bob")]},
        ),
    ),
    illegal(
        "alpha-swaps-center-wolf-with-center",
        U(
            "alpha_wolf villager seer",
            center_wolf="werewolf",
            night={"ann": [swap("center:wolf", "center:0")]},
        ),
    ),
    # The Alpha Wolf's rule refers to night wolves: cat was dealt the werewolf (now
    # holding the doppelganger card), so he may not be given the center Werewolf card.
    illegal(
        "alpha-gives-card-to-robbed-night-wolf",
        U(
            "doppelganger robber werewolf alpha_wolf",
            center_wolf="werewolf",
            night={"ann": [copy("bob"), swap("ann", "cat")], "dan": [swap("center:wolf", "cat")]},
        ),
    ),
    illegal(
        "alpha-gives-card-to-doppelganger-werewolf",
        U(
            "doppelganger werewolf alpha_wolf villager",
            center_wolf="werewolf",
            night={"ann": [copy("bob")], "cat": [swap("center:wolf", "ann")]},
        ),
    ),
    # Alpha's peek (2) comes before her swap (2B).
    illegal(
        "lone-alpha-swap-before-peek",
        U(
            "alpha_wolf villager seer",
            center_wolf="werewolf",
            night={"ann": [swap("center:wolf", "bob"), view("center:0")]},
        ),
    ),
    # ---- Mystic Wolf
    illegal(
        "mystic-wolf-looks-at-herself",
        U("mystic_wolf werewolf villager", night={"ann": [view("ann")]}),
    ),
    illegal(
        "mystic-wolf-not-alone-looks-at-center",
        U("mystic_wolf werewolf villager", night={"ann": [view("center:0")]}),
    ),
    illegal(
        "mystic-wolf-looks-at-two-players",
        U("mystic_wolf werewolf villager seer", night={"ann": [view("cat", "dan")]}),
    ),
    # "a lone Mystic Wolf's center peek at 2 comes before her look at 2C"
    illegal(
        "lone-mystic-wolf-look-before-peek",
        U("mystic_wolf seer villager", night={"ann": [view("bob"), view("center:0")]}),
    ),
    illegal(
        "lone-mystic-wolf-look-before-peek-sans-carte",
        S("mystic_wolf seer villager", night={"ann": [view("bob"), view("center:0")]}),
    ),
    # ---- Doppelgänger
    illegal("doppelganger-does-not-copy", U("doppelganger werewolf villager")),
    illegal(
        "doppelganger-copies-herself",
        U("doppelganger werewolf villager", night={"ann": [copy("ann")]}),
    ),
    illegal(
        "doppelganger-copies-center-card",
        U("doppelganger werewolf villager", night={"ann": [copy("center:0")]}),
    ),
    illegal(
        "doppelganger-copies-twice",
        U("doppelganger werewolf villager", night={"ann": [copy("bob"), copy("cat")]}),
    ),
    illegal(
        "doppelganger-action-before-copy",
        U("doppelganger seer werewolf", night={"ann": [view("cat"), copy("bob")]}),
    ),
    illegal(
        "doppelganger-villager-takes-a-step",
        U("doppelganger villager werewolf", night={"ann": [copy("bob"), view("cat")]}),
    ),
    illegal(
        "doppelganger-drunk-does-not-swap",
        U(
            "doppelganger drunk werewolf",
            night={"ann": [copy("bob")], "bob": [swap("bob", "center:0")]},
        ),
    ),
    illegal(
        "doppelganger-witch-looks-but-does-not-swap",
        U("doppelganger witch werewolf", night={"ann": [copy("bob"), view("center:0")]}),
    ),
    illegal(
        "doppelganger-insomniac-takes-a-step",
        U("doppelganger insomniac werewolf", night={"ann": [copy("bob"), view("ann")]}),
    ),
    # workshop Ruling: a Doppelgänger-Alpha has no Alpha action.
    illegal(
        "doppelganger-alpha-swaps-in-workshop",
        W(
            "doppelganger alpha_wolf villager seer",
            center_wolf="werewolf",
            night={
                "ann": [copy("bob"), swap("center:wolf", "cat")],
                "bob": [swap("center:wolf", "dan")],
            },
        ),
    ),
    # ultimate: the Doppelgänger-Alpha must swap when she can.
    illegal(
        "doppelganger-alpha-does-not-swap-in-ultimate",
        U(
            "doppelganger alpha_wolf villager seer",
            center_wolf="werewolf",
            night={"ann": [copy("bob")], "bob": [swap("center:wolf", "dan")]},
        ),
    ),
    illegal(
        "doppelganger-alpha-gives-card-to-herself",
        U(
            "doppelganger alpha_wolf villager seer",
            center_wolf="werewolf",
            night={
                "ann": [copy("bob"), swap("center:wolf", "ann")],
                "bob": [swap("center:wolf", "dan")],
            },
        ),
    ),
    illegal(
        "doppelganger-alpha-gives-card-to-alpha",
        U(
            "doppelganger alpha_wolf villager seer",
            center_wolf="werewolf",
            night={
                "ann": [copy("bob"), swap("center:wolf", "bob")],
                "bob": [swap("center:wolf", "dan")],
            },
        ),
    ),
    illegal(
        "doppelganger-pi-goes-on-to-wake",
        U(
            "doppelganger paranormal_investigator werewolf villager",
            night={"ann": [copy("bob"), view("cat"), view("center:0")]},
        ),
    ),
    # ---- Revealer
    illegal(
        "revealer-reveals-herself", U("revealer werewolf villager", night={"ann": [reveal("ann")]})
    ),
    illegal(
        "revealer-reveals-center",
        U("revealer werewolf villager", night={"ann": [reveal("center:0")]}),
    ),
    illegal(
        "revealer-reveals-twice",
        U("revealer werewolf villager", night={"ann": [reveal("bob"), reveal("cat")]}),
    ),
    # ---- Little Girl
    illegal(
        "little-girl-peeks-twice", S("little_girl werewolf villager", night={"ann": [PEEK, PEEK]})
    ),
    illegal(
        "little-girl-peek-false",
        S("little_girl werewolf villager", night={"ann": [{"peek": False}]}),
    ),
    illegal("little-girl-looks", S("little_girl werewolf villager", night={"ann": [view("bob")]})),
    illegal("peek-by-a-werewolf", S("werewolf werewolf villager", night={"ann": [PEEK]})),
    # ---- "a step for a role that has no action"
    *[
        illegal(f"step-for-{role}", U(f"{role} werewolf villager", night={"ann": [step]}))
        for role, step in [
            ("villager", view("bob")),
            ("tanner", view("center:0")),
            ("hunter", view("bob")),
            ("bodyguard", shield("bob")),
            ("minion", view("bob")),
            ("insomniac", view("ann")),
            ("aura_seer", view("bob")),
            ("apprentice_tanner", view("bob")),
            ("revealer", view("bob")),
            ("sentinel", view("bob")),
            ("troublemaker", view("bob")),
            ("seer", swap("bob", "cat")),
            ("robber", view("bob")),
        ]
    ],
    illegal(
        "step-for-dream-wolf",
        U("dream_wolf villager seer", night={"ann": [view("center:0")]}),
    ),
    illegal("step-for-mason", U("mason mason werewolf", night={"ann": [view("cat")]})),
    illegal(
        "step-for-werewolf-not-alone", U("werewolf werewolf villager", night={"ann": [view("cat")]})
    ),
    illegal(
        "step-for-villager-japanese", J("villager werewolf sorcerer", night={"ann": [view("bob")]})
    ),
    # A player acts on the card dealt: bob holds the seer card but was dealt villager.
    illegal(
        "step-for-role-held-but-not-dealt",
        U(
            "troublemaker seer villager werewolf",
            night={"ann": [swap("bob", "cat")], "cat": [view("dan")]},
        ),
    ),
    # ---- malformed steps and unknown names
    illegal("unknown-step-kind", U("seer werewolf villager", night={"ann": [{"fly": "bob"}]})),
    illegal(
        "step-with-two-kinds",
        U("seer werewolf villager", night={"ann": [{"view": ["bob"], "shield": "cat"}]}),
    ),
    illegal("empty-view", U("seer werewolf villager", night={"ann": [view()]})),
    illegal(
        "swap-with-three-targets",
        U("troublemaker werewolf villager seer", night={"ann": [{"swap": ["bob", "cat", "dan"]}]}),
    ),
    illegal("night-for-unknown-player", U("seer werewolf villager", night={"zed": [view("bob")]})),
    illegal("look-at-unknown-player", U("seer werewolf villager", night={"ann": [view("zed")]})),
    illegal(
        "swap-with-unknown-player",
        U("troublemaker werewolf villager", night={"ann": [swap("bob", "zed")]}),
    ),
    illegal(
        "bad-center-slot-name",
        U("drunk werewolf villager", night={"ann": [swap("ann", "center:x")]}),
    ),
]

VOTES = [
    # "no abstaining, no pointing at oneself"
    illegal("vote-for-oneself", U("werewolf seer villager", votes="ann ann ann")),
    illegal("vote-for-oneself-japanese", J("werewolf sorcerer villager", votes="bob bob ann")),
    illegal(
        "missing-vote",
        U("werewolf seer villager", votes={"ann": "bob", "bob": "ann"}),
    ),
    illegal("no-votes-at-all", U("werewolf seer villager", votes={})),
    illegal("vote-for-unknown-player", U("werewolf seer villager", votes="bob zed ann")),
    illegal("vote-for-center-card", U("werewolf seer villager", votes="bob center:0 ann")),
    illegal(
        "vote-by-unknown-player",
        U("werewolf seer villager", votes={"ann": "bob", "bob": "ann", "cat": "ann", "zed": "ann"}),
    ),
    illegal(
        "abstain-with-null",
        U("werewolf seer villager", votes={"ann": "bob", "bob": "ann", "cat": None}),
    ),
    illegal("bodyguard-protects-himself", U("bodyguard werewolf villager", votes="ann ann ann")),
]

LEGAL = [
    # Controls: the edges of every range, and decks the rules allow.
    case("ultimate-3-players", U("werewolf seer villager")),
    case("ultimate-10-players", U(players(10))),
    case("workshop-3-players", W("werewolf seer villager")),
    case("workshop-10-players", W(players(10))),
    case("japanese-3-players", J("werewolf villager sorcerer")),
    case("japanese-7-players", J(players(7).replace("seer", "sorcerer"))),
    case("sans-carte-3-players", S("werewolf seer villager")),
    case("sans-carte-12-players", S(players(12))),
    case(
        "japanese-without-werewolf",
        J("villager villager sorcerer", center="phantom_thief villager"),
    ),
    case("japanese-three-werewolves", J("werewolf werewolf werewolf", center="villager sorcerer")),
    case(
        "masons-one-dealt-one-in-center", U("mason werewolf villager", center="mason robber seer")
    ),
    case("no-masons-at-all-workshop", W("werewolf seer villager")),
    case(
        "sans-carte-only-a-mystic-wolf-in-center",
        S("seer villager robber", center="mystic_wolf villager troublemaker"),
    ),
    case(
        "alpha-in-center-with-center-wolf",
        U("werewolf seer villager", center="alpha_wolf robber villager", center_wolf="werewolf"),
    ),
    case(
        "two-hunters-three-tanners",
        U("hunter hunter tanner tanner werewolf", center="tanner villager seer"),
    ),
    case(
        "doppelganger-in-center-only",
        U("werewolf seer villager", center="doppelganger robber drunk"),
    ),
    case(
        "options-are-accepted-and-ignored",
        U("werewolf seer villager", options={"turn_seconds": 30, "anything": True}),
    ),
    case(
        "swap-targets-in-either-order",
        U("troublemaker werewolf villager seer", night={"ann": [swap("dan", "bob")]}),
        cards="troublemaker seer villager werewolf",
    ),
    case(
        "names-other-than-the-usual",
        scenario(
            "ultimate",
            {"Zoë": "werewolf", "x-1": "seer", "center": "villager"},
            "villager robber troublemaker",
            night={"x-1": [view("Zoë")]},
            votes={"Zoë": "x-1", "x-1": "Zoë", "center": "Zoë"},
        ),
        dead="Zoë",
        winners="x-1 center",
    ),
]

CASES = [*DECK, *STEPS, *VOTES]


@pytest.mark.parametrize(("sc", "expect"), CASES)
def test_illegal(sc, expect):
    run_case(sc, expect)


@pytest.mark.parametrize(("sc", "expect"), LEGAL)
def test_legal_control(sc, expect):
    run_case(sc, expect)
