// @ts-check
/**
 * Claims (docs/protocol.md, "Claims and bots"): the day's structured language, from taps.
 * A player picks the role they claim, then what its night showed (the claim types of
 * that role: the Seer's looks, the Robber's card, the Troublemaker's two, the werewolves
 * a Minion saw, the Masons, "nothing" for a role that sleeps…), taps the cards on the
 * table it names and the card each showed; the page sends `i_am` and then the detail as
 * `claim` messages. Everyone reads each claim as a sentence in their own language, each
 * seat's claimed role under its tile, and the TV each seat's claim as it stands (`story`).
 * Loaded with the first game (main.js), so that a first visit does not download it; its
 * words with it (i18n/claims-LANG.json).
 */
import { h } from "../dom.js";
import { addPart, list, roleName, t } from "../i18n.js";
import { changed, store } from "../store.js";
import { deckRoles, targetName } from "./common.js";

/** @typedef {import("../conn.js").Frame} Frame */
/** @typedef {string | number} Target */

await addPart("claims");

/**
 * What each role's night lets its player say, as claim types (the first: what the
 * composer opens on; `alpha`: the Alpha Wolf's swap of the center wolf card with a
 * player's, a `swapped` claim). A role that never wakes says it slept (`nothing`); a Doppelgänger
 * says her copy, then what the copied role did (any of the deck's: `kindsOf`).
 */
const KINDS = /** @type {Record<string, string[]>} */ ({
  sentinel: ["shielded", "nothing"], doppelganger: ["copied"],
  werewolf: ["saw_wolves", "saw", "nothing"], alpha_wolf: ["saw_wolves", "alpha", "saw", "nothing"],
  mystic_wolf: ["saw_wolves", "saw", "nothing"], little_girl: ["saw_wolves", "nothing"],
  minion: ["saw_wolves"], apprentice_tanner: ["saw_tanners"], mason: ["partners"], aura_seer: ["moved"],
  seer: ["saw", "nothing"], sorcerer: ["saw", "nothing"], apprentice_seer: ["saw", "nothing"],
  paranormal_investigator: ["saw", "nothing"], ghost_hunter: ["saw", "nothing"],
  robber: ["took", "nothing"], phantom_thief: ["took", "nothing"],
  witch: ["saw", "swapped", "nothing"], troublemaker: ["swapped", "nothing"],
  drunk: ["swapped"], insomniac: ["saw"], revealer: ["revealed", "nothing"],
});
/** Claims that name a set of players, none at all included ("I saw no other Mason"). */
const LISTS = new Set(["saw_wolves", "saw_tanners", "partners", "moved"]);
/** The Alpha Wolf's swap of the center wolf card: a `swapped` claim, one of its cards this. */
const WOLF_CARD = "center:wolf";
/** The opinion "I think nobody is a Werewolf" (both in the center: the village wins only
 * if nobody dies, every vote on a different player), picked in "I think…" mode. */
const NOBODY = "no_werewolf";
/** Claims whose every target comes with the card it showed. */
const CARDS = new Set(["saw", "took", "copied", "revealed", "think"]);
/** Roles whose look is one center card (the Apprentice Seer, the Witch, the lone wolf's peek). */
const CENTER_LOOK = new Set(["apprentice_seer", "witch", "werewolf", "alpha_wolf"]);

/** The claim types a role may add to "I am the R" in this deck. @param {string} role @param {string[]} deck */
function kindsOf(role, deck) {
  if (role !== "doppelganger") return KINDS[role] || ["nothing"];
  const copied = deck.flatMap((r) => (r === "doppelganger" ? [] : KINDS[r] || []));
  return [...new Set(["copied", ...copied.filter((k) => k !== "nothing"), "nothing"])];
}

/**
 * The composer: "I was the…" (a role, then what its night showed: `kind`) or "I think…",
 * and the cards tapped so far, kept across re-renders and reset each game.
 * @type {{game: number, mode: "" | "role" | "think", role: string, kind: string, picks: {target: Target, card: string}[]}}
 */
const draft = { game: -1, mode: "", role: "", kind: "", picks: [] };

