// @ts-check
/** Pieces every screen shares: the phase bar, names of targets, actions and facts. */
import { clock, h } from "../dom.js";
import { callName, list, roleName, t, wakeLine } from "../i18n.js";
import { roleArt, teamOf } from "../roles.js";
import { remaining, store } from "../store.js";

/** @typedef {import("../conn.js").Frame} Frame */

/**
 * The bar at the top of a game screen: phase, what is called, the countdown.
 * @param {string} phase @param {string} [detail]
 */
export function phaseBar(phase, detail = "") {
  return h(
    "div",
    { class: "phasebar" },
    h("h1", { class: "phase", id: "phase" }, t(`phase.${phase}`)),
    detail ? h("span", { class: "detail" }, detail) : null,
    store.until
      ? h("span", { class: "timer", id: "timer", role: "timer", "aria-label": t("timer.left", { time: clock(remaining()) }) }, clock(remaining()))
      : null,
  );
}

/** A seat or center slot for people. @param {string | number} target @param {string[]} players */
export function targetName(target, players) {
  if (typeof target === "number") return players[target] ?? String(target);
  if (target === "center:wolf") return t("night.centerWolf");
  const m = /^center:(\d+)$/.exec(String(target));
  if (m) return t("night.center", { n: Number(m[1]) + 1 });
  return String(target); // a name, in the result
}

/** @param {any[]} targets @param {string[]} players */
function names(targets, players) {
  return targets.map((x) => targetName(x, players)).join(t("and"));
}

/** An action in words. @param {Frame} action @param {string[]} players */
export function actionText(action, players) {
  const tg = action.targets || [];
  switch (action.type) {
    case "view":
      return t("act.view", { targets: names(tg, players) });
    case "swap":
      return t("act.swap", { a: targetName(tg[0], players), b: targetName(tg[1], players) });
    case "copy":
    case "shield":
    case "reveal":
    case "vote":
      return t(`act.${action.type}`, { target: targetName(action.target, players) });
    case "peek":
    case "pass":
      return t(`act.${action.type}`);
    default:
      return action.type;
  }
}

/** A fact learned at night in words. @param {Frame} fact @param {string[]} players @param {string} edition */
export function factText(fact, players, edition) {
  /** @param {any[]} xs */
  const who = (xs) => list(xs.map((x) => targetName(x, players)));
  if ("saw" in fact) {
    return t("fact.saw", { target: targetName(fact.saw, players), role: roleName(fact.card, edition) });
  }
  if ("little_girl" in fact) return t("fact.little_girl", { name: targetName(fact.little_girl, players) });
  for (const kind of ["wolves", "masons"]) {
    if (kind in fact) {
      return fact[kind].length ? t(`fact.${kind}`, { names: who(fact[kind]) }) : t(`fact.${kind}Alone`);
    }
  }
  if ("tanners" in fact) return fact.tanners.length ? t("fact.tanners", { names: who(fact.tanners) }) : t("fact.tannersNone");
  if ("acted" in fact) return fact.acted.length ? t("fact.acted", { names: who(fact.acted) }) : t("fact.actedNone");
  return "";
}

/** A role card: art, name, team, what it does. @param {string} role @param {string} edition @param {boolean} [small] */
export function roleCard(role, edition, small = false) {
  const team = teamOf(role);
  return h(
    "div",
    { class: `rolecard team-${team}${small ? " small" : ""}`, "data-role": role },
    roleArt(role),
    h("div", { class: "roletext" },
      h("strong", { class: "rolename" }, roleName(role, edition)),
      h("span", { class: "team" }, t(`team.${team}`)),
      small ? null : h("span", { class: "does" }, t(`do.${role}`)),
      small || !wakeLine(role, edition) ? null : h("span", { class: "does help" }, t("help.night", { line: wakeLine(role, edition) })),
    ),
  );
}

/** The roles of a deck, once each, in wake order. @param {Record<string, number> | string[]} deck */
export function deckRoles(deck) {
  const roles = Array.isArray(deck) ? deck : Object.keys(deck);
  return [...new Set(roles)];
}

/** "My night": what this player learned, by call. @param {Frame} s */
export function myNight(s) {
  const learned = s.learned || [];
  return h(
    "section",
    { class: "mynight", "aria-labelledby": "mynight-h" },
    h("h2", { id: "mynight-h" }, t("night.myNight")),
    learned.length
      ? h("ul", { id: "learned", "aria-live": "polite" }, learned.map((/** @type {Frame} */ f) =>
          h("li", {}, h("span", { class: "at" }, t("fact.at", { call: callName(s.turns[f.at]?.call || "", s.edition) })), " ", factText(f, s.players, s.edition))))
      : h("p", { class: "muted", id: "learned", "aria-live": "polite" }, t("night.nothingYet")),
  );
}

/** The wake order, the current call marked. @param {Frame} s */
export function wakeOrder(s) {
  return h(
    "nav",
    { class: "wake", "aria-label": t("night.order") },
    h("h2", {}, t("night.order")),
    h("ol", {}, s.turns.map((/** @type {Frame} */ turn, /** @type {number} */ i) =>
      h("li", { class: i === s.turn ? "now" : i < s.turn ? "past" : "", "aria-current": i === s.turn ? "step" : null },
        callName(turn.call, s.edition)))),
  );
}
