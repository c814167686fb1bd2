// @ts-check
/**
 * The browser client's entry: reads the address (`/`, `/r/CODE`, `/r/CODE/watch`,
 * `/r/CODE/tv`, `/r/CODE/replay`), opens the connection and draws the screen that fits
 * the store (the views re-render on each change; inputs keep their focus and text).
 */
import { Connection, ServerError, saveToken, savedToken } from "./conn.js";
import { clock, h } from "./dom.js";
import { ErrorCode, LATE } from "./errors.js";
import { LANGS, addPart, lang, loadNames, pickLang, said, setLang, t } from "./i18n.js";
import { draw as drawOffline, onBack, reached } from "./offline.js";
import { say } from "./speech.js";
import { changed, changedSoon, remaining, store, subscribe, take, turnKey } from "./store.js";
import { rememberChoice, turnLabel } from "./views/common.js";
import { dayView, plug, voteView } from "./views/day.js";
import { homeView, joinView, noRoomView } from "./views/home.js";
import { lobbyView, setEditions } from "./views/lobby.js";

/** @typedef {import("./conn.js").Frame} Frame */

const root = /** @type {HTMLElement} */ (document.getElementById("app"));
const status = /** @type {HTMLElement} */ (document.getElementById("status"));
const announce = /** @type {HTMLElement} */ (document.getElementById("announce"));
/** @type {Frame | null} */
let replayData = null;
/** The catalogue key of a replay link's waiting line ("" once the replay is here): a key,
 * so that a change of language says it again in the new one. */
let replayWait = "";
const REPLAY_POLL = 5000; // ms between two looks at a room whose game goes on
let lastAnnounce = "";

const conn = new Connection(
  (frame) => {
    const newTurn = take(frame);
    voiceFrame(frame);
    if (frame.type === "state" && !gameAsked) loadGame();
    const s = store.state;
    if (newTurn && s && s.phase === "night" && s.decision && s.decision.turn === s.turn) {
      import("./sound.js").then((m) => m.yourTurn()); // loaded at a first turn, not on a first visit
    }
    if (newTurn && s && s.phase === "night" && s.turn >= 0) say(t("night.now", { call: turnLabel(s.turns, s.turn, s.edition) }), lang());
    changedSoon(); // not under a finger: its button would go before its click
  },
  (online) => {
    store.online = online;
    voice?.connected(online);
    changed();
  },
);

/** Voice (docs/voice.md): its modules load once a room frame has a voice rule, so they
 * weigh nothing on the first load; frames that come meanwhile wait for them.
 * @type {typeof import("./views/voice.js") | null} */
let voice = null;
/** @type {Frame[] | null} */
let voiceQueue = null;
/** @param {Frame} frame */
function voiceFrame(frame) {
  if (voice) voice.take(frame);
  else if (voiceQueue) voiceQueue.push(frame);
  else if (frame.type === "room" && frame.voice && store.mode !== "tv") {
    voiceQueue = [frame];
    // Its words (i18n/voice-LANG.json) come with it: none of them on a first visit.
    Promise.all([import("./views/voice.js"), addPart("voice")]).then(([m]) => {
      m.start((msg) => conn.request(msg), store, changed);
      m.connected(conn.isOpen());
      for (const f of voiceQueue || []) m.take(f);
      voice = m;
      voiceQueue = null;
      changed();
    }, () => { voiceQueue = null; });
  }
}

/** The night's screens (views/night.js), the result (views/result.js) and the claims
 * (views/claims.js) load with the first game's frame (a replay link: at once): a first
 * visit to the home page or a lobby does not download them (the first load's budget,
 * scripts/weight_client.py). */