/** @param {Frame} s */
function fresh(s) {
  if (draft.game !== s.game) Object.assign(draft, { game: s.game, mode: "", role: "", kind: "", picks: [] });
}

/** Back to a closed composer (or to a mode with nothing picked). @param {"" | "role" | "think"} [mode] */
const reset = (mode = "") => Object.assign(draft, { mode, role: "", kind: "", picks: [] });

/** The claim type the draft's detail makes ("" for none). */
const detail = () => (draft.mode === "think" ? draft.kind || "think" : draft.mode === "role" ? draft.kind : "");

/** Whether a target is a center card. @param {Target} x */
const isCenter = (x) => typeof x === "string";

/**
 * What the draft's detail may name, as its role's night allows: how many cards at most
 * and which (other players, center cards, one's own); `split` is the Seer's "a player or
 * two center cards" ("or") and the Mystic Wolf's and Witch's "one of each" ("each").
 * @returns {{most: number, seats?: boolean, centers?: boolean, mine?: boolean, split?: "or" | "each"}}
 */
function shape() {
  const k = detail();
  const r = draft.role;
  if (k === "think") return { most: 1, seats: true };
  if (LISTS.has(k)) return { most: Infinity, seats: true };
  if (k === "saw") {
    if (r === "insomniac") return { most: 1, mine: true };
    if (CENTER_LOOK.has(r)) return { most: 1, centers: true };
    if (r === "paranormal_investigator" || r === "ghost_hunter") return { most: 2, seats: true };
    if (r === "mystic_wolf") return { most: 2, seats: true, centers: true, split: "each" };
    if (r === "doppelganger") return { most: 2, seats: true, centers: true, mine: true };
    return { most: 2, seats: true, centers: true, split: "or" }; // the Seer, the Sorcerer
  }
  if (k === "swapped") {
    if (r === "drunk") return { most: 1, centers: true }; // her own card with a center card
    if (r === "troublemaker") return { most: 2, seats: true };
    if (r === "witch") return { most: 2, seats: true, centers: true, mine: true, split: "each" };
    return { most: 2, seats: true, centers: true, mine: true };
  }
  if (k === "took" || k === "copied" || k === "shielded" || k === "revealed" || k === "alpha") return { most: 1, seats: true };
  return { most: 0 }; // "nothing", or the role alone
}

/** Whether the draft may name this target next. @param {Frame} s @param {Target} x */
function canPick(s, x) {
  const sh = shape();
  const picks = draft.picks;
  if (picks.length >= sh.most || x === "center:wolf") return false;
  if (isCenter(x) ? !sh.centers : x === s.seat ? !sh.mine : !sh.seats) return false;
  const centers = picks.filter((p) => isCenter(p.target)).length;
  if (sh.split === "or") return isCenter(x) ? centers === picks.length : picks.length === 0;
  if (sh.split === "each") return isCenter(x) ? centers === 0 : centers === picks.length;
  return true;
}

/** Whether the draft can take one more card. @param {Frame} s */
function roomFor(s) {
  const n = (s.players || []).length;
  const all = [...Array(n).keys(), ...Array.from({ length: s.center_cards || 0 }, (_, i) => `center:${i}`)];
  return all.some((x) => !picked(x) && canPick(s, x));
}

/** Whether a detail's targets each come with a card (the role seen, taken, copied…). */
const needsCard = () => CARDS.has(detail());

/** The detail's claim: a Frame, null for none, undefined while incomplete. @param {Frame} s @returns {Frame | null | undefined} */
function detailClaim(s) {
  const k = detail();
  const picks = draft.picks;
  if (!k) return null;
  if (k === "nothing" || k === NOBODY) return { type: k };
  if (LISTS.has(k)) return { type: k, seats: picks.map((p) => p.target).sort((a, b) => Number(a) - Number(b)) };
  if (!picks.length) return k === "think" ? undefined : null; // the role alone, the detail later or never
  if (k === "swapped") {
    if (draft.role === "drunk") return { type: k, targets: [s.seat, picks[0].target] };
    return picks.length === 2 ? { type: k, targets: picks.map((p) => p.target) } : undefined;
  }
  if (k === "alpha") return { type: "swapped", targets: [picks[0].target, WOLF_CARD] };
  if (k === "saw") return { type: k, looks: picks.map((p) => ({ target: p.target, card: p.card })) };
  if (k === "think" || k === "copied") return { type: k, target: picks[0].target, role: picks[0].card };
  if (k === "shielded") return { type: k, target: picks[0].target };
  return { type: k, target: picks[0].target, card: picks[0].card }; // took, revealed
}

