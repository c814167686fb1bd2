// @ts-check
/** Pieces every screen shares: the phase bar, names of targets, actions and facts. */
import { clock, h } from "../dom.js";
import { callName, list, plural, roleName, t, wakeLine } from "../i18n.js";
import { ORDER, cardBack, roleArt, teamOf } from "../roles.js";
import { remaining, store } from "../store.js";

/** @typedef {import("../conn.js").Frame} Frame */

/**
 * The bar at the top of a game screen: phase, what is called, your card (a chip you
 * press and hold to see it), the countdown.
 * @param {string} phase @param {string} [detail] @param {Frame} [s] the state (a player's: the chip)
 */
export function phaseBar(phase, detail = "", s) {
  return h(
    "div",
    { class: "phasebar" },
    h("h1", { class: "phase", id: "phase" }, t(`phase.${phase}`)),
    detail ? h("span", { class: "detail" }, detail) : null,
    s && s.card && s.seat !== null && s.seat !== undefined ? cardChip(s.card, s.edition) : null,
    store.until
      ? h("span", { class: "timer", id: "timer", role: "timer", "aria-label": t("timer.left", { time: clock(remaining()) }) }, clock(remaining()))
      : null,
  );
}

/**
 * Your dealt card in the bar, face down: pressing and holding it (a finger, the mouse,
 * Space or Enter) shows it; letting go hides it again, as the deal's card does.
 * @param {string} role @param {string} edition
 */
export function cardChip(role, edition) {
  const face = h("span", { class: "chipface", id: "card-chip-face", hidden: true }, roleArt(role), t("card.dealt", { role: roleName(role, edition) }));
  const back = h("span", { class: "chipback" }, cardBack(), t("card.chip"));
  const chip = h("button", {
    type: "button", id: "card-chip", class: "cardchip-btn", "aria-label": t("card.chipHold"),
    "aria-describedby": "card-chip-face", "aria-pressed": "false",
  }, back, face);
  /** @param {boolean} up */
  const show = (up) => {
    // Held in the store: a frame that redraws the screen while the finger is down (a
    // chat line, a player ready) keeps the card shown.
    store.ui.chip = up;
    face.hidden = !up;
    back.hidden = up;
    chip.setAttribute("aria-pressed", up ? "true" : "false");
  };
  show(!!store.ui.chip);
  chip.addEventListener("pointerdown", (e) => { e.preventDefault(); show(true); });
  for (const ev of ["pointerup", "pointerleave", "pointercancel", "blur"]) chip.addEventListener(ev, () => { if (chip.isConnected) show(false); });
  chip.addEventListener("keydown", (e) => { if (e.key === " " || e.key === "Enter") { e.preventDefault(); show(true); } });
  chip.addEventListener("keyup", () => { if (chip.isConnected) show(false); });
  chip.addEventListener("contextmenu", (e) => e.preventDefault());
  return chip;
}

/**
 * A turn of the night for people: its call, and which turn of the call it is when the
 * call has several — "Doppelgänger (copy)", "Doppelgänger (acts as the copied role)",
 * "Seer 1" and "Seer 2" for two Seer cards, "Witch, step 2".
 * @param {Frame[]} turns @param {number} i @param {string} edition
 */
export function turnLabel(turns, i, edition) {
  const turn = turns[i];
  if (!turn) return "";
  const same = turns.filter((/** @type {Frame} */ x) => x.call === turn.call);
  const name = callName(turn.call, edition);
  if (turn.call === "doppelganger") {
    const role = roleName("doppelganger", edition);
    if (turn.step === 0) return t("wake.copy", { role });
    const acting = same.filter((/** @type {Frame} */ x) => x.step > 0).length;
    const label = t("wake.copied", { role });
    return acting > 1 ? t("wake.step", { label, n: turn.step }) : label;
  }
  // Within a call, a turn for another role than the call's own (the Little Girl's peek
  // during the werewolves' call, the Doppelgänger's as the Little Girl).
  const own = turn.role === "" || turn.role === turn.call || (turn.call === "werewolves" && turn.role === "werewolf");
  const roleTurns = same.filter((/** @type {Frame} */ x) => x.role === turn.role);
  const copies = new Set(roleTurns.map((/** @type {Frame} */ x) => x.copy)).size;
  const steps = new Set(roleTurns.map((/** @type {Frame} */ x) => x.step)).size;
  let label = name;
  if (turn.role === "doppelganger" && !own) {
    // The Doppelgänger who copied the role this call wakes for (the Little Girl).
    const copied = same.find((/** @type {Frame} */ x) => !["", "werewolf", "doppelganger", turn.call].includes(x.role));
    label = copied ? callName(`doppelganger_${copied.role}`, edition) : roleName("doppelganger", edition);
  } else if (!own) {
    label = roleName(turn.role, edition);
  }
  if (copies > 1) label = t("wake.nth", { role: label, n: turn.copy + 1 });
  if (steps > 1) label = t("wake.step", { label, n: turn.step + 1 });
  return own ? label : t("wake.within", { call: name, role: label });
}

