// @ts-check
/** The home page (create a room, join by code) and a room link's name form. */
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** @typedef {{create: (name: string) => void, join: (code: string, name: string, spectator: boolean) => void,
 *   blank: (near: string) => void}} HomeActions */

const NAME = "onenight.name";

// The server's name rules (src/onenight/session/names.py), said before a name is sent:
// NFKC, no invisible or format character outside an emoji sequence, a visible one, not
// "center:". Whether it reads like a seated member's the server says (name_too_close).
const IGNORABLE = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}\u{E0000}-\u{E0FFF}]/u;
const FORMAT = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}]/u;
const SYMBOL = /[\p{So}\p{Sk}]/u;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
const SELECTORS = ["\uFE0E", "\uFE0F"];

/** Whether a character is hidden, where an emoji sequence does not explain it.
 * @param {string[]} chars @param {number} i @param {boolean} flag inside a flag's tags */
function hidden(chars, i, flag) {
  const ch = chars[i], before = chars[i - 1] || "", after = chars[i + 1] || "";
  if (flag) return false;
  if (SELECTORS.includes(ch) && SYMBOL.test(before)) return false;
  if (ch === "\u200D" && (SYMBOL.test(before) || SELECTORS.includes(before)) && SYMBOL.test(after)) return false;
  return FORMAT.test(ch) || IGNORABLE.test(ch);
}

/** Why a name would be refused (an i18n key), or "". @param {string} raw */
export function nameProblem(raw) {
  const name = raw.normalize("NFKC").split(/\s+/u).filter(Boolean).join(" ");
  const chars = [...name];
  let flag = false;
  for (let i = 0; i < chars.length; i++) {
    const cp = chars[i].codePointAt(0) || 0;
    const tag = cp >= 0xe0020 && cp < 0xe0080;
    if (chars[i] === "\u{1F3F4}") { flag = true; continue; }
    flag = flag && tag;
    if (hidden(chars, i, flag)) return "home.nameHidden";
  }
  if (chars.length && !chars.some((c) => VISIBLE.test(c) && !IGNORABLE.test(c))) return "home.nameVisible";
  if (name.toLowerCase().startsWith("center:")) return "home.nameCenter";
  return "";
}

/** The reason, in the page's language, on the field (the form is not sent meanwhile).
 * @param {HTMLInputElement} input */
function checkName(input) {
  const problem = nameProblem(input.value);
  input.setCustomValidity(problem ? t(problem) : "");
}

/** @param {string} id */
function nameInput(id) {
  const input = /** @type {HTMLInputElement} */ (h("input", {
    id, type: "text", required: true, maxlength: 24, autocomplete: "nickname", value: localStorage.getItem(NAME) || "",
    oninput: (/** @type {Event} */ e) => checkName(/** @type {HTMLInputElement} */ (e.target)),
  }));
  checkName(input);
  return input;
}

/** @param {HTMLFormElement} form @param {string} field */
function value(form, field) {
  const el = /** @type {HTMLInputElement} */ (form.querySelector(`#${field}`));
  return el.type === "checkbox" ? (el.checked ? "1" : "") : el.value.trim();
}

/** Why a tap did nothing, said under its button. @param {string} error */
const because = (error) => h("p", { class: "warn", role: "alert", id: "error" }, error);

/** @param {HomeActions} act @param {string} error @param {string} [near] the button the
 * error answers ("create", "join": said in its form; else at the top) */
export function homeView(act, error, near = "") {
  const at = (/** @type {string} */ id) => (error && near === id ? because(error) : null);
  return h("main", { class: "screen home" },
    h("h1", {}, "onenight"),
    h("p", { class: "tagline" }, t("app.tagline")),
    error && near !== "create" && near !== "join" ? because(error) : null,
    h("form", {
      class: "card-form", id: "create-form",
      onsubmit: (/** @type {Event} */ e) => {
        e.preventDefault();
        const form = /** @type {HTMLFormElement} */ (e.target);
        const name = value(form, "create-name");
        if (!name) return act.blank("create"); // only spaces: say so, not nothing
        localStorage.setItem(NAME, name);
        act.create(name);
      },
    }, h("h2", {}, t("home.create")),
      h("label", { for: "create-name" }, t("home.name")), nameInput("create-name"),
      h("button", { type: "submit", class: "primary", id: "create" }, t("home.create")), at("create")),
    h("form", {
      class: "card-form", id: "join-form",
      onsubmit: (/** @type {Event} */ e) => {
        e.preventDefault();
        const form = /** @type {HTMLFormElement} */ (e.target);
        const code = value(form, "join-code").toUpperCase();
        const name = value(form, "join-name");
        if (!code || !name) return act.blank("join");
        localStorage.setItem(NAME, name);
        act.join(code, name, !!value(form, "join-watch"));
      },
    }, h("h2", {}, t("home.join")),
      h("label", { for: "join-code" }, t("home.code")),
      h("input", { id: "join-code", type: "text", required: true, maxlength: 5, autocapitalize: "characters", autocomplete: "off", class: "code" }),
      h("label", { for: "join-name" }, t("home.name")), nameInput("join-name"),
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "join-watch" }), t("home.watch")),
      h("button", { type: "submit", class: "primary", id: "join" }, t("home.go")), at("join")),
    h("p", { class: "links" }, h("a", { href: "#how-to-play", id: "howto-link" }, t("howto.link")), " · ",
      h("a", { href: "/table" }, t("app.table"))));
}

/** Opening a room's link: only a name is asked. @param {string} code @param {HomeActions} act
 * @param {string} error @param {boolean} watch @param {boolean} [busy] a game is under way */
export function joinView(code, act, error, watch, busy = false) {
  return h("main", { class: "screen home" },
    h("h1", {}, t("join.title", { code })),
    error ? h("p", { class: "warn", role: "alert", id: "error" }, error) : null,
    busy ? h("p", { class: "notice", id: "under-way" }, t("join.busy")) : null,
    h("form", {
      class: "card-form", id: "name-form",
      onsubmit: (/** @type {Event} */ e) => {
        e.preventDefault();
        const form = /** @type {HTMLFormElement} */ (e.target);
        const name = value(form, "name");
        if (!name) return act.blank("name-join");
        localStorage.setItem(NAME, name);
        act.join(code, name, !!value(form, "watch"));
      },
    }, h("label", { for: "name" }, t("home.name")), nameInput("name"),
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "watch", checked: watch }), t("home.watch")),
      h("button", { type: "submit", class: "primary", id: "join" }, t("home.go"))));
}

/** A room link that leads nowhere (a wrong code, of any length, or a closed room): said
 * at once, before any name is asked. @param {string} code */
export function noRoomView(code) {
  return h("main", { class: "screen home" },
    h("h1", {}, t("join.title", { code })),
    h("p", { class: "warn", role: "alert", id: "no-room" }, t("join.noRoom", { code })),
    h("p", {}, h("a", { href: "/", id: "home-link" }, t("join.home"))));
}
