// A stand-in for speechSynthesis (tests): records each line said, when it started and
// ended (performance.now(), which Playwright's fake clock controls); a line takes 500 ms.
(() => {
  const DURATION = 500;
  const log = [];
  const queue = [];
  let current = null;

  function fire(u, type) {
    const handler = type === "end" ? u.onend : u.onerror || u.onend;
    if (handler) handler.call(u, { type, utterance: u, error: "interrupted" });
  }
  function next() {
    if (current || queue.length === 0) return;
    const u = queue.shift();
    current = u;
    const rec = { text: u.text, lang: u.lang, start: performance.now(), end: null, cut: false };
    log.push(rec);
    u.__rec = rec;
    u.__timer = setTimeout(() => {
      if (current !== u) return;
      current = null;
      rec.end = performance.now();
      fire(u, "end");
      next();
    }, DURATION);
  }
  const synth = {
    speak(u) {
      queue.push(u);
      next();
    },
    cancel() {
      const cut = current ? [current, ...queue] : [...queue];
      current = null;
      queue.length = 0;
      for (const u of cut) {
        clearTimeout(u.__timer);
        if (u.__rec) {
          u.__rec.end = performance.now();
          u.__rec.cut = true;
        }
        fire(u, "error");
      }
    },
    pause() {},
    resume() {},
    getVoices() {
      return [];
    },
    get speaking() {
      return current !== null;
    },
    get pending() {
      return queue.length > 0;
    },
    addEventListener() {},
    removeEventListener() {},
    onvoiceschanged: null,
  };
  Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
  window.__spoken = log;
})();
