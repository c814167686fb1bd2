"""Review scenarios: adversarial interactions of RULES.md §2-§5 that the other tables
leave out (Doppelgänger copies in every kind of slot, shields on every kind of actor,
two players sharing a role, conversions on moved cards, the lone-wolf rule, the Aura
Seer's count, Bodyguard + Hunter chains, the workshop and japanese win rules) and more
illegal steps of FORMAT.md. Every expectation is derived by hand from the canon."""

import pytest
from scenario_helpers import (
    PEEK,
    acted,
    case,
    copy,
    illegal,
    little_girl,
    masons,
    multi,
    reveal,
    run_case,
    saw,
    scenario,
    shield,
    swap,
    tanners,
    view,
    wolves,
)

UW = "ultimate workshop"

DOPPELGANGER = [
    # A shielded Doppelgänger-Witch looks at a center card and must give it to another
    # player (not herself: her card is shielded); the real Witch then takes a center card.
    case(
        "shielded-doppelganger-witch-gives-to-another-then-witch-takes",
        scenario(
            "ultimate",
            "sentinel doppelganger witch werewolf villager",
            "tanner seer robber",
            night={
                "ann": [shield("bob")],
                "bob": [copy("cat"), view("center:0"), swap("center:0", "eve")],
                "cat": [view("center:1"), swap("center:1", "cat")],
            },
            votes="eve eve eve eve ann",
        ),
        cards="sentinel doppelganger seer werewolf tanner",
        center="villager witch robber",
        roles="sentinel witch seer werewolf tanner",
        learned={
            "bob": [saw("cat", "witch"), saw("center:0", "tanner")],
            "cat": [saw("center:1", "seer")],
            "dan": [wolves()],
        },
        dead="eve",
        # The Tanner dies: he wins alone (no Werewolf died, so the village loses too).
        winners="eve",
    ),
    illegal(
        "shielded-doppelganger-witch-swaps-with-herself",
        scenario(
            "ultimate",
            "sentinel doppelganger witch werewolf villager",
            "tanner seer robber",
            night={
                "ann": [shield("bob")],
                "bob": [copy("cat"), view("center:0"), swap("center:0", "bob")],
            },
        ),
    ),
    # Doppelgänger-Apprentice Tanner (3Ba) with no night Tanner: she and the dealt
    # Apprentice Tanner both become Tanners; only the one who dies wins.
    *multi(
        "doppelganger-apprentice-tanner-both-become-tanners",
        UW,
        "doppelganger apprentice_tanner werewolf villager",
        "seer robber troublemaker",
        night={"ann": [copy("bob")]},
        votes="bob ann bob bob",
        roles="tanner tanner werewolf villager",
        learned={
            "ann": [saw("bob", "apprentice_tanner"), tanners()],
            "bob": [tanners()],
            "cat": [wolves()],
        },
        dead="bob",
        winners="bob",
    ),
    # Doppelgänger-Apprentice Tanner with a dealt Tanner: both see him, neither converts;
    # the Tanner dies: he and both Apprentice Tanners win (both editions).
    *multi(
        "doppelganger-apprentice-tanner-sees-tanner-both-win",
        UW,
        "doppelganger apprentice_tanner tanner werewolf villager",
        "seer robber villager",
        night={"ann": [copy("bob")]},
        votes="cat cat dan cat dan",
        roles="apprentice_tanner apprentice_tanner tanner werewolf villager",
        learned={
            "ann": [saw("bob", "apprentice_tanner"), tanners("cat")],
            "bob": [tanners("cat")],
            "dan": [wolves()],
        },
        dead="cat",
        winners="ann bob cat",
    ),
    # Doppelgänger-Aura Seer at 7Ca: the dealt Aura Seer (7C) sees her copy; she sees
    # everyone but herself; the Drunk (8) comes after both.
    case(
        "doppelganger-aura-seer-7ca",
        scenario(
            "ultimate",
            "doppelganger aura_seer seer troublemaker werewolf villager drunk",
            "villager robber minion",
            night={
                "ann": [copy("bob")],
                "cat": [view("eve")],
                "dan": [swap("eve", "fay")],
                "eve": [view("center:1")],
                "gus": [swap("gus", "center:0")],
            },
            votes="fay fay fay fay fay ann fay",
        ),
        cards="doppelganger aura_seer seer troublemaker villager werewolf villager",
        center="drunk robber minion",
        roles="aura_seer aura_seer seer troublemaker villager werewolf villager",
        learned={
            "ann": [saw("bob", "aura_seer"), acted("cat", "dan", "eve")],
            "bob": [acted("ann", "cat", "dan", "eve")],
            "cat": [saw("eve", "werewolf")],
            "eve": [wolves(), saw("center:1", "robber")],
        },
        dead="fay",
        winners="ann bob cat dan eve gus",
    ),
    # Doppelgänger-Alpha (ultimate) under a Sentinel: gives the center Werewolf card to
    # an unshielded non-wolf at once; the real Alpha swaps what is in center:wolf then.
    case(
        "doppelganger-alpha-with-sentinel-ultimate",
        scenario(
            "ultimate",
            "sentinel doppelganger alpha_wolf seer villager",
            "villager robber troublemaker",
            center_wolf="werewolf",
            night={
                "ann": [shield("dan")],
                "bob": [copy("cat"), swap("center:wolf", "eve")],
                "cat": [swap("center:wolf", "ann")],
                "dan": [view("eve")],
            },
            votes="eve dan dan eve dan",
        ),
        cards="villager doppelganger alpha_wolf seer werewolf",
        wolf_slot="sentinel",
        roles="villager alpha_wolf alpha_wolf seer werewolf",
        learned={
            "bob": [saw("cat", "alpha_wolf"), wolves("cat")],
            "cat": [wolves("bob")],
            "dan": [saw("eve", "werewolf")],
        },
        dead="dan",
        winners="bob cat eve",
    ),
    illegal(
        "doppelganger-alpha-gives-card-to-shielded-player",
        scenario(
            "ultimate",
            "sentinel doppelganger alpha_wolf seer villager",
            "villager robber troublemaker",
            center_wolf="werewolf",
            night={
                "ann": [shield("dan")],
                "bob": [copy("cat"), swap("center:wolf", "dan")],
                "cat": [swap("center:wolf", "ann")],
            },
        ),
    ),
    # Doppelgänger-PI finds the Tanner at 1: she is a Tanner but not a night Tanner (she
    # copied a PI), so the Apprentice Tanner sees only the dealt Tanner. The dealt PI sees
    # the doppelganger card (goes on), then a Werewolf.
    case(
        "doppelganger-pi-finds-tanner-is-no-night-tanner",
        scenario(
            "ultimate",
            "doppelganger paranormal_investigator tanner apprentice_tanner werewolf",
            "villager seer robber",
            night={
                "ann": [copy("bob"), view("cat")],
                "bob": [view("ann"), view("eve")],
            },
            votes="eve ann ann ann ann",
        ),
        roles="tanner werewolf tanner apprentice_tanner werewolf",
        learned={
            "ann": [saw("bob", "paranormal_investigator"), saw("cat", "tanner")],
            "bob": [saw("ann", "doppelganger"), saw("eve", "werewolf")],
            "dan": [tanners("cat")],
            "eve": [wolves()],
        },
        dead="ann",
        # ann (a Tanner) dies: she wins, and the Apprentice Tanner with her.
        winners="ann dan",
    ),
    # The Robber takes the Doppelgänger-Hunter's card: he is a Hunter, dies, and takes
    # the Werewolf with him.
    case(
        "robber-takes-doppelganger-hunter-card-and-shoots",
        scenario(
            "ultimate",
            "doppelganger hunter robber werewolf villager",
            "villager seer troublemaker",
            night={"ann": [copy("bob")], "cat": [swap("cat", "ann")]},
            votes="cat cat dan cat ann",
        ),
        cards="robber hunter doppelganger werewolf villager",
        roles="robber hunter hunter werewolf villager",
        learned={
            "ann": [saw("bob", "hunter")],
            "cat": [saw("cat", "doppelganger")],
            "dan": [wolves()],
        },
        dead="cat dan",
        winners="ann bob cat eve",
    ),
    # Doppelgänger-Robber robs the Alpha Wolf at 1. The Alpha still acts on his dealt
    # card (he is a night wolf, she is not) and gives her the center Werewolf card; the
    # Robber then takes it from her.
    case(
        "doppelganger-robber-robs-alpha-who-still-swaps",
        scenario(
            "ultimate",
            "doppelganger robber alpha_wolf villager",
            "seer villager troublemaker",
            center_wolf="werewolf",
            night={
                "ann": [copy("bob"), swap("ann", "cat")],
                "cat": [swap("center:wolf", "ann")],
                "bob": [swap("bob", "ann")],
            },
            votes="bob dan bob bob",
        ),
        cards="robber werewolf doppelganger villager",
        wolf_slot="alpha_wolf",
        roles="robber werewolf robber villager",
        learned={
            "ann": [saw("bob", "robber"), saw("ann", "alpha_wolf")],
            "bob": [saw("bob", "werewolf")],
            "cat": [wolves()],
        },
        dead="bob",
        winners="ann cat dan",
    ),
    # Doppelgänger-Mystic Wolf, shielded: she still looks at another card at once and
    # wakes with the werewolves.
    case(
        "shielded-doppelganger-mystic-wolf-looks-and-wakes",
        scenario(
            "ultimate",
            "sentinel doppelganger mystic_wolf villager",
            "werewolf seer robber",
            night={
                "ann": [shield("bob")],
                "bob": [copy("cat"), view("dan")],
                "cat": [view("ann")],
            },
            votes="bob cat bob bob",
        ),
        roles="sentinel mystic_wolf mystic_wolf villager",
        learned={
            "bob": [saw("cat", "mystic_wolf"), saw("dan", "villager"), wolves("cat")],
            "cat": [wolves("bob"), saw("ann", "sentinel")],
        },
        dead="bob",
        winners="ann dan",
    ),
    # Doppelgänger-Troublemaker, shielded: swaps two other players at once.
    case(
        "shielded-doppelganger-troublemaker-swaps-others",
        scenario(
            "ultimate",
            "sentinel doppelganger troublemaker werewolf villager",
            "seer robber villager",
            night={
                "ann": [shield("bob")],
                "bob": [copy("cat"), swap("dan", "eve")],
                "cat": [swap("ann", "dan")],
            },
        ),
        cards="villager doppelganger troublemaker sentinel werewolf",
        roles="villager troublemaker troublemaker sentinel werewolf",
        learned={"bob": [saw("cat", "troublemaker")], "dan": [wolves()]},
    ),
    illegal(
        "doppelganger-troublemaker-swaps-herself",
        scenario(
            "ultimate",
            "doppelganger troublemaker werewolf villager",
            "seer robber villager",
            night={"ann": [copy("bob"), swap("ann", "cat")]},
        ),
    ),
    illegal(
        "doppelganger-seer-looks-at-herself",
        scenario(
            "ultimate",
            "doppelganger seer werewolf villager",
            "seer robber villager",
            night={"ann": [copy("bob"), view("ann")]},
        ),
    ),
    illegal(
        "doppelganger-sentinel-shields-herself",
        scenario(
            "ultimate",
            "doppelganger sentinel werewolf villager",
            "seer robber villager",
            night={"ann": [copy("bob"), shield("ann")]},
        ),
    ),
    illegal(
        "doppelganger-witch-swaps-a-card-she-did-not-look-at",
        scenario(
            "ultimate",
            "doppelganger witch werewolf villager",
            "seer robber villager",
            night={"ann": [copy("bob"), view("center:0"), swap("center:1", "dan")]},
        ),
    ),
    illegal(
        "doppelganger-aura-seer-takes-a-step",
        scenario(
            "ultimate",
            "doppelganger aura_seer werewolf villager",
            "seer robber villager",
            night={"ann": [copy("bob"), view("cat")]},
        ),
    ),
    illegal(
        "doppelganger-mason-takes-a-step",
        scenario(
            "ultimate",
            "doppelganger mason mason werewolf",
            "seer robber villager",
            night={"ann": [copy("bob"), view("center:0")]},
        ),
    ),
    # Doppelgänger-Minion without any Werewolf among the players: both Minions see no
    # one; only a Minion dies, so nobody wins (ultimate); workshop: the werewolf team
    # wins with no Werewolf, that is the Minions.
    *multi(
        "doppelganger-minion-no-wolf-one-minion-dies",
        UW,
        "doppelganger minion villager seer",
        "werewolf robber troublemaker",
        night={"ann": [copy("bob")]},
        votes="bob ann bob bob",
        roles="minion minion villager seer",
        learned={"ann": [saw("bob", "minion"), wolves()], "bob": [wolves()]},
        dead="bob",
        by_edition={"ultimate": {"winners": ""}, "workshop": {"winners": "ann bob"}},
    ),
    # Doppelgänger-Revealer at 10a reveals a Tanner: turned back down; the Revealer's
    # Villager stays up.
    case(
        "doppelganger-revealer-tanner-back-down-revealer-villager-up",
        scenario(
            "ultimate",
            "doppelganger revealer villager tanner werewolf",
            "seer robber villager",
            night={"ann": [copy("bob"), reveal("dan")], "bob": [reveal("cat")]},
        ),
        roles="revealer revealer villager tanner werewolf",
        revealed={"cat": "villager"},
        learned={
            "ann": [saw("bob", "revealer"), saw("dan", "tanner")],
            "bob": [saw("cat", "villager")],
            "eve": [wolves()],
        },
    ),
    # Doppelgänger-Insomniac after a Troublemaker moved her card: she sees the new one.
    case(
        "doppelganger-insomniac-sees-card-troublemaker-gave",
        scenario(
            "ultimate",
            "doppelganger insomniac troublemaker werewolf",
            "seer robber villager",
            night={"ann": [copy("bob")], "cat": [swap("ann", "dan")]},
            votes="dan dan dan ann",
        ),
        cards="werewolf insomniac troublemaker doppelganger",
        roles="werewolf insomniac troublemaker insomniac",
        learned={
            "ann": [saw("bob", "insomniac"), saw("ann", "werewolf")],
            "bob": [saw("bob", "insomniac")],
            "dan": [wolves()],
        },
        dead="dan",
        # dan holds the doppelganger card (an Insomniac): ann is the Werewolf, alive.
        winners="ann",
    ),
    # Doppelgänger-Dream Wolf: a night wolf, so the Alpha may not give her the center
    # Werewolf card, and the Minion sees her.
    illegal(
        "alpha-gives-card-to-doppelganger-dream-wolf",
        scenario(
            "ultimate",
            "doppelganger dream_wolf alpha_wolf villager",
            "seer robber villager",
            center_wolf="werewolf",
            night={"ann": [copy("bob")], "cat": [swap("center:wolf", "ann")]},
        ),
    ),
    case(
        "doppelganger-dream-wolf-seen-by-alpha-and-minion",
        scenario(
            "ultimate",
            "doppelganger dream_wolf alpha_wolf minion villager",
            "seer robber villager",
            center_wolf="werewolf",
            night={"ann": [copy("bob")], "cat": [swap("center:wolf", "eve")]},
            votes="dan dan dan eve dan",
        ),
        cards="doppelganger dream_wolf alpha_wolf minion werewolf",
        wolf_slot="villager",
        roles="dream_wolf dream_wolf alpha_wolf minion werewolf",
        learned={
            "ann": [saw("bob", "dream_wolf")],
            "cat": [wolves("ann", "bob")],
            "dan": [wolves("ann", "bob", "cat")],
        },
        dead="dan",
        # Only the Minion dies: the werewolf team (all Werewolves and the Minion) wins.
        winners="ann bob cat dan eve",
    ),
]

