// @ts-check
/** An optional soft background sound, generated here: filtered noise like a night wind. */

export class Ambience {
  constructor() {
    /** @type {AudioContext | null} */
    this.ctx = null;
  }

  start() {
    if (this.ctx) return;
    const Ctx = window.AudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const seconds = 4;
    const buffer = ctx.createBuffer(1, ctx.sampleRate * seconds, ctx.sampleRate);
    const data = buffer.getChannelData(0);
    let brown = 0;
    for (let i = 0; i < data.length; i++) {
      brown = (brown + 0.02 * (Math.random() * 2 - 1)) / 1.02;
      data[i] = brown * 3;
    }
    const noise = ctx.createBufferSource();
    noise.buffer = buffer;
    noise.loop = true;
    const filter = ctx.createBiquadFilter();
    filter.type = "lowpass";
    filter.frequency.value = 500;
    const gain = ctx.createGain();
    gain.gain.value = 0.05;
    // A slow swell, as of wind.
    const lfo = ctx.createOscillator();
    lfo.frequency.value = 0.08;
    const depth = ctx.createGain();
    depth.gain.value = 0.025;
    lfo.connect(depth).connect(gain.gain);
    noise.connect(filter).connect(gain).connect(ctx.destination);
    noise.start();
    lfo.start();
    this.ctx = ctx;
  }

  stop() {
    if (this.ctx) this.ctx.close().catch(() => {});
    this.ctx = null;
  }
}