/** A seat or center slot for people. @param {string | number} target @param {string[]} players */
export function targetName(target, players) {
  if (typeof target === "number") return players[target] ?? String(target);
  if (target === "center:wolf") return t("night.centerWolf");
  const m = /^center:(\d+)$/.exec(String(target));
  if (m) return t("night.center", { n: Number(m[1]) + 1 });
  return String(target); // a name, in the result
}

/** A seat or center slot inside a sentence ("Look at center card 2", "Regarder la
 * carte du centre 2": each language's article and case). @param {string | number} target
 * @param {string[]} players */
function inSentence(target, players) {
  if (target === "center:wolf") return t("act.centerWolf");
  const m = /^center:(\d+)$/.exec(String(target));
  return m ? t("act.center", { n: Number(m[1]) + 1 }) : targetName(target, players);
}

/** @param {any[]} targets @param {string[]} players */
function names(targets, players) {
  return targets.map((x) => inSentence(x, players)).join(t("and"));
}

/** An action in words. @param {Frame} action @param {string[]} players */
export function actionText(action, players) {
  const tg = action.targets || [];
  switch (action.type) {
    case "view":
      return t("act.view", { targets: names(tg, players) });
    case "swap":
      return t("act.swap", { a: inSentence(tg[0], players), b: inSentence(tg[1], players) });
    case "copy":
    case "shield":
    case "reveal":
    case "vote":
      return t(`act.${action.type}`, { target: inSentence(action.target, players) });
    case "peek":
    case "pass":
      return t(`act.${action.type}`);
    default:
      return action.type;
  }
}

/**
 * Who learns the werewolves at a turn (RULES.md §4): the Minion sees every night wolf
 * (none: no werewolf among the players), the Little Girl who peeks (a Doppelgänger-Little
 * Girl too: her peek is the werewolves' call's last turn) sees the wolves who wake, and a
 * Werewolf the others (none: the lone wolf).
 * @param {Frame | null | undefined} turn the turn's `call` and `role` @returns {"minion" | "little_girl" | "wolf"}
 */
function wolvesSeenBy(turn) {
  if (turn && turn.call === "minion") return "minion";
  if (turn && turn.call === "werewolves" && (turn.role === "little_girl" || turn.role === "doppelganger")) return "little_girl";
  return "wolf";
}

/**
 * A fact learned at night in words, as RULES.md has its learner learn it.
 * @param {Frame} fact @param {string[]} players @param {string} edition
 * @param {Frame | null} [turn] the turn it was learned in (`call`, `role`): whose words
 * @param {number | null} [me] the reader's seat (their own card: "Your card is …")
 */
export function factText(fact, players, edition, turn = null, me = null) {
  /** @param {any[]} xs */
  const who = (xs) => list(xs.map((x) => targetName(x, players)));
  if ("saw" in fact) {
    const role = roleName(fact.card, edition);
    if (me !== null && me !== undefined && fact.saw === me) return t("fact.sawOwn", { role });
    return t("fact.saw", { target: targetName(fact.saw, players), role });
  }
  if ("little_girl" in fact) return t("fact.little_girl", { name: targetName(fact.little_girl, players) });
  if ("wolves" in fact) {
    const by = wolvesSeenBy(turn);
    if (fact.wolves.length) return t(by === "little_girl" ? "fact.wolvesWoke" : "fact.wolves", { names: who(fact.wolves) });
    return t({ minion: "fact.wolvesNone", little_girl: "fact.wolvesNoneWoke", wolf: "fact.wolvesAlone" }[by]);
  }
  if ("masons" in fact) return fact.masons.length ? t("fact.masons", { names: who(fact.masons) }) : t("fact.masonsAlone");
  if ("tanners" in fact) return fact.tanners.length ? t("fact.tanners", { names: who(fact.tanners) }) : t("fact.tannersNone");
  if ("acted" in fact) return fact.acted.length ? t("fact.acted", { names: who(fact.acted) }) : t("fact.actedNone");
  return "";
}

/** A role card: art, name (with its count in the deck, when more than one), team, what
 * it does. @param {string} role @param {string} edition @param {boolean} [small] @param {number} [count] */
