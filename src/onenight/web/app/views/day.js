// @ts-check
/** The day (talk, whispers, notes, the roles of this game) and the vote. */
import { h } from "../dom.js";
import { roleName, t } from "../i18n.js";
import { remaining, store } from "../store.js";
import { deckRoles, myNight, phaseBar, roleCard } from "./common.js";
import { tableView } from "./table.js";

/** @typedef {import("../conn.js").Frame} Frame */
/** @typedef {{say: (to: number | null, text: string) => void, endDay: () => void,
 *   vote: (target: number) => void}} DayActions */

/** The talk: the log and, for players, a line to say or whisper.
 * @param {{players?: string[], seat?: number | null, [key: string]: any}} s
 * @param {{say: (to: number | null, text: string) => void}} act */
export function talkPanel(s, act) {
  const players = s.players || [];
  const seat = s.seat ?? null;
  const log = h("ol", { class: "log", id: "log", "aria-live": "polite", "aria-label": t("day.talk") },
    store.talk.map((e) => {
      if (e.type === "chat") return h("li", { class: "chat" }, h("b", {}, e.name), " ", e.text);
      if (e.type === "whisper") {
        return h("li", { class: "whisper" }, t("day.whisperFrom", { a: players[e.from] ?? "?", b: players[e.to] ?? "?", text: e.text }));
      }
      return h("li", { class: "whispered" }, t("day.whispered", { a: players[e.from] ?? "?", b: players[e.to] ?? "?" }));
    }));
  const canTalk = seat !== null && seat !== undefined;
  /** @type {HTMLSelectElement} */
  // The choice between talking and whispering lives in the store: a redraw keeps it.
  const to = /** @type {any} */ (h("select", {
    id: "say-to", "aria-label": t("day.whisperTo"), hidden: players.length === 0,
    onchange: (/** @type {Event} */ e) => { store.ui.sayTo = /** @type {HTMLSelectElement} */ (e.target).value; },
  },
    h("option", { value: "" }, t("day.talk")),
    players.map((/** @type {string} */ name, /** @type {number} */ i) => (i === seat ? null : h("option", { value: String(i), selected: store.ui.sayTo === String(i) }, `${t("day.whisper")}: ${name}`)))));
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
        roles.map((r) => h("option", { value: r, selected: saved[i] === r }, roleName(r, s.edition))));
      return h("li", {}, h("label", { for: `note-${i}` }, name), sel);
    })));
}

/** The roles of this game. @param {Frame} s */
export function reference(s) {
  return h("section", { class: "reference", "aria-labelledby": "ref-h" },
    h("h2", { id: "ref-h" }, t("day.reference")),
    h("div", { class: "cards" }, deckRoles(s.deck).map((r) => roleCard(r, s.edition))));
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
  const host = store.room?.you?.host;
  const day = s.day || { revealed: {}, shields: [] };
  const spectator = s.seat === null || s.seat === undefined;
  return h("main", { class: "screen day" },
    phaseBar("day"),
    publicMarks(s),
    spectator || publicMarks(s) ? tableView({
      still: true,
      players: s.players, seat: s.seat ?? null, center: 0,
      tile: (x) => ({
        enabled: false,
        note: day.revealed[String(x)] ? roleName(day.revealed[String(x)], s.edition) : day.shields.includes(x) ? t("day.shieldMark") : "",
      }),
      onTap: () => {},
    }) : null,
    host ? h("button", { type: "button", id: "end-day", class: "primary", onclick: () => act.endDay() }, t("day.endDay")) : null,
    talkPanel(s, act),
    s.seat !== null && s.seat !== undefined ? notes(s) : null,
    s.seat !== null && s.seat !== undefined ? myNight(s) : null,
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
    phaseBar("vote"),
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

