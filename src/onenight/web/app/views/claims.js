// @ts-check
/**
 * Claims (docs/protocol.md, "Claims and bots"): the day's structured language, from taps.
 * A player picks the role they claim, then taps the cards on the table the role's night
 * names (the Seer's looks, the Robber's card, the Troublemaker's two…) and the card they
 * saw; the page sends `i_am` and then the detail as `claim` messages. Everyone reads each
 * claim as a sentence in their own language, and each seat's claimed role under its tile.
 * Loaded with the first game (main.js), so that a first visit does not download it.
 */
import { h } from "../dom.js";
import { list, roleName, t } from "../i18n.js";
import { changed, store } from "../store.js";
import { deckRoles, targetName } from "./common.js";

/** @typedef {import("../conn.js").Frame} Frame */
/** @typedef {string | number} Target */

/** What a claimed role's night says, as a claim type: the detail the composer asks for. */
const DETAIL = /** @type {Record<string, string>} */ ({
  seer: "saw", apprentice_seer: "saw", paranormal_investigator: "saw", mystic_wolf: "saw", insomniac: "saw",
  robber: "took", troublemaker: "swapped", drunk: "swapped", witch: "swapped",
  doppelganger: "copied", sentinel: "shielded", revealer: "revealed",
});
/** Details whose targets are seats only (no center card). */
const SEATS_ONLY = new Set(["took", "copied", "shielded", "revealed"]);

/**
 * The composer: the role claimed (or "think" for an accusation) and the detail so far,
 * kept across re-renders and reset each game.
 * @type {{game: number, mode: "" | "role" | "think", role: string, picks: {target: Target, card: string}[]}}
 */
const draft = { game: -1, mode: "", role: "", picks: [] };

/** @param {Frame} s */
function fresh(s) {
  if (draft.game !== s.game) Object.assign(draft, { game: s.game, mode: "", role: "", picks: [] });
}

/** The detail kind the draft asks for ("" for none). */
const detail = () => (draft.mode === "think" ? "think" : DETAIL[draft.role] || "");

/** How many targets the draft's detail takes, at most. */
function most() {
  const d = detail();
  if (d === "swapped") return 2;
  if (d === "saw") return draft.role === "seer" || draft.role === "apprentice_seer" ? 2 : 1;
  return d ? 1 : 0;
}

/** Whether a detail's targets each come with a card (the role seen, taken, copied…). */
const needsCard = () => ["saw", "took", "copied", "revealed", "think"].includes(detail());

/** The claims the draft makes now, as JSON ([] while incomplete). @returns {Frame[]} */
function built() {
  const d = detail();
  const picks = draft.picks;
  if (picks.some((p) => needsCard() && !p.card)) return [];
  if (draft.mode === "think") return picks.length ? [{ type: "think", target: picks[0].target, role: picks[0].card }] : [];
  if (!draft.role) return [];
  const mine = [{ type: "i_am", role: draft.role }];
  if (!picks.length) return mine; // the role alone ("I am the Seer"), the detail later or never
  if (d === "swapped") return picks.length === 2 ? [...mine, { type: "swapped", targets: picks.map((p) => p.target) }] : [];
  if (d === "saw") return [...mine, { type: "saw", looks: picks.map((p) => ({ target: p.target, card: p.card })) }];
  if (d === "copied") return [...mine, { type: "copied", target: picks[0].target, role: picks[0].card }];
  if (d === "shielded") return [...mine, { type: "shielded", target: picks[0].target }];
  return [...mine, { type: d, target: picks[0].target, card: picks[0].card }];
}

/** Whether a table tile can be tapped now. @param {Frame} s @param {Target} x */
export function wants(s, x) {
  if (s.seat === null || s.seat === undefined || s.phase !== "day") return false;
  fresh(s);
  if (!detail()) return false;
  if (draft.picks.some((p) => p.target === x)) return true; // tap again: let go
  if (draft.picks.length >= most() || (needsCard() && draft.picks.some((p) => !p.card))) return false;
  if (typeof x === "string" && (SEATS_ONLY.has(detail()) || x === "center:wolf" || draft.mode === "think")) return false;
  // One's own card: the Insomniac's look, nothing else names it.
  return x !== s.seat || draft.role === "insomniac";
}

/** Whether a tile is one of the draft's picks. @param {Target} x */
export const picked = (x) => draft.picks.some((p) => p.target === x);

/** A tap on a table tile. @param {Target} x */
export function tap(x) {
  const i = draft.picks.findIndex((p) => p.target === x);
  if (i >= 0) draft.picks.splice(i, 1);
  else draft.picks.push({ target: x, card: "" });
  changed();
}

/** A look's words: "bob: Werewolf". @param {Frame} look @param {string[]} players @param {string} ed */
const lookText = (look, players, ed) => t("claim.look", { target: targetName(look.target, players), role: roleName(look.card, ed) });

/**
 * A claim as a sentence in this page's language: "ann: I took bob's card: the Werewolf."
 * @param {number} seat @param {Frame} c the claim @param {string[]} players @param {string} ed
 */