export function roleCard(role, edition, small = false, count = 1) {
  const team = teamOf(role);
  const name = roleName(role, edition);
  return h(
    "div",
    { class: `rolecard team-${team}${small ? " small" : ""}`, "data-role": role, "data-count": String(count) },
    roleArt(role),
    h("div", { class: "roletext" },
      h("strong", { class: "rolename" }, count > 1 ? t("day.times", { role: name, n: count }) : name),
      h("span", { class: "team" }, t(`team.${team}`)),
      small ? null : h("span", { class: "does" }, t(`do.${role}`)),
      small || !wakeLine(role, edition) ? null : h("span", { class: "does help" }, t("help.night", { line: wakeLine(role, edition) })),
    ),
  );
}

/** The roles of a deck, once each, in wake order. @param {Record<string, number> | string[]} deck */
export function deckRoles(deck) {
  const roles = Array.isArray(deck) ? deck : Object.keys(deck);
  const at = (/** @type {string} */ r) => (ORDER.includes(r) ? ORDER.indexOf(r) : ORDER.length);
  return [...new Set(roles)].sort((a, b) => at(a) - at(b));
}

/** Where this page keeps what its player chose at night (its own choices, which the
 * server's view does not repeat). @param {number} game */
const didKey = (game) => `onenight.did.${store.code}.${game}`;

/** Remember a night choice this page made (its turn and the action). @param {number} game @param {number} turn @param {Frame} action */
export function rememberChoice(game, turn, action) {
  const did = choices(game).filter((/** @type {Frame} */ d) => d.at !== turn);
  localStorage.setItem(didKey(game), JSON.stringify([...did, { at: turn, action }]));
}

/** The night choices this page made in a game. @param {number} game @returns {Frame[]} */
export function choices(game) {
  try {
    const did = JSON.parse(localStorage.getItem(didKey(game)) || "[]");
    return Array.isArray(did) ? did : [];
  } catch {
    return [];
  }
}

/** Roles whose card never wakes: their player sleeps the whole night. */
const SLEEPERS = new Set(["villager", "tanner", "hunter", "bodyguard", "dream_wolf"]);

/** "My night": what this player learned and did, by turn; once the night is over, a
 * night with nothing in it says so too ("Villager: you slept."). @param {Frame} s */
export function myNight(s) {
  // In a turn: what the call shows first (the werewolves, the masons), then the choice,
  // then what the choice showed (a look).
  const learned = (s.learned || []).map((/** @type {Frame} */ f) => ({ at: f.at, k: "saw" in f ? 2 : 0, text: factText(f, s.players, s.edition, s.turns[f.at], s.seat) }));
  const did = choices(s.game).filter((/** @type {Frame} */ d) => d.action.type !== "pass")
    .map((/** @type {Frame} */ d) => ({ at: d.at, k: 1, text: actionText(d.action, s.players) }));
  const lines = [...did, ...learned].sort((a, b) => a.at - b.at || a.k - b.k);
  const over = s.phase !== "night";
  const role = roleName(s.card || "", s.edition);
  const empty = !over ? t("night.nothingYet")
    : SLEEPERS.has(s.card) ? t("night.slept", { role }) : t("night.learnedNothing", { role });
  return h(
    "section",
    { class: "mynight", "aria-labelledby": "mynight-h" },
    h("h2", { id: "mynight-h" }, t("night.myNight")),
    lines.length
      ? h("ul", { id: "learned", "aria-live": "polite" }, lines.map((f) =>
          h("li", {}, h("span", { class: "at" }, t("fact.at", { call: turnLabel(s.turns, f.at, s.edition) })), f.text)))
      : h("p", { class: over ? "" : "muted", id: "learned", "aria-live": "polite" }, empty),
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
        turnLabel(s.turns, i, s.edition)))),
  );
}

/** The room's scoreboard (the lobby's and the result's): chips in the right plural. */
export function scoreboard() {
  const room = store.room;
  if (!room) return null;
  return h("section", { class: "scores", "aria-labelledby": "scores-h" },
    h("h2", { id: "scores-h" }, t("lobby.scoreboard")),
    h("ul", { id: "scoreboard" }, room.scoreboard.map((/** @type {Frame} */ s) => h("li", {}, h("span", {}, s.name), " ", h("span", { class: "chips" }, plural("chips", s.chips))))),
    room.champions.length ? h("p", {}, t("lobby.champions", { names: list(room.champions.map((/** @type {number} */ m) => room.members.find((/** @type {Frame} */ x) => x.member === m)?.name || "?")) })) : null);
}
