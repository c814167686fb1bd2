// @ts-check
/**
 * The deal (your card, press and hold to see it) and the night. Every turn every player
 * gets a screen of the same shape that asks for a tap: your choice when the night calls
 * you, a tap that sends `nothing` otherwise.
 */
import { h } from "../dom.js";
import { roleName, t } from "../i18n.js";
import { cardBack, roleArt, teamOf } from "../roles.js";
import { changed, store, turnKey } from "../store.js";
import { actionText, factText, myNight, phaseBar, roleCard, turnLabel, wakeOrder } from "./common.js";
import { tableView } from "./table.js";

/** @typedef {import("../conn.js").Frame} Frame */

/** The dealt card, face down; pressing and holding turns it over. @param {Frame} s */
export function dealView(s) {
  const role = s.card;
  const face = h("div", { class: "face front" }, roleArt(role),
    h("strong", { class: "rolename" }, roleName(role, s.edition)),
    h("span", { class: "team" }, t("card.team", { team: t(`team.${teamOf(role)}`) })),
    h("span", { class: "does" }, t(`do.${role}`)));
  const back = h("div", { class: "face back" }, cardBack());
  const live = h("p", { class: "sr-only", "aria-live": "assertive", id: "card-live" });
  const card = h("button", {
    type: "button",
    id: "mycard",
    class: `flip${store.ui.revealed ? " up" : ""}`,
    "aria-describedby": "card-live",
  }, h("span", { class: "sr-only" }, t("card.hold")), h("div", { class: "flipper", "aria-hidden": "true" }, back, face));
  /** @param {boolean} up */
  const show = (up) => {
    card.classList.toggle("up", up);
    store.ui.revealed = up;
    live.textContent = up ? `${t("card.is", { role: roleName(role, s.edition) })} ${t(`do.${role}`)}` : t("card.hidden");
  };
  card.addEventListener("pointerdown", (e) => { e.preventDefault(); show(true); });
  for (const ev of ["pointerup", "pointerleave", "pointercancel", "blur"]) card.addEventListener(ev, () => show(false));
  card.addEventListener("keydown", (e) => { if (e.key === " " || e.key === "Enter") { e.preventDefault(); show(true); } });
  card.addEventListener("keyup", () => show(false));
  card.addEventListener("contextmenu", (e) => e.preventDefault());
  return h("main", { class: "screen deal" },
    phaseBar("deal"),
    h("p", { class: "hint" }, t("card.hold")),
    card, live,
    wakeOrder(s));
}

/** @param {Frame} action @returns {string[]} */
function targetsOf(action) {
  if (action.targets) return action.targets.map(String);
  if (action.target !== undefined) return [String(action.target)];
  return [];
}

