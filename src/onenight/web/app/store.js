// @ts-check
/**
 * The state store: the last `room` and `state` frames, the talk, the connection status
 * and this page's own choices (what is selected, what was sent). Views read it; every
 * change calls the subscribers (the page re-renders).
 */

/** @typedef {import("./conn.js").Frame} Frame */

/**
 * @typedef {{sel: string[], bare: number | null, tapped: string, step: number,
 *   lobby: boolean, flash: string, revealed: boolean, sayTo: string, chip?: boolean}} Ui
 * @typedef {{room: Frame | null, state: Frame | null, talk: Frame[], online: boolean,
 *   lost: string, error: Said | null, errorNear: string, until: number, ui: Ui, code: string, mode: string,
 *   check: RoomCheck | null, checking: boolean}} Store
 * @typedef {{open: boolean, playing?: boolean, games?: number, result?: boolean}} RoomCheck
 * @typedef {import("./i18n.js").Said} Said
 */

/** @type {Store} */
export const store = {
  room: null,
  state: null,
  talk: [],
  online: false,
  lost: "",
  error: null, // i18n.js `said` words it
  errorNear: "", // the id of the control whose tap was refused: the refusal is said beside it
  until: 0, // Date.now() at which the current period ends (from `remaining`)
  code: "",
  mode: "", // "" (play), "tv", "watch", "replay"
  check: null, // what GET /api/rooms/{code}/status said of the room's link (open, playing …)
  checking: false, // that question is on its way
  ui: { sel: [], bare: null, tapped: "", step: 0, lobby: false, flash: "", revealed: false, sayTo: "" },
};

/** @type {Set<() => void>} */
const listeners = new Set();

/** @param {() => void} fn */
export function subscribe(fn) {
  listeners.add(fn);
}

export function changed() {
  for (const fn of listeners) fn();
}

// A change that comes while a press is down (a frame) waits for the press's click: the
// re-render would replace the button under the finger, and a press whose button went
// before its release makes no click. A press held long (a card read) lets it through.
let press = 0; // the timer of the press under way (0: none)
let held = false;
const flush = () => { if (held) { held = false; changed(); } };
addEventListener("pointerdown", () => {
  clearTimeout(press);
  press = setTimeout(() => { press = 0; flush(); }, 1500);
}, true);
for (const end of ["pointerup", "pointercancel"]) {
  addEventListener(end, () => {
    if (press) setTimeout(flush); // after the click this release makes
    clearTimeout(press);
    press = 0;
  }, true);
}

/** Tell the subscribers now, or right after the press under way. */
export function changedSoon() {
  if (press) held = true;
  else changed();
}

/** The key of the night turn now: one tap per key. */
export function turnKey() {
  const s = store.state;
  return s ? `${s.game}:${s.turn}` : "";
}

/** Seconds left in the period now. */
export function remaining() {
  return store.until ? Math.max(0, (store.until - Date.now()) / 1000) : 0;
}

/**
 * Take one frame from the server into the store.
 * @param {Frame} frame @returns {boolean} whether the night turn changed
 */
export function take(frame) {
  let newTurn = false;
  switch (frame.type) {
    case "room":
      store.room = frame;
      if (frame.playing) store.ui.lobby = false;
      break;
    case "state": {
      const before = turnKey();
      const game = store.state?.game;
      store.state = frame;
      store.until = frame.remaining ? Date.now() + frame.remaining * 1000 : 0;
      if (turnKey() !== before) {
        newTurn = true;
        store.ui.sel = [];
        store.ui.bare = null;
      }
      if (frame.game !== game) {
        store.ui.step = 0;
        store.ui.sayTo = "";
        store.ui.revealed = false;
        store.ui.lobby = false;
      }
      break;
    }
    case "log": {
      // A log sent at night holds this game's talk only (every night frame is of one
      // size): the earlier games' talk this page has stays above it until the day's
      // log brings it all again.
      const now = store.state?.game || 0;
      const whole = frame.entries.some((/** @type {Frame} */ e) => typeof e.game === "number" && e.game < now);
      const kept = whole ? [] : store.talk.filter((e) => typeof e.game === "number" && e.game < now);
      store.talk = [...kept, ...frame.entries];
      break;
    }
    case "chat":
    case "whisper":
    case "whispered":
    case "claim":
      store.talk = [...store.talk, frame];
      break;
    case "bye":
      store.lost = "bye";
      break;
    case "lost":
      store.lost = frame.code;
      break;
  }
  return newTurn;
}
