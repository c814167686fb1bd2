// @ts-check
/** The table: the seats around it and the center cards in the middle, as buttons. */
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { cardBack } from "../roles.js";
import { targetName } from "./common.js";

/** A seat's colour: hues spread around the wheel by seat. @param {number} seat @param {number} n */
export function hue(seat, n) {
  return Math.round((seat * 360) / Math.max(n, 1) + 200) % 360;
}

/** Splits a name into what a reader sees as characters (a flag, a family emoji, an
 * accented letter made of two code points), where the browser can. */
const graphemes = typeof Intl !== "undefined" && "Segmenter" in Intl
  ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

/** A name's first letter: a whole grapheme (an emoji, a flag, a kana stays whole, never
 * half of a surrogate pair). @param {string} name */
export function initial(name) {
  const trimmed = name.trim();
  const first = graphemes ? graphemes.segment(trimmed)[Symbol.iterator]().next().value?.segment : [...trimmed][0];
  return (first || "?").toUpperCase();
}

/**
 * The type size that fits a whole name on a seat's two lines without breaking a word:
 * "" (a short name), " long" (smaller) or " longer" (smaller still, for a long word).
 * @param {string} name
 */
export function fit(name) {
  const word = Math.max(...name.split(/\s+/).map((w) => [...w].length));
  const wide = /[^\u0000-\u024f]/.test(name); // kana, kanji, emoji: about twice as wide
  const len = [...name].length * (wide ? 2 : 1);
  if (word * (wide ? 2 : 1) > 9) return " longer";
  return len > 10 || word > 8 ? " long" : "";
}

/**
 * @typedef {{enabled: boolean, pressed?: boolean, note?: string}} TileState
 * @param {{players: string[], seat: number | null, center: number, centerWolf?: boolean,
 *          tile: (target: string | number) => TileState, onTap: (target: string | number) => void,
 *          label?: (target: string | number) => string, still?: boolean}} opts
 */
export function tableView(opts) {
  const { players, seat, center } = opts;
  const n = players.length;
  /** @param {string | number} target @param {string} cls @param {string} style */
  const tile = (target, cls, style) => {
    const st = opts.tile(target);
    const name = targetName(target, players);
    const mine = target === seat;
    return h(
      "button",
      {
        type: "button",
        id: `tile-${String(target).replace(":", "-")}`,
        class: `tile ${cls}${st.pressed ? " pressed" : ""}${mine ? " mine" : ""}`,
        style,
        "data-target": String(target),
        "aria-pressed": st.pressed ? "true" : "false",
        disabled: !st.enabled,
        onclick: () => opts.onTap(target),
      },
      typeof target === "number" ? null : cardBack(),
      // A seat: a colour and an initial of its own (two "Basic bot …" stay apart at a
      // glance), then the whole name, on two lines and smaller when it is long.
      typeof target === "number" ? h("span", { class: "badge", "aria-hidden": "true", style: `--hue:${hue(target, n)}` }, initial(name)) : null,
      // A center card shows its number; a screen reader hears its name instead.
      typeof target === "number"
        ? h("span", { class: `tname${fit(name)}` }, name)
        : h("span", { class: "tname", "aria-hidden": "true" }, String(Number(String(target).split(":")[1]) + 1 || "W")),
      typeof target === "number" ? null : h("span", { class: "sr-only" }, name),
      mine ? h("span", { class: "you" }, ` ${t("lobby.you")}`) : null,
      st.note ? h("span", { class: "note" }, ` ${st.note}`) : null,
      // The name a button is read by is its own text (axe: label-content-name-mismatch):
      // what a tap does is said after it, for screen readers only.
      opts.label ? h("span", { class: "sr-only" }, `, ${opts.label(target)}`) : null,
    );
  };
  const seats = players.map((_, i) => {
    // You sit at the bottom; the others go round the table.
    const k = seat === null ? i : (i - seat + n) % n;
    const angle = Math.PI / 2 + (2 * Math.PI * k) / n;
    const x = 50 + 40 * Math.cos(angle);
    const y = 50 + 40 * Math.sin(angle);
    return tile(i, "seat", `left:${x.toFixed(1)}%;top:${y.toFixed(1)}%`);
  });
  const slots = [];
  for (let c = 0; c < center; c++) slots.push(`center:${c}`);
  if (opts.centerWolf) slots.push("center:wolf");
  return h(
    "div",
    { class: `table${opts.still ? " still" : ""}`, role: "group", "aria-label": t("night.table") },
    ...seats,
    h("div", { class: "center" }, slots.map((s) => tile(s, "centercard", ""))),
  );
}