/** @param {string[]} a @param {string[]} b */
const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * What the turn now shows a player who has nothing to choose in it: what the turn
 * teaches (a turn where nobody chooses teaches in its own frame: the Insomniac's card,
 * the Minion's werewolves), else the one calm line of everyone else.
 * @param {Frame} s @param {boolean} tapped
 */
function idlePrompt(s, tapped) {
  const now = (s.learned || []).filter((/** @type {Frame} */ f) => f.at === s.turn);
  const card = now.find((/** @type {Frame} */ f) => f.saw === s.seat);
  if (card) {
    return h("div", { class: "prompt learn", id: "prompt", "aria-live": "polite" },
      h("p", {}, t("night.yourCardNow")),
      roleCard(card.card, s.edition, true),
      h("p", { class: "muted" }, tapped ? t("night.done") : t("night.seenTap")));
  }
  if (now.length) {
    const facts = now.map((/** @type {Frame} */ f) => factText(f, s.players, s.edition, s.turns[f.at], s.seat)).join(" ");
    return h("div", { class: "prompt learn", id: "prompt", "aria-live": "polite" },
      h("p", {}, t("night.learnNow", { fact: facts })),
      h("p", { class: "muted" }, tapped ? t("night.done") : t("night.seenTap")));
  }
  return h("p", { class: "prompt", id: "prompt", "aria-live": "polite" }, tapped ? t("night.done") : t("night.noTurn"));
}

/**
 * The night's turn as this member sees it.
 * @param {Frame} s @param {{tap: (action: Frame | null) => void}} act
 */
export function nightView(s, act) {
  const spectator = s.seat === null || s.seat === undefined;
  // "Now: …" names the call; during the deal (a latecomer watching), or between the
  // last call and the day, it says the phase, never "Now:" and nothing.
  const call = s.turn >= 0 ? turnLabel(s.turns, s.turn, s.edition) : "";
  const bar = phaseBar("night", call ? t("night.now", { call }) : t(s.turn < 0 ? "phase.deal" : "phase.night"));
  if (spectator) {
    return h("main", { class: "screen night" }, bar,
      h("p", { class: "prompt", "aria-live": "polite" }, t("night.spectator")),
      tableView({ players: s.players, seat: null, center: s.center_cards, centerWolf: s.center_wolf, tile: () => ({ enabled: false }), onTap: () => {}, still: true }),
      wakeOrder(s));
  }
  const d = s.decision && s.decision.turn === s.turn ? s.decision : null;
  const tapped = store.ui.tapped === turnKey();
  const ui = store.ui;
  if (!d) {
    // Nothing to choose: a tap anywhere on the screen is this turn's tap (`nothing`),
    // so that every phone at the table is tapped, whoever is awake.
    const tap = () => { if (store.ui.tapped !== turnKey()) act.tap(null); };
    return h("main", { class: "screen night idle", "data-tapped": tapped ? "true" : null, onclick: tap },
      bar,
      idlePrompt(s, tapped),
      tableView({
        players: s.players, seat: s.seat, center: s.center_cards, centerWolf: s.center_wolf,
        tile: () => ({ enabled: !tapped }),
        onTap: () => {}, // the screen's click is the tap
      }),
      h("p", { class: "choice", id: "choice" }, "\u00a0"),
      h("div", { class: "actions" },
        h("button", { type: "button", id: "confirm", class: "primary", disabled: tapped }, t("night.tap"))),
      myNight(s),
      wakeOrder(s));
  }
  /** @type {Frame[]} */
  const choices = d ? d.choices : [];
  const withTargets = choices.filter((c) => targetsOf(c).length);
  const bare = choices.filter((c) => !targetsOf(c).length);
  /** @type {Frame | null} */
  let chosen = null;
  if (ui.bare !== null) chosen = bare[ui.bare] || null;
  else if (ui.sel.length) {
    // Your own card completes a choice by itself (the Robber, the Drunk: tap the other card).
    const own = String(s.seat);
    chosen = withTargets.find((c) => sameSet(targetsOf(c), ui.sel))
      || withTargets.find((c) => ui.sel.every((x) => targetsOf(c).includes(x))
        && targetsOf(c).every((x) => ui.sel.includes(x) || x === own)) || null;
  }

  /** @param {string | number} target */
  const enabled = (target) => {
    if (tapped) return false;
    const key = String(target);
    if (ui.sel.includes(key)) return true;
    const want = [...ui.sel, key];
    return withTargets.some((c) => want.every((x) => targetsOf(c).includes(x)));
  };
  /** @param {string | number} target */
  const onTap = (target) => {
    const key = String(target);
    ui.bare = null;
    if (ui.sel.includes(key)) ui.sel = ui.sel.filter((x) => x !== key);
    else ui.sel = [...ui.sel, key];
    changed();
  };
  const prompt = tapped
    ? t("night.done")
    : t("night.yourTurn", { prompt: t(d.kind in KINDS ? `kind.${d.kind}` : "kind.other") });
  const choiceLine = chosen
    ? t("night.choice", { choice: actionText(chosen, s.players) })
    : !tapped ? t("night.pickMore") : "\u00a0";
  return h("main", { class: "screen night", "data-tapped": tapped ? "true" : null },
    bar,
    h("p", { class: "prompt", id: "prompt", "aria-live": "polite" }, prompt),
    tableView({
      players: s.players, seat: s.seat, center: s.center_cards, centerWolf: s.center_wolf,
      tile: (x) => ({ enabled: enabled(x), pressed: ui.sel.includes(String(x)) }),
      onTap,
    }),
    h("p", { class: "choice", id: "choice", "aria-live": "polite" }, choiceLine),
    h("div", { class: "actions" },
      bare.map((c, i) => h("button", {
        type: "button", id: `bare-${i}`, class: "secondary bare", "aria-pressed": ui.bare === i ? "true" : "false",
        disabled: tapped,
        onclick: () => { ui.bare = ui.bare === i ? null : i; ui.sel = []; changed(); },
      }, actionText(c, s.players))),
      h("button", {
        type: "button", id: "confirm", class: "primary", disabled: tapped || !chosen,
        onclick: () => act.tap(chosen),
      }, t("night.confirm"))),
    myNight(s),
    wakeOrder(s));
}

const KINDS = {
  shield: 1, copy: 1, lone_peek: 1, peek: 1, alpha_swap: 1, look: 1, seer_look: 1, center_look: 1,
  investigate: 1, rob: 1, witch_look: 1, witch_swap: 1, trouble: 1, drunk: 1, reveal: 1,
};
