"""RULES.md §4 (the vote: ties, counts of 1 or less, Bodyguard, Hunter chains) and
§5 (who wins, each edition with all its branches)."""

import pytest
from scenario_helpers import (
    case,
    copy,
    masons,
    multi,
    run_case,
    saw,
    scenario,
    swap,
    tanners,
    view,
    wolves,
)

UW = "ultimate workshop"
US = "ultimate sans-carte"
UWS = "ultimate workshop sans-carte"

VOTE = [
    # "If the highest count is 1 or less, nobody dies."
    *multi(
        "everyone-one-vote-nobody-dies",
        UWS,
        "werewolf villager seer villager",
        "villager robber troublemaker",
        votes="bob cat dan ann",
        dead="",
        winners="ann",
    ),
    *multi(
        "single-highest-count-dies",
        UWS,
        "werewolf villager seer villager",
        "villager robber troublemaker",
        votes="bob ann ann ann",
        dead="ann",
        winners="bob cat dan",
    ),
    # "Otherwise every player tied at the highest count dies (never a random pick)."
    *multi(
        "three-way-tie-all-die",
        UWS,
        "werewolf villager seer villager robber troublemaker",
        "villager werewolf drunk",
        votes="bob cat ann ann bob cat",
        dead="ann bob cat",
        winners="bob cat dan eve fay",
    ),
    *multi(
        "tie-at-two-below-a-single-vote-each",
        UWS,
        "werewolf werewolf villager villager seer",
        "villager robber troublemaker",
        votes="cat dan dan cat ann",
        dead="cat dan",
        winners="ann bob",
    ),
    # "A Bodyguard ... does not vote: the player he points at cannot die today. Leave
    # that player out of the count." Here the protected Werewolf has 3 points; cat,
    # with 2, has the highest count of the others and dies.
    *multi(
        "bodyguard-protects-top-next-highest-dies",
        UW,
        "bodyguard werewolf villager seer villager villager",
        "villager robber troublemaker",
        votes="bob cat bob bob cat bob",
        dead="cat",
        winners="bob",
    ),
    # The Bodyguard is the player whose end role is bodyguard: after the Troublemaker
    # moved the card, cat protects dan and bob's point is an ordinary vote.
    *multi(
        "bodyguard-is-end-role-holder",
        UW,
        "troublemaker bodyguard villager werewolf villager",
        "villager robber seer",
        night={"ann": [swap("bob", "cat")]},
        votes="dan eve dan eve dan",
        cards="troublemaker villager bodyguard werewolf villager",
        dead="eve",
        winners="dan",
    ),
    # A Doppelgänger-Bodyguard is a second Bodyguard: both protect, neither votes.
    *multi(
        "doppelganger-bodyguard-also-protects",
        UW,
        "doppelganger bodyguard werewolf villager villager seer",
        "villager robber troublemaker",
        night={"ann": [copy("bob")]},
        votes="cat eve dan cat cat cat",
        roles="bodyguard bodyguard werewolf villager villager seer",
        learned={"ann": [saw("bob", "bodyguard")], "cat": [wolves()]},
        dead="",
        winners="cat",
    ),
    # The Doppelgänger-Bodyguard protects cat and her point is no vote: cat (2 votes,
    # protected) is left out and dan (2 votes) dies alone.
    *multi(
        "two-bodyguards-protect-two-players",
        UW,
        "doppelganger bodyguard werewolf villager villager seer",
        "villager robber troublemaker",
        night={"ann": [copy("bob")]},
        votes="cat eve dan cat cat dan",
        dead="dan",
        winners="cat",
    ),
    # The Bodyguard protects another player, not himself: he can die.
    *multi(
        "bodyguard-himself-can-die",
        UW,
        "bodyguard werewolf villager seer",
        "villager robber troublemaker",
        votes="cat ann ann ann",
        dead="ann",
        winners="bob",
    ),
    # Hunter: "when a player whose end role is hunter dies, the player he pointed at
    # dies too".
    *multi(
        "hunter-takes-his-target",
        UWS,
        "hunter werewolf villager seer",
        "villager robber troublemaker",
        votes="bob ann ann ann",
        dead="ann bob",
        winners="ann cat dan",
    ),
    # "... (unless protected by the Bodyguard, or already dead)".
    *multi(
        "hunter-target-protected-by-bodyguard",
        UW,
        "hunter bodyguard werewolf villager seer",
        "villager robber troublemaker",
        votes="cat cat ann ann ann",
        dead="ann",
        winners="cat",
    ),
    *multi(
        "hunter-target-already-dead",
        UWS,
        "hunter werewolf villager villager",
        "villager robber troublemaker",
        votes="bob ann ann bob",
        dead="ann bob",
        winners="ann cat dan",
    ),
    # The protected Hunter does not die, so nobody else does.
    *multi(
        "protected-hunter-does-not-shoot",
        UW,
        "hunter bodyguard werewolf villager seer",
        "villager robber troublemaker",
        votes="cat ann ann ann bob",
        dead="",
        winners="cat",
    ),
    # "repeat while new Hunters die": Hunter kills Hunter, who takes the Werewolf.
    *multi(
        "hunter-kills-hunter-chain",
        UWS,
        "hunter hunter werewolf villager villager seer",
        "villager robber troublemaker",
        votes="bob cat ann ann ann dan",
        dead="ann bob cat",
        winners="ann bob dan eve fay",
    ),
    # The chain stops at a Hunter whose target is already dead.
    *multi(
        "hunter-chain-loops-back",
        UWS,
        "hunter hunter werewolf villager",
        "villager robber troublemaker",
        votes="bob ann ann ann",
        dead="ann bob",
        winners="cat",
    ),
    # The Hunter is the end-role holder: the Troublemaker gave cat the hunter card.
    *multi(
        "hunter-is-end-role-holder",
        UWS,
        "troublemaker hunter villager werewolf seer",
        "villager robber drunk",
        night={"ann": [swap("bob", "cat")]},
        votes="cat cat dan cat bob",
        cards="troublemaker villager hunter werewolf seer",
        dead="cat dan",
        winners="ann bob cat eve",
    ),
    # bob was dealt the Hunter but holds the villager card: his death takes no one.
    *multi(
        "dealt-hunter-without-card-takes-no-one",
        UWS,
        "troublemaker hunter villager werewolf seer",
        "villager robber drunk",
        night={"ann": [swap("bob", "cat")]},
        votes="bob dan bob bob bob",
        dead="bob",
        winners="dan",
    ),
]

