// @ts-check
/** The table page: setup, then the night read aloud, the day's countdown and the chips. */

import { DeckPicker } from "./deck.js";
import { loadNarration, nightScript, roleNames } from "./i18n.js";
import { Narrator, Stopped } from "./scheduler.js";
import { Ambience } from "./sound.js";
import { Speaker } from "./speech.js";
import { loadChips, loadSettings, recordGame, resetChips, saveSettings } from "./storage.js";
import { UI, browserLang, t, translatePage, uiLang } from "./ui.js";
import { Awake } from "./wakelock.js";

/**
 * @typedef {{id: string, title: string, players: [number, number], center: number,
 *            roles: string[], turn: number}} Edition
 * @typedef {{ok: true, key: string, deck: string[], calls: string[], players: number}
 *          | {ok: false, key: string, reason: string, issue?: Record<string, any> | null}} Check
 * @typedef {import("./storage.js").Settings} Settings
 * @typedef {import("./ui.js").UiKey} UiKey
 */

/** @param {string} id @returns {HTMLElement} */
function $(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el;
}
/** @param {string} id */
const input = (id) => /** @type {HTMLInputElement} */ ($(id));
/** @param {string} id */
const select = (id) => /** @type {HTMLSelectElement} */ ($(id));
/** @param {string} id */
const button = (id) => /** @type {HTMLButtonElement} */ ($(id));

const state = {
  /** @type {Edition[]} */ editions: [],
  /** @type {import("./i18n.js").Narration | null} */ data: null,
  /** @type {Record<string, Record<string, number>>} */ decks: {},
  /** @type {Check | null} */ check: null,
  checking: 0,
  /** Deck edits by hand: a suggested deck that arrives after one is dropped. */
  edits: 0,
  /** @type {Narrator | null} */ narrator: null,
  /** The page's language (the night's too): the saved choice, else the browser's. */
  lang: uiLang(loadSettings().lang || browserLang(navigator.languages || [navigator.language])),
  /** What #deck-status says, kept to say it again in another language. */
  /** @type {() => string} */ status: () => "",
};
const awake = new Awake();
const ambience = new Ambience();
/** @type {DeckPicker} */
let picker;

/** @param {string} url */
async function getJSON(url) {
  const res = await fetch(url);
  const body = await res.json().catch(() => null);
  const retryAfter = Math.min(Number(res.headers.get("Retry-After")) || 0, 60);
  return { ok: res.ok, status: res.status, body, retryAfter };
}

/** @param {UiKey} key @param {Record<string, string | number>} [values] */
function tr(key, values) {
  return t(state.lang, key, values);
}

/** Every string of the page in the current language. */
function translate() {
  document.documentElement.lang = state.lang;
  document.title = tr("page_title");
  translatePage(document, state.lang);
  for (const opt of select("edition").options) {
    const ed = state.editions.find((e) => e.id === opt.value);
    if (ed) opt.textContent = editionName(ed);
  }
  $("edition-title").textContent = editionTitle();
  $("deck-status").textContent = state.status();
  if (state.editions.length) deckCount();
}

function editionTitle() {
  const ed = edition();
  return ed ? editionName(ed) : "";
}

/** An edition's name in the page's language (its id is no name). @param {Edition} ed */
function editionName(ed) {
  const key = /** @type {UiKey} */ (`edition_${ed.id.replace(/-/g, "_")}`);
  return key in UI.en ? tr(key) : ed.title;
}

/**
 * The deck check's reason in the page's language, from its ``issue`` (code and values);
 * the server's English ``reason`` only for an issue with no string here.
 * @param {Record<string, any> | null | undefined} issue @param {string} reason
 */
function issueText(issue, reason) {
  const key = /** @type {UiKey} */ (`issue_${issue?.code}`);
  if (!issue || !(key in UI.en)) return reason;
  const names = roleNames(data(), edition().id, state.lang);
  return tr(key, { ...issue, role: issue.role ? names[issue.role] || issue.role : "" });
}

/** @param {() => string} say */
function setStatus(say) {
  state.status = say;
  $("deck-status").textContent = say();
}

function edition() {
  const ed = state.editions.find((e) => e.id === select("edition").value);
  return ed || state.editions[0];
}

function data() {
  if (!state.data) throw new Error("narration not loaded");
  return state.data;
}

