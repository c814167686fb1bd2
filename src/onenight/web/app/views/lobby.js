// @ts-check
/** The lobby: the share link and its QR code, seats, the host's settings, start. */
import { h, svg } from "../dom.js";
import { list, roleName, t, wakeLine } from "../i18n.js";
import { ORDER, teamOf } from "../roles.js";
/** The balanced decks' panel (views/balanced.js), loaded when the host first opens the
 * deck editor: a first visit does not download it (scripts/weight_client.py).
 * @type {typeof import("./balanced.js") | null} */
let balanced = null;
import { roleCard } from "./common.js";
import { talkPanel } from "./day.js";
import { pref, setPref } from "../speech.js";
import { scoreboard } from "./common.js";

/** @typedef {import("../conn.js").Frame} Frame */
/** @typedef {{configure: (changes: Record<string, any>) => void, start: () => void, kick: (m: number) => void,
 *   makeHost: (m: number) => void, say: (to: number | null, text: string) => void, leave: () => void,
 *   addBot: (level: string) => void, redraw: () => void}} LobbyActions */

/** The bots' levels (docs/bots.md, "The levels"), the easiest first. */
export const BOT_LEVELS = ["random", "basic", "reasoner"];
/** The most players a room seats (session/core.py MAX_SEATS). */
const MAX_SEATS = 12;

/** Timer presets: seconds for a night turn, its random extra, the day, the vote. */
export const PRESETS = {
  casual: { turn: 20, jitter: 4, day: 480, vote: 45 },
  standard: { turn: 15, jitter: 3, day: 300, vote: 30 },
  quick: { turn: 8, jitter: 2, day: 180, vote: 20 },
};

/** @type {Frame[]} */
let editions = [];
/** @param {Frame[]} list */
export function setEditions(list) {
  editions = list;
}
/** The editions the server offers (empty until /api/editions answers). */
export function editionList() {
  return editions;
}

/** @param {Frame} room @param {LobbyActions} act */
export function lobbyView(room, act) {
  const you = room.you || {};
  const host = !!you.host;
  const link = `${location.origin}/r/${room.room}`;
  const players = room.seats.map((/** @type {number} */ m) => room.members.find((/** @type {Frame} */ x) => x.member === m)).filter(Boolean);
  // A TV (a shared screen) is no one to list.
  const watchers = room.members.filter((/** @type {Frame} */ m) => m.spectator && !m.gone && !m.screen);
  /** @param {Frame} m */
  const member = (m) => h("li", { class: `member${m.online ? " online" : ""}${m.bot ? " bot" : ""}`, "data-member": String(m.member) },
    // A bot is never "offline": it has no connection, it plays from the server.
    m.bot ? botFace() : h("span", { class: "dot", "aria-hidden": "true" }),
    room.host === m.member ? h("span", { class: "crown", title: t("lobby.host"), "aria-label": t("lobby.host"), role: "img" }, crown()) : null,
    h("span", { class: "mname" }, m.name),
    m.member === you.member ? h("span", { class: "muted" }, ` (${t("lobby.you")})`) : null,
    m.bot ? h("span", { class: "badge bot-badge" }, `${t("lobby.bot")} · ${t(`bot.${m.bot}`)}`) : null,
    m.stand_in && !m.bot ? h("span", { class: "badge away" }, t("lobby.away"))
      : m.bot ? null : h("span", { class: "sr-only" }, ` ${m.online ? t("lobby.online") : t("lobby.offline")}`),
    host && m.member !== you.member ? h("span", { class: "mactions" },
      !m.spectator && !m.bot ? h("button", { type: "button", id: `host-${m.member}`, class: "small", "aria-label": t("lobby.makeHost", { name: m.name }), onclick: () => act.makeHost(m.member) }, crown()) : null,
      h("button", { type: "button", id: `kick-${m.member}`, class: "small danger", "aria-label": t(m.bot ? "lobby.remove" : "lobby.kick", { name: m.name }), onclick: () => act.kick(m.member) }, "✕")) : null);
  return h("main", { class: "screen lobby" },
    h("h1", { id: "phase" }, t("lobby.title", { code: room.room })),
    h("section", { class: "share", "aria-labelledby": "share-h" },
      h("img", { class: "qr", src: `/api/rooms/${room.room}/qr.svg`, alt: t("lobby.qr"), width: 160, height: 160 }),
      h("h2", { id: "share-h" }, t("lobby.share")),
      h("p", {}, h("a", { href: link, id: "share-link" }, link)),
      h("button", {
        type: "button", class: "secondary", id: "copy-link",
        onclick: (/** @type {Event} */ e) => {
          navigator.clipboard?.writeText(link).catch(() => {});
          /** @type {HTMLElement} */ (e.target).textContent = t("lobby.copied");
        },
      }, t("lobby.copy")),
      h("p", { class: "links" },
        h("a", { href: `/r/${room.room}/watch`, id: "watch-link" }, t("lobby.watchLink")), " · ",
        h("a", { href: `/r/${room.room}/tv`, id: "tv-link", target: "_blank", rel: "noopener" }, t("lobby.tvLink")), " · ",
        h("a", { href: "#how-to-play", id: "howto-link" }, t("howto.link")))),
    h("section", { "aria-labelledby": "players-h" },
      h("h2", { id: "players-h" }, `${t("lobby.players")} (${players.length})`),
      h("ol", { class: "members", id: "players" }, players.map(member)),
      host && !room.playing ? addBot(players.length, act) : null,
      watchers.length ? h("h3", {}, t("lobby.spectators")) : null,
      watchers.length ? h("ul", { class: "members", id: "spectators" }, watchers.map(member)) : null),
    settingsView(room, host, act),
    // The host's Start stays in reach at the foot of the screen, however long the page.
    host ? h("div", { class: "startbar" },
      h("button", { type: "button", id: "start", class: "primary big", disabled: !!room.deck_error, onclick: () => act.start() }, t("lobby.start"))) : null,
    prefs(),
    h("button", { type: "button", id: "leave", class: "secondary", onclick: () => act.leave() }, t("lobby.leave")),
    you.spectator ? null : talkPanel({ players: [], seat: you.seat }, act),
    room.games ? scoreboard() : null);
}