/** @type {typeof import("./views/night.js") | null} */
let night = null;
/** @type {typeof import("./views/result.js") | null} */
let result = null;
let gameAsked = false;
function loadGame() {
  gameAsked = true;
  Promise.all([import("./views/night.js"), import("./views/result.js"), import("./views/claims.js")]).then(([n, r, c]) => {
    night = n;
    result = r;
    plug.claims = c;
    changed();
  }, () => { gameAsked = false; });
}
/** The screen while a game's modules load (a moment, on a first game). */
const loading = () => h("main", { class: "screen loading" }, h("p", { "aria-busy": "true" }, "…"));

/** The TV view (`/r/CODE/tv`): loaded only by a TV page, so it weighs nothing on a phone.
 * @type {typeof import("./views/tv.js") | null} */
let tv = null;

/** The how-to-play page (`#how-to-play`), loaded when it is first opened.
 * @type {typeof import("./views/howto.js") | null} */
let howto = null;
const HOWTO = "#how-to-play";

/** Open or close the how-to-play page as the address's hash says. */
function route() {
  if (location.hash === HOWTO && !howto) {
    Promise.all([import("./views/howto.js"), loadNames()]).then(([m]) => { howto = m; changed(); }, () => reached(false));
  }
  changed();
}
window.addEventListener("hashchange", route);

/** The refusals' words (i18n/errors-LANG.json): asked for at the first refusal (the server
 * has just answered), not on a first visit; a refusal waits for them (else the English
 * message: a newer code, or the words out of reach).
 * @type {Promise<void> | null} */
let errorWords = null;
function loadErrorWords() {
  errorWords ||= addPart("errors").catch(() => { errorWords = null; });
  return errorWords;
}

/** A refusal, said in the page's language (once its words are here). @param {ServerError} err
 * @returns {Promise<import("./i18n.js").Said>} */
async function refused(err) {
  await loadErrorWords();
  return { code: err.code, message: err.message };
}

/** The control the player last tapped (its id): a refusal is said next to it. */
let tapped = "";
document.addEventListener("click", (e) => {
  const el = e.target instanceof Element ? e.target.closest("button, input, select, [role=button]") : null;
  tapped = (el && el.id) || "";
}, true);

/** Report a refusal in the page, next to the control that was tapped. @param {unknown} err */
async function fail(err) {
  if (err instanceof ServerError) {
    const near = tapped;
    store.error = await refused(err);
    store.errorNear = near;
    changed();
  }
}

/** The refusal, next to the control that was tapped when it is on screen (in its row of
 * buttons, or its line), else at the top of the page.
 * @param {HTMLElement} alert */
function placeRefusal(alert) {
  const control = store.errorNear ? document.getElementById(store.errorNear) : null;
  const spot = control && root.contains(control) ? control.closest(".actions, .startbar, .stepper, li, form") || control : null;
  if (spot) {
    alert.classList.add("tap-refused");
    if (spot.tagName === "LI") spot.append(alert); // a list holds items only
    else spot.after(alert);
  } else {
    root.prepend(alert);
  }
}

/** @param {Frame} msg */
const send = (msg) => conn.request(msg).then(() => { store.error = null; }, fail);

