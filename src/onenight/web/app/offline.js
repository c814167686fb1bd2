// @ts-check
/**
 * Whether the server answers, and the notice (#offline) that says when it does not.
 *
 * The page itself opens without the server (its service worker, sw.js, keeps it); the game
 * does not. A request that cannot reach the server (the WebSocket, a fetch) shows the
 * notice; the page then asks /api/health, less and less often, until the server answers
 * again, and the notice goes. A socket that only closed (a restart) is no reason for it:
 * only a connection that fails to open.
 */
import { t } from "./i18n.js";

let reachable = true;
let retry = 0;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let timer;
/** @type {Array<() => void>} */
const backs = [];

/** Call `fn` each time the server answers again after it did not. @param {() => void} fn */
export function onBack(fn) {
  backs.push(fn);
}

/** What a request to the server just found. @param {boolean} ok */
export function reached(ok) {
  if (ok) {
    clearTimeout(timer);
    timer = undefined;
    retry = 0;
    if (reachable) return;
    reachable = true;
    draw();
    for (const fn of backs) fn();
    return;
  }
  if (reachable) {
    reachable = false;
    draw();
  }
  if (timer === undefined) schedule();
}

function schedule() {
  const wait = Math.min(5000, 500 * 2 ** retry);
  retry = Math.min(retry + 1, 4);
  timer = setTimeout(probe, wait);
}

async function probe() {
  timer = undefined;
  if (reachable) return;
  let ok = false;
  try {
    ok = (await fetch("/api/health", { cache: "no-store" })).ok;
  } catch {
    ok = false;
  }
  if (ok) reached(true);
  else if (timer === undefined) schedule();
}

/** Show or hide the notice, in the page's language (again after a language change). */
export function draw() {
  const el = document.getElementById("offline");
  if (!el) return;
  el.hidden = reachable;
  if (!reachable) el.textContent = t("offline.notice");
}

// The browser knows first when the device itself goes off the network.
window.addEventListener("offline", () => reached(false));
window.addEventListener("online", () => {
  if (!reachable) {
    clearTimeout(timer);
    retry = 0;
    probe();
  }
});