/**
 * The deck's problem in the page's language, from the server's ``deck_issue`` (its code
 * and values; the English ``deck_error`` only for a problem with no code of its own).
 * @param {Frame} room @param {string} edition @param {number} n @param {number[]} range
 * @param {number} need @param {number} center
 */
function deckIssue(room, edition, n, range, need, center) {
  const issue = room.deck_issue || {};
  const role = issue.role ? roleName(issue.role, edition) : "";
  switch (issue.code) {
    case "players":
      return t("lobby.needPlayers", { min: range[0], max: range[1], n });
    case "size":
      return t("lobby.deckSize", { have: room.deck.length, players: n, need, center });
    case "count":
      return t("lobby.issue.count", { role, max: issue.max });
    case "role":
    case "at_most_one":
      return t(`lobby.issue.${issue.code}`, { role });
    case "masons":
    case "needs_wolf":
    case "edition":
      return t(`lobby.issue.${issue.code}`);
    default:
      return t("lobby.deckBad", { reason: room.deck_error });
  }
}

/** Why the room's deck cannot start the next game with the seats now, in the page's
 * language ("" when it can): the lobby's line, and the result's beside Rematch.
 * @param {Frame} room */
export function deckWhy(room) {
  if (!room.deck_error) return "";
  const ed = editions.find((e) => e.id === room.settings.edition);
  const n = room.seats.length;
  const center = ed ? ed.center : 3;
  return deckIssue(room, room.settings.edition, n, ed ? ed.players : [1, 99], n + center, center);
}