const actions = {
  /** @param {string} name */
  create: (name) => open({ type: "create", name }),
  /** @param {string} code @param {string} name @param {boolean} spectator */
  join: (code, name, spectator) => open({ type: "join", room: code, name, spectator }),
  /** A name of only spaces: nothing is sent, and the form says why. @param {string} near */
  blank: (near) => { store.error = { key: "home.blankName" }; store.errorNear = near; changed(); },
  /** @param {Record<string, any>} changes */
  configure: (changes) => send({ ...changes, type: "configure" }),
  start: () => send({ type: "start" }),
  rematch: () => send({ type: "rematch" }),
  lobby: () => { store.ui.lobby = true; changed(); },
  redraw: () => changed(),
  /** @param {number} member */
  kick: (member) => send({ type: "kick", member }),
  /** @param {string} level */
  addBot: (level) => {
    // Bots talk in the room's language: the host's page language, when a bot sits down.
    if (store.room && store.room.settings.lang !== lang()) send({ type: "configure", lang: lang() });
    send({ type: "add_bot", level });
  },
  /** @param {number} member */
  makeHost: (member) => send({ type: "host", member }),
  /** @param {Frame | null} action */
  tap: (action) => {
    const key = turnKey();
    store.ui.tapped = key;
    changed();
    const msg = action ? { type: "act", action } : { type: "nothing" };
    const s = store.state;
    conn.request(msg, true).then(() => {
      // "My night" tells its player what it chose (the server's view does not).
      if (action && s) rememberChoice(s.game, s.turn, action);
    }, (err) => {
      // A turn that ended as the tap went is no error for the player.
      if (!(err instanceof ServerError) || !LATE.includes(err.code)) fail(err);
    });
  },
  /** @param {number | null} to @param {string} text */
  say: (to, text) => send(to === null ? { type: "chat", text } : { type: "whisper", to, text }),
  /** @param {Frame} claim */
  claim: (claim) => send({ type: "claim", claim }),
  endDay: () => send({ type: "end_day" }),
  /** @param {boolean} ready */
  ready: (ready) => send({ type: "ready", ready }),
  leave: () => send({ type: "leave" }),
  /** @param {number} target */
  vote: (target) => send({ type: "vote", target }),
};

/** Open a session and go to the room's address. @param {Frame} msg */
async function open(msg) {
  try {
    const ack = await conn.open(msg);
    loadNames().then(changed); // the lobby names the deck's roles
    store.code = ack.room;
    store.lost = "";
    store.error = null;
    const path = store.mode === "tv" ? `/r/${ack.room}/tv` : `/r/${ack.room}`;
    if (location.pathname !== path) history.replaceState(null, "", path);
  } catch (err) {
    const unreached = !(err instanceof ServerError) || err.code === "closed"; // no socket
    if (unreached && (msg.type === "create" || msg.type === "join")) {
      // The server cannot be reached (offline): the tap did nothing, and the page says why.
      store.error = { key: "home.unreachable" };
      store.errorNear = msg.type === "create" ? "create" : "join";
      reached(false);
    }
    if (err instanceof ServerError && err.code !== "closed") {
      if (err.code !== ErrorCode.no_room) store.error = await refused(err);
      else if (store.code) store.check = { open: false }; // closed meanwhile: say so, ask nothing
      else store.error = { key: "join.noRoom", vars: { code: String(msg.room) } }; // the home page's form
      if (msg.type === "resume") {
        saveToken(msg.room, null);
        if (err.code === ErrorCode.bad_token) store.error = null;
        conn.close();
      }
    }
  }
  changed();
}

/** The screen for the store now. */
function screen() {
  const s = store.state;
  const room = store.room;
  if (location.hash === HOWTO && howto) return howto.howtoView(room?.settings?.edition || "", changed);
  if (store.code && ((store.check && !store.check.open) || store.lost === ErrorCode.no_room)) return noRoomView(store.code);
  if (store.mode === "replay") {
    if (!replayData || !result) {
      return h("main", { class: "screen replay-wait" },
        h("h1", {}, t("replay.title", { code: store.code })),
        h("p", { id: "replay-wait", "aria-live": "polite" }, replayWait ? t(replayWait) : "…"));
    }
    return result.resultView({ result: replayData.result, players: replayData.players, dealt: replayData.dealt, edition: replayData.edition, day: replayData.day, hindsight: replayData.hindsight, reading: replayData.reading }, null);
  }
  if (!store.code) return homeView(actions, said(store.error), store.errorNear);
  if (!room || store.lost) {
    const why = said(store.error) || (store.lost === "bye" ? t("lobby.left") : "");
    if (store.checking) return h("main", { class: "screen" }, h("p", { id: "looking" }, t("join.looking", { code: store.code })));
    if (store.lost || !savedToken(store.code)) return joinView(store.code, actions, why, store.mode === "watch", !!store.check?.playing);
    return h("main", { class: "screen" }, h("p", { "aria-live": "polite" }, t("conn.offline")));
  }
  if (store.mode === "tv") return tv ? tv.tvView(room, s) : h("main", { class: "screen" }, "…");
  if (!s || (s.phase === "end" && store.ui.lobby)) return lobbyView(room, actions);
  if (s.phase === "end" && result) {
    return result.resultView({ result: s.result, players: s.players, dealt: s.dealt, edition: s.edition, random: s.random_votes, seat: s.seat, key: `${store.code}.${s.game}`, day: s.day_log, hindsight: s.hindsight, reading: s.reading }, actions);
  }
  if ((s.phase === "night" && !night) || (s.phase === "end" && !store.ui.lobby && !result)) return loading();
  if (s.phase === "night" && night) {
    if (s.turn >= 0 || s.seat === null || s.seat === undefined) return night.nightView(s, actions);
    return night.dealView(s);
  }
  if (s.phase === "day") return dayView(s, actions);
  return voteView(s, actions);
}

