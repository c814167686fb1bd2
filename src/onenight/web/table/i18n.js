// @ts-check
/**
 * The narration data file (narration.json, shared with `onenight script`) and the
 * night script built from it: the same rules as src/onenight/narration.py.
 */

/**
 * @typedef {{who: string, wake: string, close?: string,
 *            with?: Record<string, string>,
 *            editions?: Record<string, {who?: string, wake?: string, close?: string}>}} CallEntry
 * @typedef {{night_start: string, night_end: string, close: string,
 *            calls: Record<string, CallEntry>, day: DayLines}} LangScript
 * @typedef {{minute: string, ten: string, point: string, count: string[], now: string}} DayLines
 * @typedef {{languages: Record<string, {label: string, voice: string}>,
 *            names: Record<string, Record<string, Record<string, string>>>,
 *            script: Record<string, LangScript>}} Narration
 * @typedef {{call: string, who: string, wake: string[], close: string}} CallScript
 * @typedef {{start: string, calls: CallScript[], end: string}} NightScript
 */

/** @returns {Promise<Narration>} */
export async function loadNarration() {
  const res = await fetch("/table/narration.json");
  if (!res.ok) throw new Error(`narration.json: HTTP ${res.status}`);
  return /** @type {Promise<Narration>} */ (res.json());
}

/**
 * Role names in a language as an edition says them (plus `werewolves`, `masons`).
 * @param {Narration} data @param {string} edition @param {string} lang
 * @returns {Record<string, string>}
 */
export function roleNames(data, edition, lang) {
  const names = data.names[lang];
  return { ...names["default"], ...(names[edition] || {}) };
}

/**
 * @param {string} template @param {Record<string, string>} names
 * @returns {string}
 */
export function fill(template, names) {
  return template.replace(/\{(\w+)\}/g, (_, key) => {
    if (!(key in names)) throw new Error(`no name for {${key}}`);
    return names[key];
  });
}

/**
 * The night for a deck: the engine's calls (from the server) with their lines.
 * @param {Narration} data @param {string} edition @param {string[]} deck
 * @param {string[]} calls @param {string} lang
 * @returns {NightScript}
 */
export function nightScript(data, edition, deck, calls, lang) {
  const script = data.script[lang];
  const names = roleNames(data, edition, lang);
  const present = new Set(deck);
  return {
    start: script.night_start,
    end: script.night_end,
    calls: calls.map((call) => {
      const base = script.calls[call];
      if (!base) throw new Error(`no line for the call ${call} in ${lang}`);
      const entry = { ...base, ...((base.editions || {})[edition] || {}) };
      const wake = [fill(entry.wake, names)];
      for (const [role, line] of Object.entries(entry.with || {})) {
        if (present.has(role)) wake.push(fill(line, names));
      }
      const who = fill(entry.who, names);
      const close = entry.close ? fill(entry.close, names) : fill(script.close, { who });
      return { call, who, wake, close };
    }),
  };
}

/**
 * Every spoken line of a night, in order.
 * @param {NightScript} night
 * @returns {string[]}
 */
export function nightLines(night) {
  const out = [night.start];
  for (const c of night.calls) out.push(...c.wake, c.close);
  out.push(night.end);
  return out;
}
