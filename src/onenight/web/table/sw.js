// @ts-check
/// <reference lib="webworker" />
/**
 * The table page's service worker: once the page has loaded, it works with the network
 * gone. Network first (so a new version is picked up at once), the cache when offline.
 */

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const CACHE = "onenight-table-v4";
const PAGE = [
  "/table",
  "/table/table.css",
  "/table/main.js",
  "/table/i18n.js",
  "/table/ui.js",
  "/table/speech.js",
  "/table/scheduler.js",
  "/table/deck.js",
  "/table/storage.js",
  "/table/sound.js",
  "/table/wakelock.js",
  "/table/narration.json",
  "/table/icon.svg",
  "/api/editions",
];

sw.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PAGE))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

/** @param {URL} url */
function ours(url) {
  return (
    url.origin === sw.location.origin &&
    (url.pathname === "/table" || url.pathname.startsWith("/table/") ||
      url.pathname.startsWith("/api/editions"))
  );
}

/** @param {Request} request @returns {Promise<Response>} */
async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (err) {
    const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
    if (hit) return hit;
    throw err;
  }
}

sw.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || !ours(url)) return;
  event.respondWith(networkFirst(event.request));
});
