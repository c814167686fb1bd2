// @ts-check
/**
 * The interface's languages: catalogues (i18n/{lang}.json, one key per string) and role
 * names (the table page's narration.json, with each edition's own names: `loadNames`).
 */

export const LANGS = ["en", "fr", "ja"];
const KEY = "onenight.lang";

/** @type {Record<string, string>} */
let catalogue = {};
/** @type {Record<string, Record<string, Record<string, string>>>} */
let names = {};
/** @type {Record<string, {calls: Record<string, {wake: string, editions?: Record<string, {wake?: string}>}>}>} */
let script = {};
let current = "en";
/** Catalogues a lazy module adds (`i18n/{part}-{lang}.json`): loaded with it, so that a
 * first visit does not download them; again with each change of language. */
const parts = new Set();

/** @param {string} part @param {string} lang @returns {Promise<Record<string, string>>} */
const fetchPart = (part, lang) => fetch(`/app/i18n/${part}-${lang}.json`).then((r) => r.json());

/** Add a part's strings to the catalogue, in this language and the next ones. @param {string} part */
export async function addPart(part) {
  parts.add(part);
  const asked = current;
  const words = await fetchPart(part, asked);
  // A language picked meanwhile has loaded this part in its own words.
  if (current === asked) Object.assign(catalogue, words);
}

/** The language to use: the saved choice, else the browser's, else English. */
export function pickLang() {
  const saved = localStorage.getItem(KEY);
  if (saved && LANGS.includes(saved)) return saved;
  for (const l of navigator.languages || [navigator.language]) {
    const short = (l || "").slice(0, 2).toLowerCase();
    if (LANGS.includes(short)) return short;
  }
  return "en";
}

/** @type {Promise<void> | null} */
let naming = null;

/** The role names and the narrator's lines (the table page's narration.json), once: asked
 * for by a room's page and the how-to-play page, not by a first visit to the home page,
 * which names no role. Until they come (or offline, never cached) a role reads as its id.
 * @returns {Promise<void>} */
export function loadNames() {
  naming ||= fetch("/table/narration.json").then((r) => r.json()).then((narration) => {
    names = narration.names;
    script = narration.script;
  }, () => { naming = null; });
  return naming;
}

/** Load a language. @param {string} lang */
export async function setLang(lang) {
  const [cat, ...more] = await Promise.all([
    fetch(`/app/i18n/${lang}.json`).then((r) => r.json()),
    ...[...parts].map((part) => fetchPart(part, lang)),
  ]);
  catalogue = Object.assign(cat, ...more);
  current = lang;
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
}

export function lang() {
  return current;
}

/**
 * A string of the catalogue with `{name}` slots filled.
 * @param {string} key @param {Record<string, string | number>} [vars]
 */
export function t(key, vars = {}) {
  const text = catalogue[key];
  if (text === undefined) {
    console.warn(`i18n: no ${key} in ${current}`);
    return key;
  }
  return text.replace(/\{(\w+)\}/g, (_, k) => (k in vars ? String(vars[k]) : `{${k}}`));
}

/**
 * A count in words, in this language's plural form: `plural("chips", 1)` reads
 * `chips.one` ("1 chip"), `plural("chips", 2)` `chips.other` ("2 chips"); a form the
 * catalogue lacks falls back to `other`. @param {string} key @param {number} n
 */
export function plural(key, n) {
  const form = new Intl.PluralRules(current).select(n);
  return t(`${key}.${form}` in catalogue ? `${key}.${form}` : `${key}.other`, { n });
}

/** Whether the catalogue has a string for `key`. @param {string} key */
export function known(key) {
  return key in catalogue;
}

/**
 * A refusal from the server in the page's language: its code's own string, the server's
 * English message only for a code this catalogue does not know (a newer server).
 * @param {string} code @param {string} message
 */
export function refusal(code, message) {
  return known(`err.${code}`) ? t(`err.${code}`) : t("err.generic", { message });
}

/** A refusal (`code`) or a string (`key`) kept on screen: said anew in a new language.
 * @typedef {{code: string, message: string} | {key: string, vars?: Record<string, string | number>}} Said */

/** @param {Said | null} x */
export function said(x) {
  if (!x) return "";
  return "code" in x ? refusal(x.code, x.message) : t(x.key, x.vars);
}

/** A role's (or a group call's) name as this edition says it. @param {string} role @param {string} [edition] */
export function roleName(role, edition = "") {
  const byLang = names[current] || {};
  const ed = byLang[edition] || {};
  return ed[role] || (byLang["default"] || {})[role] || role;
}

/** A night call's name: `doppelganger_seer` is the Doppelgänger-Seer.
 * @param {string} call @param {string} edition */
export function callName(call, edition) {
  if (call.startsWith("doppelganger_")) {
    return `${roleName("doppelganger", edition)}–${roleName(call.slice(13), edition)}`;
  }
  if (call === "mason") return roleName("masons", edition);
  return roleName(call, edition);
}

/** A list of names joined for this language. @param {string[]} items */
export function list(items) {
  if (!items.length) return t("nobody");
  return current === "ja" ? items.join("、") : items.join(", ");
}

/**
 * What the narrator says when it wakes a role (the table mode's script): a longer help
 * for the role, or "" for a role that sleeps. @param {string} role @param {string} edition
 */
export function wakeLine(role, edition) {
  const call = role === "werewolf" ? "werewolves" : role;
  const entry = script[current]?.calls?.[call];
  if (!entry) return "";
  const line = entry.editions?.[edition]?.wake || entry.wake;
  return line.replace(/\{(\w+)\}/g, (_, k) => roleName(k, edition));
}
