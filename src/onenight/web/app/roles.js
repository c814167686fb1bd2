// @ts-check
/**
 * Role data the client needs (teams, the order of the reference) and the role cards'
 * art: drawn by the project, one emblem per role on its team's colours (no copied art).
 */
import { svg } from "./dom.js";

/** @type {Record<string, "village" | "werewolf" | "tanner">} */
export const TEAM = {
  sentinel: "village", doppelganger: "village", werewolf: "werewolf", alpha_wolf: "werewolf",
  mystic_wolf: "werewolf", dream_wolf: "werewolf", little_girl: "village", minion: "werewolf",
  apprentice_tanner: "tanner", mason: "village", seer: "village", sorcerer: "village",
  apprentice_seer: "village", paranormal_investigator: "village", ghost_hunter: "village",
  robber: "village", phantom_thief: "village", witch: "village", troublemaker: "village",
  aura_seer: "village", drunk: "village", insomniac: "village", revealer: "village",
  villager: "village", tanner: "tanner", hunter: "village", bodyguard: "village",
};

/** Roles in the rulebook's wake order (then those who never wake). */
export const ORDER = Object.keys(TEAM);

/** @param {string} role */
export function teamOf(role) {
  return TEAM[role] || "village";
}

const WOLF = "M20 20 L35 45 L65 45 L80 20 L75 60 L50 85 L25 60 Z";
const EYE = "M12 50 Q50 15 88 50 Q50 85 12 50 Z";
const SHIELD = "M50 12 L82 24 Q82 65 50 88 Q18 65 18 24 Z";
/** Each role's emblem: [kind, attrs] pieces on a 100×100 box (fill: the ink colour). */
/** @type {Record<string, [string, Record<string, string | number>][]>} */
const EMBLEM = {
  werewolf: [["path", { d: WOLF }], ["circle", { cx: 40, cy: 55, r: 4, fill: "#ffd34d" }], ["circle", { cx: 60, cy: 55, r: 4, fill: "#ffd34d" }]],
  alpha_wolf: [["path", { d: WOLF }], ["path", { d: "M30 15 L38 2 L50 12 L62 2 L70 15 Z", fill: "#ffd34d" }]],
  mystic_wolf: [["path", { d: WOLF }], ["path", { d: "M35 55 Q50 42 65 55 Q50 68 35 55 Z", fill: "#c9a7ff" }], ["circle", { cx: 50, cy: 55, r: 4 }]],
  dream_wolf: [["path", { d: WOLF }], ["path", { d: "M36 56 Q41 60 46 56 M54 56 Q59 60 64 56", stroke: "#ffd34d", fill: "none", "stroke-width": 3 }], ["text", { x: 72, y: 18, "font-size": 18, text: "z" }]],
  minion: [["path", { d: "M50 10 Q80 20 78 60 L78 90 L22 90 L22 60 Q20 20 50 10 Z" }], ["ellipse", { cx: 50, cy: 52, rx: 14, ry: 18, fill: "#000" }], ["circle", { cx: 44, cy: 50, r: 3, fill: "#ff5c5c" }], ["circle", { cx: 56, cy: 50, r: 3, fill: "#ff5c5c" }]],
  seer: [["path", { d: EYE }], ["circle", { cx: 50, cy: 50, r: 14, fill: "#1d2b53" }], ["circle", { cx: 50, cy: 50, r: 6 }]],
  sorcerer: [["path", { d: "M50 8 L62 38 L94 40 L68 60 L78 92 L50 72 L22 92 L32 60 L6 40 L38 38 Z" }], ["circle", { cx: 50, cy: 52, r: 8, fill: "#1d2b53" }]],
  apprentice_seer: [["path", { d: "M25 55 Q50 30 75 55 Q50 80 25 55 Z" }], ["circle", { cx: 50, cy: 55, r: 8, fill: "#1d2b53" }]],
  aura_seer: [["path", { d: EYE }], ["circle", { cx: 50, cy: 50, r: 10, fill: "#1d2b53" }], ["path", { d: "M50 2 V14 M50 86 V98 M10 20 L20 28 M90 20 L80 28", stroke: "#fff", "stroke-width": 4 }]],
  robber: [["path", { d: "M8 40 Q50 25 92 40 Q88 62 62 60 Q50 50 38 60 Q12 62 8 40 Z" }], ["circle", { cx: 32, cy: 45, r: 6, fill: "#000" }], ["circle", { cx: 68, cy: 45, r: 6, fill: "#000" }], ["rect", { x: 30, y: 70, width: 40, height: 18, rx: 4 }]],
  phantom_thief: [["path", { d: "M8 40 Q50 25 92 40 Q88 62 62 60 Q50 50 38 60 Q12 62 8 40 Z" }], ["circle", { cx: 32, cy: 45, r: 6, fill: "#000" }], ["circle", { cx: 68, cy: 45, r: 6, fill: "#000" }], ["path", { d: "M20 20 L50 8 L80 20 Z" }]],
  troublemaker: [["path", { d: "M15 30 H70 L60 18 M70 30 L60 42 M85 70 H30 L40 58 M30 70 L40 82", stroke: "#fff", "stroke-width": 7, fill: "none", "stroke-linecap": "round" }]],
  drunk: [["rect", { x: 40, y: 8, width: 20, height: 22, rx: 3 }], ["path", { d: "M36 30 H64 Q76 40 76 56 V88 H24 V56 Q24 40 36 30 Z" }], ["rect", { x: 30, y: 55, width: 40, height: 18, fill: "#1d2b53" }]],
  insomniac: [["path", { d: "M60 10 A40 40 0 1 0 90 60 A30 30 0 1 1 60 10 Z" }], ["circle", { cx: 48, cy: 55, r: 9, fill: "#1d2b53" }], ["circle", { cx: 48, cy: 55, r: 4 }]],
  villager: [["path", { d: "M12 50 L50 15 L88 50 Z" }], ["rect", { x: 22, y: 50, width: 56, height: 38 }], ["rect", { x: 43, y: 62, width: 14, height: 26, fill: "#1d2b53" }]],
  tanner: [["path", { d: "M20 15 Q35 25 50 15 Q65 25 80 15 Q72 50 82 85 Q65 78 50 88 Q35 78 18 85 Q28 50 20 15 Z" }], ["circle", { cx: 50, cy: 48, r: 7, fill: "#5a3a1a" }]],
  apprentice_tanner: [["path", { d: "M30 25 Q40 32 50 25 Q60 32 70 25 Q64 52 72 78 Q60 72 50 80 Q40 72 28 78 Q36 52 30 25 Z" }]],
  hunter: [["circle", { cx: 50, cy: 50, r: 32, fill: "none", stroke: "#fff", "stroke-width": 6 }], ["path", { d: "M50 8 V92 M8 50 H92", stroke: "#fff", "stroke-width": 5 }], ["circle", { cx: 50, cy: 50, r: 6 }]],
  bodyguard: [["path", { d: SHIELD }], ["path", { d: "M50 30 L56 45 L72 46 L60 56 L64 72 L50 63 L36 72 L40 56 L28 46 L44 45 Z", fill: "#1d2b53" }]],
  sentinel: [["path", { d: SHIELD }], ["path", { d: "M50 24 V76 M30 42 H70", stroke: "#1d2b53", "stroke-width": 7 }]],
  doppelganger: [["circle", { cx: 36, cy: 42, r: 20 }], ["circle", { cx: 64, cy: 58, r: 20, fill: "none", stroke: "#fff", "stroke-width": 5, "stroke-dasharray": "6 5" }], ["path", { d: "M30 85 Q50 70 70 85", stroke: "#fff", "stroke-width": 5, fill: "none" }]],
  mason: [["path", { d: "M50 12 L88 80 H12 Z", fill: "none", stroke: "#fff", "stroke-width": 7 }], ["path", { d: "M20 60 H80", stroke: "#fff", "stroke-width": 6 }], ["circle", { cx: 50, cy: 50, r: 6 }]],
  witch: [["path", { d: "M50 6 L70 62 H30 Z" }], ["ellipse", { cx: 50, cy: 64, rx: 40, ry: 8 }], ["path", { d: "M30 80 Q50 95 70 80", stroke: "#9df59d", "stroke-width": 5, fill: "none" }]],
  revealer: [["rect", { x: 14, y: 24, width: 36, height: 52, rx: 5, fill: "#1d2b53", stroke: "#fff", "stroke-width": 3 }], ["rect", { x: 52, y: 18, width: 36, height: 52, rx: 5, transform: "rotate(12 70 44)" }], ["path", { d: "M30 86 Q50 96 70 86", stroke: "#fff", "stroke-width": 4, fill: "none" }]],
  paranormal_investigator: [["circle", { cx: 42, cy: 42, r: 24, fill: "none", stroke: "#fff", "stroke-width": 8 }], ["path", { d: "M60 60 L88 88", stroke: "#fff", "stroke-width": 10, "stroke-linecap": "round" }]],
  ghost_hunter: [["path", { d: "M22 90 V45 Q22 12 50 12 Q78 12 78 45 V90 L68 80 L59 90 L50 80 L41 90 L32 80 Z" }], ["circle", { cx: 40, cy: 42, r: 6, fill: "#1d2b53" }], ["circle", { cx: 60, cy: 42, r: 6, fill: "#1d2b53" }]],
  little_girl: [["circle", { cx: 50, cy: 40, r: 20 }], ["path", { d: "M30 22 L20 12 L22 30 Z M70 22 L80 12 L78 30 Z" }], ["path", { d: "M26 92 L50 60 L74 92 Z" }], ["circle", { cx: 44, cy: 40, r: 3, fill: "#1d2b53" }], ["circle", { cx: 56, cy: 40, r: 3, fill: "#1d2b53" }]],
};

