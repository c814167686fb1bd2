"""The day as players live it, in the browser (issue 22, points 4–10), each test from the
players' side, one browser context a phone:

* your dealt card in the bar, pressed to see it; "My night" says what you learned, even
  nothing ("Villager: you slept.");
* "Roles in this game" with counts ("Werewolf ×2");
* whole names on the table and the vote (two lines, smaller type, a colour and initial
  each: two bots told apart);
* "ready to vote" from any player, the vote opening when everyone is;
* each game's talk after its "Game N" separator, whispers named in the lobby after a game;
* the Insomniac's own turn shows her card, the others read one calm line, and every
  page's night is the same on the wire;
* the wake order says which turn is which ("Doppelgänger (copy)", "Seer 1").
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from server.conftest import Server
from web.client_helpers import (
    FAST,
    QUICK,
    Player,
    check_problems,
    create_room,
    open_player,
    phase,
    play_night,
    seat_room,
    set_deck,
    set_timers,
    to_the_day,
    vote_all,
    wait_phase,
)

#: Every deal of 3 players from it seats a Villager; the Werewolf and Villager counts.
SLEEPY = {"werewolf": 2, "villager": 4}
#: Two Seer cards, the Doppelgänger and the Insomniac: a wake order with turns to name.
RICH = {"doppelganger": 1, "werewolf": 1, "seer": 2, "robber": 1, "insomniac": 1}
#: A short night (the werewolves, then the Insomniac) that often deals her a seat.
INSOMNIAC = {"werewolf": 2, "insomniac": 1, "villager": 3}


def dealt_card(p: Player) -> str:
    """The card the deal showed this page (its role id)."""
    role = p.page.locator("#mycard .face.front").evaluate(
        "(el) => el.querySelector('.rolename').textContent"
    )
    assert role
    return str(role)


def talk(p: Player, text: str, to: str = "") -> None:
    if to:
        p.page.select_option("#say-to", to)
    p.page.fill("#say", text)
    p.page.click(".say button[type=submit]")


def close_all(players: list[Player]) -> None:
    for p in players:
        p.context.close()


# ----- 4, 5, 7: your card, "My night", the roles' counts, ready to vote ---------------


def test_client_day_card_chip_my_night_counts_and_ready_to_vote(
    browser: Any, server: Server
) -> None:
    _, players = seat_room(browser, server.http, ["ann", "bob", "cat"])
    ann, bob, cat = players
    try:
        set_deck(ann, SLEEPY)
        ann.page.click("#start")
        wait_phase(players, "deal")
        cards = {p.name: dealt_card(p) for p in players}
        assert "Villager" in cards.values()
        play_night(players)
        wait_phase(players, "day")
        for p in players:
            page = p.page
            chip = page.locator("#card-chip")
            # Face down: the bar says "My card" and not which.
            assert chip.inner_text().strip() == "My card"
            assert cards[p.name] not in chip.inner_text()
            # Measured once shown: a redraw under way (a frame) can leave it unmeasured.
            box = None
            for _ in range(50):
                expect(chip).to_be_visible()
                if (box := chip.bounding_box()) is not None:
                    break
            assert box is not None
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.mouse.down()
            expect(page.locator("#card-chip-face")).to_be_visible()
            assert chip.inner_text().strip() == f"Dealt: {cards[p.name]}"
            # A line said while the finger is down redraws the screen: the card stays up.
            other = next(q for q in players if q is not p)
            line = f"still holding, {p.name}?"
            talk(other, line)
            expect(page.locator("#log")).to_contain_text(line)
            expect(page.locator("#card-chip-face")).to_be_visible()
            page.mouse.up()
            expect(page.locator("#card-chip-face")).to_be_hidden()
            assert chip.inner_text().strip() == "My card"
            # "My night" never says "Nothing yet." by day.
            mine = page.locator("#learned").inner_text()
            assert "Nothing yet" not in mine
            if cards[p.name] == "Villager":
                assert mine == "Villager: you slept."
            else:  # a werewolf learned who the werewolves are (or that it is alone)
                assert mine.startswith("Werewolves: ")
                others = [q.name for q in players if q is not p and cards[q.name] == "Werewolf"]
                if others:  # the other werewolves are named
                    assert all(o in mine for o in others), mine
                else:
                    assert p.name in mine or "You are the only werewolf." in mine
            # The roles of this game, with their counts.
            ref = page.locator(".reference .rolename").all_inner_texts()
            assert ref == ["Werewolf ×2", "Villager ×4"]

        # Ready to vote: bob (not the host) says it; everybody sees it.
        assert bob.page.locator("#end-day").count() == 0
        assert ann.page.locator("#end-day").count() == 1  # the host keeps the power
        bob.page.click("#ready")
        bob.page.wait_for_selector("#ready[aria-pressed=true]")
        for p in players:
            p.page.wait_for_selector("#ready-count:has-text('1 of 3 ready to vote')")
        assert "bob" in ann.page.locator("#ready-count").inner_text()
        # bob takes it back, then cat and bob are ready: still the day.
        bob.page.click("#ready")
        ann.page.wait_for_selector("#ready-count:has-text('0 of 3')")
        cat.page.click("#ready")
        bob.page.wait_for_selector("#ready-count:has-text('1 of 3')")
        bob.page.click("#ready")
        ann.page.wait_for_selector("#ready-count:has-text('2 of 3')")
        assert {phase(p) for p in players} == {"day"}
        ann.page.click("#ready")  # the last one: the vote opens for everyone
        wait_phase(players, "vote", timeout=10)
        # The chip is still there during the vote.
        assert bob.page.locator("#card-chip").count() == 1
        check_problems(players)
    finally:
        close_all(players)


# ----- 6: whole names, two bots told apart ---------------------------------------------

ADD_BOT = """async ([code, level]) => {
  const token = localStorage.getItem(`onenight.token.${code}`);
  const ws = new WebSocket(location.origin.replace(/^http/, "ws") + "/ws");
  await new Promise((ok) => { ws.onopen = ok; });
  const answer = (ref) => new Promise((ok) => {
    ws.addEventListener("message", (m) => {
      const f = JSON.parse(m.data);
      if (f.ref === ref) ok(f);
    });
  });
  ws.send(JSON.stringify({ type: "resume", room: code, token, ref: 1 }));
  await answer(1);
  ws.send(JSON.stringify({ type: "add_bot", level, ref: 2 }));
  const f = await answer(2);
  ws.close();
  return f.type;
}"""

#: Each seat's name as laid out: its text, whether it is clipped, and whether a word of
#: it is split over two lines.
NAMES_LAID_OUT = """() => [...document.querySelectorAll('.table .tile.seat')].map((tile) => {
  const el = tile.querySelector('.tname');
  const text = el.textContent;
  const words = [];
  const node = el.firstChild;
  let at = 0;
  for (const word of text.split(' ')) {
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + word.length);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    words.push(lines.size);
    at += word.length + 1;
  }
  const t = tile.getBoundingClientRect(), r = el.getBoundingClientRect();
  return {
    text,
    clipped: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1
      || r.left < t.left - 1 || r.right > t.right + 1
      || getComputedStyle(el).textOverflow === 'ellipsis',
    split: words.some((n) => n > 1),
    badge: tile.querySelector('.badge').textContent,
    colour: getComputedStyle(tile.querySelector('.badge')).backgroundColor,
  };
})"""


def test_client_names_are_whole_on_the_table_and_the_vote_and_two_bots_differ(
    browser: Any, server: Server
) -> None:
    host = open_player(browser, "Bartholomew Maximilian")
    try:
        code = create_room(host, server.http)
        for _ in range(2):
            assert host.page.evaluate(ADD_BOT, [code, "basic"]) == "ack"
        host.page.wait_for_selector("#players li:nth-child(3)")
        set_deck(host, {"werewolf": 2, "seer": 1, "robber": 1, "troublemaker": 1, "villager": 1})
        set_timers(host, FAST)
        host.page.click("#start")
        wait_phase([host], "night")
        names = ["Ada", "Bartholomew Maximilian", "Cleo"]  # the bots with their own initials
        for screen in ("night", "vote"):
            if screen == "vote":
                play_night([host])
                wait_phase([host], "day")
                host.page.click("#end-day")
                wait_phase([host], "vote")
            seats = host.page.evaluate(NAMES_LAID_OUT)
            assert sorted(s["text"] for s in seats) == names, screen
            for s in seats:
                assert not s["clipped"] and not s["split"], (screen, s)
            bots = [s for s in seats if s["text"] != "Bartholomew Maximilian"]
            assert bots[0]["colour"] != bots[1]["colour"], bots  # told apart at a glance
            assert sorted(s["badge"] for s in seats) == ["A", "B", "C"]  # an initial each
        # The vote's buttons say the whole name too.
        for n in names:  # the name a screen reader hears for each seat's button
            assert host.page.get_by_role("button", name=f"Vote for {n}").count() == 1, n
        check_problems([host])
    finally:
        host.context.close()


# ----- 8: each game's talk on its separator; whispers named after the game -------------


def test_client_each_games_talk_opens_on_its_separator(browser: Any, server: Server) -> None:
    _, players = seat_room(browser, server.http, ["ann", "bob", "cat"], deck=SLEEPY, timers=QUICK)
    ann, bob, cat = players
    try:
        to_the_day(players)
        talk(bob, "first game, first line")
        talk(ann, "psst cat", to="2")
        cat.page.wait_for_selector("#log li.whisper:has-text('psst cat')")
        bob.page.wait_for_selector("#log li.whispered")
        ann.page.click("#end-day")
        wait_phase(players, "vote")
        vote_all(players)
        wait_phase(players, "end")
        # The lobby after the game: the whisper still says who whispered to whom.
        for p in players:
            p.page.click("#to-lobby")
            p.page.wait_for_selector("main.screen.lobby #log li:has-text('first game')")
        assert cat.page.locator("#log li.whisper").inner_text() == "ann to cat (whisper): psst cat"
        assert bob.page.locator("#log li.whispered").inner_text() == "ann whispered to cat"
        assert "?" not in bob.page.locator("#log").inner_text()
        talk(cat, "good game")
        ann.page.wait_for_selector("#log li:has-text('good game')")
        to_the_day(players)
        talk(cat, "second game now")
        bob.page.wait_for_selector("#log li:has-text('second game now')")
        bob.page.reload()  # the whole log comes back from the server
        bob.page.wait_for_selector("main.screen.day #log li:has-text('second game now')")
        for p in players:
            lines = p.page.locator("#log li").all_inner_texts()
            first, second = lines.index("Game 1"), lines.index("Game 2")
            assert first == 0 and second > first
            assert "bob first game, first line" in lines[first:second]
            assert "cat good game" in lines[first:second]
            assert lines[second + 1 :] == ["cat second game now"]
            assert p.page.locator("#log li.sep").count() == 2
        check_problems(players)
    finally:
        close_all(players)


# ----- 9: the Insomniac's turn, the calm line, one night on the wire -------------------


def received_night_frames(p: Player) -> list[int]:
    sizes: list[int] = []

    def on_ws(ws: Any) -> None:
        def on_frame(data: Any) -> None:
            text = data if isinstance(data, str) else data.decode()
            if '"phase":"night"' in text:
                sizes.append(len(text.encode()))

        ws.on("framereceived", on_frame)

    p.page.on("websocket", on_ws)
    return sizes


#: On a page that has not tapped in the Insomniac's turn: its prompt and the card shown
#: (null on any other page or turn), read in one call.
INSOMNIAC_TURN = """() => {
  const now = [...document.querySelectorAll(".wake li.now")].map((li) => li.innerText);
  if (now.join("|") !== "Insomniac") return null;
  if (!document.querySelector("main.screen.night.idle:not([data-tapped])")) return null;
  const card = document.querySelector("#prompt .rolecard .rolename");
  return { prompt: document.querySelector("#prompt").innerText, card: card && card.innerText };
}"""


def test_client_the_insomniac_sees_her_card_in_her_turn_the_others_read_one_calm_line(
    browser: Any, server: Server
) -> None:
    names = ["ann", "bob", "cat"]
    players = [open_player(browser, n) for n in names]
    sizes = {p.name: received_night_frames(p) for p in players}
    ann, bob, cat = players
    try:
        code = create_room(ann, server.http)
        for p in (bob, cat):
            p.page.goto(f"{server.http}/r/{code}")
            p.page.fill("#name", p.name)
            p.page.click("#join")
            p.page.wait_for_selector(".screen.lobby")
        ann.page.wait_for_selector("#players li:nth-child(3)")
        set_deck(ann, INSOMNIAC)
        set_timers(ann, FAST)
        seen = False
        for game in range(12):  # the Insomniac card lies in the center half the time
            ann.page.click("#rematch" if game else "#start")
            wait_phase(players, "deal")
            cards = {p.name: dealt_card(p) for p in players}
            her = next((p for p in players if cards[p.name] == "Insomniac"), None)
            for p in players:
                sizes[p.name].clear()
                p.sent.clear()

            def look(her: Player | None = her) -> None:
                nonlocal seen
                for p in players:
                    turn = p.page.evaluate(INSOMNIAC_TURN)
                    if turn is None or her is None:
                        continue
                    if p is her:
                        assert turn["prompt"].startswith("This is your card now:")
                        assert "Keep your eyes closed" not in turn["prompt"]
                        assert turn["card"] == "Insomniac"  # nobody moves a card in this deck
                        seen = True
                    else:
                        assert turn["prompt"] == (
                            "Eyes closed. Tap anywhere so nobody can tell who is awake."
                        )

            play_night(players, tick=look)
            # Every page's night: frames of one size, one tap a turn, each of one size.
            night = [s for p in players for s in sizes[p.name]]
            assert night and len(set(night)) == 1, {p.name: set(sizes[p.name]) for p in players}
            taps = {
                p.name: [m for m in p.sent if '"nothing"' in m or '"act"' in m] for p in players
            }
            assert len({len(t) for t in taps.values()}) == 1, taps
            assert {len(m.encode()) for t in taps.values() for m in t} == {384}
            ann.page.click("#end-day")
            wait_phase(players, "vote")
            vote_all(players)
            wait_phase(players, "end")
            if seen:
                break
        assert seen, "no deal in 12 gave a player the Insomniac"
        check_problems(players)
    finally:
        close_all(players)


# ----- 10: the wake order explains itself ----------------------------------------------


def test_client_the_wake_order_names_each_turn(browser: Any, server: Server) -> None:
    players = [open_player(browser, "ann"), open_player(browser, "bob", locale="fr-FR")]
    players.append(open_player(browser, "cat", locale="ja-JP"))
    ann, bob, cat = players
    try:
        code = create_room(ann, server.http)
        for p in (bob, cat):
            p.page.goto(f"{server.http}/r/{code}")
            p.page.fill("#name", p.name)
            p.page.click("#join")
            p.page.wait_for_selector(".screen.lobby")
        ann.page.wait_for_selector("#players li:nth-child(3)")
        set_deck(ann, RICH)
        set_timers(ann, FAST)
        ann.page.click("#start")
        wait_phase(players, "deal")
        expected = {
            "ann": [
                "Doppelgänger (copy)",
                "Doppelgänger (acts as the copied role)",
                "Werewolves",
                "Seer 1",
                "Seer 2",
                "Robber",
                "Insomniac",
                "Doppelgänger–Insomniac",
            ],
            "bob": [
                "Doppelgänger (copie)",
                "Doppelgänger (agit comme le rôle copié)",
                "Loups-Garous",
                "Voyante 1",
                "Voyante 2",
                "Voleur",
                "Insomniaque",
                "Doppelgänger–Insomniaque",
            ],
            "cat": [
                "ドッペルゲンガー（コピー）",
                "ドッペルゲンガー（コピーした役職として行動）",
                "人狼たち",
                "占い師1",
                "占い師2",
                "怪盗",
                "不眠症",
                "ドッペルゲンガー–不眠症",
            ],
        }
        for p in players:
            assert p.page.locator(".wake li").all_inner_texts() == expected[p.name]
        wait_phase(players, "night")
        # The bar names the turn the same way.
        assert ann.page.locator(".phasebar .detail").inner_text() == "Now: Doppelgänger (copy)"
        assert bob.page.locator(".phasebar .detail").inner_text() == (
            "Maintenant : Doppelgänger (copie)"
        )
        check_problems(players)
    finally:
        close_all(players)


def test_client_wake_labels_of_a_witch_and_little_girls(browser: Any, server: Server) -> None:
    """The labels of turns within a call and of steps, from the page's own function."""
    p = open_player(browser, "ann")
    try:
        p.page.goto(f"{server.http}/")
        p.page.wait_for_selector("#create-name")
        turns = [
            {"call": "werewolves", "role": "werewolf", "copy": 0, "step": 0},
            {"call": "werewolves", "role": "little_girl", "copy": 0, "step": 0},
            {"call": "werewolves", "role": "little_girl", "copy": 1, "step": 0},
            {"call": "werewolves", "role": "doppelganger", "copy": 0, "step": 0},
            {"call": "witch", "role": "witch", "copy": 0, "step": 0},
            {"call": "witch", "role": "witch", "copy": 0, "step": 1},
            {"call": "mason", "role": "", "copy": 0, "step": 0},
        ]
        labels = p.page.evaluate(
            """async (turns) => {
              // the role names load with a room's page (the home page names none)
              await (await import('/app/i18n.js')).loadNames();
              const { turnLabel } = await import('/app/views/common.js');
              return turns.map((_, i) => turnLabel(turns, i, 'sans-carte'));
            }""",
            turns,
        )
        assert labels == [
            "Werewolves",
            "Werewolves: Little Girl 1",
            "Werewolves: Little Girl 2",
            "Werewolves: Doppelgänger–Little Girl",
            "Witch, step 1",
            "Witch, step 2",
            "Masons",
        ]
    finally:
        p.context.close()
