// @ts-check
/**
 * "How to play" (`#how-to-play`, linked from home and the lobby): the rules of an edition
 * and its role cards (each with what it does and the narrator's line), built from the
 * texts the game already has (`do.<role>`, narration.json, roles.js's art). Loaded when opened, so it weighs nothing on a
 * first visit.
 */
import { h } from "../dom.js";
import { addPart, t } from "../i18n.js";
import { ORDER, teamOf } from "../roles.js";
import { roleCard } from "./common.js";
import { editionList } from "./lobby.js";

document.head.append(h("link", { rel: "stylesheet", href: "/app/howto.css" }));
await addPart("howto");

/** The edition the page shows when the room has none (the home page): the reader's pick. */
let picked = "ultimate";

/**
 * @param {string} roomEdition the room's edition ("" from the home page)
 * @param {() => void} redraw
 */
export function howtoView(roomEdition, redraw) {
  const editions = editionList();
  const edition = roomEdition || picked;
  const ed = editions.find((e) => e.id === edition);
  const roles = ed ? ORDER.filter((r) => ed.roles.includes(r)) : ORDER;
  const teams = ["village", "werewolf", "tanner"];
  return h("main", { class: "screen howto", id: "howto" },
    h("p", {}, h("a", { href: "#", id: "howto-back", onclick: (/** @type {Event} */ e) => {
      // Back to the page under it (the home page or the room), whatever came before.
      e.preventDefault();
      history.replaceState(null, "", location.pathname + location.search);
      redraw();
    } }, `← ${t("howto.back")}`)),
    h("h1", {}, t("howto.title")),
    h("label", { class: "field" }, t("lobby.edition"),
      h("select", {
        id: "howto-edition", disabled: !!roomEdition,
        onchange: (/** @type {Event} */ e) => { picked = /** @type {HTMLSelectElement} */ (e.target).value; redraw(); },
      }, editions.map((e) => h("option", { value: e.id, selected: e.id === edition }, t(`edition.${e.id}`))))),
    h("section", { "aria-labelledby": "howto-game" },
      h("h2", { id: "howto-game" }, t("howto.game")),
      h("ol", { class: "steps" },
        h("li", {}, t("howto.deal")),
        h("li", {}, t("howto.night")),
        h("li", { id: "howto-tap" }, t("howto.tap")),
        h("li", {}, t("howto.day")),
        h("li", {}, t("howto.vote")))),
    h("section", { "aria-labelledby": "howto-win" },
      h("h2", { id: "howto-win" }, t("howto.win")),
      h("ul", { id: "howto-wins" }, winLines(edition, roles).map((key) => h("li", { "data-key": key }, t(key))))),
    h("section", { "aria-labelledby": "howto-roles" },
      h("h2", { id: "howto-roles" }, t("howto.roles")),
      teams.map((team) => {
        const of = roles.filter((r) => teamOf(r) === team);
        return of.length ? h("div", { class: "team-group" },
          h("h3", {}, t(`team.${team}`)),
          h("ul", { class: "howto-cards" }, of.map((r) => h("li", { "data-role": r }, roleCard(r, edition))))) : null;
      })));
}

/**
 * Who wins, every case of RULES.md §5 for the edition (the cards it has): the Japanese
 * original's own rules, the video game's (workshop), else the Ultimate rules.
 * @param {string} edition @param {string[]} roles @returns {string[]} catalogue keys
 */
function winLines(edition, roles) {
  if (edition === "japanese") return ["howto.win.japanese.human", "howto.win.japanese.peace", "howto.win.japanese.wolf"];
  if (edition === "workshop") return ["howto.win.workshop.tanner", "howto.win.workshop.village", "howto.win.workshop.werewolf"];
  const has = (/** @type {string} */ r) => roles.includes(r);
  return [
    "howto.win.village", "howto.win.werewolf", "howto.win.noWolf",
    ...(has("minion") ? ["howto.win.minion"] : []),
    ...(has("tanner") || has("apprentice_tanner") ? ["howto.win.tanner"] : []),
    ...(has("apprentice_tanner") ? ["howto.win.apprentice"] : []),
  ];
}
