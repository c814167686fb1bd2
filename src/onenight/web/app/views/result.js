// @ts-check
/** The end: deaths and winners, every card (dealt → at dawn), the votes as arrows, the
 * night step by step, the scoreboard, rematch. Also the shared replay page. */
import { clock, h, svg } from "../dom.js";
import { callName, lang, list, roleName, t } from "../i18n.js";
import { roleArt } from "../roles.js";
import { changed, store } from "../store.js";
import { actionText, factText, scoreboard } from "./common.js";
import { sentence } from "./claims.js";
import { talkPanel } from "./day.js";
import { deadLine, pending, readingView, revealView, tally, votesFor } from "./reveal.js";
import { deckWhy } from "./lobby.js";

/** @typedef {import("../conn.js").Frame} Frame */

/**
 * @param {{result: Frame, players: string[], dealt?: Frame, edition: string, random?: number[], seat?: number | null, key?: string, day?: Frame[], hindsight?: Frame[], reading?: Frame | null}} g
 * @param {{rematch?: () => void, lobby?: () => void, say: (to: number | null, text: string) => void} | null} act (null: a replay page)
 */
export function resultView(g, act) {
  const r = g.result;
  const ed = g.edition;
  const players = g.players;
  // The game just ended: the show first (views/reveal.js), once on this device.
  if (act && g.key && pending(g.key)) {
    return revealView(g.key, r, players, ed, g.seat === null || g.seat === undefined ? null : players[g.seat]);
  }
  const dealt = g.dealt || { cards: [], center: [] };
  /** @param {string} role */
  const chip = (role) => h("span", { class: "cardchip" }, roleArt(role), roleName(role, ed));
  const winners = r.winners || [];
  const dead = r.dead || [];
  const head = h("section", { class: "verdict", "aria-live": "polite" },
    h("h1", { id: "phase" }, t("phase.end")),
    verdict(r, g.seat === null || g.seat === undefined ? null : players[g.seat]),
    h("p", { class: "winners", id: "winners" }, winners.length ? t("end.winners", { names: list(winners) }) : t("end.noWinner")),
    h("p", { class: "dead", id: "dead" }, deadLine(r, ed)));
  const cards = h("section", { class: "cards-all", "aria-labelledby": "cards-h" },
    h("h2", { id: "cards-h" }, t("end.cards")),
    h("table", { class: "cardtable" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("end.player")), h("th", { scope: "col" }, t("end.dealt")), h("th", { scope: "col" }, t("end.final")))),
      h("tbody", {},
        players.map((name, i) => h("tr", { class: winners.includes(name) ? "won" : "" },
          h("th", { scope: "row" }, h("span", { class: "pname" }, name), dead.includes(name) ? ` ✝ ${t("end.died")}` : "", winners.includes(name) ? ` ★ ${t("end.won")}` : ""),
          h("td", {}, dealt.cards[i] ? chip(dealt.cards[i]) : "?"),
          h("td", {}, chip(r.cards[name])))),
        r.center.map((/** @type {string} */ role, /** @type {number} */ i) => h("tr", { class: "centerrow" },
          h("th", { scope: "row" }, t("end.centerN", { n: i + 1 })),
          h("td", {}, dealt.center[i] ? chip(dealt.center[i]) : "?"),
          h("td", {}, chip(role)))))));
  return h("main", { class: "screen end" },
    head,
    act ? actions(act) : null,
    cards,
    votes(r, players, g.random || []),
    hindsightView(g.hindsight || [], players, ed),
    readingView(g.reading, r, players),
    replay(r, players, ed, g.day || [], g.hindsight || []),
    act ? scoreboard() : null,
    act ? talkPanel({ players: g.players, seat: g.seat }, act) : null,
    act && store.code ? h("p", {}, h("a", { href: `/r/${store.code}/replay`, id: "replay-link" }, t("end.replayLink"))) : null);
}

/**
 * The team verdict first: "The village wins — you won" (for a player; a spectator or the
 * replay reads the verdict alone). @param {Frame} r @param {string | null} me
 */
