// @ts-check
/**
 * The voice's controls (docs/voice.md), loaded when a room has voice (not on the first
 * load): the people who speak, each with a speaking ring and a volume; press and hold a
 * name to whisper to that player; a big push-to-talk (or the space bar), open mic, mute;
 * "A is whispering to B" for everyone; a clear line when there is no microphone.
 *
 * The rings, ten times a second: a member heard here rings from the audio level its
 * packets carry (read from the receiver: no AudioContext, so the rings move before the
 * page's first tap, even where the browser waits for one to play the voices); my own
 * from my microphone while it goes out. A whisperer's voice reaches one page only, so everyone else's ring
 * for the whisperer pulses (an animation, not its audio) for as long as the server's
 * `whispers` list says the whisper is held: the mouth moves for all, the words for one.
 */
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { Mesh, unlockAudio } from "../voice.js";
import { initial } from "./table.js";

/** @typedef {import("../conn.js").Frame} Frame */

const SPEAKING = 0.04; // a level above this is a voice (the rings' threshold)

/** @type {Mesh | null} */
let mesh = null;
/** @type {{room: Frame | null}} */
let store = { room: null };
let redraw = () => {};

/**
 * Start the voice for this page.
 * @param {(msg: Frame) => Promise<Frame>} request @param {{room: Frame | null}} theStore
 * @param {() => void} changed
 */
export function start(request, theStore, changed) {
  store = theStore;
  redraw = changed;
  mesh = new Mesh(request, changed);
  const css = h("link", { rel: "stylesheet", href: "/app/voice.css" });
  document.head.append(css);
  // A press ends anywhere: push-to-talk and a whisper let go when the finger lifts.
  const release = () => {
    if (mesh?.ptt) mesh.talk(false);
    if (mesh && mesh.whisperTo !== null) mesh.whisper(null);
  };
  // A browser that plays no sound before a tap ("Tap to hear the table"): any tap or
  // key is that gesture, the button only says so. (A touch's activation comes with
  // its end, not its start: pointerup.)
  // Every tap also lets the spare audio elements play, for the voices still to come.
  const gesture = () => {
    unlockAudio();
    if (mesh?.blocked) mesh.unblock();
  };
  window.addEventListener("pointerup", gesture, true);
  window.addEventListener("keydown", gesture, true);
  window.addEventListener("pointerup", release);
  window.addEventListener("pointercancel", release);
  window.addEventListener("blur", release);
  // The space bar talks when no control has the focus (or the push-to-talk has it): on
  // a focused button, field or link it keeps its usual meaning for keyboard users.
  /** @param {KeyboardEvent} e */
  const typing = (e) => e.target instanceof HTMLElement && e.target.id !== "ptt"
    && e.target.closest("input, textarea, select, button, a, [tabindex]") !== null;
  window.addEventListener("keydown", (e) => {
    if (e.code !== "Space" || typing(e) || !mesh?.speaker || !document.getElementById("ptt")) return;
    e.preventDefault();
    if (!e.repeat && !mesh.ptt) mesh.talk(true);
  });
  window.addEventListener("keyup", (e) => {
    if (e.code !== "Space" || typing(e) || !mesh?.ptt) return;
    e.preventDefault();
    mesh.talk(false);
  });
  setInterval(rings, 100);
  return mesh;
}

/** A frame for the voice: the room (its rule, who is online), the rule, signalling.
 * @param {Frame} frame */
export function take(frame) {
  if (!mesh) return;
  if (frame.type === "bye") mesh.setRule({ reach: {}, whispers: [], spectators_hear: false }); // left: no voice
  else if (frame.type === "room") mesh.room(frame);
  else if (frame.type === "voice") mesh.setRule(/** @type {any} */ (frame));
  else if (frame.type === "signal") mesh.onSignal(frame);
}

/** @param {boolean} online */
export function connected(online) {
  mesh?.setConnected(online);
}

/** @param {number} m */
function nameOf(m) {
  const member = (store.room?.members || []).find((/** @type {Frame} */ x) => x.member === m);
  return member ? String(member.name) : "?";
}

/** The seat tile of member `m` on a table view, if one is drawn. @param {number} m */
function tileOf(m) {
  const member = (store.room?.members || []).find((/** @type {Frame} */ x) => x.member === m);
  return member && typeof member.seat === "number" ? document.getElementById(`tile-${member.seat}`) : null;
}

/** Move the rings: the level of each member heard, whisperers pulsing. */
function rings() {
  if (!mesh) return;
  const levels = mesh.levels();
  const whisperers = new Set(mesh.rule.whispers.map((w) => w.from));
  for (const m of Object.keys(mesh.rule.reach).map(Number)) {
    const level = levels.get(m) || 0;
    const speaking = level > SPEAKING;
    for (const el of [document.querySelector(`[data-ring="${m}"]`), tileOf(m)]) {
      if (!(el instanceof HTMLElement)) continue;
      el.style.setProperty("--level", level.toFixed(2));
      el.classList.toggle("speaking", speaking);
      el.classList.toggle("whispering", whisperers.has(m) && !speaking);
    }
  }
}

/** The line that says why there is no voice from here, if so. */
function micLine() {
  if (!mesh) return null;
  if (mesh.micState === "refused") return t("voice.refused");
  if (mesh.micState === "absent") return t("voice.absent");
  if (mesh.micState === "asking") return t("voice.asking");
  return null;
}

/**
 * The lobby's voice setting, between games: the host's toggle "spectators hear the
 * players' voices" (off by default, sent with `configure`), the others' line saying
 * which it is. Null during a game (settings change between games only).
 * @param {Frame} room @param {(changes: Record<string, any>) => void} configure
 */