ALPHA_AND_CONVERSIONS = [
    # The Alpha gives the center Werewolf card to the Apprentice Tanner at 2B; at 3B she
    # (acting on her dealt card) sees no Tanner and her dealt card, now in center:wolf,
    # becomes a Tanner. She holds a Werewolf card: she is a Werewolf.
    case(
        "alpha-gives-card-to-apprentice-tanner-who-converts-her-old-card",
        scenario(
            "ultimate",
            "alpha_wolf apprentice_tanner seer villager",
            "villager robber troublemaker",
            center_wolf="werewolf",
            night={"ann": [swap("center:wolf", "bob")], "cat": [view("bob")]},
            votes="dan dan bob bob",
        ),
        cards="alpha_wolf werewolf seer villager",
        wolf_slot="apprentice_tanner",
        roles="alpha_wolf werewolf seer villager",
        learned={"ann": [wolves()], "bob": [tanners()], "cat": [saw("bob", "werewolf")]},
        dead="bob dan",
        winners="cat dan",
    ),
    # The Alpha gives the card to the Minion: the Minion (a Werewolf now) still sees only
    # the night wolves.
    case(
        "alpha-gives-card-to-minion",
        scenario(
            "ultimate",
            "alpha_wolf minion villager seer",
            "villager robber troublemaker",
            center_wolf="werewolf",
            night={"ann": [swap("center:wolf", "bob")]},
            votes="cat cat ann cat",
        ),
        cards="alpha_wolf werewolf villager seer",
        wolf_slot="minion",
        roles="alpha_wolf werewolf villager seer",
        learned={"ann": [wolves()], "bob": [wolves("ann")]},
        dead="cat",
        winners="ann bob",
    ),
    # The PI becomes a Werewolf at 5C; the Witch then sends the wolf card he saw to the
    # center: the PI is the only Werewolf, and the Minion wins with him.
    *multi(
        "pi-is-the-only-werewolf-at-dawn",
        UW,
        "minion paranormal_investigator werewolf witch villager",
        "villager seer robber",
        night={"bob": [view("cat")], "dan": [view("center:0"), swap("center:0", "cat")]},
        votes="eve eve eve bob dan",
        cards="minion paranormal_investigator villager witch villager",
        center="werewolf seer robber",
        roles="minion werewolf villager witch villager",
        learned={
            "ann": [wolves("cat")],
            "bob": [saw("cat", "werewolf")],
            "cat": [wolves()],
            "dan": [saw("center:0", "villager")],
        },
        dead="eve",
        winners="ann bob",
    ),
    # Two PIs: the second looks at the first (converted) and sees the printed PI card:
    # it does not stop him.
    case(
        "second-pi-sees-converted-pi-card-and-goes-on",
        scenario(
            "ultimate",
            "paranormal_investigator paranormal_investigator werewolf villager",
            "villager seer robber",
            night={"ann": [view("cat")], "bob": [view("ann"), view("dan")]},
            votes="cat cat dan cat",
        ),
        roles="werewolf paranormal_investigator werewolf villager",
        learned={
            "ann": [saw("cat", "werewolf")],
            "bob": [saw("ann", "paranormal_investigator"), saw("dan", "villager")],
            "cat": [wolves()],
        },
        dead="cat",
        winners="bob dan",
    ),
    # A PI looks at an Apprentice Tanner who became a Tanner: the printed card does not
    # stop him.
    case(
        "pi-sees-converted-apprentice-tanner-and-goes-on",
        scenario(
            "ultimate",
            "apprentice_tanner paranormal_investigator werewolf villager",
            "villager seer robber",
            night={"bob": [view("ann"), view("dan")]},
        ),
        roles="tanner paranormal_investigator werewolf villager",
        learned={
            "ann": [tanners()],
            "bob": [saw("ann", "apprentice_tanner"), saw("dan", "villager")],
            "cat": [wolves()],
        },
    ),
    illegal(
        "pi-goes-on-after-finding-center-wolf-card",
        scenario(
            "ultimate",
            "alpha_wolf paranormal_investigator villager seer",
            "villager robber troublemaker",
            center_wolf="werewolf",
            night={
                "ann": [swap("center:wolf", "cat")],
                "bob": [view("cat"), view("dan")],
            },
        ),
    ),
    # The Alpha's center Werewolf card stops the PI who looks at its new holder.
    case(
        "pi-finds-center-wolf-card-given-by-alpha",
        scenario(
            "ultimate",
            "alpha_wolf paranormal_investigator villager seer",
            "villager robber troublemaker",
            center_wolf="werewolf",
            night={"ann": [swap("center:wolf", "cat")], "bob": [view("cat")]},
            votes="bob ann bob bob",
        ),
        cards="alpha_wolf paranormal_investigator werewolf seer",
        wolf_slot="villager",
        roles="alpha_wolf werewolf werewolf seer",
        learned={"ann": [wolves()], "bob": [saw("cat", "werewolf")]},
        dead="bob",
        winners="dan",
    ),
]

