// @ts-check
/**
 * The host's "Balanced decks": the project's measured table (GET /api/decks/suggest,
 * docs/bots.md) for this edition and number of players; a tap sets the deck. A deck is
 * called even only when its 95% interval holds 50% (and is narrow enough to tell);
 * those come first, and when none is the panel says so and names the closest rate found. Its words are a part of the
 * catalogue (i18n/balanced-{lang}.json), loaded with it.
 */
import { h } from "../dom.js";
import { addPart, list, roleName, t } from "../i18n.js";
import { ORDER } from "../roles.js";
import { changed } from "../store.js";

await addPart("balanced");

/** @typedef {import("../conn.js").Frame} Frame */
/** A deck offered: measured (its rate and interval), or the rulebook's first deck
 * (`rulebook`; its rate null when the table did not measure it).
 * @typedef {{deck: Record<string, number>, village_win_rate: number | null, ci95: number[] | null, games: number, rulebook?: boolean}} Suggested */

/** Whether the host asked for the decks whose Werewolves are half the cards or more
 * (left out by default: a group does not expect them). */
let wolfHeavy = false;

/** Replies by "edition:players"; null while asked or when the request failed.
 * @type {Map<string, {decks: Suggested[]} | null>} */
const cache = new Map();

/** Ask once per edition and table size; redraw when the answer comes. @param {string} edition @param {number} n */
function ask(edition, n) {
  const key = `${edition}:${n}:${wolfHeavy}`;
  if (cache.has(key)) return cache.get(key);
  cache.set(key, null);
  fetch(`/api/decks/suggest?edition=${encodeURIComponent(edition)}&players=${n}&top=3${wolfHeavy ? "&wolf_heavy=true" : ""}`)
    .then((r) => (r.ok ? r.json() : null))
    .then((reply) => {
      if (reply && Array.isArray(reply.decks)) {
        cache.set(key, reply);
        changed();
      }
    })
    .catch(() => {});
  return null;
}

/** Whether two decks hold the same cards. @param {Record<string, number>} a @param {Record<string, number>} b */
function same(a, b) {
  const roles = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...roles].every((r) => (a[r] || 0) === (b[r] || 0));
}

/** @param {number} x */
const pct = (x) => Math.round(x * 100);

/** Whether the deck's games say it is even: its 95% interval holds 50% and is at most
 * ±5 points wide (400 games; 40 cannot tell 50% from 40%), as balance.even says.
 * @param {Suggested} s */
const even = (s) => !!s.ci95 && s.ci95[0] <= 0.5 && 0.5 <= s.ci95[1] && s.ci95[1] - s.ci95[0] <= 0.1 + 1e-9;

/** The rulebook's deck first (a group's first game), then the measured ones, the even
 * ones first (the server sends them so; an older table may not). @param {Suggested[]} decks */
function evenFirst(decks) {
  const measured = decks.filter((s) => !s.rulebook);
  return [...decks.filter((s) => s.rulebook), ...measured.filter(even), ...measured.filter((s) => !even(s))];
}

/** What the panel says above the decks: that an "even" deck should give the village
 * about half the games, or that none is even and the closest rate found.
 * @param {Suggested[]} decks @param {number} n players @returns {[string, string]} the heading and the line */
function headline(decks, n) {
  const rated = decks.filter((s) => s.village_win_rate !== null);
  if (!rated.length) return [t("lobby.balanced"), t("lobby.balanced.none", { n })]; // the rulebook's alone
  if (decks.some(even)) return [t("lobby.balanced"), t("lobby.balanced.even")];
  const gap = (/** @type {Suggested} */ s) => Math.abs((s.village_win_rate ?? 0) - 0.5);
  const closest = rated.reduce((a, b) => (gap(b) < gap(a) ? b : a));
  return [t("lobby.balanced.nearest"), t("lobby.balanced.closest", { rate: pct(closest.village_win_rate ?? 0) })];
}

/**
 * The section, or null before the editions are known or for a table size the edition
 * does not allow (nothing is asked then).
 * @param {Frame | undefined} ed the edition (`id`, `players`: [min, max])
 * @param {number} n players seated @param {Record<string, number>} counts the deck now
 * @param {(deck: Record<string, number>) => void} choose
 */
export function balancedDecks(ed, n, counts, choose) {
  if (!ed || !(ed.players[0] <= n && n <= ed.players[1])) return null;
  const reply = ask(ed.id, n);
  if (!reply) return null;
  if (!reply.decks.length) {
    return h("div", { class: "balanced", id: "balanced" }, h("h4", { id: "balanced-h" }, t("lobby.balanced")),
      h("p", { class: "muted" }, t("lobby.balanced.none", { n })));
  }
  const decks = evenFirst(reply.decks);
  const [title, line] = headline(decks, n);
  return h("div", { class: "balanced", id: "balanced", role: "group", "aria-labelledby": "balanced-h" },
    h("h4", { id: "balanced-h" }, title),
    h("p", { class: "muted", id: "balanced-about" }, line),
    h("ul", { class: "suggested" }, decks.map((s, i) => {
      const cards = ORDER.filter((r) => s.deck[r]).concat(Object.keys(s.deck).filter((r) => s.deck[r] && !ORDER.includes(r)))
        .map((r) => (s.deck[r] > 1 ? t("lobby.balanced.times", { role: roleName(r, ed.id), n: s.deck[r] }) : roleName(r, ed.id)));
      const rate = s.village_win_rate !== null && s.ci95
        ? t("lobby.balanced.rate", { rate: pct(s.village_win_rate), low: pct(s.ci95[0]), high: pct(s.ci95[1]), games: s.games })
        : t("lobby.balanced.notMeasured");
      return h("li", { class: s.rulebook ? "rulebook" : null },
        s.rulebook ? h("p", { class: "rulebook-h" }, t("lobby.balanced.rulebook")) : null,
        h("button", { type: "button", class: "secondary suggestion", id: `balanced-${i}`, "aria-pressed": String(same(s.deck, counts)), onclick: () => choose({ ...s.deck }) },
          h("span", { class: "cards" }, list(cards)),
          h("span", { class: "rate muted" }, rate, even(s) ? [" ", h("span", { class: "badge even" }, t("lobby.balanced.tag"))] : null)));
    })),
    h("label", { class: "check", id: "balanced-wolf-heavy" },
      h("input", { type: "checkbox", id: "wolf-heavy", checked: wolfHeavy, onchange: (/** @type {Event} */ e) => {
        wolfHeavy = /** @type {HTMLInputElement} */ (e.target).checked;
        changed();
      } }),
      t("lobby.balanced.wolfHeavy")));
}
