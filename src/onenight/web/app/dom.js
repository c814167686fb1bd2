// @ts-check
/**
 * Building DOM nodes. Text only ever goes in as text nodes (never innerHTML), so names
 * and chat lines are shown exactly as typed.
 */

/**
 * @typedef {string | number | Node | null | undefined | false} Child
 * @typedef {Record<string, string | number | boolean | null | undefined | EventListener>} Attrs
 */

/**
 * An element with attributes (`on*` functions become listeners; `false`/`null` omitted;
 * `class`, `text`, `style` set className / textContent / the CSSOM) and children (strings as text).
 * @param {string} tag @param {Attrs} [attrs] @param {...(Child | Child[])} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "text") {
      el.textContent = String(value);
    } else if (key === "class") {
      el.className = String(value);
    } else if (key === "style") {
      // Through the CSSOM: the content policy refuses a style attribute set as markup.
      el.style.cssText = String(value);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

/** @param {Element} el @param {(Child | Child[])[]} children */
function append(el, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
}

/** An SVG element. @param {string} tag @param {Record<string, string | number>} [attrs]
 * @param {...SVGElement} children @returns {SVGElement} */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  el.append(...children);
  return el;
}

/** Seconds as m:ss. @param {number} s */
export function clock(s) {
  const t = Math.max(0, Math.ceil(s));
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
}