SHARED_ROLES = [
    # Two Sentinels: the second (shielded) still shields another card; the Robber cannot
    # rob either shielded card.
    case(
        "two-sentinels-shield-in-seat-order",
        scenario(
            "ultimate",
            "sentinel sentinel robber werewolf villager",
            "seer troublemaker villager",
            night={"ann": [shield("bob")], "bob": [shield("dan")], "cat": [swap("cat", "eve")]},
        ),
        cards="sentinel sentinel villager werewolf robber",
        learned={"cat": [saw("cat", "villager")], "dan": [wolves()]},
    ),
    illegal(
        "second-sentinel-shields-shielded-card",
        scenario(
            "ultimate",
            "sentinel sentinel robber werewolf villager",
            "seer troublemaker villager",
            night={"ann": [shield("cat")], "bob": [shield("cat")]},
        ),
    ),
    illegal(
        "robber-robs-card-shielded-by-second-sentinel",
        scenario(
            "ultimate",
            "sentinel sentinel robber werewolf villager",
            "seer troublemaker villager",
            night={"ann": [shield("bob")], "bob": [shield("dan")], "cat": [swap("cat", "dan")]},
        ),
    ),
    # Two Apprentice Tanners, no Tanner: neither is a night Tanner, both convert.
    *multi(
        "two-apprentice-tanners-both-become-tanners",
        UW,
        "apprentice_tanner apprentice_tanner werewolf villager",
        "seer robber villager",
        votes="bob cat bob bob",
        roles="tanner tanner werewolf villager",
        learned={"ann": [tanners()], "bob": [tanners()], "cat": [wolves()]},
        dead="bob",
        winners="bob",
    ),
    # Two Insomniacs swapped by the Troublemaker: each sees the other's card.
    case(
        "two-insomniacs-swapped",
        scenario(
            "ultimate",
            "insomniac insomniac troublemaker werewolf",
            "seer robber villager",
            night={"cat": [swap("ann", "dan")]},
        ),
        cards="werewolf insomniac troublemaker insomniac",
        learned={
            "ann": [saw("ann", "werewolf")],
            "bob": [saw("bob", "insomniac")],
            "dan": [wolves()],
        },
    ),
    # Two Mystic Wolves: both wake (no lone peek) and each looks at a card.
    case(
        "two-mystic-wolves-look-in-seat-order",
        scenario(
            "ultimate",
            "mystic_wolf robber mystic_wolf villager",
            "seer robber villager",
            night={"ann": [view("bob")], "bob": [swap("bob", "dan")], "cat": [view("bob")]},
        ),
        cards="mystic_wolf villager mystic_wolf robber",
        learned={
            "ann": [wolves("cat"), saw("bob", "robber")],
            "bob": [saw("bob", "villager")],
            "cat": [wolves("ann"), saw("bob", "robber")],
        },
    ),
    illegal(
        "two-mystic-wolves-no-lone-peek",
        scenario(
            "ultimate",
            "mystic_wolf villager mystic_wolf seer",
            "seer robber villager",
            night={"ann": [view("center:0"), view("bob")]},
        ),
    ),
    # Two Revealers: a Villager left up and a Dream Wolf turned back down.
    case(
        "two-revealers-in-seat-order",
        scenario(
            "ultimate",
            "revealer revealer dream_wolf villager",
            "seer robber villager",
            night={"ann": [reveal("cat")], "bob": [reveal("dan")]},
        ),
        revealed={"dan": "villager"},
        learned={"ann": [saw("cat", "dream_wolf")], "bob": [saw("dan", "villager")]},
    ),
    # Two Minions, one Dream Wolf: both Minions see him; he never wakes.
    case(
        "two-minions-see-the-dream-wolf",
        scenario(
            "ultimate",
            "minion minion dream_wolf villager",
            "seer robber villager",
            votes="cat cat ann cat",
        ),
        learned={"ann": [wolves("cat")], "bob": [wolves("cat")]},
        dead="cat",
        winners="dan",
    ),
    # Two Seers: one looks at two center cards, the other at a player.
    case(
        "two-seers",
        scenario(
            "ultimate",
            "seer seer werewolf villager",
            "tanner robber villager",
            night={"ann": [view("center:2", "center:0")], "bob": [view("cat")]},
        ),
        learned={
            "ann": [saw("center:0", "tanner"), saw("center:2", "villager")],
            "bob": [saw("cat", "werewolf")],
            "cat": [wolves()],
        },
    ),
    # Two Aura Seers: neither sees the other (neither looked at or moved a card).
    case(
        "two-aura-seers-do-not-see-each-other",
        scenario(
            "ultimate",
            "aura_seer aura_seer robber werewolf",
            "seer troublemaker villager",
            night={"cat": [swap("cat", "dan")]},
        ),
        cards="aura_seer aura_seer werewolf robber",
        learned={
            "ann": [acted("cat")],
            "bob": [acted("cat")],
            "cat": [saw("cat", "werewolf")],
            "dan": [wolves()],
        },
    ),
    # Two Apprentice Seers look at center cards.
    case(
        "two-apprentice-seers",
        scenario(
            "ultimate",
            "apprentice_seer apprentice_seer werewolf villager",
            "tanner robber villager",
            night={"ann": [view("center:1")], "bob": [view("center:1")]},
        ),
        learned={
            "ann": [saw("center:1", "robber")],
            "bob": [saw("center:1", "robber")],
            "cat": [wolves()],
        },
    ),
    # Two Dream Wolves and one Werewolf: not alone, no peek; he sees both.
    case(
        "werewolf-with-two-dream-wolves-sees-both",
        scenario(
            "ultimate",
            "werewolf dream_wolf dream_wolf villager",
            "seer robber villager",
        ),
        learned={"ann": [wolves("bob", "cat")]},
    ),
    illegal(
        "werewolf-with-two-dream-wolves-peeks",
        scenario(
            "ultimate",
            "werewolf dream_wolf dream_wolf villager",
            "seer robber villager",
            night={"ann": [view("center:0")]},
        ),
    ),
]