/** @param {string} name */
function show(name) {
  for (const id of ["setup", "night", "day", "result"]) $(`${id}-screen`).hidden = id !== name;
  document.body.dataset.screen = name;
  document.body.classList.toggle("dark", name === "night" || name === "day");
  const heading = $(`${name}-screen`).querySelector("h1");
  if (heading && name !== "night") {
    heading.setAttribute("tabindex", "-1");
    heading.focus();
  }
}

function roleOrder() {
  const order = Object.keys(data().names["en"]["default"]);
  const roles = edition().roles;
  return order.filter((r) => roles.includes(r));
}

function players() {
  const ed = edition();
  const n = Math.round(Number(input("players").value)) || ed.players[0];
  return Math.max(ed.players[0], Math.min(ed.players[1], n));
}

/** @returns {Settings} */
function settings() {
  state.decks[edition().id] = { ...picker.counts };
  return {
    edition: edition().id,
    players: players(),
    decks: state.decks,
    lang: select("lang").value,
    turn: Number(input("turn").value),
    jitter: Number(input("jitter").value),
    day: Number(input("day").value),
    names: input("names").value,
    sound: input("sound").checked,
  };
}

function renderDeck() {
  const ed = edition();
  const names = roleNames(data(), ed.id, state.lang);
  picker.show(roleOrder(), names, state.decks[ed.id] || {}, {
    less: (role) => tr("one_less", { role }),
    more: (role) => tr("one_more", { role }),
  });
  const p = input("players");
  p.min = String(ed.players[0]);
  p.max = String(ed.players[1]);
}

function deckChanged() {
  const ed = edition();
  state.decks[ed.id] = { ...picker.counts };
  deckCount();
  saveSettings(settings());
  validate();
}

function deckCount() {
  const values = { cards: picker.cards().length, players: players(), center: edition().center };
  $("deck-count").textContent = tr("deck_count", values);
}

/** Ask the server (or, offline, the service worker's copy) about the deck. */
async function validate() {
  const ed = edition();
  const cards = picker.cards();
  const key = `${ed.id}|${players()}|${cards.join(",")}`;
  const seq = ++state.checking;
  button("start").disabled = true;
  if (cards.length === 0) {
    state.check = { ok: false, key, reason: "" };
    setStatus(() => tr("pick_cards"));
    return;
  }
  /** @type {Check} */
  let check;
  try {
    check = await checkDeck(ed.id, players(), cards, key);
  } catch {
    check = { ok: false, key, reason: "" };
  }
  if (seq !== state.checking) return; // a newer check is under way
  state.check = check;
  if (check.ok) setStatus(() => tr("ready", { n: check.calls.length }));
  else if (check.reason) setStatus(() => tr("deck_refused", { reason: issueText(check.issue, check.reason) }));
  else setStatus(() => tr("offline_unchecked"));
  $("deck-status").classList.toggle("bad", !check.ok);
  button("start").disabled = !check.ok;
}

/**
 * The lobby's deck check (POST /api/decks/check: legal or why not), then the night's calls
 * (GET, which the service worker keeps: offline, a deck checked before still plays).
 * @param {string} edition @param {number} n @param {string[]} cards @param {string} key
 * @returns {Promise<Check>}
 */
async function checkDeck(edition, n, cards, key) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const role of cards) counts[role] = (counts[role] || 0) + 1;
  try {
    const res = await fetch("/api/decks/check", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ edition, players: n, deck: counts }),
    });
    const body = await res.json();
    if (!body.ok) return { ok: false, key, reason: body.reason || "?", issue: body.issue };
  } catch {
    // offline: the calls below come from the service worker's copy, if any
  }
  const res = await getJSON(`/api/editions/${edition}/calls?players=${n}&deck=${cards.join(",")}`);
  if (!res.ok) return { ok: false, key, reason: res.body?.detail?.message || `HTTP ${res.status}` };
  return { ok: true, key, deck: cards, calls: res.body.calls, players: res.body.players };
}

async function suggestedDeck() {
  const ed = edition();
  const edits = state.edits;
  try {
    const res = await getJSON(`/api/editions/${ed.id}/calls?players=${players()}`);
    if (!res.ok || edits !== state.edits || ed !== edition()) return;
    /** @type {Record<string, number>} */
    const counts = {};
    for (const role of res.body.deck) counts[role] = (counts[role] || 0) + 1;
    state.decks[ed.id] = counts;
    renderDeck();
    deckChanged();
  } catch {
    setStatus(() => tr("offline_no_suggestion"));
  }
}

