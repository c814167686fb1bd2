// @ts-check
/** Keep the screen on (Screen Wake Lock API, where the browser has it). */

export class Awake {
  constructor() {
    /** @type {WakeLockSentinel | null} */
    this.lock = null;
    this.wanted = false;
    this.onVisible = () => {
      if (this.wanted && document.visibilityState === "visible") this.acquire();
    };
  }

  async acquire() {
    if (!("wakeLock" in navigator)) return;
    try {
      this.lock = await navigator.wakeLock.request("screen");
    } catch {
      this.lock = null; // refused (battery saver, hidden page): the night goes on
    }
  }

  start() {
    this.wanted = true;
    document.addEventListener("visibilitychange", this.onVisible);
    this.acquire();
  }

  stop() {
    this.wanted = false;
    document.removeEventListener("visibilitychange", this.onVisible);
    if (this.lock) this.lock.release().catch(() => {});
    this.lock = null;
  }
}