AURA_SEER = [
    # What counts: a Doppelgänger's copy (here of the Sentinel), a look (Apprentice Seer,
    # PI); not a shield, not seeing other players, not a shielded Robber who cannot rob.
    case(
        "aura-seer-counts-looks-not-shields-or-seeing",
        scenario(
            "ultimate",
            "sentinel doppelganger werewolf minion mason mason apprentice_seer robber "
            "aura_seer paranormal_investigator",
            "villager seer troublemaker",
            night={
                "ann": [shield("hal")],
                "bob": [copy("ann"), shield("gus")],
                "gus": [view("center:0")],
                "jon": [view("dan")],
            },
        ),
        roles="sentinel sentinel werewolf minion mason mason apprentice_seer robber "
        "aura_seer paranormal_investigator",
        learned={
            "bob": [saw("ann", "sentinel")],
            "cat": [wolves()],
            "dan": [wolves("cat")],
            "eve": [masons("fay")],
            "fay": [masons("eve")],
            "gus": [saw("center:0", "villager")],
            "ivy": [acted("bob", "gus", "jon")],
            "jon": [saw("dan", "minion")],
        },
    ),
    # The lone wolf's peek counts; the Witch's look and swap count; a Robber who passes
    # does not.
    case(
        "aura-seer-counts-lone-peek-and-witch",
        scenario(
            "ultimate",
            "werewolf witch robber aura_seer villager",
            "tanner seer villager",
            night={"ann": [view("center:1")], "bob": [view("center:0"), swap("center:0", "eve")]},
        ),
        cards="werewolf witch robber aura_seer tanner",
        center="villager seer villager",
        learned={
            "ann": [wolves(), saw("center:1", "seer")],
            "bob": [saw("center:0", "tanner")],
            "dan": [acted("ann", "bob")],
        },
    ),
    # The Alpha Wolf's swap counts (he moved a card without looking).
    case(
        "aura-seer-counts-alpha-swap-and-doppelganger-copy",
        scenario(
            "ultimate",
            "doppelganger alpha_wolf aura_seer villager",
            "seer robber villager",
            center_wolf="werewolf",
            night={"ann": [copy("dan")], "bob": [swap("center:wolf", "dan")]},
        ),
        cards="doppelganger alpha_wolf aura_seer werewolf",
        wolf_slot="villager",
        roles="villager alpha_wolf aura_seer werewolf",
        learned={
            "ann": [saw("dan", "villager")],
            "bob": [wolves()],
            "cat": [acted("ann", "bob")],
        },
    ),
]

