// @ts-check
/** What the table keeps on this device (localStorage): its settings and its chips. */

const SETTINGS = "onenight.table.settings";
const CHIPS = "onenight.table.chips";
const HISTORY = "onenight.table.history";

/**
 * @typedef {{edition: string, players: number, decks: Record<string, Record<string, number>>,
 *            lang: string, turn: number, jitter: number, day: number,
 *            names: string, sound: boolean}} Settings
 * @typedef {{at: number, died: string[], won: string[]}} GameResult
 */

/** @param {string} key @returns {unknown} */
function read(key) {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

/** @param {string} key @param {unknown} value */
function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // private mode or full storage: the table still plays, it just forgets
  }
}

/** @returns {Partial<Settings>} */
export function loadSettings() {
  const s = read(SETTINGS);
  return s && typeof s === "object" ? /** @type {Partial<Settings>} */ (s) : {};
}

/** @param {Settings} settings */
export function saveSettings(settings) {
  write(SETTINGS, settings);
}

/** @returns {Record<string, number>} name → chips */
export function loadChips() {
  const c = read(CHIPS);
  return c && typeof c === "object" ? /** @type {Record<string, number>} */ (c) : {};
}

/**
 * Record a game: each winner gets a chip.
 * @param {string[]} died @param {string[]} won
 * @returns {Record<string, number>}
 */
export function recordGame(died, won) {
  const chips = loadChips();
  for (const name of won) chips[name] = (chips[name] || 0) + 1;
  write(CHIPS, chips);
  const history = /** @type {GameResult[]} */ (read(HISTORY) || []);
  history.push({ at: Date.now(), died, won });
  write(HISTORY, history.slice(-200));
  return chips;
}

export function resetChips() {
  write(CHIPS, {});
  write(HISTORY, []);
}