ULTIMATE_WINS = [
    # "Tanner: each Tanner wins if and only if he dies." Werewolf team: "wins when no
    # Werewolf dies and no Tanner dies." Village: "wins when at least one Werewolf
    # dies".
    *multi(
        "tanner-dies-alone-wins-alone",
        US,
        "tanner werewolf minion villager seer",
        "villager robber troublemaker",
        votes="bob ann ann ann bob",
        dead="ann",
        winners="ann",
    ),
    *multi(
        "tanner-and-werewolf-die-both-tanner-and-village-win",
        US,
        "tanner werewolf minion villager seer",
        "villager robber troublemaker",
        votes="bob ann ann bob cat",
        dead="ann bob",
        winners="ann dan eve",
    ),
    *multi(
        "tanner-survives-loses",
        US,
        "tanner werewolf villager seer",
        "villager robber troublemaker",
        votes="bob cat bob bob",
        dead="bob",
        winners="cat dan",
    ),
    *multi(
        "two-tanners-only-the-dead-one-wins",
        US,
        "tanner tanner werewolf villager villager",
        "villager robber troublemaker",
        votes="bob ann ann ann cat",
        dead="ann",
        winners="ann",
    ),
    # "Apprentice Tanner (not turned Tanner): wins if and only if a Tanner dies."
    case(
        "apprentice-tanner-wins-when-tanner-dies",
        scenario(
            "ultimate",
            "apprentice_tanner tanner werewolf villager",
            "villager robber troublemaker",
            votes="bob ann bob bob",
        ),
        learned={"ann": [tanners("bob")], "cat": [wolves()]},
        dead="bob",
        winners="ann bob",
    ),
    # Ruling: "An Apprentice Tanner who did not become a Tanner is on the Tanner side:
    # she never wins with the village."
    case(
        "apprentice-tanner-loses-when-werewolf-dies",
        scenario(
            "ultimate",
            "apprentice_tanner tanner werewolf villager",
            "villager robber troublemaker",
            votes="cat cat ann cat",
        ),
        dead="cat",
        winners="dan",
    ),
    case(
        "apprentice-tanner-loses-when-nobody-dies-without-werewolf",
        scenario(
            "ultimate",
            "apprentice_tanner tanner villager seer",
            "werewolf werewolf robber",
        ),
        dead="",
        winners="cat dan",
    ),
    case(
        "turned-apprentice-tanner-dies-and-wins",
        scenario(
            "ultimate",
            "apprentice_tanner werewolf villager",
            "villager seer robber",
            votes="bob ann ann",
        ),
        roles="tanner werewolf villager",
        dead="ann",
        winners="ann",
    ),
    case(
        "turned-apprentice-tanner-survives-and-loses",
        scenario(
            "ultimate",
            "apprentice_tanner werewolf villager",
            "villager seer robber",
            votes="bob cat bob",
        ),
        roles="tanner werewolf villager",
        dead="bob",
        winners="cat",
    ),
    *multi(
        "werewolf-team-wins-when-villager-dies",
        US,
        "werewolf minion villager seer",
        "villager robber troublemaker",
        votes="cat cat ann cat",
        dead="cat",
        winners="ann bob",
    ),
    *multi(
        "werewolf-team-wins-when-only-minion-dies",
        US,
        "werewolf minion villager seer",
        "villager robber troublemaker",
        votes="bob cat bob bob",
        dead="bob",
        winners="ann bob",
    ),
    *multi(
        "werewolf-team-wins-when-nobody-dies",
        US,
        "werewolf minion villager seer",
        "villager robber troublemaker",
        dead="",
        winners="ann bob",
    ),
    *multi(
        "village-wins-when-werewolf-dies-minion-loses",
        US,
        "werewolf minion villager seer",
        "villager robber troublemaker",
        votes="bob ann ann ann",
        dead="ann",
        winners="cat dan",
    ),
    # "If no player is a Werewolf, a Minion wins when someone who is not a Minion dies
    # (even if he dies too)."
    *multi(
        "no-werewolf-minion-wins-when-villager-dies",
        US,
        "minion villager seer robber",
        "werewolf werewolf troublemaker",
        votes="bob ann bob bob",
        learned={"ann": [wolves()]},
        dead="bob",
        winners="ann",
    ),
    *multi(
        "no-werewolf-minion-wins-even-if-he-dies-too",
        US,
        "minion villager seer robber",
        "werewolf werewolf troublemaker",
        votes="bob ann bob ann",
        dead="ann bob",
        winners="ann",
    ),
    *multi(
        "no-werewolf-only-minion-dies-nobody-wins",
        US,
        "minion villager seer robber",
        "werewolf werewolf troublemaker",
        votes="bob ann ann ann",
        dead="ann",
        winners="",
    ),
    # "If no player is a Werewolf, [the village] wins when nobody dies."
    *multi(
        "no-werewolf-nobody-dies-village-wins-minion-loses",
        US,
        "minion villager seer robber",
        "werewolf werewolf troublemaker",
        dead="",
        winners="bob cat dan",
    ),
    *multi(
        "no-werewolf-someone-dies-nobody-wins",
        US,
        "villager seer robber",
        "werewolf werewolf troublemaker",
        votes="bob ann ann",
        dead="ann",
        winners="",
    ),
    # Only a Minion (a Doppelgänger-Minion) dies, no Werewolf among the players: the
    # other Minion does not win either ("someone who is not a Minion").
    case(
        "no-werewolf-two-minions-one-dies-nobody-wins",
        scenario(
            "ultimate",
            "doppelganger minion villager seer",
            "werewolf werewolf robber",
            night={"ann": [copy("bob")]},
            votes="bob ann ann ann",
        ),
        roles="minion minion villager seer",
        learned={"ann": [saw("bob", "minion"), wolves()], "bob": [wolves()]},
        dead="ann",
        winners="",
    ),
    *multi(
        "apprentice-tanner-and-tanner-both-die-both-win",
        UW,
        "apprentice_tanner tanner werewolf villager",
        "villager robber troublemaker",
        votes="bob ann ann bob",
        dead="ann bob",
        winners="ann bob",
    ),
    *multi(
        "no-werewolf-tanner-dies-tanner-and-minion-win",
        US,
        "minion tanner villager seer",
        "werewolf werewolf robber",
        votes="bob ann bob bob",
        dead="bob",
        winners="ann bob",
    ),
    # A Werewolf is a player whose end role is in the family: the Robber who took the
    # Werewolf card is one; the robbed player, holding the robber card, is not.
    *multi(
        "robbed-werewolf-dies-werewolf-team-wins",
        US,
        "robber werewolf villager seer",
        "villager troublemaker drunk",
        night={"ann": [swap("ann", "bob")]},
        votes="bob cat bob bob",
        dead="bob",
        winners="ann",
    ),
    # A Dream Wolf and a Mystic Wolf are Werewolves too.
    *multi(
        "dream-wolf-dies-village-wins",
        UW,
        "dream_wolf mystic_wolf villager seer",
        "villager robber troublemaker",
        votes="bob ann ann ann",
        dead="ann",
        winners="cat dan",
    ),
    # Sans-carte, twelve players.
    case(
        "sans-carte-twelve-players-village-wins",
        scenario(
            "sans-carte",
            "werewolf werewolf mystic_wolf minion mason mason seer robber troublemaker "
            "villager villager hunter",
            "villager tanner drunk",
            night={"gus": [view("ann")]},
            votes="gus gus ann ann ann ann ann ann ann ann ann cat",
        ),
        learned={
            "ann": [wolves("bob", "cat")],
            "bob": [wolves("ann", "cat")],
            "cat": [wolves("ann", "bob")],
            "dan": [wolves("ann", "bob", "cat")],
            "eve": [masons("fay")],
            "fay": [masons("eve")],
            "gus": [saw("ann", "werewolf")],
        },
        dead="ann",
        winners="eve fay gus hal ivy jon kim lou",
    ),
]