TRAVELING_CARDS = [
    # The Witch hands the dealt Doppelgänger-Werewolf's card to the center and the Drunk
    # takes it: a dealt doppelganger card is its copied role wherever it goes.
    case(
        "drunk-takes-doppelganger-werewolf-card-from-center",
        scenario(
            "ultimate",
            "doppelganger werewolf witch drunk villager",
            "villager seer robber",
            night={
                "ann": [copy("bob")],
                "cat": [view("center:1"), swap("center:1", "ann")],
                "dan": [swap("dan", "center:1")],
            },
            votes="dan eve dan eve dan",
        ),
        cards="seer werewolf witch doppelganger villager",
        center="villager drunk robber",
        roles="seer werewolf witch werewolf villager",
        learned={
            "ann": [saw("bob", "werewolf"), wolves("bob")],
            "bob": [wolves("ann")],
            "cat": [saw("center:1", "seer")],
        },
        dead="dan",
        winners="ann cat eve",
    ),
    # The converted Apprentice Tanner card goes to the center (Witch) and the Drunk takes
    # it: he is a Tanner, dies and wins alone.
    case(
        "drunk-takes-converted-apprentice-tanner-card",
        scenario(
            "ultimate",
            "apprentice_tanner witch drunk werewolf",
            "villager seer robber",
            night={
                "bob": [view("center:0"), swap("center:0", "ann")],
                "cat": [swap("cat", "center:0")],
            },
            votes="cat cat dan cat",
        ),
        cards="villager witch apprentice_tanner werewolf",
        center="drunk seer robber",
        roles="villager witch tanner werewolf",
        learned={
            "ann": [tanners()],
            "bob": [saw("center:0", "villager")],
            "dan": [wolves()],
        },
        dead="cat",
        winners="cat",
    ),
    # A center Tanner card given to a player (Witch) makes no night Tanner, and the
    # Apprentice Tanner (3B, before the Witch) converts; the Tanner who dies wins, the
    # converted Apprentice Tanner survives and loses.
    *multi(
        "witch-gives-center-tanner-apprentice-converted-survives",
        UW,
        "apprentice_tanner witch werewolf villager",
        "tanner seer robber",
        night={"bob": [view("center:0"), swap("center:0", "dan")]},
        votes="dan dan dan ann",
        cards="apprentice_tanner witch werewolf tanner",
        roles="tanner witch werewolf tanner",
        learned={
            "ann": [tanners()],
            "bob": [saw("center:0", "tanner")],
            "cat": [wolves()],
        },
        dead="dan",
        winners="dan",
    ),
]

LONE_WOLF_AND_LITTLE_GIRL = [
    # A Dream Wolf in the center is no night wolf: the lone Werewolf may peek.
    *multi(
        "dream-wolf-in-center-does-not-stop-lone-peek",
        UW,
        "werewolf seer villager",
        "dream_wolf robber troublemaker",
        night={"ann": [view("center:0")]},
        learned={"ann": [wolves(), saw("center:0", "dream_wolf")]},
    ),
    # A Werewolf and a Mystic Wolf wake together (no peek); the Mystic Wolf looks at 2C.
    case(
        "werewolf-and-mystic-wolf-not-alone-mystic-still-looks",
        scenario(
            "ultimate",
            "werewolf mystic_wolf seer villager",
            "villager robber troublemaker",
            night={"bob": [view("cat")]},
        ),
        learned={
            "ann": [wolves("bob")],
            "bob": [wolves("ann"), saw("cat", "seer")],
        },
    ),
    # Sans-carte: two Little Girls peek; each Werewolf learns both.
    case(
        "two-little-girls-peek-sans-carte",
        scenario(
            "sans-carte",
            "little_girl little_girl werewolf werewolf seer",
            "villager robber troublemaker",
            night={"ann": [PEEK], "bob": [PEEK]},
        ),
        learned={
            "ann": [wolves("cat", "dan")],
            "bob": [wolves("cat", "dan")],
            "cat": [wolves("dan"), little_girl("ann"), little_girl("bob")],
            "dan": [wolves("cat"), little_girl("ann"), little_girl("bob")],
        },
    ),
    # Sans-carte: the Little Girl sees the Werewolf and the Mystic Wolf (they wake
    # together), not the Minion; the Minion sees both wolves.
    case(
        "little-girl-minion-mystic-sans-carte",
        scenario(
            "sans-carte",
            "little_girl werewolf minion mystic_wolf villager",
            "villager seer robber",
            night={"ann": [PEEK], "dan": [view("cat")]},
            votes="cat ann ann ann ann",
        ),
        learned={
            "ann": [wolves("bob", "dan")],
            "bob": [wolves("dan"), little_girl("ann")],
            "cat": [wolves("bob", "dan")],
            "dan": [wolves("bob"), little_girl("ann"), saw("cat", "minion")],
        },
        dead="ann",
        winners="bob cat dan",
    ),
    # Sans-carte: a lone Werewolf peeks at the center and the Little Girl peeks too.
    case(
        "lone-werewolf-peeks-and-little-girl-peeks-sans-carte",
        scenario(
            "sans-carte",
            "werewolf little_girl seer villager",
            "werewolf robber troublemaker",
            night={"ann": [view("center:0")], "bob": [PEEK]},
        ),
        learned={
            "ann": [wolves(), saw("center:0", "werewolf"), little_girl("bob")],
            "bob": [wolves("ann")],
        },
    ),
    illegal(
        "little-girl-peeks-twice-sans-carte",
        scenario(
            "sans-carte",
            "little_girl werewolf seer villager",
            "werewolf robber troublemaker",
            night={"ann": [PEEK, PEEK]},
        ),
    ),
    illegal(
        "doppelganger-mystic-wolf-peeks-at-center",
        scenario(
            "ultimate",
            "doppelganger villager mystic_wolf seer",
            "werewolf robber troublemaker",
            night={"ann": [copy("cat"), view("bob"), view("center:0")]},
        ),
    ),
    # Sans-carte: Doppelgänger-Ghost Hunter finds the Werewolf at 1; she does not wake
    # with him (he is a lone wolf and may peek), and the Little Girl does not see her.
    case(
        "doppelganger-ghost-hunter-finds-wolf-lone-peek-sans-carte",
        scenario(
            "sans-carte",
            "doppelganger ghost_hunter werewolf little_girl",
            "villager robber troublemaker",
            night={
                "ann": [copy("bob"), view("cat")],
                "cat": [view("center:1")],
                "dan": [PEEK],
            },
            votes="bob ann ann ann",
        ),
        roles="werewolf ghost_hunter werewolf little_girl",
        learned={
            "ann": [saw("bob", "ghost_hunter"), saw("cat", "werewolf")],
            "cat": [wolves(), saw("center:1", "robber"), little_girl("dan")],
            "dan": [wolves("cat")],
        },
        dead="ann",
        winners="bob dan",
    ),
]

REVEALER = [
    # The Robber took the Werewolf card: the Revealer turns it back down.
    case(
        "revealer-turns-robbed-werewolf-back-down",
        scenario(
            "ultimate",
            "revealer robber werewolf villager",
            "seer villager troublemaker",
            night={"bob": [swap("bob", "cat")], "ann": [reveal("bob")]},
        ),
        cards="revealer werewolf robber villager",
        revealed={},
        learned={
            "ann": [saw("bob", "werewolf")],
            "bob": [saw("bob", "werewolf")],
            "cat": [wolves()],
        },
    ),
    # The ex-Werewolf now holds the Robber card: it stays up.
    case(
        "revealer-leaves-robber-card-up-in-front-of-dealt-wolf",
        scenario(
            "ultimate",
            "revealer robber werewolf villager",
            "seer villager troublemaker",
            night={"bob": [swap("bob", "cat")], "ann": [reveal("cat")]},
        ),
        revealed={"cat": "robber"},
        learned={
            "ann": [saw("cat", "robber")],
            "bob": [saw("bob", "werewolf")],
            "cat": [wolves()],
        },
    ),
    # A Doppelgänger who copied the Tanner: the printed doppelganger card stays up.
    case(
        "revealer-doppelganger-tanner-card-stays-up",
        scenario(
            "ultimate",
            "doppelganger tanner revealer werewolf",
            "seer villager troublemaker",
            night={"ann": [copy("bob")], "cat": [reveal("ann")]},
        ),
        roles="tanner tanner revealer werewolf",
        revealed={"ann": "doppelganger"},
        learned={
            "ann": [saw("bob", "tanner")],
            "cat": [saw("ann", "doppelganger")],
            "dan": [wolves()],
        },
    ),
    # A shielded Revealer still reveals another card.
    case(
        "shielded-revealer-reveals-another",
        scenario(
            "ultimate",
            "sentinel revealer werewolf villager",
            "seer villager troublemaker",
            night={"ann": [shield("bob")], "bob": [reveal("ann")]},
        ),
        revealed={"ann": "sentinel"},
        learned={"bob": [saw("ann", "sentinel")], "cat": [wolves()]},
    ),
    # The Drunk took the center Tanner card: the Revealer sees it and turns it back down.
    case(
        "revealer-drunk-with-tanner-card-back-down",
        scenario(
            "ultimate",
            "revealer drunk werewolf villager",
            "tanner villager troublemaker",
            night={"bob": [swap("bob", "center:0")], "ann": [reveal("bob")]},
        ),
        cards="revealer tanner werewolf villager",
        center="drunk villager troublemaker",
        revealed={},
        learned={"ann": [saw("bob", "tanner")], "cat": [wolves()]},
    ),
    illegal(
        "revealer-reveals-himself",
        scenario(
            "ultimate",
            "revealer villager werewolf seer",
            "seer villager troublemaker",
            night={"ann": [reveal("ann")]},
        ),
    ),
]

