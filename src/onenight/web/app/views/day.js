// @ts-check
/** The day (talk, whispers, notes, the roles of this game) and the vote. */
import { h } from "../dom.js";
import { list, roleName, t } from "../i18n.js";
import { remaining, store } from "../store.js";
import { deckRoles, myNight, phaseBar, roleCard } from "./common.js";
import { tableView } from "./table.js";

/** @typedef {import("../conn.js").Frame} Frame */
/** @typedef {{say: (to: number | null, text: string) => void, endDay: () => void,
 *   vote: (target: number) => void, ready: (ready: boolean) => void,
 *   claim?: (claim: Frame) => Promise<unknown>}} DayActions */

/** The claims' module (views/claims.js): main.js loads it with the first game, so that a
 * first visit does not download it; until then the day has no claims to show.
 * @type {{claims: typeof import("./claims.js") | null}} */
export const plug = { claims: null };

/** A line of the talk. @param {Frame} e @param {string[]} players */
function talkLine(e, players) {
  // A whisper names its two ends itself (it may be of an earlier game, read in the lobby).
  const [a, b] = e.names || [players[e.from] ?? "?", players[e.to] ?? "?"];
  if (e.type === "chat") return h("li", { class: "chat" }, h("b", {}, e.name), e.stand_in ? plug.claims?.standIn() : null, " ", e.text);
  if (e.type === "whisper") return h("li", { class: "whisper" }, t("day.whisperFrom", { a, b, text: e.text }));
  if (e.type === "whispered") return h("li", { class: "whispered" }, t("day.whispered", { a, b }));
  // A claim names its game's players itself (read in the lobby after the game).
  if (e.type === "claim") return plug.claims ? plug.claims.talkLine(e, e.players || players) : null;
  return null;
}

/** A separator that opens a game's talk. @param {number} n */
// A list item (a list holds only items): it reads as the heading of the lines after it.
const gameSep = (n) => h("li", { class: "sep", "data-game": String(n) }, h("span", {}, t("day.game", { n })));

/** The talk: the log and, for players, a line to say or whisper. Each game's talk opens
 * on its separator ("Game 2"), the earlier games' above it.
 * @param {{players?: string[], seat?: number | null, [key: string]: any}} s
 * @param {{say: (to: number | null, text: string) => void}} act */
export function talkPanel(s, act) {
  const players = s.players || [];
  const seat = s.seat ?? null;
  /** @type {(HTMLElement | null)[]} */
  const lines = [];
  let game = 0;
  for (const e of store.talk) {
    if (typeof e.game === "number" && e.game > game) {
      game = e.game;
      lines.push(gameSep(game));
    }
    lines.push(talkLine(e, players));
  }
  const now = store.state?.game || 0;
  if (now > game) lines.push(gameSep(now)); // this game's talk starts here
  // tabindex: a long log scrolls by keyboard too (axe)
  const log = h("ol", { class: "log", id: "log", tabindex: 0, "aria-live": "polite", "aria-label": t("day.talk") }, lines);
  const canTalk = seat !== null && seat !== undefined;
  /** @type {HTMLSelectElement} */
  // The choice between talking and whispering lives in the store: a redraw keeps it.
  const to = /** @type {any} */ (h("select", {
    id: "say-to", "aria-label": t("day.whisperTo"), hidden: players.length === 0,
    onchange: (/** @type {Event} */ e) => { store.ui.sayTo = /** @type {HTMLSelectElement} */ (e.target).value; },
  },
    h("option", { value: "" }, t("day.talk")),
    players.map((/** @type {string} */ name, /** @type {number} */ i) => (i === seat ? null : h("option", { value: String(i), selected: store.ui.sayTo === String(i) }, t("pair", { label: t("day.whisper"), value: name }))))));
  /** @type {HTMLInputElement} */
  const text = /** @type {any} */ (h("input", { id: "say", type: "text", maxlength: 300, autocomplete: "off", "aria-label": t("day.say"), placeholder: t("day.say") }));
  const form = h("form", {
    class: "say",
    onsubmit: (/** @type {Event} */ e) => {
      e.preventDefault();
      const line = text.value.trim();
      if (!line) return;
      act.say(to.value === "" ? null : Number(to.value), line);
      text.value = "";
    },
  }, to, text, h("button", { type: "submit", class: "primary" }, t("day.send")));
  return h("section", { class: "talk", "aria-labelledby": "talk-h" },
    h("h2", { id: "talk-h" }, t("day.talk")), log, canTalk ? form : null);
}