/**
 * The claims the draft makes now, as JSON ([] while incomplete): "I am the R" (unless the
 * board says so already: a second detail of one's night adds to it), then the detail.
 * @param {Frame} s @returns {Frame[]}
 */
function built(s) {
  if (draft.picks.some((p) => needsCard() && !p.card)) return [];
  const more = detailClaim(s);
  if (more === undefined) return [];
  if (draft.mode === "think") return more ? [more] : [];
  if (!draft.role) return [];
  const mine = claimed(s)[s.seat] === draft.role ? [] : [{ type: "i_am", role: draft.role }];
  return more ? [...mine, more] : mine;
}

/** Whether a table tile can be tapped now. @param {Frame} s @param {Target} x */
export function wants(s, x) {
  if (s.seat === null || s.seat === undefined || s.phase !== "day") return false;
  fresh(s);
  if (!detail()) return false;
  if (picked(x)) return true; // tap again: let go
  if (needsCard() && draft.picks.some((p) => !p.card)) return false; // its card first
  return canPick(s, x);
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

/** A card's name in a claim: "bob", "Center card 1", or "my card" for the speaker's own.
 * @param {Target} x @param {number} seat @param {string[]} players */
const cardOf = (x, seat, players) => (x === seat ? t("claim.mine") : targetName(x, players));

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
    case NOBODY:
      return t(`claim.${c.type}`, { name, role });
    case "saw": {
      const looks = c.looks.map((/** @type {Frame} */ l) => t("claim.look", { target: cardOf(l.target, seat, players), role: roleName(l.card, ed) }));
      return t("claim.saw", { name, looks: list(looks) });
    }
    case "took":
    case "copied":
    case "shielded":
    case "revealed":
    case "think":
      return t(`claim.${c.type}`, { name, target: who(c.target), role });
    case "swapped": {
      const wolf = c.targets.indexOf(WOLF_CARD); // the Alpha Wolf's: "the wolf card with bob's"
      if (wolf >= 0) return t("claim.alpha", { name, target: who(c.targets[1 - wolf]) });
      // The Drunk's and the Witch's swaps involve the speaker's own card: "my card with …".
      const [a, b] = c.targets[1] === seat ? [c.targets[1], c.targets[0]] : c.targets;
      return a === seat ? t("claim.swappedMine", { name, b: who(b) }) : t("claim.swapped", { name, a: who(a), b: who(b) });
    }
    case "partners":
    case "saw_wolves":
    case "saw_tanners":
    case "moved":
      return c.seats.length ? t(`claim.${c.type}`, { name, names: seats(c.seats) }) : t(`claim.${c.type}None`, { name });
    default:
      return name;
  }
}

/** The talk's line for a claim entry. @param {Frame} e @param {string[]} players */
export function talkLine(e, players) {
  return h("li", { class: "claim", "data-seat": String(e.seat) }, h("span", { class: "claim-mark", "aria-hidden": "true" }, "▸ "), sentence(e.seat, e.claim, players, store.state?.edition || ""),
    e.stand_in ? standIn() : null);
}

/** The mark of a line a bot said for an away player (issue 36, point 9). */
export const standIn = () => h("span", { class: "stand-in muted" }, ` ${t("day.standIn")}`);

/** What a bot said for me while I was away (this game's lines of my seat, so marked):
 * back at the table, I read what I am taken to have said.
 * @param {Frame} s @param {(e: Frame, players: string[]) => HTMLElement | null} line the talk's line */
export function spokeForMe(s, line) {
  const mine = store.talk.filter((e) => e.game === s.game && e.seat === s.seat && e.stand_in && (e.type === "chat" || e.type === "claim"));
  if (!mine.length || s.seat === null || s.seat === undefined) return null;
  return h("section", { class: "spoke-for-me", id: "spoke-for-me", "aria-labelledby": "spoke-h" },
    h("h2", { id: "spoke-h" }, t("day.spokeForYou")),
    h("ul", { class: "log" }, mine.map((e) => line(e, s.players || []))));
}