VOTES = [
    # The Hunter dies and takes the Bodyguard (who protected the Werewolf) with him.
    *multi(
        "hunter-shoots-the-bodyguard",
        UW,
        "bodyguard hunter werewolf villager villager",
        "seer robber villager",
        votes="cat ann bob bob bob",
        learned={"cat": [wolves()]},
        dead="ann bob",
        winners="cat",
    ),
    # The Hunter dies alone; his target is the player the Bodyguard protects.
    *multi(
        "hunter-target-protected-werewolf-survives",
        UW,
        "bodyguard hunter werewolf villager villager villager",
        "seer robber villager",
        votes="cat cat bob bob fay eve",
        dead="bob",
        winners="cat",
    ),
    # The Hunter takes the Tanner: the Tanner wins alone (both editions).
    *multi(
        "hunter-shoots-the-tanner",
        UW,
        "hunter tanner werewolf villager",
        "seer robber villager",
        votes="bob ann ann ann",
        dead="ann bob",
        winners="bob",
    ),
    # The Hunter takes the Werewolf while a Tanner also died in the vote: the village
    # wins in ultimate (Tanner deaths don't matter), only the Tanner in workshop.
    *multi(
        "hunter-shoots-wolf-tanner-also-dies",
        UW,
        "hunter tanner werewolf villager villager",
        "seer robber villager",
        votes="cat ann ann bob bob",
        dead="ann bob cat",
        by_edition={
            "ultimate": {"winners": "ann bob dan eve"},
            "workshop": {"winners": "bob"},
        },
    ),
    # The Bodyguard protects the most-pointed player; nobody else has two points:
    # nobody dies. No Werewolf among the players: ultimate, the village wins (the Minion
    # loses); workshop, the werewolf team wins, that is only the Minion.
    *multi(
        "bodyguard-no-werewolf-nobody-dies",
        UW,
        "bodyguard minion villager seer",
        "werewolf werewolf robber",
        votes="cat cat bob cat",
        learned={"bob": [wolves()]},
        dead="",
        by_edition={
            "ultimate": {"winners": "ann cat dan"},
            "workshop": {"winners": "bob"},
        },
    ),
    # The Bodyguard protects the Tanner, who has the most points: nobody dies.
    *multi(
        "bodyguard-protects-tanner-nobody-dies",
        UW,
        "bodyguard tanner werewolf villager apprentice_tanner",
        "seer robber villager",
        votes="bob cat bob bob bob",
        learned={"cat": [wolves()], "eve": [tanners("bob")]},
        dead="",
        winners="cat",
    ),
    # A Tanner and a Werewolf die; the Apprentice Tanner (alive) wins with the Tanner;
    # ultimate: the village wins too; workshop: only the dead Tanner and the Apprentice.
    *multi(
        "tanner-and-werewolf-die-apprentice-alive",
        UW,
        "tanner werewolf apprentice_tanner villager villager",
        "seer robber villager",
        votes="bob ann ann bob dan",
        learned={"bob": [wolves()], "cat": [tanners("ann")]},
        dead="ann bob",
        by_edition={
            "ultimate": {"winners": "ann cat dan eve"},
            "workshop": {"winners": "ann cat"},
        },
    ),
    # The Apprentice Tanner herself dies (not a Tanner): nothing special; a Werewolf
    # is among the players and none died: the werewolf team wins.
    *multi(
        "apprentice-tanner-dies-werewolves-win",
        UW,
        "apprentice_tanner tanner werewolf minion villager",
        "seer robber villager",
        votes="eve ann ann ann ann",
        learned={"ann": [tanners("bob")], "cat": [wolves()], "dan": [wolves("cat")]},
        dead="ann",
        winners="cat dan",
    ),
    # A Dream Wolf is the only Werewolf and nobody dies: the werewolf team wins.
    *multi(
        "dream-wolf-only-nobody-dies",
        UW,
        "dream_wolf minion villager seer",
        "villager robber troublemaker",
        learned={"bob": [wolves("ann")]},
        dead="",
        winners="ann bob",
    ),
]

JAPANESE = [
    # The Phantom Thief takes the Werewolf card after the wolves woke: the dealt wolf
    # (now a human) is voted out; no Werewolf died: the Werewolves (the thief) win.
    case(
        "japanese-thief-takes-wolf-ex-wolf-dies",
        scenario(
            "japanese",
            "werewolf phantom_thief sorcerer",
            "werewolf villager",
            night={"cat": [view("center:0", "center:1")], "bob": [swap("bob", "ann")]},
            votes="bob ann ann",
        ),
        cards="phantom_thief werewolf sorcerer",
        roles="phantom_thief werewolf sorcerer",
        learned={
            "ann": [wolves()],
            "bob": [saw("bob", "werewolf")],
            "cat": [saw("center:0", "werewolf"), saw("center:1", "villager")],
        },
        dead="ann",
        winners="bob",
    ),
    # Peace Village with a Werewolf among the players: the Werewolves win.
    case(
        "japanese-thief-takes-wolf-peace-village",
        scenario(
            "japanese",
            "werewolf phantom_thief sorcerer",
            "werewolf villager",
            night={"bob": [swap("bob", "ann")]},
            votes="bob cat ann",
        ),
        dead="",
        winners="bob",
    ),
    # A Werewolf and a human die in a tie: the human team wins, the dead human too.
    case(
        "japanese-tie-wolf-and-human-die",
        scenario(
            "japanese",
            "werewolf werewolf villager villager sorcerer",
            "phantom_thief villager",
            votes="cat dan ann ann cat",
        ),
        learned={"ann": [wolves("bob")], "bob": [wolves("ann")]},
        dead="ann cat",
        winners="cat dan eve",
    ),
    # Two humans tie and die, both Werewolves in the center: nobody wins.
    case(
        "japanese-no-wolf-two-humans-die-nobody-wins",
        scenario(
            "japanese",
            "villager villager sorcerer phantom_thief",
            "werewolf werewolf",
            votes="bob ann ann bob",
        ),
        dead="ann bob",
        winners="",
    ),
    illegal(
        "japanese-phantom-thief-swaps-with-center",
        scenario(
            "japanese",
            "werewolf phantom_thief sorcerer",
            "werewolf villager",
            night={"bob": [swap("bob", "center:0")]},
        ),
    ),
    illegal(
        "japanese-sorcerer-looks-at-two-players",
        scenario(
            "japanese",
            "werewolf phantom_thief sorcerer",
            "werewolf villager",
            night={"cat": [view("ann", "bob")]},
        ),
    ),
    illegal(
        "japanese-werewolf-takes-a-step",
        scenario(
            "japanese",
            "werewolf villager sorcerer",
            "werewolf phantom_thief",
            night={"ann": [view("center:0")]},
        ),
    ),
]