function verdict(r, me) {
  const winners = r.winners || [];
  const teams = [...new Set(winners.map((/** @type {string} */ w) => (r.teams || {})[w]).filter(Boolean))];
  // The village and a Tanner can both win: each verdict, side by side.
  const line = teams.length ? teams.map((team) => t(`verdict.${team}`)).join(" · ") : t("verdict.none");
  const won = me !== null && winners.includes(me);
  return h("p", { class: `team-verdict${me === null ? "" : won ? " won" : " lost"}`, id: "verdict" },
    me === null ? line : t(won ? "verdict.youWon" : "verdict.youLost", { verdict: line }));
}

/** @param {{rematch?: () => void, lobby?: () => void}} act */
function actions(act) {
  const host = store.room?.you?.host;
  // A deck chosen by hand that no longer fits the seats (a latecomer is seated for the
  // next game): the host reads why at the button, not a refusal at the top of the page.
  const why = host && act.rematch && store.room ? deckWhy(store.room) : "";
  return h("div", { class: "actions" },
    host && act.rematch ? h("button", { type: "button", id: "rematch", class: "primary", disabled: !!why, "aria-describedby": why ? "rematch-why" : null, onclick: act.rematch }, t("end.rematch")) : null,
    why ? h("p", { class: "warn", id: "rematch-why" }, `${why}${lang() === "ja" ? "" : " "}${t("end.fixDeck")}`) : null,
    act.lobby ? h("button", { type: "button", id: "to-lobby", class: "secondary", onclick: act.lobby }, t("end.lobby")) : null);
}