/** The simulator's most balanced deck for this edition and table (GET /api/decks/suggestions). */
async function balancedDeck() {
  const ed = edition();
  const edits = state.edits;
  try {
    const url = `/api/decks/suggestions?edition=${ed.id}&players=${players()}&top=1`;
    let res = await getJSON(url);
    // 503 "measuring": the server is simulating this table; ask again after Retry-After.
    for (let tries = 0; res.status === 503 && res.retryAfter && tries < 20; tries++) {
      await new Promise((done) => setTimeout(done, res.retryAfter * 1000));
      if (edits !== state.edits || ed !== edition()) return;
      res = await getJSON(url);
    }
    if (!res.ok || !res.body.decks.length) throw new Error("no suggestion");
    if (edits !== state.edits || ed !== edition()) return;
    const best = res.body.decks[0];
    state.decks[ed.id] = { ...best.deck };
    renderDeck();
    state.decks[ed.id] = { ...picker.counts };
    deckCount();
    saveSettings(settings());
    await validate();
    const pct = Math.round(best.village_win_rate * 100);
    if (state.check && state.check.ok) {
      setStatus(() => tr("balanced_status", { pct, games: res.body.games }));
    }
  } catch {
    setStatus(() => tr("no_balanced"));
  }
}

function playerNames() {
  const typed = input("names")
    .value.split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
  const n = state.check && state.check.ok ? state.check.players : players();
  const out = typed.slice(0, n);
  for (let i = out.length; i < n; i++) out.push(tr("player_n", { n: i + 1 }));
  return out;
}

function renderChips() {
  const chips = Object.entries(loadChips()).sort((a, b) => b[1] - a[1]);
  $("chips-section").hidden = chips.length === 0;
  $("chips").replaceChildren(
    ...chips.map(([name, n]) => {
      const li = document.createElement("li");
      li.textContent = tr("chip_count", { name, n });
      return li;
    }),
  );
}

/** @param {string} id @param {Narrator} narrator */
function wirePause(id, narrator) {
  const b = button(id);
  b.textContent = tr("pause");
  b.setAttribute("aria-pressed", "false");
  b.onclick = () => {
    if (narrator.paused) narrator.resume();
    else narrator.pause();
    b.textContent = tr(narrator.paused ? "resume" : "pause");
    b.setAttribute("aria-pressed", String(narrator.paused));
  };
}

/** @param {number} ms */
function clock(ms) {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

async function startNight() {
  const check = state.check;
  if (!check || !check.ok) return;
  const s = settings();
  saveSettings(s);
  const lang = s.lang;
  const ed = edition();
  const night = nightScript(data(), ed.id, check.deck, check.calls, lang);
  const speaker = new Speaker(data().languages[lang].voice);
  const narrator = new Narrator(speaker);
  state.narrator = narrator;
  /** @type {string[]} the lines of the current call, shown together */
  let shown = [];
  narrator.onLine = (text) => {
    if (shown[shown.length - 1] !== text) shown.push(text);
    $("line").textContent = shown.join("\n");
  };
  show("night");
  $("call-name").textContent = "";
  wirePause("night-pause", narrator);
  button("night-repeat").onclick = () => narrator.repeat();
  button("night-stop").onclick = () => {
    narrator.stop();
  };
  awake.start();
  if (s.sound) ambience.start();
  try {
    await narrator.runNight(night, { turn: s.turn, jitter: s.jitter }, (i, call) => {
      const total = night.calls.length;
      shown = [];
      $("call-name").textContent = call ? call.who : "";
      $("night-progress").textContent =
        i < 0 ? "" : i < total ? tr("call_of", { i: i + 1, n: total }) : "";
    });
  } catch (err) {
    ambience.stop();
    awake.stop();
    if (err instanceof Stopped) {
      show("setup");
      return;
    }
    throw err;
  }
  ambience.stop();
  await startDay(s);
}

/** @param {Settings} s */
async function startDay(s) {
  const lines = data().script[s.lang].day;
  const narrator = new Narrator(new Speaker(data().languages[s.lang].voice));
  state.narrator = narrator;
  narrator.onLine = (text) => {
    $("day-line").textContent = text;
  };
  show("day");
  $("day-line").textContent = data().script[s.lang].night_end;
  button("day-result").hidden = true;
  button("day-vote").hidden = false;
  button("day-pause").hidden = false;
  wirePause("day-pause", narrator);
  button("day-repeat").onclick = () => narrator.repeat();
  button("day-vote").onclick = () => narrator.skip();
  const dayMs = Math.max(1, s.day) * 1000;
  $("countdown").textContent = clock(dayMs);
  const tick = setInterval(() => {
    $("countdown").textContent = clock(narrator.dayLeft());
  }, 250);
  try {
    await narrator.runDay(lines, dayMs);
  } finally {
    clearInterval(tick);
    $("countdown").textContent = clock(0);
    awake.stop();
  }
  button("day-vote").hidden = true;
  button("day-pause").hidden = true;
  button("day-result").hidden = false;
  button("day-result").onclick = () => showResult();
  button("day-result").focus();
}

function showResult() {
  const names = playerNames();
  const list = $("result-players");
  list.replaceChildren(
    ...names.map((name) => {
      const li = document.createElement("li");
      const label = document.createElement("span");
      label.textContent = name;
      li.append(label);
      for (const what of /** @type {const} */ (["died", "won"])) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = `toggle ${what}`;
        b.dataset.name = name;
        b.dataset.what = what;
        b.textContent = tr(what);
        b.setAttribute("aria-pressed", "false");
        b.setAttribute("aria-label", tr(what === "died" ? "name_died" : "name_won", { name }));
        b.onclick = () =>
          b.setAttribute("aria-pressed", String(b.getAttribute("aria-pressed") !== "true"));
        li.append(b);
      }
      return li;
    }),
  );
  show("result");
}