const COLOURS = {
  village: ["#2e6bd1", "#163a7a"],
  werewolf: ["#c0392b", "#5e1410"],
  tanner: ["#a86b2d", "#4e3012"],
};

/**
 * A role card's face as an SVG (decorative: the name is printed beside it in text).
 * @param {string} role @returns {SVGElement}
 */
export function roleArt(role) {
  const [light, dark] = COLOURS[teamOf(role)];
  const id = `g-${role}-${Math.random().toString(36).slice(2, 7)}`;
  const pieces = (EMBLEM[role] || EMBLEM.villager).map(([tag, attrs]) => {
    const { text, ...rest } = attrs;
    const el = svg(tag, { fill: "#fff", ...rest });
    if (text !== undefined) el.textContent = String(text);
    return el;
  });
  return svg(
    "svg",
    { viewBox: "0 0 100 140", class: `art art-${role}`, "aria-hidden": "true", focusable: "false" },
    svg("defs", {}, svg("linearGradient", { id, x1: 0, y1: 0, x2: 0, y2: 1 },
      svg("stop", { offset: 0, "stop-color": light }), svg("stop", { offset: 1, "stop-color": dark }))),
    svg("rect", { x: 2, y: 2, width: 96, height: 136, rx: 10, fill: `url(#${id})`, stroke: "#f3e6c4", "stroke-width": 3 }),
    svg("g", { transform: "translate(10 20) scale(0.8)" }, ...pieces),
  );
}

/** The back of a card. @returns {SVGElement} */
export function cardBack() {
  return svg(
    "svg",
    { viewBox: "0 0 100 140", class: "art art-back", "aria-hidden": "true", focusable: "false" },
    svg("rect", { x: 2, y: 2, width: 96, height: 136, rx: 10, fill: "#23263a", stroke: "#f3e6c4", "stroke-width": 3 }),
    svg("circle", { cx: 50, cy: 70, r: 28, fill: "none", stroke: "#f3e6c4", "stroke-width": 3 }),
    svg("path", { d: "M62 48 A26 26 0 1 0 72 86 A20 20 0 1 1 62 48 Z", fill: "#f3e6c4" }),
  );
}