/** My notes: a role token on each seat, kept on this device only. @param {Frame} s */
function notes(s) {
  const key = `onenight.notes.${store.code}.${s.game}`;
  /** @type {Record<string, string>} */
  const saved = JSON.parse(localStorage.getItem(key) || "{}");
  const roles = deckRoles(s.deck);
  // A seat with no token of mine starts on the role it claims (the claim board's).
  const claimed = plug.claims ? plug.claims.claimed(s) : {};
  return h("section", { class: "notes", "aria-labelledby": "notes-h" },
    h("h2", { id: "notes-h" }, t("day.notes")),
    h("p", { class: "muted" }, t("day.notesHelp")),
    h("ul", {}, s.players.map((/** @type {string} */ name, /** @type {number} */ i) => {
      const sel = h("select", {
        id: `note-${i}`, "aria-label": t("day.token", { name }),
        onchange: (/** @type {Event} */ e) => {
          saved[i] = /** @type {HTMLSelectElement} */ (e.target).value;
          localStorage.setItem(key, JSON.stringify(saved));
        },
      }, h("option", { value: "" }, t("day.noToken")),
        roles.map((r) => h("option", { value: r, selected: (saved[i] ?? claimed[i]) === r }, roleName(r, s.edition))));
      return h("li", {}, h("label", { for: `note-${i}` }, name), sel);
    })));
}

/** The roles of this game, each with its count ("Werewolf ×2"). @param {Frame} s */
export function reference(s) {
  /** @type {Record<string, number>} */
  const counts = Array.isArray(s.deck) ? {} : s.deck;
  return h("section", { class: "reference", "aria-labelledby": "ref-h" },
    h("h2", { id: "ref-h" }, t("day.reference")),
    h("div", { class: "cards" }, deckRoles(s.deck).map((r) => roleCard(r, s.edition, false, counts[r] || 1))));
}

/** The seats whose readiness the day waits for (the server's rule, session/core.py
 * `waits_for`): a person at the table, not a bot, nor a seat a bot plays for a player
 * away, nor one who left. @param {Frame} s @returns {number[]} */
function waitedSeats(s) {
  const members = store.room?.members;
  if (!members) return s.players.map((/** @type {string} */ _, /** @type {number} */ i) => i);
  return s.players.map((/** @type {string} */ _, /** @type {number} */ i) => i).filter((/** @type {number} */ i) => {
    const m = members.find((/** @type {Frame} */ x) => x.seat === i && !x.spectator);
    return !!m && !m.bot && !m.stand_in && !m.gone;
  });
}

/** "Ready to vote": a toggle for a player, who is ready, and the host's end of the day.
 * @param {Frame} s @param {DayActions} act */
function readyPanel(s, act) {
  const host = store.room?.you?.host;
  const waited = waitedSeats(s);
  const ready = (s.ready || []).filter((/** @type {number} */ x) => waited.includes(x));
  const player = s.seat !== null && s.seat !== undefined;
  const mine = player && ready.includes(s.seat);
  return h("section", { class: "ready", "aria-label": t("day.ready") },
    player ? h("button", {
      type: "button", id: "ready", class: mine ? "primary" : "secondary", "aria-pressed": mine ? "true" : "false",
      onclick: () => act.ready(!mine),
    }, `${mine ? "✓ " : ""}${t("day.ready")}`) : null,
    h("p", { id: "ready-count", "aria-live": "polite" }, ready.length
      ? t("day.readyWho", { count: t("day.readyCount", { n: ready.length, total: waited.length }), names: list(ready.map((/** @type {number} */ x) => s.players[x])) })
      : t("day.readyCount", { n: 0, total: waited.length })),
    h("p", { class: "muted help-line" }, t("day.readyHelp")),
    host ? h("button", { type: "button", id: "end-day", class: "primary", onclick: () => act.endDay() }, t("day.endDay")) : null);
}