/** The votes as arrows round a circle, and as a list. @param {Frame} r @param {string[]} players @param {number[]} random */
function votes(r, players, random) {
  const n = players.length;
  /** @param {number} i */
  const at = (i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
    return [150 + 110 * Math.cos(a), 150 + 110 * Math.sin(a)];
  };
  const idx = Object.fromEntries(players.map((p, i) => [p, i]));
  const arrows = Object.entries(r.votes).map(([from, to]) => {
    const [x1, y1] = at(idx[from]);
    const [x2, y2] = at(idx[/** @type {string} */ (to)]);
    const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1;
    const k = 26 / len;
    // Shifted sideways, so that two players pointing at each other draw two arrows.
    const ox = (-dy / len) * 6, oy = (dx / len) * 6;
    return svg("line", { x1: x1 + dx * k + ox, y1: y1 + dy * k + oy, x2: x2 - dx * k + ox, y2: y2 - dy * k + oy, class: "arrow", "marker-end": "url(#head)" });
  });
  const dots = players.map((p, i) => {
    const [x, y] = at(i);
    const dead = (r.dead || []).includes(p);
    const label = svg("text", { x, y: y + 5, "text-anchor": "middle", class: "vname" });
    // Cut by characters (an emoji or a kana stays whole), not by UTF-16 units.
    const chars = [...p];
    label.textContent = chars.length > 8 ? `${chars.slice(0, 7).join("")}…` : p;
    return svg("g", {}, svg("circle", { cx: x, cy: y, r: 24, class: dead ? "vdot dead" : "vdot" }), label);
  });
  const picture = svg("svg", { viewBox: "0 0 300 300", class: "votes-svg", "aria-hidden": "true" },
    svg("defs", {}, svg("marker", { id: "head", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" },
      svg("path", { d: "M0 0 L10 5 L0 10 Z", fill: "#ffd34d" }))),
    ...arrows, ...dots);
  return h("section", { class: "votes", "aria-labelledby": "votes-h" },
    h("h2", { id: "votes-h" }, t("end.votes")),
    picture,
    h("ul", { class: "tally", id: "votes-tally" }, tally(r).map(([name, n]) => h("li", {}, votesFor(name, n)))),
    h("ul", { id: "votes-list" }, Object.entries(r.votes).map(([from, to]) =>
      h("li", {}, `${from} → ${to}`, random.includes(idx[from]) ? ` ${t("end.random")}` : ""))));
}

/** One step of the night's timeline in words: a choice made, or a fact learned (in the
 * words of its turn's learner: the Minion's, the Little Girl's …).
 * @param {Frame} e @param {string[]} players @param {string} ed */
export function nightLine(e, players, ed) {
  return e.action
    ? t("end.did", { player: e.player, call: callName(e.call, ed), action: actionText(e.action, players) })
    : t("end.learned", { player: e.player, call: callName(e.call, ed), fact: factText(e.learned, players, ed, e) });
}

/** A claim's truth, said: "true", "a lie", "mistaken: …" (issue 36, point 8). @param {string} truth */
const truthTag = (truth) => h("span", { class: `truth ${truth}` }, t(`truth.${truth}`));

/** Each claim of the day beside the truth, once the game is over.
 * @param {Frame[]} told @param {string[]} players @param {string} ed */
function hindsightView(told, players, ed) {
  return h("section", { class: "hindsight", "aria-labelledby": "hindsight-h" },
    h("h2", { id: "hindsight-h" }, t("hindsight.title")),
    told.length
      ? h("ul", { id: "hindsight" }, told.map((e) => h("li", { "data-truth": e.truth }, sentence(e.seat, e.claim, players, ed), " — ", truthTag(e.truth))))
      : h("p", { class: "muted" }, t("hindsight.none")));
}

/** A line of the day's talk in the replay: "0:12 ann: hello", a claim as the claims say
 * it (and its truth), a whisper as only that A whispered to B.
 * @param {Frame} e @param {string[]} players @param {string} ed @param {string | undefined} truth */
function dayLine(e, players, ed, truth) {
  const at = typeof e.t === "number" ? `${clock(e.t)} ` : "";
  if (e.type === "claim") return `${at}${sentence(e.seat, e.claim, players, ed)}${truth ? ` — ${t(`truth.${truth}`)}` : ""}`;
  if (e.type === "whispered") return `${at}${t("day.whispered", { a: e.names[0], b: e.names[1] })}`;
  return `${at}${t("replay.said", { name: e.name, text: e.text })}`;
}

/** The game, one step at a time: the night's steps, then the day's talk in the order it
 * was said (issue 36, point 7). @param {Frame} r @param {string[]} players @param {string} ed
 * @param {Frame[]} day @param {Frame[]} told each claim's truth, in the claims' order */
function replay(r, players, ed, day, told) {
  /** @type {Frame[]} */
  const night = r.timeline || [];
  /** @type {{text: string, cls: string}[]} */
  const steps = [
    ...night.map((e) => ({ text: nightLine(e, players, ed), cls: "night" })),
    ...day.map((e, i) => ({
      text: dayLine(e, players, ed, e.type === "claim" ? told[day.slice(0, i).filter((x) => x.type === "claim").length]?.truth : undefined),
      cls: `day ${e.type}${i === 0 ? " dawn" : ""}`,
    })),
  ];
  const total = steps.length;
  const ui = store.ui;
  const n = Math.min(Math.max(ui.step, total ? 1 : 0), total);
  return h("section", { class: "replay", "aria-labelledby": "replay-h" },
    h("h2", { id: "replay-h" }, t("end.replay")),
    total ? h("ol", { id: "timeline" }, steps.slice(0, n).map((e, i) => h("li", { class: `${e.cls}${i === n - 1 ? " now" : ""}`, "aria-current": i === n - 1 ? "step" : null, "data-dawn": e.cls.includes("dawn") ? t("replay.dawn") : null }, e.text)))
      : h("p", {}, t("end.noNight")),
    total ? h("div", { class: "stepper" },
      h("button", { type: "button", id: "step-prev", class: "secondary", disabled: n <= 1, onclick: () => { ui.step = n - 1; changed(); } }, `◀ ${t("end.prev")}`),
      h("span", { id: "step", "aria-live": "polite" }, t("end.step", { n, total })),
      h("button", { type: "button", id: "step-next", class: "secondary", disabled: n >= total, onclick: () => { ui.step = n + 1; changed(); } }, `${t("end.next")} ▶`),
      h("button", { type: "button", id: "step-all", class: "secondary", disabled: n >= total, onclick: () => { ui.step = total; changed(); } }, t("replay.all"))) : null);
}
