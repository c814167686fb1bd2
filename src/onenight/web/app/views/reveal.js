// @ts-check
/**
 * The ending as a show (issue 36, point 6): after the vote, before the whole result, the
 * table watches it together, one step at a time: the votes (who pointed at whom, and the
 * tally), who dies, each player's card turned over in turn, then the verdict. On every
 * phone (with a Skip) and on the TV, where a spoken narrator can say each step (the
 * table mode's voices, web/table/speech.js). A show plays once per game on a device (a
 * reload lands on the result); `localStorage["onenight.reveal"] = "off"` skips it always
 * (the browser tests' default, tests/web/conftest.py). Loaded with the result's module.
 */
import { h } from "../dom.js";
import { addPart, lang, list, roleName, t } from "../i18n.js";
import { roleArt } from "../roles.js";
import { changed } from "../store.js";

/** @typedef {import("../conn.js").Frame} Frame */
/** @typedef {{kind: "votes" | "dead" | "card" | "verdict", say: string, body: () => (HTMLElement | string | null)[]}} Step */

await addPart("reveal");
document.head.append(h("link", { rel: "stylesheet", href: "/app/reveal.css" }));

/** How long each kind of step stays before the next (ms), at the least: a narrated step
 * also waits for its line to be said. */
export const PACE = { votes: 3500, dead: 2500, card: 1600, verdict: 3000 };

/** The show under way: its game's key, the step shown, the timer to the next. @type {{key: string, at: number, timer: number} | null} */
let show = null;
/** Whether the narrator speaks (the TV's toggle), and its speaker. @type {{on: boolean, speaker: any}} */
const voice = { on: false, speaker: null };

