// @ts-check
/**
 * The narrator's timing: a pausable sequence of spoken lines and waits.
 *
 * Each call of the night: its wake-up line(s), then the turn — `turn` seconds plus a
 * uniform random extra in [0, `jitter`] — then its close-eyes line. Nothing here knows
 * the deal: the schedule depends on the deck's calls and the settings only.
 */

/** Fixed pauses (ms): after "close your eyes", and between two calls. */
export const START_PAUSE_MS = 3000;
export const BETWEEN_CALLS_MS = 2000;
/** The day's last count: one word a second. */
export const COUNT_MS = 1000;

export class Stopped extends Error {
  constructor() {
    super("stopped");
    this.name = "Stopped";
  }
}

/**
 * @typedef {{say(text: string): Promise<void>, cancel(): void}} SpeakerLike
 * @typedef {{remaining: number, started: number, timer: ReturnType<typeof setTimeout> | undefined,
 *            resolve: () => void, reject: (e: Error) => void}} Sleep
 * @typedef {import("./i18n.js").NightScript} NightScript
 * @typedef {import("./i18n.js").CallScript} CallScript
 * @typedef {import("./i18n.js").DayLines} DayLines
 */

export class Narrator {
  /**
   * @param {SpeakerLike} speaker
   * @param {() => number} [random] uniform in [0, 1)
   */
  constructor(speaker, random = Math.random) {
    this.speaker = speaker;
    this.random = random;
    this.paused = false;
    this.stopped = false;
    this.skipping = false;
    /** How many times the narrator was paused (a line cut by a pause is said again). */
    this.pauses = 0;
    /** @type {string | null} */
    this.last = null;
    /** @type {Sleep | null} */
    this.sleeping = null;
    /** @type {Array<() => void>} */
    this.waiters = [];
    /** Called with each line as it is said (and repeated). @type {(text: string) => void} */
    this.onLine = () => {};
    /** Time left of the day after the current wait (ms). */
    this.dayAfter = 0;
  }

  check() {
    if (this.stopped) throw new Stopped();
  }

  /**
   * Say a line and wait for its end; a pause cuts it, and it is said again on resume.
   * @param {string} text
   */
  async say(text) {
    this.check();
    this.last = text;
    this.onLine(text);
    for (;;) {
      const before = this.pauses;
      await this.speaker.say(text);
      this.check();
      if (before === this.pauses && !this.paused) return;
      await this.untilResumed();
      this.onLine(text);
    }
  }

  /** @returns {Promise<void>} */
  untilResumed() {
    this.check();
    if (!this.paused) return Promise.resolve();
    /** @type {Promise<void>} */
    const resumed = new Promise((resolve) => this.waiters.push(() => resolve()));
    return resumed.then(() => this.check());
  }

  /**
   * Wait `ms` of running time (time spent paused does not count).
   * @param {number} ms
   * @returns {Promise<void>}
   */
  wait(ms) {
    this.check();
    return new Promise((resolve, reject) => {
      this.sleeping = { remaining: Math.max(0, ms), started: 0, timer: undefined, resolve, reject };
      if (!this.paused) this.arm();
    });
  }

  arm() {
    const s = this.sleeping;
    if (!s) return;
    s.started = performance.now();
    s.timer = setTimeout(() => {
      if (this.sleeping === s) this.sleeping = null;
      s.resolve();
    }, s.remaining);
  }

  /** Milliseconds left in the current wait. */
  sleepLeft() {
    const s = this.sleeping;
    if (!s) return 0;
    if (s.timer === undefined) return s.remaining;
    return Math.max(0, s.remaining - (performance.now() - s.started));
  }

  pause() {
    if (this.paused || this.stopped) return;
    this.paused = true;
    this.pauses += 1;
    const s = this.sleeping;
    if (s && s.timer !== undefined) {
      clearTimeout(s.timer);
      s.timer = undefined;
      s.remaining = Math.max(0, s.remaining - (performance.now() - s.started));
    }
    this.speaker.cancel();
  }

  resume() {
    if (!this.paused || this.stopped) return;
    this.paused = false;
    if (this.sleeping) this.arm();
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Say the last line again (the schedule goes on). */
  repeat() {
    if (this.last === null || this.stopped) return;
    this.onLine(this.last);
    this.speaker.say(this.last);
  }

  /** End the current wait now (the day's "vote now"). */
  skip() {
    this.skipping = true;
    const s = this.sleeping;
    if (s) {
      if (s.timer !== undefined) clearTimeout(s.timer);
      this.sleeping = null;
      s.resolve();
    }
  }

  stop() {
    if (this.stopped) return;
    this.stopped = true;
    const s = this.sleeping;
    this.sleeping = null;
    if (s) {
      if (s.timer !== undefined) clearTimeout(s.timer);
      s.reject(new Stopped());
    }
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
    this.speaker.cancel();
  }

  /**
   * Run the night.
   * @param {NightScript} night
   * @param {{turn: number, jitter: number}} timing seconds
   * @param {(index: number, call: CallScript | null) => void} [onCall]
   */
  async runNight(night, timing, onCall = () => {}) {
    onCall(-1, null);
    await this.say(night.start);
    await this.wait(START_PAUSE_MS);
    for (const [i, call] of night.calls.entries()) {
      onCall(i, call);
      for (const line of call.wake) await this.say(line);
      await this.wait(1000 * (timing.turn + this.random() * timing.jitter));
      await this.say(call.close);
      await this.wait(BETWEEN_CALLS_MS);
    }
    onCall(night.calls.length, null);
    await this.say(night.end);
  }

  /**
   * Run the day: warnings at one minute and ten seconds, then the pointing call
   * counted down aloud.
   * @param {DayLines} lines
   * @param {number} dayMs
   */
  async runDay(lines, dayMs) {
    this.skipping = false;
    /** @type {Array<[number, string]>} */
    const marks = [];
    if (dayMs > 60000) marks.push([60000, lines.minute]);
    if (dayMs > 10000) marks.push([10000, lines.ten]);
    let at = dayMs;
    for (const [left, line] of marks) {
      this.dayAfter = left;
      await this.wait(at - left);
      at = left;
      if (this.skipping) break;
      this.say(line).catch(() => {});
    }
    this.dayAfter = 0;
    if (!this.skipping) await this.wait(at);
    this.skipping = true;
    await this.say(lines.point);
    for (const n of lines.count) {
      await this.wait(COUNT_MS);
      await this.say(n);
    }
    await this.wait(COUNT_MS);
    await this.say(lines.now);
  }

  /** Time left in the day (ms). */
  dayLeft() {
    if (this.skipping) return 0;
    return this.sleepLeft() + this.dayAfter;
  }
}