/** @param {Frame} room @param {boolean} host @param {LobbyActions} act */
function settingsView(room, host, act) {
  const st = room.settings;
  const ed = editions.find((e) => e.id === st.edition);
  const n = room.seats.length;
  const center = ed ? ed.center : 3;
  /** @type {Record<string, number>} */
  const counts = {};
  for (const r of room.deck) counts[r] = (counts[r] || 0) + 1;
  const need = n + center;
  const range = ed ? ed.players : [1, 99];
  const problem = room.deck_error ? deckIssue(room, st.edition, n, range, need, center) : t("lobby.deckOk");
  const timers = h("p", { id: "timers" }, t("lobby.timerSummary", { turn: st.turn, jitter: st.jitter, day: fmt(st.day), vote: fmt(st.vote) }));
  if (!host) {
    return h("section", { class: "settings", "aria-labelledby": "settings-h" },
      h("h2", { id: "settings-h" }, t("lobby.settings")),
      h("p", {}, t("pair", { label: t("lobby.edition"), value: t(`edition.${st.edition}`) })),
      // Grouped with counts, as the host reads it ("8 cards: Werewolf ×2, Seer, …").
      h("p", { id: "deck" }, deckLine(counts, st.edition, room.deck.length)),
      h("p", { class: room.deck_error ? "warn" : "muted", id: "deck-error", "aria-live": "polite" }, problem),
      timers,
      h("p", { class: "muted" }, t("lobby.waitHost")));
  }
  const roles = ed ? ORDER.filter((r) => ed.roles.includes(r)) : Object.keys(counts);
  const teams = ["village", "werewolf", "tanner"];
  /** @param {string} role @param {number} delta */
  const step = (role, delta) => {
    const next = { ...counts, [role]: Math.max(0, (counts[role] || 0) + delta) };
    act.configure({ deck: next });
  };
  /** @param {string} field @param {string} label @param {number} value @param {number} min */
  const timer = (field, label, value, min) => h("label", { class: "field" }, label,
    h("input", {
      type: "number", id: `set-${field}`, min, step: "any", value: String(value), inputmode: "decimal",
      onchange: (/** @type {Event} */ e) => {
        const v = Number(/** @type {HTMLInputElement} */ (e.target).value);
        if (Number.isFinite(v) && v >= min) act.configure({ [field]: v });
      },
    }));
  return h("section", { class: "settings", "aria-labelledby": "settings-h" },
    h("h2", { id: "settings-h" }, t("lobby.settings")),
    h("label", { class: "field" }, t("lobby.edition"),
      h("select", { id: "edition", onchange: (/** @type {Event} */ e) => changeEdition(/** @type {HTMLSelectElement} */ (e.target).value, act) },
        editions.map((e) => h("option", { value: e.id, selected: e.id === st.edition }, t(`edition.${e.id}`))))),
    h("div", { class: "deck-summary" },
      h("p", { id: "deck-line" }, deckLine(counts, st.edition, room.deck.length)),
      h("button", {
        type: "button", id: "deck-change", class: "secondary", "aria-expanded": String(editing), "aria-controls": "deck-editor",
        onclick: () => { editing = !editing; act.redraw(); },
      }, t(editing ? "lobby.changeDone" : "lobby.change"))),
    h("p", { class: room.deck_error ? "warn" : "ok", id: "deck-error", "aria-live": "polite" }, problem),
    editing ? null : timers,
    !editing ? null : h("div", { id: "deck-editor" },
    h("h3", {}, t("lobby.deck"), " ", h("span", { class: "muted" }, t("lobby.deckCount", { cards: room.deck.length, players: n, center }))),
    balanced
      ? balanced.balancedDecks(ed, n, counts, (deck) => act.configure({ deck }))
      : (import("./balanced.js").then((m) => { balanced = m; act.redraw(); }), null),
    teams.map((team) => {
      const of = roles.filter((r) => teamOf(r) === team);
      return of.length ? h("div", { class: "team-group" },
        h("h4", {}, t(`team.${team}`)),
        h("ul", { class: "picker" }, of.map((r) => h("li", { class: `pick team-${team}`, "data-role": r },
          h("details", {}, h("summary", {}, roleCard(r, st.edition, true)), h("p", { class: "does" }, t(`do.${r}`)), help(r, st.edition)),
          h("div", { class: "count" },
            h("button", { type: "button", id: `less-${r}`, class: "small", "data-step": "-1", "aria-label": t("lobby.less", { role: roleName(r, st.edition) }), disabled: !counts[r], onclick: () => step(r, -1) }, "−"),
            h("output", { "aria-live": "polite" }, String(counts[r] || 0)),
            h("button", { type: "button", id: `more-${r}`, class: "small", "data-step": "1", "aria-label": t("lobby.more", { role: roleName(r, st.edition) }), onclick: () => step(r, 1) }, "+")))))) : null;
    }),
    h("h3", {}, t("lobby.timers")),
    h("div", { class: "presets" }, Object.entries(PRESETS).map(([name, p]) =>
      h("button", { type: "button", class: "secondary", id: `preset-${name}`, onclick: () => act.configure(p) }, t(`lobby.preset.${name}`)))),
    timers,
    h("div", { class: "timers" },
      timer("turn", t("lobby.turn"), st.turn, 0.02),
      timer("jitter", t("lobby.jitter"), st.jitter, 0),
      timer("day", t("lobby.day"), st.day, 0.02),
      timer("vote", t("lobby.vote"), st.vote, 0.02),
      timer("chips", t("lobby.chips"), st.chips, 0),
      timer("grace", t("lobby.grace"), st.grace, 0))));
}