/** The votes' tally, most votes first: [[name, n], …]. @param {Frame} r @returns {[string, number][]} */
export function tally(r) {
  /** @type {Record<string, number>} */
  const n = {};
  for (const to of Object.values(r.votes || {})) n[/** @type {string} */ (to)] = (n[/** @type {string} */ (to)] || 0) + 1;
  return Object.entries(n).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** "bob: 3 votes". @param {string} name @param {number} n */
export const votesFor = (name, n) => t(n === 1 ? "reveal.oneVote" : "reveal.votes", { name, n });

/** The team verdict: "The village wins" (both, side by side, when two teams win). @param {Frame} r */
export function verdictLine(r) {
  const winners = r.winners || [];
  const teams = [...new Set(winners.map((/** @type {string} */ w) => (r.teams || {})[w]).filter(Boolean))];
  return teams.length ? teams.map((team) => t(`verdict.${team}`)).join(" · ") : t("verdict.none");
}

/**
 * Who died, in the page's language: one name or several ("Éliminé : Didier", "Éliminés :
 * Didier et Hana"), or nobody (in the Japanese edition, a village at peace).
 * @param {Frame} r @param {string} ed @returns {string}
 */
export function deadLine(r, ed) {
  const dead = r.dead || [];
  if (!dead.length) return t(ed === "japanese" ? "end.peace" : "end.noDead");
  return t(dead.length === 1 ? "end.deadOne" : "end.dead", { names: list(dead) });
}

/**
 * The show's steps for a result. @param {Frame} r @param {string[]} players @param {string} ed
 * @param {string | null} me (a player's name: the verdict says whether he won)
 * @returns {Step[]}
 */
export function steps(r, players, ed, me) {
  const votes = Object.entries(r.votes || {});
  const counts = tally(r);
  const dead = r.dead || [];
  const died = deadLine(r, ed);
  const verdict = verdictLine(r);
  const won = me !== null && (r.winners || []).includes(me);
  const mine = me === null ? verdict : t(won ? "verdict.youWon" : "verdict.youLost", { verdict });
  return [
    {
      kind: "votes",
      say: `${t("end.votes")}. ${counts.map(([name, n]) => votesFor(name, n)).join(", ")}.`,
      body: () => [
        h("h2", {}, t("end.votes")),
        h("ul", { class: "reveal-arrows" }, votes.map(([from, to]) => h("li", {}, `${from} → ${to}`))),
        h("ul", { class: "reveal-tally", id: "reveal-tally" }, counts.map(([name, n]) => h("li", {}, votesFor(name, n)))),
      ],
    },
    { kind: "dead", say: died, body: () => [h("p", { class: "reveal-dead", id: "reveal-dead" }, died)] },
    ...players.map((name) => /** @type {Step} */ ({
      kind: "card",
      say: t("reveal.card", { name, role: roleName(r.cards[name], ed) }),
      body: () => [h("p", { class: `reveal-card${dead.includes(name) ? " dead" : ""}` }, roleArt(r.cards[name]),
        h("span", {}, t("reveal.card", { name, role: roleName(r.cards[name], ed) })))],
    })),
    { kind: "verdict", say: verdict, body: () => [h("p", { class: `reveal-verdict${me === null ? "" : won ? " won" : " lost"}`, id: "reveal-verdict" }, mine)] },
  ];
}

/** Whether this game's show is still to play on this device. @param {string} key */
export function pending(key) {
  if (localStorage.getItem("onenight.reveal") === "off") return false;
  return sessionStorage.getItem(`onenight.revealed.${key}`) !== "1" || show?.key === key;
}

/** The show is over (or skipped): the result, for good. @param {string} key */
function finish(key) {
  sessionStorage.setItem(`onenight.revealed.${key}`, "1");
  if (show) clearTimeout(show.timer);
  show = null;
  voice.speaker?.cancel();
  changed();
}

/** Wait for the step's time, and for its line to be said when the narrator speaks.
 * @param {Step} step */
async function hold(step) {
  const pace = new Promise((resolve) => { setTimeout(resolve, PACE[step.kind]); });
  if (!voice.on) return pace;
  if (!voice.speaker) {
    const { Speaker } = await import("../../table/speech.js");
    voice.speaker = new Speaker({ en: "en-US", fr: "fr-FR", ja: "ja-JP" }[lang()] || "en-US");
  }
  // A line the browser cannot say (no voice, an error) ends at once: the show goes on.
  const said = voice.speaker.say(step.say).catch(() => {});
  return Promise.all([pace, said]);
}

/** Play the show's next step after this one. @param {string} key @param {Step[]} all */
function next(key, all) {
  const s = show;
  if (!s || s.key !== key) return;
  hold(all[s.at]).then(() => {
    if (show !== s) return; // skipped meanwhile
    if (s.at + 1 >= all.length) return finish(key);
    s.at += 1;
    changed();
    next(key, all);
  });
}

/** Turn the narrator on or off (the TV's toggle). @param {boolean} on */
export function narrate(on) {
  voice.on = on;
  if (!on) voice.speaker?.cancel();
}

/**
 * The show's screen, for the step it is at (it starts on its first draw).
 * @param {string} key the room and game ("ABCDE.2")
 * @param {Frame} r @param {string[]} players @param {string} ed @param {string | null} me
 * @param {string} cls the screen's class (the phone's or the TV's)
 */
export function revealView(key, r, players, ed, me, cls = "screen end reveal") {
  const all = steps(r, players, ed, me);
  if (!show || show.key !== key) {
    show = { key, at: 0, timer: 0 };
    queueMicrotask(() => next(key, all));
  }
  const at = Math.min(show.at, all.length - 1);
  return h("main", { class: cls, id: "reveal", "aria-labelledby": "phase" },
    h("header", { class: "reveal-bar" },
      h("h1", { id: "phase" }, t("phase.end")),
      h("button", { type: "button", id: "reveal-skip", class: "secondary", onclick: () => finish(key) }, t("reveal.skip"))),
    h("ol", { class: "reveal-steps", "aria-live": "polite" }, all.slice(0, at + 1).map((step, i) =>
      h("li", { class: `reveal-${step.kind}${i === at ? " now" : ""}`, "aria-current": i === at ? "step" : null }, ...step.body()))));
}

/**
 * What the public talk alone pointed to (issue 36, point 8): each player's chance of
 * being a Werewolf, read from the claims by the reasoner's model with no seat's
 * knowledge, its vote, and the table's. @param {Frame | null | undefined} reading
 * @param {Frame} r @param {string[]} players @param {string} id the section's id
 */
export function readingView(reading, r, players, id = "reading") {
  if (!reading || !Array.isArray(reading.wolf)) return null;
  const top = tally(r);
  const most = top.length ? top.filter(([, n]) => n === top[0][1]).map(([name]) => name) : [];
  return h("section", { class: "reading", id, "aria-labelledby": `${id}-h` },
    h("h2", { id: `${id}-h` }, t("reading.title")),
    h("p", { class: "muted help-line" }, t("reading.help")),
    h("ul", { class: "chances" }, players.map((name, i) => {
      const p = Math.round(100 * reading.wolf[i]);
      return h("li", { class: i === reading.vote ? "pointed" : "", style: `--p:${p}%` }, h("span", {}, t("reading.chance", { name, p })));
    })),
    h("p", { class: "reading-vote", id: `${id}-vote` }, t("reading.vote", { name: players[reading.vote] })),
    most.length ? h("p", { class: "reading-table", id: `${id}-table` }, t("reading.table", { names: list(most) })) : null);
}
