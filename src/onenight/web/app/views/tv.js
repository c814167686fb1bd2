// @ts-check
/**
 * The TV view (`/r/CODE/tv`): one screen of 1920×1080 read from across a room. The lobby
 * is the room code and a big QR code; a game is the round table, the wake order and the
 * countdown in large type; by day and at the vote, each seat's claim as it stands, as
 * sentences in the TV's language (views/claims.js, the phones' own words) beside the
 * table and the claimed role under each seat; the vote's tally once; the result on one
 * screen. A shared
 * screen has no seat, no phone settings and no "Leave the room", and the pages list it
 * as no one (it joins with `screen: true`). Loaded only by a TV page (first-load weight).
 */
import { clock, h } from "../dom.js";
import { list, roleName, t } from "../i18n.js";
import { ORDER, roleArt } from "../roles.js";
import { remaining, store } from "../store.js";
import { label, sentence, story } from "./claims.js";
import { turnLabel, wakeOrder } from "./common.js";
import { hue, initial, tableView } from "./table.js";
import { deadLine, narrate, pending, readingView, revealView, tally, verdictLine, votesFor } from "./reveal.js";

/** @typedef {import("../conn.js").Frame} Frame */

document.head.append(h("link", { rel: "stylesheet", href: "/app/tv.css" }));

/** The TV's screen for the store now. @param {Frame} room @param {Frame | null} s */
export function tvView(room, s) {
  if (!s) return lobby(room);
  if (s.phase === "end") {
    // The show first (views/reveal.js), narrated when the narrator is on.
    const key = `${store.code}.${s.game}`;
    if (pending(key)) return revealView(key, s.result, s.players, s.edition, null, "screen tvscreen tv-end tv-reveal");
    return result(s);
  }
  return game(s);
}

/** The narrator (the table mode's voices): the host turns it on on the TV, which keeps
 * it; it says each step of the ending's show. */
const NARRATOR = "onenight.narrator";
narrate(localStorage.getItem(NARRATOR) === "on");

/** The narrator's toggle. */
function narratorToggle() {
  const on = localStorage.getItem(NARRATOR) === "on";
  return h("button", {
    type: "button", id: "tv-narrator", class: "secondary tv-narrator", "aria-pressed": on ? "true" : "false",
    onclick: (/** @type {Event} */ e) => {
      localStorage.setItem(NARRATOR, on ? "off" : "on");
      narrate(!on);
      const b = /** @type {HTMLElement} */ (e.currentTarget);
      b.setAttribute("aria-pressed", on ? "false" : "true");
    },
  }, t("reveal.narrator"));
}

/** The members the room shows: players, not the shared screens. @param {Frame} room */
function players(room) {
  return room.seats.map((/** @type {number} */ m) => room.members.find((/** @type {Frame} */ x) => x.member === m)).filter(Boolean);
}

/** @param {Frame} room */
function lobby(room) {
  const link = `${location.origin}/r/${room.room}`;
  const seated = players(room);
  /** @type {Record<string, number>} */
  const counts = {};
  for (const r of room.deck || []) counts[r] = (counts[r] || 0) + 1;
  const ed = room.settings.edition;
  const deck = ORDER.filter((r) => counts[r]).map((r) => counts[r] > 1 ? t("day.times", { role: roleName(r, ed), n: counts[r] }) : roleName(r, ed));
  return h("main", { class: "screen tvscreen tv-lobby" },
    h("section", { class: "tv-join" },
      h("p", { class: "tv-label" }, t("tv.code")),
      h("h1", { class: "tv-code", id: "tv-code" }, room.room),
      h("p", { class: "tv-link" }, link),
      h("p", { class: "tv-hint" }, t("tv.scan"))),
    h("img", { class: "tv-qr", id: "tv-qr", src: `/api/rooms/${room.room}/qr.svg`, alt: t("lobby.qr"), width: 520, height: 520 }),
    h("section", { class: "tv-players" },
      h("h2", {}, `${t("lobby.players")} (${seated.length})`),
      h("ol", { id: "tv-players" }, seated.map((/** @type {Frame} */ m) => h("li", { class: m.bot ? "bot" : "" }, m.name))),
      deck.length ? h("p", { class: "tv-deck", id: "tv-deck" }, t("lobby.deckSummary", { n: room.deck.length, roles: list(deck) })) : null,
      h("p", { class: "muted" }, t("lobby.waitHost")),
      narratorToggle()));
}

/** The countdown in large type (main.js ticks it). */
function timer() {
  return store.until
    ? h("span", { class: "timer tv-timer", id: "timer", role: "timer", "aria-label": t("timer.left", { time: clock(remaining()) }) }, clock(remaining()))
    : null;
}