/**
 * During a game, who is not at the table as usual: this page's member, if it joined
 * after the deal (seated for the next game), and each player away past the grace,
 * whose seat a bot plays.
 */
function gameNotes() {
  const room = store.room;
  const s = store.state;
  if (!room || !room.playing || !s || s.phase === "end") return null;
  const lines = [];
  const you = room.you || {};
  if (!you.spectator && (you.seat === null || you.seat === undefined)) {
    lines.push(h("li", { id: "waiting" }, t("join.busy")));
  }
  for (const m of room.members) {
    if (m.stand_in && !m.gone) lines.push(h("li", { class: "away", "data-member": String(m.member) }, t("game.away", { name: m.name })));
  }
  return lines.length ? h("ul", { class: "notes-bar", id: "game-notes" }, lines) : null;
}

/**
 * The host passed on (left, kicked or away past the grace: docs/protocol.md), said on
 * every screen until the next game starts: to the new host, to the one who was host
 * (back now: the host stays with the other) and to everyone else.
 */
function hostNote() {
  const room = store.room;
  const passed = room?.host_passed;
  if (!room || !passed || store.mode === "tv") return null;
  const you = room.you || {};
  const heir = room.members.find((/** @type {Frame} */ m) => m.member === passed.member);
  const name = heir ? heir.name : "?";
  const line = you.member === passed.member ? t("host.passedYou", { from: passed.from })
    : you.name === passed.from ? t("host.passedBack", { name })
      : t("host.passed", { from: passed.from, name });
  return h("ul", { class: "notes-bar", id: "host-note" }, h("li", { role: "status" }, line));
}

/** Ask the server what a room's link leads to (before asking for a name): a closed or
 * unknown room, a game under way. @param {string} code
 * @returns {Promise<import("./store.js").RoomCheck | null>} */
async function roomStatus(code) {
  try {
    const res = await fetch(`/api/rooms/${encodeURIComponent(code)}/status`, { cache: "no-store" });
    reached(true);
    return res.ok ? await res.json() : null;
  } catch {
    reached(false); // offline: the notice says so; the join form says what the server says
    return null;
  }
}

/** A replay link: the last ended game, or why not yet (looking again while a game goes on). */
async function loadReplay() {
  const status = await roomStatus(store.code);
  store.check = status;
  if (status && status.open && status.result) {
    const res = await fetch(`/api/rooms/${encodeURIComponent(store.code)}/result`);
    if (res.ok) {
      replayData = await res.json();
      replayWait = "";
      changed();
      return;
    }
  }
  replayWait = !status ? "conn.offline" : status.playing ? "replay.wait" : "replay.none";
  changed();
  // A game under way ends: the replay opens by itself (no reload needed).
  if (!status || status.playing) setTimeout(loadReplay, REPLAY_POLL);
}