/** @param {string} what */
function pressed(what) {
  return [...$("result-players").querySelectorAll(`button.${what}[aria-pressed="true"]`)].map(
    (b) => /** @type {HTMLElement} */ (b).dataset.name || "",
  );
}

async function init() {
  translate(); // before the data arrives: no English flash for a French or Japanese table
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/table/sw.js", { scope: "/table" }).catch(() => {});
  }
  picker = new DeckPicker($("deck"), () => {
    state.edits += 1;
    deckChanged();
  });
  const [eds, narration] = await Promise.all([getJSON("/api/editions"), loadNarration()]);
  state.editions = eds.body;
  state.data = narration;
  const saved = loadSettings();
  state.decks = saved.decks || {};
  select("edition").replaceChildren(
    ...state.editions.map((e) => new Option(editionName(e), e.id)),
  );
  select("lang").replaceChildren(
    ...Object.entries(narration.languages).map(([id, l]) => new Option(l.label, id)),
  );
  if (saved.edition && state.editions.some((e) => e.id === saved.edition)) {
    select("edition").value = saved.edition;
  }
  if (!(state.lang in narration.languages)) state.lang = "en";
  select("lang").value = state.lang;
  input("players").value = String(saved.players || 5);
  input("turn").value = String(saved.turn || edition().turn);
  input("jitter").value = String(saved.jitter ?? 3);
  input("day").value = String(saved.day || 300);
  input("names").value = saved.names || "";
  input("sound").checked = Boolean(saved.sound);

  translate();
  select("edition").addEventListener("change", () => {
    state.check = null;
    button("start").disabled = true;
    $("edition-title").textContent = editionTitle();
    input("players").value = String(players());
    input("turn").value = String(edition().turn);
    renderDeck();
    if (picker.cards().length === 0) suggestedDeck();
    else deckChanged();
  });
  select("lang").addEventListener("change", () => {
    state.lang = uiLang(select("lang").value);
    translate();
    renderDeck();
    renderChips();
    saveSettings(settings());
  });
  input("players").addEventListener("change", () => {
    input("players").value = String(players());
    deckChanged();
  });
  for (const id of ["turn", "jitter", "day", "names", "sound"]) {
    $(id).addEventListener("change", () => saveSettings(settings()));
  }
  button("default-deck").addEventListener("click", () => suggestedDeck());
  button("balanced-deck").addEventListener("click", () => balancedDeck());
  $("setup-form").addEventListener("submit", (event) => {
    event.preventDefault();
    startNight();
  });
  button("reset-chips").addEventListener("click", () => {
    resetChips();
    renderChips();
  });
  button("result-save").addEventListener("click", () => {
    recordGame(pressed("died"), pressed("won"));
    renderChips();
    show("setup");
  });
  button("result-skip").addEventListener("click", () => show("setup"));

  renderDeck();
  renderChips();
  if (picker.cards().length === 0) await suggestedDeck();
  else deckChanged();
  document.body.dataset.ready = "true";
}

init();