WORKSHOP_WINS = [
    # Ruling (workshop, literal): "if any Tanner dies, the Tanners who died and the
    # Apprentice Tanners win, and everyone else loses."
    *multi(
        "tanner-and-werewolf-die",
        UW,
        "tanner werewolf minion villager apprentice_tanner",
        "villager robber troublemaker",
        votes="bob ann dan bob ann",
        learned={"bob": [wolves()], "cat": [wolves("bob")], "eve": [tanners("ann")]},
        dead="ann bob",
        by_edition={
            # ultimate: the Tanner wins, the village too (a Werewolf died), and the
            # Apprentice Tanner (a Tanner died).
            "ultimate": {"winners": ["ann", "dan", "eve"]},
            "workshop": {"winners": ["ann", "eve"]},
        },
    ),
    *multi(
        "two-tanners-one-dies",
        UW,
        "tanner tanner werewolf villager",
        "villager robber troublemaker",
        votes="bob ann ann ann",
        dead="ann",
        winners="ann",
    ),
    # "An Apprentice Tanner wins only then; a Tanner who survives never wins.
    # Otherwise, if a Werewolf dies, the village wins."
    *multi(
        "werewolf-dies-village-wins-tanner-and-apprentice-lose",
        UW,
        "tanner werewolf villager apprentice_tanner seer",
        "villager robber troublemaker",
        votes="bob ann bob bob cat",
        dead="bob",
        winners="cat eve",
    ),
    *multi(
        "villager-dies-werewolf-team-wins",
        UW,
        "werewolf minion villager seer",
        "villager robber troublemaker",
        votes="cat cat ann cat",
        dead="cat",
        winners="ann bob",
    ),
    # "Otherwise the werewolf team wins — also when the Bodyguard's protection means
    # nobody dies".
    *multi(
        "bodyguard-protection-nobody-dies",
        UW,
        "bodyguard werewolf minion villager villager",
        "villager robber troublemaker",
        votes="bob cat bob bob bob",
        dead="",
        winners="bob cat",
    ),
    # "... and also when no player is a Werewolf (then only a Minion, if any, wins)."
    *multi(
        "no-werewolf-nobody-dies",
        UW,
        "minion villager seer robber",
        "werewolf werewolf troublemaker",
        dead="",
        by_edition={
            "ultimate": {"winners": ["bob", "cat", "dan"]},
            "workshop": {"winners": ["ann"]},
        },
    ),
    *multi(
        "no-werewolf-no-minion-nobody-dies",
        UW,
        "villager seer robber",
        "werewolf werewolf troublemaker",
        dead="",
        by_edition={
            "ultimate": {"winners": ["ann", "bob", "cat"]},
            "workshop": {"winners": []},
        },
    ),
    *multi(
        "no-werewolf-only-minion-dies",
        UW,
        "minion villager seer robber",
        "werewolf werewolf troublemaker",
        votes="bob ann ann ann",
        dead="ann",
        by_edition={
            "ultimate": {"winners": []},
            "workshop": {"winners": ["ann"]},
        },
    ),
    *multi(
        "no-werewolf-villager-dies-minion-wins",
        UW,
        "minion villager seer robber",
        "werewolf werewolf troublemaker",
        votes="bob ann bob bob",
        dead="bob",
        winners="ann",
    ),
    # The Apprentice Tanner who became a Tanner wins by dying, in both editions.
    *multi(
        "turned-apprentice-tanner-dies",
        UW,
        "apprentice_tanner werewolf villager",
        "villager seer robber",
        votes="bob ann ann",
        roles="tanner werewolf villager",
        dead="ann",
        winners="ann",
    ),
    # Workshop, werewolves present and the Apprentice Tanner alive, nobody dies: the
    # werewolf team wins; the Apprentice Tanner and the surviving Tanner lose.
    *multi(
        "nobody-dies-werewolves-win-tanners-lose",
        UW,
        "tanner apprentice_tanner werewolf villager",
        "villager seer robber",
        dead="",
        winners="cat",
    ),
]