/** This game's claims, in the order they were made. @param {Frame} s @returns {Frame[]} */
const board = (s) => store.talk.filter((e) => e.type === "claim" && e.game === s.game);

/** The role each seat last claimed as its own (`i_am`), this game. @param {Frame} s
 * @returns {Record<number, string>} */
export function claimed(s) {
  /** @type {Record<number, string>} */
  const out = {};
  for (const e of board(s)) if (e.claim.type === "i_am") out[e.seat] = e.claim.role;
  return out;
}

/**
 * A seat's claim as it stands: its last "I am the R" and what it said of its night since
 * (an earlier story it dropped is not its claim any more), then its last "I think…".
 * @param {Frame} s @param {number} seat @returns {Frame[]}
 */
export function story(s, seat) {
  const own = board(s).filter((e) => e.seat === seat).map((e) => e.claim);
  const opinion = (/** @type {Frame} */ c) => c.type === "think" || c.type === NOBODY;
  const facts = own.filter((c) => !opinion(c));
  const from = facts.map((c) => c.type).lastIndexOf("i_am");
  const think = own.filter(opinion).pop();
  return [...facts.slice(Math.max(from, 0)), ...(think ? [think] : [])];
}

/** The claim board's label under a seat: the role it claims. @param {Frame} s @param {Target} x */
export function label(s, x) {
  const role = typeof x === "number" ? claimed(s)[x] : "";
  return role ? roleName(role, s.edition) : "";
}

/** A row of choices, one pressed. @param {string} id @param {string} what its label
 * @param {string[]} items @param {string} on @param {(item: string) => void} pick
 * @param {(item: string) => string} words @param {string} attr the data attribute naming an item */
function chipRow(id, what, items, on, pick, words, attr = "data-role") {
  return h("div", { class: "claim-roles", id, role: "group", "aria-label": what },
    items.map((r) => h("button", {
      type: "button", class: `chipbtn${r === on ? " on" : ""}`, [attr]: r, "aria-pressed": r === on ? "true" : "false",
      onclick: () => pick(r),
    }, words(r))));
}

/** The places a claim can name now, as a row of buttons (the table's taps, at hand).
 * @param {Frame} s */
function smallTable(s) {
  /** @type {Target[]} */
  const places = [...s.players.map((/** @type {string} */ _, /** @type {number} */ i) => i)];
  for (let c = 0; c < (s.center_cards || 0); c++) places.push(`center:${c}`);
  const can = places.filter((x) => wants(s, x));
  if (!can.length) return null;
  return h("div", { class: "claim-roles claim-targets", id: "claim-targets", role: "group", "aria-label": t("night.table") },
    can.map((x) => h("button", {
      type: "button", id: `claim-target-${String(x).replace(":", "-")}`, class: `chipbtn${picked(x) ? " on" : ""}`,
      "aria-pressed": picked(x) ? "true" : "false", onclick: () => tap(x),
    }, targetName(x, s.players))));
}

/** What the composer asks for next. @param {Frame} s */
function ask(s) {
  const open = draft.picks.find((p) => needsCard() && !p.card);
  if (open) return t("claims.pickCard", { target: cardOf(open.target, s.seat, s.players) });
  if (draft.mode === "role" && !draft.role) return t("claims.pickRole");
  const k = detail();
  if (LISTS.has(k)) return t("claims.pickSeats");
  if (!k || !roomFor(s)) return "";
  const sh = shape();
  if (draft.mode === "think" || (sh.seats && !sh.centers)) return t("claims.pickSeat");
  if (sh.mine && !sh.seats) return t("claims.pickMine");
  if (!sh.seats) return t("claims.pickCenter");
  return k === "swapped" ? t("claims.pickTwo") : t("claims.pickTarget");
}

