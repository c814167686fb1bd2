"""Every **Ruling** of RULES.md, and the finer points of §2-§3: conversions that travel
with the card, what a look shows, night wolves and night Tanners, the Doppelgänger's
copy table, the Sentinel's shield, the Aura Seer, the Revealer, the Witch, the lone
wolf's peek, the Little Girl, mandatory actions without a legal target."""

import pytest
from scenario_helpers import (
    PEEK,
    acted,
    case,
    copy,
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

CONVERSIONS = [
    # Ruling: "a conversion applies to the card dealt to that player, wherever that
    # card lies by then."
    # Dopp-Robber takes the PI card at 1; the PI (acting on his dealt card) finds a wolf
    # at 5C: the PI card, now in front of ann, is a werewolf; cat holds the
    # doppelganger card, which is the copied role (robber).
    case(
        "pi-conversion-travels-with-card-taken-by-dopp-robber",
        scenario(
            "ultimate",
            "doppelganger robber paranormal_investigator werewolf villager",
            "villager seer troublemaker",
            night={"ann": [copy("bob"), swap("ann", "cat")], "cat": [view("dan")]},
            votes="bob ann ann ann ann",
        ),
        cards="paranormal_investigator robber doppelganger werewolf villager",
        roles="werewolf robber robber werewolf villager",
        learned={
            "ann": [saw("bob", "robber"), saw("ann", "paranormal_investigator")],
            "cat": [saw("dan", "werewolf")],
            "dan": [wolves()],
        },
        dead="ann",
        # A Werewolf (ann, by the traveling conversion) died: the village wins.
        winners="bob cat eve",
    ),
    case(
        "ghost-hunter-conversion-travels-sans-carte",
        scenario(
            "sans-carte",
            "doppelganger robber ghost_hunter werewolf villager",
            "villager seer troublemaker",
            night={"ann": [copy("bob"), swap("ann", "cat")], "cat": [view("dan")]},
            votes="bob ann ann ann ann",
        ),
        cards="ghost_hunter robber doppelganger werewolf villager",
        roles="werewolf robber robber werewolf villager",
        learned={
            "ann": [saw("bob", "robber"), saw("ann", "ghost_hunter")],
            "cat": [saw("dan", "werewolf")],
            "dan": [wolves()],
        },
        dead="ann",
        winners="bob cat eve",
    ),
    # The PI's card converted to tanner is moved by the Troublemaker: its new holder
    # is the Tanner, and wins by dying.
    *multi(
        "pi-tanner-conversion-moved-by-troublemaker",
        UW,
        "paranormal_investigator tanner troublemaker werewolf villager",
        "villager seer robber",
        night={"ann": [view("bob")], "cat": [swap("ann", "eve")]},
        votes="bob eve eve eve ann",
        cards="villager tanner troublemaker werewolf paranormal_investigator",
        roles="villager tanner troublemaker werewolf tanner",
        learned={"ann": [saw("bob", "tanner")], "dan": [wolves()]},
        dead="eve",
        winners="eve",
    ),
    # Robber takes a converted PI card: the Robber is a Werewolf; the look shows the
    # printed card.
    *multi(
        "robber-takes-converted-pi-card",
        UW,
        "paranormal_investigator werewolf robber villager",
        "villager seer troublemaker",
        night={"ann": [view("bob")], "cat": [swap("cat", "ann")]},
        votes="cat cat ann cat",
        cards="robber werewolf paranormal_investigator villager",
        roles="robber werewolf werewolf villager",
        learned={
            "ann": [saw("bob", "werewolf")],
            "bob": [wolves()],
            "cat": [saw("cat", "paranormal_investigator")],
        },
        dead="cat",
        winners="ann dan",
    ),
    # Apprentice Tanner turned Tanner at 3B; the Robber takes that card at 6: the
    # Robber is the Tanner, ann (holding the robber card) is a Robber.
    case(
        "apprentice-tanner-conversion-travels-to-robber",
        scenario(
            "ultimate",
            "apprentice_tanner robber werewolf villager",
            "villager seer troublemaker",
            night={"bob": [swap("bob", "ann")]},
            votes="bob ann bob bob",
        ),
        cards="robber apprentice_tanner werewolf villager",
        roles="robber tanner werewolf villager",
        learned={
            "ann": [tanners()],
            "bob": [saw("bob", "apprentice_tanner")],
            "cat": [wolves()],
        },
        dead="bob",
        # ann's end role is robber: she is no Apprentice Tanner any more.
        winners="bob",
    ),
    # Doppelgänger card travels: Dopp-Drunk puts it in the center at 1; the lone
    # wolf peeks and sees "doppelganger"; the Witch hands it to dan, whose end role
    # is the copied role (drunk).
    case(
        "doppelganger-card-is-copied-role-wherever-it-goes",
        scenario(
            "ultimate",
            "doppelganger drunk werewolf villager witch",
            "seer robber villager",
            night={
                "ann": [copy("bob"), swap("ann", "center:0")],
                "cat": [view("center:0")],
                "eve": [view("center:0"), swap("center:0", "dan")],
                "bob": [swap("bob", "center:1")],
            },
        ),
        cards="seer robber werewolf doppelganger witch",
        center="villager drunk villager",
        roles="seer robber werewolf drunk witch",
        learned={
            "ann": [saw("bob", "drunk")],
            "cat": [wolves(), saw("center:0", "doppelganger")],
            "eve": [saw("center:0", "doppelganger")],
        },
    ),
    # Robber takes the card of a Doppelgänger who copied a Werewolf: he sees
    # "doppelganger" and is a Werewolf at dawn; she is a Robber.
    case(
        "robber-takes-doppelganger-werewolf-card",
        scenario(
            "ultimate",
            "doppelganger werewolf robber villager",
            "villager seer troublemaker",
            night={"ann": [copy("bob")], "cat": [swap("cat", "ann")]},
            votes="cat cat bob cat",
        ),
        cards="robber werewolf doppelganger villager",
        roles="robber werewolf werewolf villager",
        learned={
            "ann": [saw("bob", "werewolf"), wolves("bob")],
            "bob": [wolves("ann")],
            "cat": [saw("cat", "doppelganger")],
        },
        dead="cat",
        winners="ann dan",
    ),
]

LOOKS = [
    # Ruling: "What a look shows: always the printed card; a copied or converted role
    # is never visible."
    *multi(
        "pi-sees-doppelganger-card-and-goes-on",
        UW,
        "doppelganger werewolf paranormal_investigator villager",
        "villager seer troublemaker",
        night={"ann": [copy("bob")], "cat": [view("ann"), view("dan")]},
        roles="werewolf werewolf paranormal_investigator villager",
        learned={
            "ann": [saw("bob", "werewolf"), wolves("bob")],
            "bob": [wolves("ann")],
            "cat": [saw("ann", "doppelganger"), saw("dan", "villager")],
        },
    ),
    # A Seer looking at a converted Apprentice Tanner sees the printed card.
    *multi(
        "seer-sees-printed-apprentice-tanner",
        UW,
        "apprentice_tanner seer werewolf",
        "villager tanner troublemaker",
        night={"bob": [view("ann")]},
        roles="tanner seer werewolf",
        learned={
            "ann": [tanners()],
            "bob": [saw("ann", "apprentice_tanner")],
            "cat": [wolves()],
        },
    ),
    # The Insomniac whose card became a converted PI card sees the printed card.
    *multi(
        "insomniac-sees-printed-pi-card",
        UW,
        "insomniac paranormal_investigator werewolf troublemaker",
        "villager seer robber",
        night={"bob": [view("cat")], "dan": [swap("ann", "bob")]},
        cards="paranormal_investigator insomniac werewolf troublemaker",
        roles="werewolf insomniac werewolf troublemaker",
        learned={
            "ann": [saw("ann", "paranormal_investigator")],
            "bob": [saw("cat", "werewolf")],
            "cat": [wolves()],
        },
    ),
]

NIGHT_WOLVES = [
    # "At night, 'the Werewolves' means these players, whatever cards have moved
    # since: it is whom the Minion, the Little Girl and the Alpha Wolf's rule refer to."
    # Dopp-Robber takes cat's werewolf card at 1: cat (dealt werewolf) still wakes,
    # ann does not; the Minion sees cat and dan; the Alpha may hand the center wolf to
    # ann (she holds a werewolf card but is no night wolf).
    case(
        "night-wolves-are-dealt-wolves-minion-and-alpha",
        scenario(
            "ultimate",
            "doppelganger robber werewolf alpha_wolf minion",
            "villager seer troublemaker",
            center_wolf="werewolf",
            night={"ann": [copy("bob"), swap("ann", "cat")], "dan": [swap("center:wolf", "ann")]},
        ),
        cards="werewolf robber doppelganger alpha_wolf minion",
        wolf_slot="werewolf",
        roles="werewolf robber robber alpha_wolf minion",
        learned={
            "ann": [saw("bob", "robber"), saw("ann", "werewolf")],
            "cat": [wolves("dan")],
            "dan": [wolves("cat")],
            "eve": [wolves("cat", "dan")],
        },
        # Nobody dies, ann and dan are Werewolves: the werewolf team wins.
        winners="ann dan eve",
    ),
    # The Little Girl sees only the night wolves who woke: dan (dealt werewolf, now
    # holding the doppelganger card), not bob who robbed the werewolf card at 1.
    case(
        "little-girl-sees-dealt-wolf-not-card-holder-sans-carte",
        scenario(
            "sans-carte",
            "little_girl doppelganger robber werewolf villager",
            "villager seer troublemaker",
            night={"bob": [copy("cat"), swap("bob", "dan")], "ann": [PEEK]},
            votes="bob ann bob bob bob",
        ),
        cards="little_girl werewolf robber doppelganger villager",
        roles="little_girl werewolf robber robber villager",
        learned={
            "ann": [wolves("dan")],
            "bob": [saw("cat", "robber"), saw("bob", "werewolf")],
            "dan": [wolves(), little_girl("ann")],
        },
        dead="bob",
        winners="ann cat dan eve",
    ),
    # Doppelgänger copies a Werewolf: she wakes, the Little Girl sees her and she
    # learns who the Little Girl is.
    case(
        "little-girl-sees-doppelganger-werewolf-sans-carte",
        scenario(
            "sans-carte",
            "doppelganger werewolf little_girl villager",
            "villager seer troublemaker",
            night={"ann": [copy("bob")], "cat": [PEEK]},
        ),
        roles="werewolf werewolf little_girl villager",
        learned={
            "ann": [saw("bob", "werewolf"), wolves("bob"), little_girl("cat")],
            "bob": [wolves("ann"), little_girl("cat")],
            "cat": [wolves("ann", "bob")],
        },
    ),
    # Doppelgänger copies the Little Girl: she peeks with that group.
    case(
        "doppelganger-little-girl-peeks-sans-carte",
        scenario(
            "sans-carte",
            "doppelganger little_girl werewolf mystic_wolf villager",
            "villager seer troublemaker",
            night={"ann": [copy("bob"), PEEK], "bob": [PEEK]},
        ),
        roles="little_girl little_girl werewolf mystic_wolf villager",
        learned={
            "ann": [saw("bob", "little_girl"), wolves("cat", "dan")],
            "bob": [wolves("cat", "dan")],
            "cat": [wolves("dan"), little_girl("ann"), little_girl("bob")],
            "dan": [wolves("cat"), little_girl("ann"), little_girl("bob")],
        },
    ),
    # Sans-carte: a lone Mystic Wolf wakes with the werewolves (the Little Girl sees
    # her), then looks in her own slot; the Doppelgänger-Ghost Hunter who found her
    # is a Werewolf but never wakes, so the Little Girl does not see him.
    case(
        "little-girl-lone-mystic-and-doppelganger-ghost-hunter-sans-carte",
        scenario(
            "sans-carte",
            "doppelganger ghost_hunter mystic_wolf little_girl villager",
            "werewolf seer troublemaker",
            night={
                "ann": [copy("bob"), view("cat")],
                "cat": [view("center:1"), view("eve")],
                "dan": [PEEK],
                "bob": [view("eve"), view("ann")],
            },
            votes="cat ann ann ann ann",
        ),
        roles="werewolf ghost_hunter mystic_wolf little_girl villager",
        learned={
            "ann": [saw("bob", "ghost_hunter"), saw("cat", "mystic_wolf")],
            "bob": [saw("eve", "villager"), saw("ann", "doppelganger")],
            "cat": [
                wolves(),
                little_girl("dan"),
                saw("center:1", "seer"),
                saw("eve", "villager"),
            ],
            "dan": [wolves("cat")],
        },
        dead="ann",
        winners="bob dan eve",
    ),
    # A Doppelgänger-PI who finds a wolf becomes a Werewolf but does not wake: the
    # real wolf is alone (and may peek), the Minion does not see her.
    case(
        "doppelganger-pi-finds-wolf-does-not-wake",
        scenario(
            "ultimate",
            "doppelganger paranormal_investigator werewolf minion villager",
            "villager seer troublemaker",
            night={
                "ann": [copy("bob"), view("cat")],
                "cat": [view("center:1")],
                "bob": [view("ann"), view("eve")],
            },
            votes="bob ann ann bob ann",
        ),
        cards="doppelganger paranormal_investigator werewolf minion villager",
        roles="werewolf paranormal_investigator werewolf minion villager",
        learned={
            "ann": [saw("bob", "paranormal_investigator"), saw("cat", "werewolf")],
            # A doppelganger card never stops the PI.
            "bob": [saw("ann", "doppelganger"), saw("eve", "villager")],
            "cat": [wolves(), saw("center:1", "seer")],
            "dan": [wolves("cat")],
        },
        dead="ann",
        winners="bob eve",
    ),
]

NIGHT_TANNERS = [
    # Ruling: "the night Tanners are the players dealt tanner and a Doppelgänger who
    # copied one: they are whom the Apprentice Tanner sees."
    # Dopp-Robber takes the Tanner card at 1; the Apprentice Tanner still sees cat
    # (dealt tanner) and so does not become a Tanner.
    case(
        "night-tanner-is-dealt-tanner-not-card-holder",
        scenario(
            "ultimate",
            "doppelganger robber tanner apprentice_tanner werewolf",
            "villager seer troublemaker",
            night={"ann": [copy("bob"), swap("ann", "cat")]},
            votes="bob ann ann ann ann",
        ),
        cards="tanner robber doppelganger apprentice_tanner werewolf",
        roles="tanner robber robber apprentice_tanner werewolf",
        learned={
            "ann": [saw("bob", "robber"), saw("ann", "tanner")],
            "dan": [tanners("cat")],
            "eve": [wolves()],
        },
        dead="ann",
        # ann is a Tanner at dawn and dies: she wins, and the Apprentice Tanner too.
        winners="ann dan",
    ),
    *multi(
        "doppelganger-tanner-is-a-night-tanner",
        UW,
        "doppelganger tanner apprentice_tanner werewolf",
        "villager seer troublemaker",
        night={"ann": [copy("bob")]},
        roles="tanner tanner apprentice_tanner werewolf",
        learned={
            "ann": [saw("bob", "tanner")],
            "cat": [tanners("ann", "bob")],
            "dan": [wolves()],
        },
    ),
    # A Tanner card moved by the Witch to a player does not make a night Tanner.
    *multi(
        "tanner-card-from-center-is-no-night-tanner",
        UW,
        "witch apprentice_tanner werewolf villager",
        "tanner seer troublemaker",
        night={"ann": [view("center:0"), swap("center:0", "dan")]},
        cards="witch apprentice_tanner werewolf tanner",
        roles="witch tanner werewolf tanner",
        learned={"ann": [saw("center:0", "tanner")], "bob": [tanners()], "cat": [wolves()]},
    ),
]

DOPPELGANGER = [
    # Ruling: "A doppelganger card that nobody was dealt (it started in the center and
    # was moved to a player) copied nothing: it is a village card with no action."
    case(
        "center-doppelganger-card-is-village-with-no-action",
        scenario(
            "ultimate",
            "drunk werewolf villager",
            "doppelganger seer villager",
            night={"ann": [swap("ann", "center:0")]},
            votes="bob ann bob",
        ),
        cards="doppelganger werewolf villager",
        center="drunk seer villager",
        learned={"bob": [wolves()]},
        dead="bob",
        winners="ann cat",
    ),
    case(
        "center-doppelganger-card-village-no-werewolf-nobody-dies",
        scenario(
            "ultimate",
            "drunk seer villager",
            "doppelganger werewolf werewolf",
            night={"ann": [swap("ann", "center:0")]},
        ),
        cards="doppelganger seer villager",
        winners="ann bob cat",
    ),
    # AMBIGUOUS: RULES.md calls an uncopied doppelganger card "a village card with no
    # action" but names no role string for `roles`; the most literal reading is that
    # the card stays `doppelganger` (it copied nothing).
    case(
        "center-doppelganger-card-role-string",
        scenario(
            "ultimate",
            "drunk werewolf villager",
            "doppelganger seer villager",
            night={"ann": [swap("ann", "center:0")]},
        ),
        roles="doppelganger werewolf villager",
    ),
    # Immediate copies: "at once, in her own turn, and never again".
    *multi(
        "doppelganger-troublemaker-acts-at-once",
        UW,
        "doppelganger troublemaker werewolf villager seer",
        "villager robber drunk",
        night={
            "ann": [copy("bob"), swap("cat", "dan")],
            "eve": [view("dan")],
            "bob": [swap("ann", "eve")],
        },
        # 1: cat<->dan (cat villager, dan werewolf); 5: eve sees dan's werewolf;
        # 7: ann<->eve.
        cards="seer troublemaker villager werewolf doppelganger",
        roles="seer troublemaker villager werewolf troublemaker",
        learned={
            "ann": [saw("bob", "troublemaker")],
            # cat was dealt the werewolf: he still wakes at 2.
            "cat": [wolves()],
            "eve": [saw("dan", "werewolf")],
        },
    ),
    case(
        "doppelganger-robber-then-seer-dealt-player-still-looks",
        scenario(
            "ultimate",
            "doppelganger seer robber werewolf",
            "villager tanner troublemaker",
            night={"ann": [copy("cat"), swap("ann", "bob")], "bob": [view("center:0", "center:1")]},
        ),
        cards="seer doppelganger robber werewolf",
        roles="seer robber robber werewolf",
        learned={
            "ann": [saw("cat", "robber"), saw("ann", "seer")],
            "bob": [saw("center:0", "villager"), saw("center:1", "tanner")],
            "dan": [wolves()],
        },
    ),
    # Dopp-Witch acts at once (1), the real Witch later (6B) sees the changed center.
    case(
        "doppelganger-witch-acts-at-once",
        scenario(
            "ultimate",
            "doppelganger witch seer villager",
            "villager werewolf robber",
            night={
                "ann": [copy("bob"), view("center:1"), swap("center:1", "dan")],
                "cat": [view("dan")],
                "bob": [view("center:1"), swap("center:1", "bob")],
            },
        ),
        cards="doppelganger villager seer werewolf",
        center="villager witch robber",
        roles="witch villager seer werewolf",
        learned={
            "ann": [saw("bob", "witch"), saw("center:1", "werewolf")],
            "bob": [saw("center:1", "villager")],
            "cat": [saw("dan", "werewolf")],
        },
    ),
    *multi(
        "doppelganger-apprentice-seer",
        UW,
        "doppelganger apprentice_seer werewolf drunk",
        "villager robber tanner",
        night={
            "ann": [copy("bob"), view("center:2")],
            "bob": [view("center:2")],
            "dan": [swap("dan", "center:2")],
        },
        cards="doppelganger apprentice_seer werewolf tanner",
        center="villager robber drunk",
        roles="apprentice_seer apprentice_seer werewolf tanner",
        learned={
            "ann": [saw("bob", "apprentice_seer"), saw("center:2", "tanner")],
            "bob": [saw("center:2", "tanner")],
            "cat": [wolves()],
        },
    ),
    # Dopp-Drunk at 1: the card she puts in the center is seen by the lone wolf at 2.
    *multi(
        "doppelganger-drunk-acts-at-once",
        UW,
        "doppelganger drunk werewolf villager",
        "seer robber villager",
        night={
            "ann": [copy("bob"), swap("ann", "center:0")],
            "cat": [view("center:0")],
            "bob": [swap("bob", "center:1")],
        },
        cards="seer robber werewolf villager",
        center="doppelganger drunk villager",
        roles="seer robber werewolf villager",
        learned={
            "ann": [saw("bob", "drunk")],
            "cat": [wolves(), saw("center:0", "doppelganger")],
        },
    ),
    # Dopp-Sentinel: a second shield, on a card that has no shield yet.
    *multi(
        "doppelganger-sentinel-second-shield",
        UW,
        "sentinel doppelganger seer werewolf robber",
        "villager troublemaker drunk",
        night={
            "ann": [shield("dan")],
            "bob": [copy("ann"), shield("cat")],
            "cat": [view("bob")],
            "eve": [swap("eve", "ann")],
        },
        cards="robber doppelganger seer werewolf sentinel",
        roles="robber sentinel seer werewolf sentinel",
        learned={
            "bob": [saw("ann", "sentinel")],
            # The shielded Seer still acts on other cards.
            "cat": [saw("bob", "doppelganger")],
            "dan": [wolves()],
            "eve": [saw("eve", "sentinel")],
        },
    ),
    # AMBIGUOUS: the Sentinel's shield is "may"; the copy table says the copied
    # action happens "at once" but not that it becomes mandatory. Literal reading:
    # the Doppelgänger-Sentinel may decline her shield.
    *multi(
        "doppelganger-sentinel-may-decline-shield",
        UW,
        "sentinel doppelganger seer werewolf",
        "villager troublemaker drunk",
        night={"bob": [copy("ann")], "cat": [view("dan")]},
        roles="sentinel sentinel seer werewolf",
        learned={
            "bob": [saw("ann", "sentinel")],
            "cat": [saw("dan", "werewolf")],
            "dan": [wolves()],
        },
    ),
    # PI / Ghost Hunter copies: at once; no find, she stays a PI.
    *multi(
        "doppelganger-pi-finds-nothing",
        UW,
        "doppelganger paranormal_investigator villager werewolf",
        "villager seer troublemaker",
        night={"ann": [copy("bob"), view("cat")]},
        roles="paranormal_investigator paranormal_investigator villager werewolf",
        learned={
            "ann": [saw("bob", "paranormal_investigator"), saw("cat", "villager")],
            "dan": [wolves()],
        },
    ),
    case(
        "doppelganger-ghost-hunter-finds-tanner-sans-carte",
        scenario(
            "sans-carte",
            "doppelganger ghost_hunter tanner werewolf",
            "villager seer troublemaker",
            night={"ann": [copy("bob"), view("cat")]},
            votes="bob ann ann ann",
        ),
        cards="doppelganger ghost_hunter tanner werewolf",
        roles="tanner ghost_hunter tanner werewolf",
        learned={
            "ann": [saw("bob", "ghost_hunter"), saw("cat", "tanner")],
            "dan": [wolves()],
        },
        dead="ann",
        winners="ann",
    ),
    # alpha_wolf, ultimate: at once swaps the center Werewolf card, then wakes with
    # the werewolves. "The real Alpha Wolf, if the Doppelgänger-Alpha already used the
    # center Werewolf card, swaps whatever card is in slot center:wolf then."
    case(
        "doppelganger-alpha-ultimate-then-real-alpha-swaps-what-is-there",
        scenario(
            "ultimate",
            "doppelganger alpha_wolf villager seer minion",
            "villager robber troublemaker",
            center_wolf="werewolf",
            night={
                "ann": [copy("bob"), swap("center:wolf", "cat")],
                "bob": [swap("center:wolf", "dan")],
                "dan": [view("cat")],
            },
        ),
        cards="doppelganger alpha_wolf werewolf villager minion",
        center="villager robber troublemaker",
        wolf_slot="seer",
        roles="alpha_wolf alpha_wolf werewolf villager minion",
        learned={
            "ann": [saw("bob", "alpha_wolf"), wolves("bob")],
            "bob": [wolves("ann")],
            "dan": [saw("cat", "werewolf")],
            "eve": [wolves("ann", "bob")],
        },
    ),
    # The real Alpha may hand the card back to cat: cat holds the werewolf card but is
    # no night wolf.
    case(
        "real-alpha-takes-back-from-doppelganger-alpha-target",
        scenario(
            "ultimate",
            "doppelganger alpha_wolf villager seer",
            "villager robber troublemaker",
            center_wolf="werewolf",
            night={
                "ann": [copy("bob"), swap("center:wolf", "cat")],
                "bob": [swap("center:wolf", "cat")],
            },
        ),
        cards="doppelganger alpha_wolf villager seer",
        wolf_slot="werewolf",
        roles="alpha_wolf alpha_wolf villager seer",
        learned={"ann": [saw("bob", "alpha_wolf"), wolves("bob")], "bob": [wolves("ann")]},
    ),
    # Mandatory with no legal target: Dopp-Alpha and real Alpha both skip.
    case(
        "doppelganger-alpha-and-alpha-no-legal-target-ultimate",
        scenario(
            "ultimate",
            "doppelganger alpha_wolf werewolf",
            "villager robber troublemaker",
            center_wolf="werewolf",
            night={"ann": [copy("bob")]},
        ),
        cards="doppelganger alpha_wolf werewolf",
        wolf_slot="werewolf",
        learned={
            "ann": [saw("bob", "alpha_wolf"), wolves("bob", "cat")],
            "bob": [wolves("ann", "cat")],
            "cat": [wolves("ann", "bob")],
        },
    ),
    # workshop (Ruling, from its Q&A): no Alpha action, wakes with the werewolves.
    case(
        "doppelganger-alpha-workshop-no-alpha-action",
        scenario(
            "workshop",
            "doppelganger alpha_wolf villager seer minion",
            "villager robber troublemaker",
            center_wolf="werewolf",
            night={"ann": [copy("bob")], "bob": [swap("center:wolf", "cat")]},
        ),
        cards="doppelganger alpha_wolf werewolf seer minion",
        wolf_slot="villager",
        roles="alpha_wolf alpha_wolf werewolf seer minion",
        learned={
            "ann": [saw("bob", "alpha_wolf"), wolves("bob")],
            "bob": [wolves("ann")],
            "eve": [wolves("ann", "bob")],
        },
    ),
    # mystic_wolf: at once looks at another player's card, then wakes.
    *multi(
        "doppelganger-mystic-wolf",
        UW,
        "doppelganger mystic_wolf minion seer",
        "villager robber troublemaker",
        night={
            "ann": [copy("bob"), view("dan")],
            "bob": [view("ann")],
            "dan": [view("center:0", "center:1")],
        },
        roles="mystic_wolf mystic_wolf minion seer",
        learned={
            "ann": [saw("bob", "mystic_wolf"), saw("dan", "seer"), wolves("bob")],
            "bob": [wolves("ann"), saw("ann", "doppelganger")],
            "cat": [wolves("ann", "bob")],
            "dan": [saw("center:0", "villager"), saw("center:1", "robber")],
        },
    ),
    case(
        "doppelganger-mystic-wolf-sans-carte",
        scenario(
            "sans-carte",
            "doppelganger mystic_wolf minion seer",
            "villager robber troublemaker",
            night={"ann": [copy("bob"), view("dan")], "bob": [view("ann")]},
        ),
        roles="mystic_wolf mystic_wolf minion seer",
        learned={
            "ann": [saw("bob", "mystic_wolf"), saw("dan", "seer"), wolves("bob")],
            "bob": [wolves("ann"), saw("ann", "doppelganger")],
            "cat": [wolves("ann", "bob")],
        },
    ),
    # Group roles: werewolf, minion, mason.
    *multi(
        "doppelganger-werewolf-wakes-with-wolves",
        "ultimate workshop sans-carte",
        "doppelganger werewolf minion villager",
        "villager seer troublemaker",
        night={"ann": [copy("bob")]},
        roles="werewolf werewolf minion villager",
        learned={
            "ann": [saw("bob", "werewolf"), wolves("bob")],
            "bob": [wolves("ann")],
            "cat": [wolves("ann", "bob")],
        },
    ),
    *multi(
        "doppelganger-minion-sees-wolves",
        "ultimate workshop sans-carte",
        "doppelganger minion werewolf villager",
        "villager seer troublemaker",
        night={"ann": [copy("bob")]},
        roles="minion minion werewolf villager",
        learned={
            "ann": [saw("bob", "minion"), wolves("cat")],
            "bob": [wolves("cat")],
            "cat": [wolves()],
        },
    ),
    *multi(
        "doppelganger-mason-joins-masons",
        "ultimate workshop sans-carte",
        "doppelganger mason mason werewolf",
        "villager seer troublemaker",
        night={"ann": [copy("cat")]},
        roles="mason mason mason werewolf",
        learned={
            "ann": [saw("cat", "mason"), masons("bob", "cat")],
            "bob": [masons("ann", "cat")],
            "cat": [masons("ann", "bob")],
            "dan": [wolves()],
        },
    ),
    # Delayed slots: 3Ba, 7Ca, 9a, 10a.
    *multi(
        "doppelganger-apprentice-tanner-3Ba-sees-tanner",
        UW,
        "doppelganger apprentice_tanner tanner werewolf",
        "villager seer troublemaker",
        night={"ann": [copy("bob")]},
        roles="apprentice_tanner apprentice_tanner tanner werewolf",
        learned={
            "ann": [saw("bob", "apprentice_tanner"), tanners("cat")],
            "bob": [tanners("cat")],
            "dan": [wolves()],
        },
    ),
    *multi(
        "doppelganger-apprentice-tanner-3Ba-no-tanner-both-turn",
        UW,
        "doppelganger apprentice_tanner werewolf",
        "villager seer tanner",
        night={"ann": [copy("bob")]},
        cards="doppelganger apprentice_tanner werewolf",
        roles="tanner tanner werewolf",
        learned={
            "ann": [saw("bob", "apprentice_tanner"), tanners()],
            "bob": [tanners()],
            "cat": [wolves()],
        },
    ),
    # 7Ca: after the Aura Seer (who sees the copy), before the Drunk (8).
    *multi(
        "doppelganger-aura-seer-7Ca",
        UW,
        "doppelganger aura_seer seer werewolf drunk troublemaker",
        "villager robber insomniac",
        night={
            "ann": [copy("bob")],
            "cat": [view("dan")],
            "eve": [swap("eve", "center:0")],
            "fay": [swap("cat", "dan")],
        },
        cards="doppelganger aura_seer werewolf seer villager troublemaker",
        center="drunk robber insomniac",
        roles="aura_seer aura_seer werewolf seer villager troublemaker",
        learned={
            "ann": [saw("bob", "aura_seer"), acted("cat", "fay")],
            "bob": [acted("ann", "cat", "fay")],
            "cat": [saw("dan", "werewolf")],
            "dan": [wolves()],
        },
    ),
    # 9a: the Doppelgänger-Insomniac looks at her own card at the end of the night.
    *multi(
        "doppelganger-insomniac-9a",
        UW,
        "doppelganger insomniac troublemaker werewolf villager",
        "villager seer robber",
        night={"ann": [copy("bob")], "cat": [swap("ann", "dan")]},
        cards="werewolf insomniac troublemaker doppelganger villager",
        roles="werewolf insomniac troublemaker insomniac villager",
        learned={
            "ann": [saw("bob", "insomniac"), saw("ann", "werewolf")],
            "bob": [saw("bob", "insomniac")],
            "dan": [wolves()],
        },
    ),
    case(
        "doppelganger-insomniac-9a-sans-carte",
        scenario(
            "sans-carte",
            "doppelganger insomniac troublemaker werewolf villager",
            "villager seer robber",
            night={"ann": [copy("bob")], "cat": [swap("ann", "dan")]},
        ),
        cards="werewolf insomniac troublemaker doppelganger villager",
        roles="werewolf insomniac troublemaker insomniac villager",
        learned={
            "ann": [saw("bob", "insomniac"), saw("ann", "werewolf")],
            "bob": [saw("bob", "insomniac")],
            "dan": [wolves()],
        },
    ),
    # 10a: the Doppelgänger-Revealer flips after the night's moves.
    *multi(
        "doppelganger-revealer-10a",
        UW,
        "doppelganger revealer seer werewolf villager troublemaker",
        "villager robber drunk",
        night={
            "ann": [copy("bob"), reveal("cat")],
            "bob": [reveal("dan")],
            "fay": [swap("cat", "eve")],
        },
        cards="doppelganger revealer villager werewolf seer troublemaker",
        revealed={"cat": "villager"},
        learned={
            "ann": [saw("bob", "revealer"), saw("cat", "villager")],
            "bob": [saw("dan", "werewolf")],
            "dan": [wolves()],
        },
    ),
    # No-action roles.
    *multi(
        "doppelganger-dream-wolf-is-seen-no-peek",
        UW,
        "doppelganger dream_wolf werewolf minion",
        "villager seer troublemaker",
        night={"ann": [copy("bob")]},
        roles="dream_wolf dream_wolf werewolf minion",
        learned={
            "ann": [saw("bob", "dream_wolf")],
            "cat": [wolves("ann", "bob")],
            "dan": [wolves("ann", "bob", "cat")],
        },
    ),
    *multi(
        "doppelganger-hunter-is-a-hunter",
        "ultimate sans-carte",
        "doppelganger hunter werewolf villager",
        "villager seer troublemaker",
        night={"ann": [copy("bob")]},
        votes="cat ann ann ann",
        roles="hunter hunter werewolf villager",
        learned={"ann": [saw("bob", "hunter")], "cat": [wolves()]},
        dead="ann cat",
        winners="ann bob dan",
    ),
    *multi(
        "doppelganger-tanner-dies-and-wins",
        "ultimate sans-carte",
        "doppelganger tanner werewolf villager",
        "villager seer troublemaker",
        night={"ann": [copy("bob")]},
        votes="bob ann ann ann",
        roles="tanner tanner werewolf villager",
        dead="ann",
        winners="ann",
    ),
]

SHIELD = [
    # "A shielded card can be neither looked at nor moved by anyone, its owner
    # included ... no Insomniac look; a shielded Robber cannot rob and a shielded
    # Drunk does not swap. The shielded player still acts on other cards and still
    # wakes with a group."
    *multi(
        "shielded-insomniac-learns-nothing",
        UW,
        "sentinel insomniac werewolf",
        "villager seer robber",
        night={"ann": [shield("bob")]},
        learned={"cat": [wolves()]},
    ),
    *multi(
        "shielded-robber-cannot-rob",
        UW,
        "sentinel robber werewolf",
        "villager seer troublemaker",
        night={"ann": [shield("bob")]},
        cards="sentinel robber werewolf",
        learned={"cat": [wolves()]},
    ),
    # "A mandatory action with no legal target is skipped" (Ruling).
    *multi(
        "shielded-drunk-does-not-swap",
        UW,
        "sentinel drunk werewolf",
        "villager seer troublemaker",
        night={"ann": [shield("bob")]},
        cards="sentinel drunk werewolf",
        center="villager seer troublemaker",
        learned={"cat": [wolves()]},
    ),
    *multi(
        "shielded-doppelganger-drunk-does-not-swap",
        UW,
        "sentinel doppelganger drunk werewolf",
        "villager seer troublemaker",
        night={"ann": [shield("bob")], "bob": [copy("cat")], "cat": [swap("cat", "center:0")]},
        cards="sentinel doppelganger villager werewolf",
        center="drunk seer troublemaker",
        roles="sentinel drunk villager werewolf",
        learned={"bob": [saw("cat", "drunk")], "dan": [wolves()]},
    ),
    *multi(
        "shielded-doppelganger-copies-robber-cannot-rob",
        UW,
        "sentinel doppelganger robber werewolf",
        "villager seer troublemaker",
        night={"ann": [shield("bob")], "bob": [copy("cat")]},
        cards="sentinel doppelganger robber werewolf",
        roles="sentinel robber robber werewolf",
        learned={"bob": [saw("cat", "robber")], "dan": [wolves()]},
    ),
    *multi(
        "shielded-players-still-act-and-wake",
        UW,
        "sentinel werewolf werewolf seer troublemaker mason mason",
        "villager robber drunk",
        night={
            "ann": [shield("bob")],
            "dan": [view("ann")],
            "eve": [swap("ann", "cat")],
        },
        cards="werewolf werewolf sentinel seer troublemaker mason mason",
        learned={
            "bob": [wolves("cat")],
            "cat": [wolves("bob")],
            "dan": [saw("ann", "sentinel")],
            "fay": [masons("gus")],
            "gus": [masons("fay")],
        },
    ),
    *multi(
        "shielded-troublemaker-swaps-two-others",
        UW,
        "sentinel seer troublemaker werewolf villager",
        "villager robber drunk",
        night={"ann": [shield("cat")], "bob": [view("dan")], "cat": [swap("dan", "eve")]},
        cards="sentinel seer troublemaker villager werewolf",
        learned={"bob": [saw("dan", "werewolf")], "dan": [wolves()]},
    ),
    *multi(
        "shielded-lone-wolf-still-peeks",
        UW,
        "sentinel werewolf villager",
        "villager seer troublemaker",
        night={"ann": [shield("bob")], "bob": [view("center:1")]},
        learned={"bob": [wolves(), saw("center:1", "seer")]},
    ),
    *multi(
        "shielded-witch-swaps-with-another",
        UW,
        "sentinel witch villager",
        "werewolf seer troublemaker",
        night={"ann": [shield("bob")], "bob": [view("center:0"), swap("center:0", "cat")]},
        cards="sentinel witch werewolf",
        center="villager seer troublemaker",
        learned={"bob": [saw("center:0", "werewolf")]},
    ),
    # Alpha must avoid the shielded player: it gives the card to the other one.
    *multi(
        "alpha-skips-shielded-player",
        UW,
        "sentinel alpha_wolf villager",
        "villager seer troublemaker",
        center_wolf="werewolf",
        night={"ann": [shield("cat")], "bob": [swap("center:wolf", "ann")]},
        cards="werewolf alpha_wolf villager",
        wolf_slot="sentinel",
        learned={"bob": [wolves()]},
    ),
    # Alpha's every legal target is shielded (Sentinel and Dopp-Sentinel shield each
    # other): the mandatory swap is skipped.
    *multi(
        "alpha-all-targets-shielded-skips",
        UW,
        "sentinel doppelganger alpha_wolf werewolf",
        "villager seer troublemaker",
        center_wolf="werewolf",
        night={"ann": [shield("bob")], "bob": [copy("ann"), shield("ann")]},
        cards="sentinel doppelganger alpha_wolf werewolf",
        wolf_slot="werewolf",
        roles="sentinel sentinel alpha_wolf werewolf",
        learned={
            "bob": [saw("ann", "sentinel")],
            "cat": [wolves("dan")],
            "dan": [wolves("cat")],
        },
    ),
    # The Sentinel may shield the Doppelgänger: she still copies (acts on another card).
    *multi(
        "shielded-doppelganger-still-copies",
        UW,
        "sentinel doppelganger seer werewolf",
        "villager robber troublemaker",
        night={"ann": [shield("bob")], "bob": [copy("cat"), view("dan")]},
        roles="sentinel seer seer werewolf",
        learned={
            "bob": [saw("cat", "seer"), saw("dan", "werewolf")],
            "dan": [wolves()],
        },
    ),
]

AURA_SEER = [
    # "sees every other player who, so far this night, looked at or moved a card: a
    # Doppelgänger's copy counts; the Sentinel's shield, seeing other players and the
    # Little Girl's peek do not".
    case(
        "aura-seer-counts-copy-peek-looks-witch-troublemaker",
        scenario(
            "ultimate",
            "aura_seer doppelganger werewolf apprentice_seer paranormal_investigator "
            "witch troublemaker sentinel",
            "villager seer robber",
            night={
                "hal": [shield("gus")],
                "bob": [copy("dan"), view("center:2")],
                "cat": [view("center:0")],
                "dan": [view("center:1")],
                "eve": [view("ann"), view("hal")],
                "fay": [view("center:0"), swap("center:0", "cat")],
                "gus": [swap("dan", "eve")],
            },
        ),
        cards="aura_seer doppelganger villager paranormal_investigator apprentice_seer "
        "witch troublemaker sentinel",
        center="werewolf seer robber",
        roles="aura_seer apprentice_seer villager paranormal_investigator apprentice_seer "
        "witch troublemaker sentinel",
        learned={
            "ann": [acted("bob", "cat", "dan", "eve", "fay", "gus")],
            "bob": [saw("dan", "apprentice_seer"), saw("center:2", "robber")],
            "cat": [wolves(), saw("center:0", "villager")],
            "dan": [saw("center:1", "seer")],
            "eve": [saw("ann", "aura_seer"), saw("hal", "sentinel")],
            "fay": [saw("center:0", "villager")],
        },
    ),
    case(
        "aura-seer-ignores-shield-seeing-and-later-roles",
        scenario(
            "ultimate",
            "aura_seer sentinel robber werewolf werewolf minion mason mason drunk insomniac",
            "villager seer troublemaker",
            night={"bob": [shield("cat")], "ivy": [swap("ivy", "center:0")]},
        ),
        cards="aura_seer sentinel robber werewolf werewolf minion mason mason villager insomniac",
        center="drunk seer troublemaker",
        learned={
            "ann": [acted()],
            "dan": [wolves("eve")],
            "eve": [wolves("dan")],
            "fay": [wolves("dan", "eve")],
            "gus": [masons("hal")],
            "hal": [masons("gus")],
            "jon": [saw("jon", "insomniac")],
        },
    ),
    *multi(
        "aura-seer-counts-alpha-and-mystic",
        UW,
        "aura_seer alpha_wolf mystic_wolf villager seer",
        "villager robber troublemaker",
        center_wolf="werewolf",
        night={"bob": [swap("center:wolf", "dan")], "cat": [view("eve")]},
        cards="aura_seer alpha_wolf mystic_wolf werewolf seer",
        wolf_slot="villager",
        learned={
            "ann": [acted("bob", "cat")],
            "bob": [wolves("cat")],
            "cat": [wolves("bob"), saw("eve", "seer")],
        },
    ),
    *multi(
        "aura-seer-counts-doppelganger-copying-villager",
        UW,
        "aura_seer doppelganger villager werewolf",
        "villager robber troublemaker",
        night={"bob": [copy("cat")]},
        learned={
            "ann": [acted("bob")],
            "bob": [saw("cat", "villager")],
            "dan": [wolves()],
        },
    ),
]

REVEALER = [
    # "a Werewolf-family or tanner card is turned back down (the Revealer saw it); any
    # other card stays face up for the day. The printed card decides: a doppelganger
    # or converted PI card stays up".
    *multi(
        "revealer-doppelganger-werewolf-card-stays-up",
        UW,
        "revealer doppelganger werewolf villager",
        "villager seer troublemaker",
        night={"bob": [copy("cat")], "ann": [reveal("bob")]},
        revealed={"bob": "doppelganger"},
        roles="revealer werewolf werewolf villager",
        learned={
            "ann": [saw("bob", "doppelganger")],
            "bob": [saw("cat", "werewolf"), wolves("cat")],
            "cat": [wolves("bob")],
        },
    ),
    *multi(
        "revealer-converted-pi-card-stays-up",
        UW,
        "revealer paranormal_investigator werewolf",
        "villager seer troublemaker",
        night={"bob": [view("cat")], "ann": [reveal("bob")]},
        revealed={"bob": "paranormal_investigator"},
        roles="revealer werewolf werewolf",
        learned={
            "ann": [saw("bob", "paranormal_investigator")],
            "bob": [saw("cat", "werewolf")],
            "cat": [wolves()],
        },
    ),
    *multi(
        "revealer-tanner-turned-back-down",
        UW,
        "revealer tanner werewolf",
        "villager seer troublemaker",
        night={"ann": [reveal("bob")]},
        revealed={},
        learned={"ann": [saw("bob", "tanner")], "cat": [wolves()]},
    ),
    *multi(
        "revealer-dream-wolf-turned-back-down",
        UW,
        "revealer dream_wolf villager",
        "villager seer troublemaker",
        night={"ann": [reveal("bob")]},
        revealed={},
        learned={"ann": [saw("bob", "dream_wolf")]},
    ),
    *multi(
        "revealer-alpha-card-moved-turned-back-down",
        UW,
        "revealer alpha_wolf villager troublemaker",
        "villager seer robber",
        center_wolf="werewolf",
        night={
            "bob": [swap("center:wolf", "cat")],
            "dan": [swap("bob", "cat")],
            "ann": [reveal("bob")],
        },
        cards="revealer werewolf alpha_wolf troublemaker",
        wolf_slot="villager",
        revealed={},
        learned={"ann": [saw("bob", "werewolf")], "bob": [wolves()]},
    ),
    *multi(
        "revealer-converted-apprentice-tanner-card-stays-up",
        UW,
        "revealer apprentice_tanner werewolf",
        "villager seer troublemaker",
        night={"ann": [reveal("bob")]},
        revealed={"bob": "apprentice_tanner"},
        roles="revealer tanner werewolf",
        learned={
            "ann": [saw("bob", "apprentice_tanner")],
            "bob": [tanners()],
            "cat": [wolves()],
        },
    ),
    *multi(
        "revealer-minion-stays-up",
        UW,
        "revealer minion werewolf",
        "villager seer troublemaker",
        night={"ann": [reveal("bob")]},
        revealed={"bob": "minion"},
        learned={"ann": [saw("bob", "minion")], "bob": [wolves("cat")], "cat": [wolves()]},
    ),
]

LONE_WOLF = [
    # "if exactly one wakes and no night wolf is a Dream Wolf, that lone wolf may look
    # at one center card (not center:wolf)".
    # The lone wolf whose card a Doppelgänger-Robber stole at 1 still wakes alone.
    case(
        "lone-wolf-robbed-at-1-still-peeks",
        scenario(
            "ultimate",
            "doppelganger robber werewolf villager",
            "villager seer troublemaker",
            night={"ann": [copy("bob"), swap("ann", "cat")], "cat": [view("center:1")]},
        ),
        cards="werewolf robber doppelganger villager",
        roles="werewolf robber robber villager",
        learned={
            "ann": [saw("bob", "robber"), saw("ann", "werewolf")],
            "cat": [wolves(), saw("center:1", "seer")],
        },
    ),
    # A lone Werewolf with the other wolf cards in the center may peek.
    *multi(
        "lone-wolf-other-wolves-in-center",
        UW,
        "werewolf villager seer",
        "alpha_wolf dream_wolf mystic_wolf",
        center_wolf="werewolf",
        night={"ann": [view("center:1")]},
        learned={"ann": [wolves(), saw("center:1", "dream_wolf")]},
    ),
]

SEAT_ORDER_AND_EDGES = [
    # "Players who share a role act in seat order".
    *multi(
        "two-witches-act-in-seat-order",
        UW,
        "witch witch villager seer",
        "werewolf robber tanner",
        night={
            "ann": [view("center:0"), swap("center:0", "cat")],
            "bob": [view("center:0"), swap("center:0", "dan")],
        },
        cards="witch witch werewolf villager",
        center="seer robber tanner",
        learned={"ann": [saw("center:0", "werewolf")], "bob": [saw("center:0", "villager")]},
    ),
    *multi(
        "two-troublemakers-act-in-seat-order",
        "ultimate workshop sans-carte",
        "troublemaker troublemaker werewolf villager seer",
        "villager robber drunk",
        night={"ann": [swap("cat", "dan")], "bob": [swap("dan", "eve")]},
        # ann: cat villager, dan werewolf; bob: dan seer, eve werewolf.
        cards="troublemaker troublemaker villager seer werewolf",
        learned={"cat": [wolves()]},
    ),
    *multi(
        "two-drunks-act-in-seat-order",
        "ultimate workshop sans-carte",
        "drunk drunk werewolf",
        "seer villager robber",
        night={"ann": [swap("ann", "center:0")], "bob": [swap("bob", "center:0")]},
        cards="seer drunk werewolf",
        center="drunk villager robber",
        learned={"cat": [wolves()]},
    ),
    # A Doppelgänger-Mason with the other Mason card in the center.
    *multi(
        "doppelganger-mason-with-lone-mason",
        "ultimate workshop sans-carte",
        "doppelganger mason werewolf villager",
        "mason seer troublemaker",
        night={"ann": [copy("bob")]},
        learned={
            "ann": [saw("bob", "mason"), masons("bob")],
            "bob": [masons("ann")],
            "cat": [wolves()],
        },
    ),
    # A shielded Doppelgänger-Insomniac gets no look at 9a.
    *multi(
        "shielded-doppelganger-insomniac-no-look",
        UW,
        "sentinel doppelganger insomniac werewolf",
        "villager seer troublemaker",
        night={"ann": [shield("bob")], "bob": [copy("cat")]},
        roles="sentinel insomniac insomniac werewolf",
        learned={
            "bob": [saw("cat", "insomniac")],
            "cat": [saw("cat", "insomniac")],
            "dan": [wolves()],
        },
    ),
    # Nobody who declines is seen by the Aura Seer; the Revealer acts after her.
    *multi(
        "aura-seer-nobody-acted-all-declined",
        UW,
        "aura_seer witch robber troublemaker seer revealer werewolf",
        "villager drunk tanner",
        night={"fay": [reveal("gus")]},
        revealed={},
        learned={"ann": [acted()], "fay": [saw("gus", "werewolf")], "gus": [wolves()]},
    ),
]

CASES = [
    *SEAT_ORDER_AND_EDGES,
    *CONVERSIONS,
    *LOOKS,
    *NIGHT_WOLVES,
    *NIGHT_TANNERS,
    *DOPPELGANGER,
    *SHIELD,
    *AURA_SEER,
    *REVEALER,
    *LONE_WOLF,
]


@pytest.mark.parametrize(("sc", "expect"), CASES)
def test_ruling(sc, expect):
    run_case(sc, expect)
