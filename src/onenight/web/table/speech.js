// @ts-check
/** Speaking a line with the browser's speech synthesis; resolves when it is said. */

/** @param {string} text */
function estimateMs(text) {
  return 800 + text.length * 70;
}

export class Speaker {
  /** @param {string} voiceLang a BCP 47 tag: en-US, fr-FR, ja-JP */
  constructor(voiceLang) {
    this.lang = voiceLang;
    /** @type {SpeechSynthesis | undefined} */
    this.synth = "speechSynthesis" in window ? window.speechSynthesis : undefined;
  }

  /** @returns {SpeechSynthesisVoice | null} */
  voice() {
    if (!this.synth) return null;
    const voices = this.synth.getVoices();
    const base = this.lang.slice(0, 2);
    return (
      voices.find((v) => v.lang === this.lang) ||
      voices.find((v) => v.lang.replace("_", "-").startsWith(base)) ||
      null
    );
  }

  /**
   * Say a line. It never fails and never hangs: without speech synthesis, when speaking
   * throws (no voice, a browser that refuses), or when the browser never reports the
   * end, the promise resolves after about the time the line takes to say (the line is
   * on the screen meanwhile: the night goes on in silence).
   * @param {string} text
   * @returns {Promise<void>}
   */
  say(text) {
    const synth = this.synth;
    return new Promise((resolve) => {
      if (!synth || typeof SpeechSynthesisUtterance === "undefined") {
        setTimeout(resolve, estimateMs(text));
        return;
      }
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(guard);
        resolve();
      };
      // No voice at all: a browser may say nothing and report nothing, so it is waited
      // for as long as the line would take, not three times as long.
      let voices = 0;
      try { voices = synth.getVoices().length; } catch { /* none known */ }
      const guard = setTimeout(finish, voices ? estimateMs(text) * 3 + 5000 : estimateMs(text) + 1500);
      try {
        const u = new SpeechSynthesisUtterance(text);
        u.lang = this.lang;
        const voice = this.voice();
        if (voice) u.voice = voice;
        u.rate = 0.95;
        u.onend = finish;
        u.onerror = finish;
        synth.speak(u);
      } catch {
        clearTimeout(guard);
        setTimeout(finish, estimateMs(text)); // silent: the time the line takes
      }
    });
  }

  /** Stop speaking now (pending lines too). */
  cancel() {
    try {
      if (this.synth) this.synth.cancel();
    } catch { /* nothing was being said */ }
  }
}
