// @ts-check
/// <reference lib="webworker" />
/**
 * The browser client's service worker: once the page has loaded, its shell (the page, its
 * modules, style and words) opens with the server gone, and says that it is gone (the
 * game itself needs the server). Network first, so a new version is picked up at once;
 * the cache only when the network fails. Like the table page's worker (web/table/sw.js),
 * which keeps /table: this one leaves /table, /api and /ws to the network.
 */

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const CACHE = "onenight-app-v1";
/** Every page address (`/`, `/r/CODE`, `/r/CODE/tv`…) is this one file, kept under "/". */
const PAGE = "/";
/** The shell: every module the page imports, its style, and the role names it reads.
 * tests/web/test_client_offline.py checks that this lists every module of the folder. */
const SHELL = [
  PAGE,
  "/app/app.css",
  "/app/main.js",
  "/app/conn.js",
  "/app/dom.js",
  "/app/errors.js",
  "/app/i18n.js",
  "/app/offline.js",
  "/app/roles.js",
  "/app/speech.js",
  "/app/store.js",
  "/app/views/common.js",
  "/app/views/day.js",
  "/app/views/home.js",
  "/app/views/lobby.js",
  "/app/views/table.js",
  "/app/icon.svg",
];
/** Files the page loads later, when it needs them (the voice, once a room has one; the
 * night, the result and the claims, with the first game; the TV view on a TV; the
 * how-to-play page when it is opened; the refusals' words at the first refusal): kept
 * out of the install so that a first visit does not download them; networkFirst keeps
 * each in the cache once the page has loaded it. */
const LATER = [
  // The role names (i18n.js loadNames: a room's page, not the home page) and the
  // manifest (the browser's, not the page's): the install would download them again.
  "/table/narration.json", "/app/manifest.json",
  "/app/voice.js", "/app/views/voice.js", "/app/voice.css",
  "/app/i18n/voice-en.json", "/app/i18n/voice-fr.json", "/app/i18n/voice-ja.json",
  "/app/views/night.js", "/app/views/result.js", "/app/views/claims.js",
  "/app/views/reveal.js", "/app/reveal.css", "/table/speech.js",
  "/app/i18n/reveal-en.json", "/app/i18n/reveal-fr.json", "/app/i18n/reveal-ja.json",
  "/app/i18n/claims-en.json", "/app/i18n/claims-fr.json", "/app/i18n/claims-ja.json",
  "/app/sound.js", "/app/views/balanced.js",
  "/app/views/tv.js", "/app/tv.css",
  "/app/views/howto.js", "/app/howto.css", "/app/i18n/howto-en.json", "/app/i18n/howto-fr.json", "/app/i18n/howto-ja.json",
  "/app/i18n/errors-en.json", "/app/i18n/errors-fr.json", "/app/i18n/errors-ja.json",
  "/app/i18n/balanced-en.json", "/app/i18n/balanced-fr.json", "/app/i18n/balanced-ja.json",
];
/** The page's language when it registered the worker (`sw.js?lang=fr`): a French phone
 * keeps French, not the others; a language picked later is kept as the page loads it. */
const asked = new URL(sw.location.href).searchParams.get("lang") || "";
const LANG = `/app/i18n/${["en", "fr", "ja"].includes(asked) ? asked : "en"}.json`;

sw.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      // The page that registers the worker has just loaded these files: take them from the
      // browser's HTTP cache rather than download them again ("force-cache" goes to the
      // network only for a file that is not there).
      await cache.addAll([...SHELL, LANG].map((url) => new Request(url, { cache: "force-cache" })));
      // Of the files loaded later, those the page has already loaded (a room's page loads
      // the role names before the worker installs): from the HTTP cache only, never the
      // network, so that a page reloaded during an outage still names the roles.
      await Promise.all(LATER.map((url) =>
        fetch(new Request(url, { cache: "only-if-cached", mode: "same-origin" }))
          .then((r) => (r.ok ? cache.put(url, r) : undefined), () => undefined)));
      await sw.skipWaiting();
    }),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith("onenight-app-") && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => sw.clients.claim()),
  );
});

/** The client's page at any of its addresses. @param {string} path */
function isPage(path) {
  return path === "/" || /^\/r\/[A-Za-z]{5}(?:\/(?:watch|tv|replay))?\/?$/.test(path);
}

/** The requests this worker answers: the page and the client's files, nothing else.
 * @param {URL} url */
function key(url) {
  if (url.origin !== sw.location.origin) return null;
  if (isPage(url.pathname)) return PAGE;
  if (url.pathname === "/app/sw.js") return null;
  if (url.pathname.startsWith("/app/") || url.pathname === "/table/narration.json") return url.pathname;
  return null;
}

/** @param {Request} request @param {string} name @returns {Promise<Response>} */
async function networkFirst(request, name) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(name, response.clone());
    return response;
  } catch (err) {
    const hit = await cache.match(name);
    if (hit) return hit;
    throw err;
  }
}

sw.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const name = key(new URL(event.request.url));
  if (name) event.respondWith(networkFirst(event.request, name));
});