/** What screen readers hear when the phase or the call changes. */
function phaseLine() {
  const s = store.state;
  if (!s) return store.room ? t("phase.lobby") : "";
  if (s.phase === "night") {
    return s.turn < 0 ? t("phase.deal") : t("pair", { label: t("phase.night"), value: turnLabel(s.turns, s.turn, s.edition) });
  }
  return t(`phase.${s.phase}`);
}

function render() {
  // Keep the focused field, its text and the caret across the re-render.
  const active = /** @type {HTMLInputElement | null} */ (document.activeElement);
  const id = active && active.id;
  const text = active && "value" in active ? active.value : null;
  const caret = active && active.selectionStart !== undefined ? active.selectionStart : null;
  /** @type {Record<string, string>} */
  const drafts = {};
  for (const el of root.querySelectorAll("input[type=text]")) drafts[el.id] = /** @type {HTMLInputElement} */ (el).value;
  const log = root.querySelector("#log");
  const atBottom = !log || log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
  const scroll = window.scrollY;
  const kind = () => (root.querySelector("main")?.className || "").replace(" hurry", "");
  const before = kind();

  root.replaceChildren(screen());
  document.body.classList.toggle("tv", store.mode === "tv");
  // The connection's state, for a page that has (or is getting back) a seat: not for a
  // name form or a link that leads to no room, which have no connection to lose.
  const session = store.code && store.mode !== "replay" && !(store.check && !store.check.open)
    && ((store.room && !store.lost) || savedToken(store.code));
  status.textContent = session ? (store.online ? t("conn.online") : t("conn.offline")) : "";
  status.className = store.online ? "online" : "offline";
  drawOffline();
  if (store.error && store.room) placeRefusal(h("p", { class: "warn", role: "alert", id: "error" }, said(store.error)));
  const talk = store.room && !store.lost ? voice?.panel() : null; // gone once the room is left
  // On the result, after the team verdict (the page opens with who won); in the lobby
  // after the seats and settings (a phone's first screen is the room).
  if (talk) (root.querySelector(".day > .mynight") || root.querySelector(".phasebar, .reveal-bar, #verdict") || root.querySelector(".screen.lobby > .settings") || root.querySelector("main h1"))?.after(talk);
  // The voice's setting with the others: the host's at their foot, a player's above
  // "Waiting for the host to start".
  const hearing = store.room && voice?.setting(store.room, actions.configure);
  const settings = root.querySelector(".screen.lobby > .settings");
  if (hearing && settings) (store.room?.you?.host ? settings.append(hearing) : settings.lastElementChild?.before(hearing));
  const notes = gameNotes();
  if (notes) (root.querySelector(".phasebar") || root.querySelector("main")?.firstChild)?.after(notes);
  const passed = store.room && !store.lost ? hostNote() : null;
  if (passed) (root.querySelector("#game-notes") || root.querySelector(".phasebar") || root.querySelector("main")?.firstChild)?.after(passed);

  for (const [key, value] of Object.entries(drafts)) {
    const el = /** @type {HTMLInputElement | null} */ (document.getElementById(key));
    if (el && !el.value) el.value = value;
  }
  if (id) {
    const el = /** @type {HTMLInputElement | null} */ (document.getElementById(id));
    if (el) {
      if (text !== null && el.type === "text") el.value = text;
      el.focus({ preventScroll: true });
      if (caret !== null && el.type === "text") el.setSelectionRange(caret, caret);
    }
  }
  const newLog = root.querySelector("#log");
  if (newLog && atBottom) newLog.scrollTop = newLog.scrollHeight;
  // The same screen redrawn keeps its place; a new screen starts at its top.
  window.scrollTo(0, kind() === before ? scroll : 0);
  const line = phaseLine();
  if (line !== lastAnnounce) {
    lastAnnounce = line;
    announce.textContent = line;
  }
}

subscribe(render);