/** Whether the host has opened the deck and the timers ("Change"): kept across redraws,
 * closed at first so that a phone's first screen holds the lobby and its Start. */
let editing = false;

/**
 * The deck in one line: "8 cards: Werewolf ×2, Seer, …".
 * @param {Record<string, number>} counts @param {string} edition @param {number} cards
 */
function deckLine(counts, edition, cards) {
  const order = [...ORDER, ...Object.keys(counts).filter((r) => !ORDER.includes(r))];
  const roles = order.filter((r) => counts[r]).map((r) => counts[r] > 1
    ? t("day.times", { role: roleName(r, edition), n: counts[r] }) : roleName(r, edition));
  return t("lobby.deckSummary", { n: cards, roles: list(roles) });
}

/** A new edition with its default deck (`default_deck`): the server's default for the
 * seats, which grows and shrinks as players come and go (docs/protocol.md), so that a
 * latecomer does not leave the next game without a deck.
 * @param {string} id @param {LobbyActions} act */
function changeEdition(id, act) {
  act.configure({ edition: id, default_deck: true });
}

/** The narrator's line for a role, as a longer help. @param {string} role @param {string} edition */
export function help(role, edition) {
  const line = wakeLine(role, edition);
  return line ? h("p", { class: "does help" }, t("help.night", { line })) : null;
}

/** This device's choices: the chime on your call, the voice that reads the calls. */
function prefs() {
  /** @param {string} name @param {boolean} fallback @param {string} label */
  const box = (name, fallback, label) => h("label", { class: "check" },
    h("input", { type: "checkbox", id: `pref-${name}`, checked: pref(name, fallback),
      onchange: (/** @type {Event} */ e) => setPref(name, /** @type {HTMLInputElement} */ (e.target).checked) }),
    label);
  return h("section", { class: "prefs", "aria-labelledby": "prefs-h" },
    h("h2", { id: "prefs-h" }, t("prefs.title")),
    box("sound", true, t("prefs.sound")),
    box("voice", false, t("prefs.voice")));
}

/** The level the host's next bot will have: kept across the lobby's redraws. */
let botLevel = "basic";

/**
 * The host's "Add a bot": a level (each with a line on how it plays) and the button.
 * @param {number} seated @param {LobbyActions} act
 */
function addBot(seated, act) {
  const full = seated >= MAX_SEATS;
  return h("fieldset", { class: "addbot", id: "add-bot-form" },
    h("legend", {}, t("lobby.botLevel")),
    h("div", { class: "levels" }, BOT_LEVELS.map((level) => h("label", { class: "level", for: `bot-${level}` },
      h("input", {
        type: "radio", name: "bot-level", id: `bot-${level}`, value: level, checked: level === botLevel,
        "aria-describedby": `bot-${level}-about`,
        onchange: () => { botLevel = level; },
      }),
      h("span", { class: "ltext" },
        h("strong", {}, t(`bot.${level}`)),
        h("span", { class: "muted", id: `bot-${level}-about` }, t(`bot.about.${level}`)))))),
    full ? h("p", { class: "muted", id: "seats-full" }, t("lobby.seatsFull", { n: MAX_SEATS })) : null,
    h("button", { type: "button", id: "add-bot", class: "secondary", disabled: full, onclick: () => act.addBot(botLevel) },
      botFace(), " ", t("lobby.addBot")));
}

/** A bot's face, where a person has the online dot (drawn, no emoji font needed). */
function botFace() {
  return svg("svg", { class: "botface", viewBox: "0 0 20 20", width: 18, height: 18, "aria-hidden": "true" },
    svg("rect", { x: 3, y: 6, width: 14, height: 11, rx: 3, fill: "#9ecbff" }),
    svg("rect", { x: 9, y: 2, width: 2, height: 4, fill: "#9ecbff" }),
    svg("circle", { cx: 7.5, cy: 11, r: 1.6, fill: "#101218" }),
    svg("circle", { cx: 12.5, cy: 11, r: 1.6, fill: "#101218" }));
}

/** The host's crown (drawn: no emoji font is needed). */
function crown() {
  return svg("svg", { viewBox: "0 0 24 18", width: 22, height: 16, "aria-hidden": "true" },
    svg("path", { d: "M2 16 L4 4 L9 10 L12 2 L15 10 L20 4 L22 16 Z", fill: "#ffd34d" }));
}

/** @param {number} s */
function fmt(s) {
  return s >= 60 ? `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, "0")}` : t("lobby.seconds", { n: s });
}