JAPANESE_WINS = [
    # "If a Werewolf dies, the human team wins."
    case(
        "japanese-werewolf-dies-humans-win",
        scenario(
            "japanese",
            "werewolf villager sorcerer phantom_thief",
            "werewolf villager",
            votes="bob ann ann ann",
        ),
        dead="ann",
        winners="bob cat dan",
    ),
    case(
        "japanese-werewolf-and-human-die-humans-win",
        scenario(
            "japanese",
            "werewolf villager sorcerer villager",
            "werewolf phantom_thief",
            votes="bob ann ann bob",
        ),
        dead="ann bob",
        winners="bob cat dan",
    ),
    # "If nobody dies (the Peace Village ...): with no Werewolf among the players
    # everyone wins; otherwise the Werewolves win."
    case(
        "japanese-peace-village-no-werewolf-everyone-wins",
        scenario("japanese", "villager sorcerer phantom_thief", "werewolf werewolf"),
        dead="",
        winners="ann bob cat",
    ),
    case(
        "japanese-peace-village-with-werewolf-werewolves-win",
        scenario("japanese", "werewolf villager sorcerer villager", "werewolf phantom_thief"),
        dead="",
        winners="ann",
    ),
    # "If someone dies but no Werewolf does: the Werewolves win; if no player is a
    # Werewolf, nobody wins."
    case(
        "japanese-human-dies-werewolves-win",
        scenario(
            "japanese",
            "werewolf werewolf villager villager sorcerer",
            "villager phantom_thief",
            votes="cat cat ann cat cat",
        ),
        learned={"ann": [wolves("bob")], "bob": [wolves("ann")]},
        dead="cat",
        winners="ann bob",
    ),
    case(
        "japanese-someone-dies-no-werewolf-nobody-wins",
        scenario(
            "japanese",
            "villager sorcerer phantom_thief",
            "werewolf werewolf",
            votes="bob ann ann",
        ),
        dead="ann",
        winners="",
    ),
    # The Phantom Thief took the Werewolf card: he is the Werewolf; the robbed player
    # dies, no Werewolf died.
    case(
        "japanese-phantom-thief-becomes-werewolf-and-wins",
        scenario(
            "japanese",
            "phantom_thief werewolf villager sorcerer",
            "villager werewolf",
            night={"ann": [swap("ann", "bob")]},
            votes="bob ann bob bob",
        ),
        roles="werewolf phantom_thief villager sorcerer",
        learned={"ann": [saw("ann", "werewolf")], "bob": [wolves()]},
        dead="bob",
        winners="ann",
    ),
    case(
        "japanese-seven-players-peace-village-two-werewolves",
        scenario(
            "japanese",
            "werewolf werewolf villager villager villager villager sorcerer",
            "villager phantom_thief",
        ),
        dead="",
        winners="ann bob",
    ),
]

CASES = [*VOTE, *ULTIMATE_WINS, *WORKSHOP_WINS, *JAPANESE_WINS]


@pytest.mark.parametrize(("sc", "expect"), CASES)
def test_vote_and_wins(sc, expect):
    run_case(sc, expect)