// The countdown ticks on its own, without re-rendering the screen.
let hurrying = false;
setInterval(() => {
  const el = document.getElementById("timer");
  if (el && store.until) {
    const left = clock(remaining());
    if (el.textContent !== left) {
      el.textContent = left;
      el.setAttribute("aria-label", t("timer.left", { time: left }));
    }
  }
  const s = store.state;
  // A seat that has not tapped when its turn ends sends its `nothing` anyway, so that
  // every seat sends one message in every turn, whoever it is.
  if (s && s.phase === "night" && s.turn >= 0 && s.seat !== null && s.seat !== undefined
      && store.until && remaining() < 0.4 && store.ui.tapped !== turnKey()) {
    actions.tap(null);
  }
  const hurry = !!s && s.phase === "vote" && remaining() <= Math.min(10, (store.room?.settings?.vote || 30) / 3);
  if (hurry !== hurrying) {
    hurrying = hurry;
    changed();
  }
}, 250);

// A card held face up goes back down when the press ends anywhere.
window.addEventListener("pointerup", () => {
  if (store.ui.chip) {
    store.ui.chip = false;
    changed();
  }
  if (store.ui.revealed) {
    store.ui.revealed = false;
    const card = document.getElementById("mycard");
    card?.classList.remove("up");
  }
});

/** The header's language picker. */
function langPicker() {
  const select = /** @type {HTMLSelectElement} */ (document.getElementById("lang"));
  select.replaceChildren(...LANGS.map((l) => h("option", { value: l, selected: l === lang() }, { en: "English", fr: "Français", ja: "日本語" }[l] || l)));
  select.setAttribute("aria-label", t("lang.label"));
  select.onchange = async () => {
    try {
      await setLang(select.value);
    } catch {
      // Offline, a language this browser never loaded is not in the cache: keep this one.
      select.value = lang();
      reached(false);
      return;
    }
    lastAnnounce = "";
    langPicker();
    changed();
  };
}

/** The editions (the lobby's deck picker), again whenever the server comes back. */
function loadEditions() {
  fetch("/api/editions")
    .then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      reached(true);
      return r.json();
    })
    .then((list) => { setEditions(list); changed(); })
    .catch(() => reached(false));
}

async function main() {
  await setLang(pickLang()).catch(() => setLang("en"));
  langPicker();
  // Any code, of any length: a wrong one is said to be wrong, not sent to the home page.
  const m = /^\/r\/([^/]+)(?:\/(watch|tv|replay))?\/?$/.exec(location.pathname);
  if (m) {
    let code = m[1];
    try { code = decodeURIComponent(code); } catch { /* kept as it is */ }
    store.code = code.trim().toUpperCase().slice(0, 32);
    store.mode = m[2] || "";
    await loadNames(); // a room's screens name roles (a first visit to / does not)
  }
  if (store.mode === "tv") tv = await import("./views/tv.js");
  loadEditions();
  onBack(loadEditions);
  if (location.hash === HOWTO) route();
  if (store.mode === "replay") {
    loadGame(); // the result's screen, while the replay's data come
    await loadReplay();
  } else if (store.code) {
    const token = savedToken(store.code);
    // No seat here yet: ask whether the room is there before asking for a name.
    if (!token) {
      store.checking = true;
      store.check = await roomStatus(store.code) || { open: true };
      store.checking = false;
    }
    if (store.check && !store.check.open) {
      // nothing to join: noRoomView says so
    } else if (token) {
      conn.room = store.code;
      await open({ type: "resume", room: store.code, token });
      if (!store.room && !conn.isOpen()) conn.schedule();
    } else if (store.mode === "tv") {
      // A shared screen: a spectator that the pages list as no one (`screen`).
      await open({ type: "join", room: store.code, name: `TV ${Math.floor(Math.random() * 9000 + 1000)}`, spectator: true, screen: true });
    }
  }
  changed();
}

main();
// The page's shell then opens offline (sw.js); a browser without workers just needs the server.
// It keeps the page's language (a new one, when the page next loads, updates the worker).
navigator.serviceWorker?.register(`/app/sw.js?lang=${pickLang()}`, { scope: "/" }).catch(() => {});