export function sentence(seat, c, players, ed) {
  const name = players[seat] ?? "?";
  /** @param {Target} x */
  const who = (x) => targetName(x, players);
  /** @param {number[]} xs */
  const seats = (xs) => list(xs.map(who));
  const role = roleName(c.role || c.card || "", ed);
  switch (c.type) {
    case "i_am":
    case "nothing":
      return t(`claim.${c.type}`, { name, role });
    case "saw":
      return t("claim.saw", { name, looks: list(c.looks.map((/** @type {Frame} */ l) => lookText(l, players, ed))) });
    case "took":
    case "copied":
    case "shielded":
    case "revealed":
    case "think":
      return t(`claim.${c.type}`, { name, target: who(c.target), role });
    case "swapped":
      return t("claim.swapped", { name, a: who(c.targets[0]), b: who(c.targets[1]) });
    case "partners":
      return c.seats.length ? t("claim.partners", { name, names: seats(c.seats) }) : t("claim.partnersNone", { name });
    case "saw_wolves":
    case "moved":
      return t(`claim.${c.type}`, { name, names: seats(c.seats) });
    default:
      return name;
  }
}

/** The talk's line for a claim entry. @param {Frame} e @param {string[]} players */
export function talkLine(e, players) {
  return h("li", { class: "claim", "data-seat": String(e.seat) }, h("span", { class: "claim-mark", "aria-hidden": "true" }, "▸ "), sentence(e.seat, e.claim, players, store.state?.edition || ""));
}

/** The role each seat last claimed as its own (`i_am`), this game. @param {Frame} s
 * @returns {Record<number, string>} */
export function claimed(s) {
  /** @type {Record<number, string>} */
  const out = {};
  for (const e of store.talk) if (e.type === "claim" && e.game === s.game && e.claim.type === "i_am") out[e.seat] = e.claim.role;
  return out;
}

/** The claim board's label under a seat: the role it claims. @param {Frame} s @param {Target} x */
export function label(s, x) {
  const role = typeof x === "number" ? claimed(s)[x] : "";
  return role ? roleName(role, s.edition) : "";
}

/** A row of choices, one pressed. @param {string} id @param {string[]} roles @param {string} on
 * @param {(role: string) => void} pick @param {string} ed */
function roleRow(id, roles, on, pick, ed) {
  return h("div", { class: "claim-roles", id, role: "group", "aria-label": t("claims.pickRole") },
    roles.map((r) => h("button", {
      type: "button", class: `chipbtn${r === on ? " on" : ""}`, "data-role": r, "aria-pressed": r === on ? "true" : "false",
      onclick: () => pick(r),
    }, roleName(r, ed))));
}

/** What the composer asks for next. @param {Frame} s */
function ask(s) {
  const open = draft.picks.find((p) => needsCard() && !p.card);
  if (open) return t("claims.pickCard", { target: targetName(open.target, s.players) });
  if (draft.mode === "think" && !draft.picks.length) return t("claims.pickSeat");
  if (draft.mode === "role" && !draft.role) return t("claims.pickRole");
  if (draft.picks.length < most()) {
    const d = detail();
    if (d === "swapped") return t("claims.pickTwo");
    return SEATS_ONLY.has(d) ? t("claims.pickSeat") : t("claims.pickTarget");
  }
  return "";
}

/**
 * The composer, for a player during the day: "I was the…" or "I think…", the role, the
 * targets (taps on the table above), the card seen, the sentence it makes, "Say it".
 * @param {Frame} s @param {(claim: Frame) => Promise<unknown>} send
 */
export function panel(s, send) {
  if (s.seat === null || s.seat === undefined || s.phase !== "day") return null;
  fresh(s);
  const roles = deckRoles(s.deck);
  const ed = s.edition;
  const claims = built();
  /** @param {"role" | "think"} mode */
  const setMode = (mode) => { Object.assign(draft, { mode: draft.mode === mode ? "" : mode, role: "", picks: [] }); changed(); };
  const open = draft.picks.find((p) => needsCard() && !p.card);
  const prompt = draft.mode ? ask(s) : "";
  return h("section", { class: "claims", id: "claims", "aria-labelledby": "claims-h" },
    h("h2", { id: "claims-h" }, t("claims.title")),
    h("p", { class: "muted help-line" }, t("claims.help")),
    h("div", { class: "claim-modes" },
      h("button", { type: "button", id: "claim-role", class: draft.mode === "role" ? "primary" : "secondary", "aria-pressed": draft.mode === "role" ? "true" : "false", onclick: () => setMode("role") }, t("claims.iAm")),
      h("button", { type: "button", id: "claim-think", class: draft.mode === "think" ? "primary" : "secondary", "aria-pressed": draft.mode === "think" ? "true" : "false", onclick: () => setMode("think") }, t("claims.think"))),
    draft.mode === "role" ? roleRow("claim-role-pick", roles, draft.role, (r) => { draft.role = r; draft.picks = []; changed(); }, ed) : null,
    prompt ? h("p", { class: "prompt", id: "claim-ask", "aria-live": "polite" }, prompt) : null,
    open ? roleRow("claim-card-pick", roles, "", (r) => { open.card = r; changed(); }, ed) : null,
    claims.length ? h("ul", { class: "claim-preview", id: "claim-preview" }, claims.map((c) => h("li", {}, sentence(s.seat, c, s.players, ed)))) : null,
    draft.mode ? h("div", { class: "actions" },
      h("button", {
        type: "button", id: "claim-say", class: "primary", disabled: !claims.length,
        onclick: async () => {
          const said = [...claims];
          Object.assign(draft, { mode: "", role: "", picks: [] });
          changed();
          for (const c of said) await send(c); // in order: the role, then its night
        },
      }, t("claims.say")),
      h("button", { type: "button", id: "claim-cancel", class: "secondary", onclick: () => { Object.assign(draft, { mode: "", role: "", picks: [] }); changed(); } }, t("claims.cancel"))) : null);
}