/** The night, the day and the vote: the table, what is going on, the clock. @param {Frame} s */
function game(s) {
  const night = s.phase === "night";
  const day = s.day || { revealed: {}, shields: [] };
  const voted = new Set(s.voted || []);
  const ready = (s.ready || []).filter((/** @type {number} */ x) => x in s.players);
  const now = night
    ? (s.turn >= 0 ? t("night.now", { call: turnLabel(s.turns, s.turn, s.edition) }) : t("tv.deal"))
    : s.phase === "vote" ? t("vote.count", { n: voted.size, total: s.players.length })
      : ready.length ? t("day.readyCount", { n: ready.length, total: s.players.length }) : t("tv.talk");
  return h("main", { class: `screen tvscreen tv-game tv-${s.phase}` },
    h("header", { class: "tv-bar" },
      h("h1", { id: "phase" }, t(`phase.${s.phase}`)),
      h("p", { class: "tv-now", id: "tv-now" }, now),
      timer(),
      narratorToggle()),
    h("div", { class: "tv-table" }, tableView({
      still: true,
      players: s.players, seat: null, center: night ? s.center_cards || 0 : 0, centerWolf: night && s.center_wolf,
      tile: (x) => ({
        enabled: false,
        note: [s.phase === "vote" ? (voted.has(x) ? `✓ ${t("vote.hasVoted")}` : "")
          : day.revealed[String(x)] ? roleName(day.revealed[String(x)], s.edition)
            : (day.shields || []).includes(x) ? t("day.shieldMark") : "",
        night ? "" : label(s, x)].filter(Boolean).join(" · "),
      }),
      onTap: () => {},
    })),
    night ? (s.turns ? wakeOrder(s) : null) : board(s));
}

/** The claims' type sizes, largest first (tv.css). */
const SIZES = ["", "close", "snug", "dense", "densest"];

/**
 * The claims by day and at the vote: for each seat that has claimed, its badge and name
 * (the table's colour and initial) and its claim as it stands, one sentence a line, in
 * the TV's language; in the largest type that fits the screen (measured once drawn,
 * before the screen is painted).
 * @param {Frame} s
 */
function board(s) {
  /** @type {[number, Frame[]][]} */
  const seats = s.players.map((/** @type {string} */ _, /** @type {number} */ i) => [i, story(s, i)])
    .filter((/** @type {[number, Frame[]]} */ [, said]) => said.length);
  if (!seats.length && s.phase !== "day") return null; // "claim from your phone" is for the day
  const el = h("section", { class: "tv-claims", id: "tv-claims", "aria-labelledby": "tv-claims-h" },
    h("h2", { id: "tv-claims-h" }, t("claims.board")),
    seats.length
      ? h("ul", {}, seats.map(([seat, said]) => h("li", { "data-seat": String(seat) },
        h("span", { class: "badge", "aria-hidden": "true", style: `--hue:${hue(seat, s.players.length)}` }, initial(s.players[seat])),
        h("ul", {}, said.map((c) => h("li", {}, sentence(seat, c, s.players, s.edition)))))))
      : h("p", { class: "muted" }, t("claims.empty")));
  queueMicrotask(() => {
    for (const size of SIZES) {
      el.className = `tv-claims ${size}`;
      if (!el.isConnected || el.scrollHeight <= el.clientHeight + 1) break;
    }
  });
  return el;
}

/** The result on one screen: the verdict, then each card dealt → at dawn. @param {Frame} s */
function result(s) {
  const r = s.result;
  const ed = s.edition;
  const winners = r.winners || [];
  const dead = r.dead || [];
  const dealt = s.dealt || { cards: [], center: [] };
  /** @param {string} role */
  const card = (role) => h("span", { class: "tv-card" }, roleArt(role), h("span", {}, roleName(role, ed)));
  /** @param {string} name @param {string} from @param {string} to @param {string} cls */
  const row = (name, from, to, cls) => h("li", { class: cls },
    h("strong", { class: "tv-who" }, name),
    from ? card(from) : h("span", {}, "?"),
    h("span", { class: "tv-arrow", "aria-hidden": "true" }, "→"),
    card(to));
  return h("main", { class: "screen tvscreen tv-end" },
    h("header", { class: "tv-bar" },
      h("h1", { id: "phase" }, t("phase.end")),
      h("p", { class: "tv-now tv-verdict", id: "verdict" }, verdictLine(r)),
      narratorToggle()),
    h("p", { class: "tv-winners", id: "winners" }, winners.length ? t("end.winners", { names: list(winners) }) : t("end.noWinner")),
    h("p", { class: "tv-dead", id: "dead" }, deadLine(r, ed)),
    h("section", { class: "tv-tally", "aria-labelledby": "tv-tally-h" },
      h("h2", { id: "tv-tally-h" }, t("reveal.tally")),
      h("ul", { id: "tv-tally" }, tally(r).map(([name, n]) => h("li", {}, votesFor(name, n))))),
    h("ul", { class: "tv-cards", id: "tv-cards" },
      s.players.map((/** @type {string} */ name, /** @type {number} */ i) => row(
        `${name}${dead.includes(name) ? " ✝" : ""}${winners.includes(name) ? " ★" : ""}`,
        dealt.cards[i] || "", r.cards[name], winners.includes(name) ? "won" : "")),
      r.center.map((/** @type {string} */ role, /** @type {number} */ i) => row(t("end.centerN", { n: i + 1 }), dealt.center[i] || "", role, "tv-center"))),
    (s.hindsight || []).length ? h("section", { class: "tv-hindsight", "aria-labelledby": "tv-hindsight-h" },
      h("h2", { id: "tv-hindsight-h" }, t("hindsight.title")),
      h("ul", { id: "tv-hindsight" }, s.hindsight.map((/** @type {Frame} */ e) => h("li", { "data-truth": e.truth },
        sentence(e.seat, e.claim, s.players, ed), " — ", h("span", { class: `truth ${e.truth}` }, t(`truth.${e.truth}`)))))) : null,
    readingView(s.reading, r, s.players, "tv-reading"));
}