export function setting(room, configure) {
  if (room.playing) return null;
  const on = !!room.settings.spectators_hear;
  if (!room.you?.host) {
    return h("p", { id: "spectators-hear", class: "muted" }, t(on ? "voice.spectatorsOn" : "voice.spectatorsOff"));
  }
  return h("label", { class: "check", id: "spectators-hear" },
    h("input", {
      type: "checkbox", id: "set-spectators-hear", checked: on,
      onchange: (/** @type {Event} */ e) => configure({ spectators_hear: /** @type {HTMLInputElement} */ (e.target).checked }),
    }),
    t("voice.spectatorsHear"));
}

/** The voice panel for the screen now, or null (night, no voice for this member). */
export function panel() {
  if (!mesh || !mesh.live) return null;
  const speakers = Object.keys(mesh.rule.reach).map(Number);
  const heard = mesh.speaker || Object.values(mesh.rule.reach).some((to) => to.includes(mesh?.me ?? -1));
  if (!heard) return null;
  const m = mesh;
  const whispers = m.rule.whispers.map((w) => h("li", { class: "whispering-line" }, t("voice.whispering", { a: nameOf(w.from), b: nameOf(w.to) })));
  const line = micLine();
  // With no microphone the page listens only: no whisper, no talk controls.
  const talks = m.speaker && !m.listenOnly;
  // One compact strip (issue 36, point 4): the people (a ring each, held to whisper),
  // the microphone's state, the talk controls in a row; the volumes behind a button.
  const people = speakers.map((id) => {
    const me = id === m.me;
    const name = nameOf(id);
    const ring = h("span", { class: "ring", "data-ring": String(id), "aria-hidden": "true" }, initial(name));
    const label = h("span", { class: "vname" }, me ? `${name} (${t("lobby.you")})` : name);
    const who = talks && !me
      ? h("button", {
        type: "button", class: `vperson${m.whisperTo === id ? " held" : ""}`, "data-member": String(id),
        "aria-pressed": m.whisperTo === id ? "true" : "false",
        onpointerdown: (/** @type {Event} */ e) => { e.preventDefault(); m.whisper(id); },
        oncontextmenu: (/** @type {Event} */ e) => e.preventDefault(), // a long press is no menu
      }, ring, label, h("span", { class: "sr-only" }, `, ${t("voice.holdWhisper", { name })}`))
      : h("div", { class: "vperson", "data-member": String(id) }, ring, label);
    return h("li", {}, who);
  });
  const volumes = speakers.filter((id) => id !== m.me).map((id) => {
    const name = nameOf(id);
    return h("li", {}, h("span", { class: "vname" }, name), h("input", {
      type: "range", class: "vol", min: 0, max: 1, step: 0.05, value: m.volume(id),
      "aria-label": t("voice.volume", { name }),
      oninput: (/** @type {Event} */ e) => m.setVolume(id, Number(/** @type {HTMLInputElement} */ (e.target).value)),
    }));
  });
  const controls = talks ? h("div", { class: "vcontrols" },
    h("button", {
      type: "button", id: "ptt", class: `primary${m.transmitting ? " on" : ""}`,
      "aria-pressed": m.ptt ? "true" : "false",
      onpointerdown: (/** @type {Event} */ e) => { e.preventDefault(); m.talk(true); },
      oncontextmenu: (/** @type {Event} */ e) => e.preventDefault(),
    }, m.transmitting ? t("voice.talking") : t("voice.ptt")),
    h("button", { type: "button", id: "open-mic", "aria-pressed": m.openMic ? "true" : "false", onclick: () => m.setOpen(!m.openMic) }, t("voice.open")),
    h("button", { type: "button", id: "mute", "aria-pressed": m.muted ? "true" : "false", onclick: () => m.setMuted(!m.muted) }, t("voice.mute"))) : null;
  return h("section", { class: "voice strip", id: "voice", "aria-label": t("voice.title") },
    m.blocked ? h("button", { type: "button", id: "unblock", class: "big", onclick: () => { m.unblock(); redraw(); } }, t("voice.unblock")) : null,
    whispers.length ? h("ul", { class: "whispers", id: "voice-whispers", "aria-live": "polite" }, whispers) : null,
    h("div", { class: "vrow" },
      h("ul", { class: "vpeople" }, people),
      line ? h("p", { class: "mic-state", id: "mic-line", role: "status" }, line) : null,
      // A refusal may be a prompt dismissed by mistake: ask again, no reload.
      line && m.micState === "refused" && m.speaker
        ? h("button", {
          type: "button", id: "mic-retry",
          // The button goes while the browser asks: the focus comes back to it (refused
          // again) or to the talk button (granted), not to the page's top.
          onclick: () => m.retryMic().then(() => document.getElementById("mic-retry")?.focus() ?? document.getElementById("ptt")?.focus()),
        }, t("voice.retry"))
        : null,
      volumes.length ? h("details", { class: "volumes", id: "volumes", open: voiceUi.volumes || null,
        ontoggle: (/** @type {Event} */ e) => { voiceUi.volumes = /** @type {HTMLDetailsElement} */ (e.target).open; } },
      h("summary", {}, t("voice.volumes")),
      h("ul", {}, volumes),
      talks && speakers.length > 1 ? h("p", { class: "muted vhint" }, t("voice.hint")) : null) : null),
    controls);
}

/** Whether the volumes are open: kept across redraws. */
const voiceUi = { volumes: false };