ILLEGAL = [
    illegal(
        "witch-looks-at-center-wolf",
        scenario(
            "ultimate",
            "witch alpha_wolf villager seer",
            "villager robber troublemaker",
            center_wolf="werewolf",
            night={
                "ann": [view("center:wolf"), swap("center:wolf", "cat")],
                "bob": [swap("center:wolf", "cat")],
            },
        ),
    ),
    illegal(
        "apprentice-seer-looks-at-center-wolf",
        scenario(
            "ultimate",
            "apprentice_seer alpha_wolf villager seer",
            "villager robber troublemaker",
            center_wolf="werewolf",
            night={"ann": [view("center:wolf")], "bob": [swap("center:wolf", "cat")]},
        ),
    ),
    illegal(
        "robber-robs-center-wolf",
        scenario(
            "ultimate",
            "robber alpha_wolf villager seer",
            "villager robber troublemaker",
            center_wolf="werewolf",
            night={"bob": [swap("center:wolf", "cat")], "ann": [swap("ann", "center:wolf")]},
        ),
    ),
    illegal(
        "mystic-wolf-looks-at-center-wolf",
        scenario(
            "ultimate",
            "mystic_wolf alpha_wolf villager seer",
            "villager robber troublemaker",
            center_wolf="werewolf",
            night={"bob": [swap("center:wolf", "cat")], "ann": [view("center:wolf")]},
        ),
    ),
    illegal(
        "troublemaker-swaps-player-with-center-wolf",
        scenario(
            "ultimate",
            "troublemaker alpha_wolf villager seer",
            "villager robber troublemaker",
            center_wolf="werewolf",
            night={"bob": [swap("center:wolf", "cat")], "ann": [swap("dan", "center:wolf")]},
        ),
    ),
    illegal(
        "witch-gives-center-card-to-center-wolf",
        scenario(
            "ultimate",
            "witch alpha_wolf villager seer",
            "villager robber troublemaker",
            center_wolf="werewolf",
            night={
                "bob": [swap("center:wolf", "cat")],
                "ann": [view("center:0"), swap("center:0", "center:wolf")],
            },
        ),
    ),
    illegal(
        "sentinel-shields-center-wolf",
        scenario(
            "ultimate",
            "sentinel alpha_wolf villager seer",
            "villager robber troublemaker",
            center_wolf="werewolf",
            night={"ann": [shield("center:wolf")], "bob": [swap("center:wolf", "cat")]},
        ),
    ),
    illegal(
        "insomniac-takes-a-step",
        scenario(
            "ultimate",
            "insomniac werewolf villager",
            "villager robber troublemaker",
            night={"ann": [view("ann")]},
        ),
    ),
    illegal(
        "minion-takes-a-step",
        scenario(
            "ultimate",
            "minion werewolf villager",
            "villager robber troublemaker",
            night={"ann": [view("bob")]},
        ),
    ),
    illegal(
        "apprentice-tanner-takes-a-step",
        scenario(
            "ultimate",
            "apprentice_tanner werewolf villager",
            "villager robber troublemaker",
            night={"ann": [view("center:0")]},
        ),
    ),
    illegal(
        "aura-seer-takes-a-step",
        scenario(
            "ultimate",
            "aura_seer werewolf villager",
            "villager robber troublemaker",
            night={"ann": [view("bob")]},
        ),
    ),
    illegal(
        "hunter-takes-a-step",
        scenario(
            "ultimate",
            "hunter werewolf villager",
            "villager robber troublemaker",
            night={"ann": [view("bob")]},
        ),
    ),
    illegal(
        "bodyguard-takes-a-step",
        scenario(
            "ultimate",
            "bodyguard werewolf villager",
            "villager robber troublemaker",
            night={"ann": [shield("bob")]},
        ),
    ),
    illegal(
        "tanner-takes-a-step",
        scenario(
            "ultimate",
            "tanner werewolf villager",
            "villager robber troublemaker",
            night={"ann": [reveal("bob")]},
        ),
    ),
    illegal(
        "seer-copies",
        scenario(
            "ultimate",
            "seer werewolf villager",
            "doppelganger robber troublemaker",
            night={"ann": [copy("bob")]},
        ),
    ),
    illegal(
        "robber-robs-himself",
        scenario(
            "ultimate",
            "robber werewolf villager",
            "villager seer troublemaker",
            night={"ann": [swap("ann", "ann")]},
        ),
    ),
    illegal(
        "troublemaker-swaps-one-player-with-himself",
        scenario(
            "ultimate",
            "troublemaker werewolf villager",
            "villager seer troublemaker",
            night={"ann": [swap("bob", "bob")]},
        ),
    ),
    illegal(
        "ghost-hunter-looks-at-himself-sans-carte",
        scenario(
            "sans-carte",
            "ghost_hunter werewolf villager",
            "villager seer troublemaker",
            night={"ann": [view("ann")]},
        ),
    ),
    illegal(
        "ghost-hunter-goes-on-after-tanner-sans-carte",
        scenario(
            "sans-carte",
            "ghost_hunter tanner werewolf villager",
            "villager seer troublemaker",
            night={"ann": [view("bob"), view("cat")]},
        ),
    ),
    illegal(
        "little-girl-in-workshop",
        scenario(
            "workshop",
            "little_girl werewolf villager",
            "villager seer troublemaker",
            check=False,
        ),
    ),
    illegal(
        "aura-seer-in-sans-carte",
        scenario(
            "sans-carte",
            "aura_seer werewolf villager",
            "villager seer troublemaker",
            check=False,
        ),
    ),
    illegal(
        "dream-wolf-in-sans-carte",
        scenario(
            "sans-carte",
            "dream_wolf werewolf villager",
            "villager seer troublemaker",
            check=False,
        ),
    ),
    illegal(
        "doppelganger-in-japanese",
        scenario(
            "japanese",
            "doppelganger werewolf villager",
            "werewolf sorcerer",
            check=False,
        ),
    ),
    illegal(
        "bodyguard-has-no-vote",
        scenario(
            "ultimate",
            "bodyguard werewolf villager",
            "villager seer troublemaker",
            votes={"bob": "ann", "cat": "bob"},
        ),
    ),
    illegal(
        "shielded-insomniac-copy-takes-a-step",
        scenario(
            "ultimate",
            "sentinel doppelganger insomniac werewolf",
            "villager seer troublemaker",
            night={"ann": [shield("bob")], "bob": [copy("cat"), view("bob")]},
        ),
    ),
    illegal(
        "robber-steps-in-wrong-order-with-doppelganger-robber",
        scenario(
            "ultimate",
            "doppelganger robber werewolf villager",
            "villager seer troublemaker",
            night={"ann": [swap("ann", "dan"), copy("bob")]},
        ),
    ),
    illegal(
        "witch-swap-before-look-doppelganger",
        scenario(
            "ultimate",
            "doppelganger witch werewolf villager",
            "villager seer troublemaker",
            night={"ann": [copy("bob"), swap("center:0", "dan"), view("center:0")]},
        ),
    ),
]