/**
 * The composer, for a player during the day: "I was the…" or "I think…", the role, what
 * its night showed, the cards (taps on the table above) and the card each was, the
 * sentences it makes, "Say it".
 * @param {Frame} s @param {(claim: Frame) => Promise<unknown>} send
 */
export function panel(s, send) {
  if (s.seat === null || s.seat === undefined || s.phase !== "day") return null;
  fresh(s);
  const roles = deckRoles(s.deck);
  const ed = s.edition;
  const claims = built(s);
  /** @param {"role" | "think"} mode */
  const setMode = (mode) => { reset(draft.mode === mode ? "" : mode); changed(); };
  /** @param {string} r */
  const setRole = (r) => { Object.assign(draft, { role: r, kind: kindsOf(r, roles)[0], picks: [] }); changed(); };
  /** @param {string} k */
  // Tapping the night already chosen keeps it (it never silently turns the claim off).
  const setKind = (k) => { if (draft.kind === k) return; Object.assign(draft, { kind: k, picks: [] }); changed(); };
  /** "Nobody is a Werewolf" is a toggle: tapped again, the composer asks for a seat. */
  const setNobody = () => { Object.assign(draft, { kind: draft.kind === NOBODY ? "" : NOBODY, picks: [] }); changed(); };
  const nobody = draft.mode === "think" && draft.kind === NOBODY;
  const open = draft.picks.find((p) => needsCard() && !p.card);
  const prompt = draft.mode ? ask(s) : "";
  /** @param {string} r */
  const role = (r) => roleName(r, ed);
  return h("section", { class: "claims", id: "claims", "aria-labelledby": "claims-h" },
    h("h2", { id: "claims-h" }, t("claims.title")),
    h("p", { class: "muted help-line" }, t("claims.help")),
    h("div", { class: "claim-modes" },
      h("button", { type: "button", id: "claim-role", class: draft.mode === "role" ? "primary" : "secondary", "aria-pressed": draft.mode === "role" ? "true" : "false", onclick: () => setMode("role") }, t("claims.iAm")),
      h("button", { type: "button", id: "claim-think", class: draft.mode === "think" ? "primary" : "secondary", "aria-pressed": draft.mode === "think" ? "true" : "false", onclick: () => setMode("think") }, t("claims.think"))),
    draft.mode === "role" ? chipRow("claim-role-pick", t("claims.pickRole"), roles, draft.role, setRole, role) : null,
    draft.mode === "think"
      ? h("div", { class: "claim-roles" }, h("button", {
        type: "button", id: "claim-nobody", class: `chipbtn${nobody ? " on" : ""}`, "aria-pressed": nobody ? "true" : "false",
        onclick: setNobody,
      }, t("claims.nobody")))
      : null,
    // The night's choices under a line of their own: not taken for more roles.
    draft.mode === "role" && draft.role ? h("p", { class: "muted", id: "claim-kinds-h" }, t("claims.kinds")) : null,
    draft.mode === "role" && draft.role
      ? chipRow("claim-kind-pick", t("claims.kinds"), kindsOf(draft.role, roles), draft.kind, setKind, (k) => t(`claims.kind.${k}`), "data-kind")
      : null,
    prompt ? h("p", { class: "prompt", id: "claim-ask", "aria-live": "polite" }, prompt) : null,
    // The composer's own small table: the seats and center cards it asks for, as
    // buttons beside the question (the table itself may be off screen on a phone).
    prompt && !open ? smallTable(s) : null,
    open ? chipRow("claim-card-pick", t("claims.pickRole"), roles, "", (r) => { open.card = r; changed(); }, role) : null,
    claims.length ? h("ul", { class: "claim-preview", id: "claim-preview" }, claims.map((c) => h("li", {}, sentence(s.seat, c, s.players, ed)))) : null,
    draft.mode ? h("div", { class: "actions" },
      h("button", {
        type: "button", id: "claim-say", class: "primary", disabled: !claims.length,
        onclick: async () => {
          const said = [...claims];
          reset();
          changed();
          for (const c of said) await send(c); // in order: the role, then its night
        },
      }, t("claims.say")),
      h("button", { type: "button", id: "claim-cancel", class: "secondary", onclick: () => { reset(); changed(); } }, t("claims.cancel"))) : null);
}