/** Face-up cards and shields, for everyone. @param {Frame} s */
function publicMarks(s) {
  const day = s.day || { revealed: {}, shields: [] };
  const lines = [
    ...Object.entries(day.revealed).map(([seat, card]) => t("day.revealed", { name: s.players[Number(seat)], role: roleName(String(card), s.edition) })),
    ...day.shields.map((/** @type {number} */ seat) => t("day.shielded", { name: s.players[seat] })),
  ];
  return lines.length ? h("ul", { class: "marks" }, lines.map((l) => h("li", {}, l))) : null;
}

/** @param {Frame} s @param {DayActions} act */
export function dayView(s, act) {
  const day = s.day || { revealed: {}, shields: [] };
  const spectator = s.seat === null || s.seat === undefined;
  const c = plug.claims;
  const claiming = !!c && !spectator && !!act.claim;
  const player = s.seat !== null && s.seat !== undefined;
  // My night first (issue 36, point 4), then the voice (main.js), the table, the claim.
  return h("main", { class: "screen day" },
    phaseBar("day", "", s),
    c ? c.spokeForMe(s, talkLine) : null,
    player ? myNight(s) : null,
    publicMarks(s),
    // The table: face-up cards, shields and the claim board (each seat's claimed role);
    // a claim's targets are tapped on it.
    spectator || claiming || publicMarks(s) ? tableView({
      still: true,
      players: s.players, seat: s.seat ?? null, center: claiming ? s.center_cards || 0 : 0,
      tile: (x) => ({
        enabled: !!c && c.wants(s, x),
        pressed: !!c && c.picked(x),
        note: [day.revealed[String(x)] ? roleName(day.revealed[String(x)], s.edition) : day.shields.includes(x) ? t("day.shieldMark") : "",
          c ? c.label(s, x) : ""].filter(Boolean).join(" · "),
      }),
      onTap: (x) => c?.tap(x),
    }) : null,
    claiming && act.claim ? c?.panel(s, act.claim) : null,
    readyPanel(s, act),
    talkPanel(s, act),
    player ? notes(s) : null,
    reference(s));
}

/** @param {Frame} s @param {DayActions} act */
export function voteView(s, act) {
  const player = s.seat !== null && s.seat !== undefined;
  /** @type {number[]} */
  const targets = player && s.decision ? s.decision.choices.map((/** @type {Frame} */ c) => c.target) : [];
  const voted = new Set(s.voted || []);
  const mine = s.vote ?? null;
  const hurry = remaining() <= Math.min(10, (store.room?.settings?.vote || 30) / 3);
  return h("main", { class: `screen vote${hurry ? " hurry" : ""}` },
    phaseBar("vote", "", s),
    player && plug.claims ? plug.claims.spokeForMe(s, talkLine) : null,
    h("p", { class: "prompt", id: "prompt" }, player ? t("vote.pick") : t("vote.count", { n: voted.size, total: s.players.length })),
    h("p", { class: "warn", id: "hurry", role: "alert" }, hurry && player ? t("vote.hurry") : ""),
    tableView({
      players: s.players, seat: player ? s.seat : null, center: 0,
      tile: (x) => ({
        enabled: targets.includes(/** @type {number} */ (x)),
        pressed: mine === x,
        note: voted.has(x) ? `✓ ${t("vote.hasVoted")}` : t("vote.notVoted"),
      }),
      label: (x) => `${t("vote.for", { name: s.players[/** @type {number} */ (x)] })} (${voted.has(x) ? t("vote.hasVoted") : t("vote.notVoted")})`,
      onTap: (x) => act.vote(/** @type {number} */ (x)),
    }),
    player ? h("p", { class: "choice", id: "my-vote", "aria-live": "polite", "data-voted": mine !== null }, mine === null ? t("vote.none") : t("vote.yours", { name: s.players[mine] })) : null,
    h("p", { class: "muted", id: "vote-count" }, t("vote.count", { n: voted.size, total: s.players.length })),
    talkPanel(s, act),
    player ? myNight(s) : null);
}