MORE = [
    # Two Sentinels shield each other: the Doppelgänger has no card to copy; her copy is
    # skipped (Ruling) and her card stays a village doppelganger.
    case(
        "doppelganger-without-copy-target-stays-village",
        scenario(
            "ultimate",
            "sentinel sentinel doppelganger",
            "werewolf villager seer",
            night={"ann": [shield("bob")], "bob": [shield("ann")]},
            votes="cat cat ann",
        ),
        roles="sentinel sentinel doppelganger",
        learned={},
        dead="cat",
        # No Werewolf among the players and someone died: nobody wins.
        winners="",
    ),
    # A shielded Apprentice Tanner still becomes a Tanner (no card is looked at or moved).
    case(
        "shielded-apprentice-tanner-converts",
        scenario(
            "ultimate",
            "sentinel apprentice_tanner werewolf villager",
            "villager seer robber",
            night={"ann": [shield("bob")]},
            votes="bob dan bob bob",
        ),
        roles="sentinel tanner werewolf villager",
        learned={"bob": [tanners()], "cat": [wolves()]},
        dead="bob",
        winners="bob",
    ),
    # The Apprentice Tanner's conversion is no look: the Aura Seer does not see her.
    case(
        "aura-seer-does-not-count-apprentice-tanner",
        scenario(
            "ultimate",
            "apprentice_tanner aura_seer werewolf seer",
            "villager robber troublemaker",
            night={"dan": [view("center:0", "center:1")]},
        ),
        roles="tanner aura_seer werewolf seer",
        learned={
            "ann": [tanners()],
            "bob": [acted("dan")],
            "cat": [wolves()],
            "dan": [saw("center:0", "villager"), saw("center:1", "robber")],
        },
    ),
    # Doppelgänger-PI becomes a Werewolf at 1 but is no night wolf: the Alpha may give
    # her the center Werewolf card (her converted card goes to center:wolf); the Minion
    # does not see her; the dealt PI then finds the card in front of her.
    case(
        "doppelganger-pi-werewolf-gets-alpha-card",
        scenario(
            "ultimate",
            "doppelganger paranormal_investigator werewolf alpha_wolf minion",
            "villager seer robber",
            center_wolf="werewolf",
            night={
                "ann": [copy("bob"), view("cat")],
                "dan": [swap("center:wolf", "ann")],
                "bob": [view("ann")],
            },
            votes="eve eve eve eve ann",
        ),
        cards="werewolf paranormal_investigator werewolf alpha_wolf minion",
        wolf_slot="doppelganger",
        roles="werewolf werewolf werewolf alpha_wolf minion",
        learned={
            "ann": [saw("bob", "paranormal_investigator"), saw("cat", "werewolf")],
            "bob": [saw("ann", "werewolf")],
            "cat": [wolves("dan")],
            "dan": [wolves("cat")],
            "eve": [wolves("cat", "dan")],
        },
        dead="eve",
        winners="ann bob cat dan eve",
    ),
    # Sans-carte, twelve players, a full night in order.
    case(
        "sans-carte-twelve-players-full-night",
        scenario(
            "sans-carte",
            "doppelganger werewolf mystic_wolf minion mason mason seer ghost_hunter "
            "robber troublemaker drunk insomniac",
            "little_girl villager tanner",
            night={
                "ann": [copy("lou")],
                "cat": [view("gus")],
                "gus": [view("center:0", "center:2")],
                "hal": [view("ann"), view("ivy")],
                "ivy": [swap("ivy", "bob")],
                "jon": [swap("ann", "lou")],
                "kim": [swap("kim", "center:2")],
            },
            votes="ivy ivy kim kim ivy ivy ivy ivy kim ivy ivy ivy",
        ),
        cards="insomniac robber mystic_wolf minion mason mason seer ghost_hunter werewolf "
        "troublemaker tanner doppelganger",
        center="little_girl villager drunk",
        roles="insomniac robber mystic_wolf minion mason mason seer ghost_hunter werewolf "
        "troublemaker tanner insomniac",
        learned={
            "ann": [saw("lou", "insomniac"), saw("ann", "insomniac")],
            "bob": [wolves("cat")],
            "cat": [wolves("bob"), saw("gus", "seer")],
            "dan": [wolves("bob", "cat")],
            "eve": [masons("fay")],
            "fay": [masons("eve")],
            "gus": [saw("center:0", "little_girl"), saw("center:2", "tanner")],
            "hal": [saw("ann", "doppelganger"), saw("ivy", "robber")],
            "ivy": [saw("ivy", "werewolf")],
            "lou": [saw("lou", "doppelganger")],
        },
        dead="ivy",
        winners="ann bob eve fay gus hal jon lou",
    ),
    # Workshop, ten players: a lone Alpha peeks (the Dream Wolf is in the center) and
    # converts the Apprentice Tanner, whose own card (in center:wolf) becomes a Tanner;
    # the Witch hands out the center Tanner; the Hunter shoots him: literal Tanner rule.
    case(
        "workshop-ten-players-alpha-apprentice-witch-hunter",
        scenario(
            "workshop",
            "sentinel doppelganger alpha_wolf apprentice_tanner apprentice_seer witch "
            "aura_seer revealer bodyguard hunter",
            "tanner dream_wolf villager",
            center_wolf="werewolf",
            night={
                "ann": [shield("jon")],
                "bob": [copy("hal"), reveal("eve")],
                "cat": [view("center:1"), swap("center:wolf", "dan")],
                "eve": [view("center:0")],
                "fay": [view("center:0"), swap("center:0", "ivy")],
                "hal": [reveal("ivy")],
            },
            votes="jon jon jon jon dan jon dan dan jon ivy",
        ),
        cards="sentinel doppelganger alpha_wolf werewolf apprentice_seer witch aura_seer "
        "revealer tanner hunter",
        center="bodyguard dream_wolf villager",
        wolf_slot="apprentice_tanner",
        roles="sentinel revealer alpha_wolf werewolf apprentice_seer witch aura_seer "
        "revealer tanner hunter",
        revealed={"eve": "apprentice_seer"},
        learned={
            "bob": [saw("hal", "revealer"), saw("eve", "apprentice_seer")],
            "cat": [wolves(), saw("center:1", "dream_wolf")],
            "dan": [tanners()],
            "eve": [saw("center:0", "tanner")],
            "fay": [saw("center:0", "tanner")],
            "gus": [acted("bob", "cat", "eve", "fay")],
            "hal": [saw("ivy", "tanner")],
        },
        dead="ivy jon",
        winners="ivy",
    ),
    # A doppelganger card never stops the PI, even one that copied the Tanner.
    case(
        "pi-sees-doppelganger-tanner-and-goes-on",
        scenario(
            "ultimate",
            "doppelganger tanner paranormal_investigator villager werewolf",
            "villager seer robber",
            night={"ann": [copy("bob")], "cat": [view("ann"), view("dan")]},
        ),
        roles="tanner tanner paranormal_investigator villager werewolf",
        learned={
            "ann": [saw("bob", "tanner")],
            "cat": [saw("ann", "doppelganger"), saw("dan", "villager")],
            "eve": [wolves()],
        },
    ),
]

CASES = [
    *MORE,
    *DOPPELGANGER,
    *ALPHA_AND_CONVERSIONS,
    *SHARED_ROLES,
    *AURA_SEER,
    *TRAVELING_CARDS,
    *LONE_WOLF_AND_LITTLE_GIRL,
    *REVEALER,
    *VOTES,
    *JAPANESE,
    *ILLEGAL,
]


@pytest.mark.parametrize(("sc", "expect"), CASES)
def test_review(sc, expect):
    run_case(sc, expect)
