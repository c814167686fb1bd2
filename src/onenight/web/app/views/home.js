// @ts-check
/** The home page (create a room, join by code) and a room link's name form. */
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** @typedef {{create: (name: string) => void, join: (code: string, name: string, spectator: boolean) => void,
 *   blank: (near: string) => void}} HomeActions */

const NAME = "onenight.name";

/** @param {string} id */
function nameInput(id) {
  return h("input", { id, type: "text", required: true, maxlength: 24, autocomplete: "nickname", value: localStorage.getItem(NAME) || "" });
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
