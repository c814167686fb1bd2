// @ts-check
/**
 * Voice: a WebRTC mesh between the room's pages, audio only (Opus, mono), with the
 * browser's own RTCPeerConnection (docs/voice.md). The server says who may reach whom
 * (the `voice` rule of the room frame and of `voice` frames) and relays the signalling
 * (`signal`: offer, answer, hangup) only between two members the rule lets talk; this
 * page applies the rule to what it sends, peer by peer, with `replaceTrack(track | null)`.
 *
 * - No trickle ICE: an offer or an answer leaves once ICE gathering is complete, with its
 *   candidates in the SDP (one message each way; the server limits messages per second).
 * - No glare: of two members who may both speak, the lower id offers; a spectator (who
 *   never speaks) only answers. A `hangup` says "my end of our connection is gone": the
 *   offerer then offers again, so a reloaded page or a changed network rejoins by itself.
 * - At night there is no connection at all and the microphone is released.
 * - Mute, push-to-talk and the volumes stay in this page: nothing about them is sent.
 */

/** @typedef {import("./conn.js").Frame} Frame */
/** @typedef {{reach: Record<string, number[]>, whispers: {from: number, to: number}[], spectators_hear: boolean}} Rule */

const GATHER_MS = 3000; // the longest wait for ICE gathering (STUN/TURN that do not answer)
const RETRY_MS = 8000; // an offer left unanswered this long is made again
const BROKEN_MS = 5000; // a connection "disconnected" this long is made again
/** The microphone is released when the page has been hidden this long (a phone put
 * away, another app in front); it comes back when the page is seen again. A test that
 * cannot wait 30 s sets `window.onenightHiddenMs` before the page loads. */
const HIDDEN_MS = Number(/** @type {any} */ (window).onenightHiddenMs) || 30000;
/** A receiver's level older than this (no packet since) is silence. */
const FRESH_MS = 300;
const MAX_BITRATE = 32000; // bits/s an Opus voice needs (12 players: 11 × this upload)
const KEY = "onenight.voice.";

/** Wait until the connection's ICE candidates are all gathered (or GATHER_MS).
 * @param {RTCPeerConnection} pc */
function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (pc.iceGatheringState !== "complete") return;
      pc.removeEventListener("icegatheringstatechange", done);
      resolve(undefined);
    };
    pc.addEventListener("icegatheringstatechange", done);
    setTimeout(resolve, GATHER_MS);
  });
}

/** Keep Opus alone in the offer (a smaller SDP) where the browser lets us choose.
 * @param {RTCRtpTransceiver} tx */
function opusOnly(tx) {
  const caps = typeof RTCRtpReceiver.getCapabilities === "function" ? RTCRtpReceiver.getCapabilities("audio") : null;
  const opus = caps ? caps.codecs.filter((c) => c.mimeType.toLowerCase() === "audio/opus") : [];
  if (opus.length && tx.setCodecPreferences) tx.setCodecPreferences(opus);
}

/** The peers' audio elements live here, outside the page's redrawn root. */
function audioBox() {
  let box = document.getElementById("voice-audio");
  if (!box) {
    box = document.createElement("div");
    box.id = "voice-audio";
    box.hidden = true;
    document.body.append(box);
  }
  return box;
}

/** The most voices a page hears (a spectator's: twelve players). */
const MOST_PEERS = 12;
/** Audio elements a tap has let play. Where the browser wants a tap per element (older
 * Safari, Chromium's user-gesture-required policy), a voice that comes after the tap (a
 * player who joins or reloads) plays in one of these instead of asking for another tap.
 * @type {HTMLAudioElement[]} */
const unlocked = [];

/** Within a tap or a key: let MOST_PEERS elements play later (their play() is refused,
 * or interrupted by their stream, once they get one: nothing to hear). Outside a tap's
 * activation (a synthetic event) nothing: an element made then would stay locked. */
export function unlockAudio() {
  if (navigator.userActivation && !navigator.userActivation.isActive) return;
  while (unlocked.length < MOST_PEERS) {
    const el = document.createElement("audio");
    el.play().catch(() => {});
    unlocked.push(el);
  }
}

class Peer {
  /** @param {Mesh} mesh @param {number} id @param {boolean} offerer */
  constructor(mesh, id, offerer) {
    this.id = id;
    this.offerer = offerer;
    this.pc = new RTCPeerConnection({ iceServers: mesh.iceServers || [], bundlePolicy: "max-bundle" });
    /** @type {RTCRtpSender | null} */
    this.sender = null;
    this.sentAt = Date.now();
    this.brokenAt = 0;
    this.heardStamp = 0; // the newest synchronization source's timestamp seen
    this.heardAt = 0; // when (Date.now()) it last changed: a packet came
    this.audio = unlocked.pop() || document.createElement("audio");
    this.audio.autoplay = true;
    this.audio.dataset.member = String(id);
    this.audio.volume = mesh.volume(id);
    audioBox().append(this.audio);
    this.pc.ontrack = (e) => {
      const stream = e.streams[0] || new MediaStream([e.track]);
      this.audio.srcObject = stream;
      // Refused (NotAllowedError) only where the browser waits for a tap to play sound.
      this.audio.play().then(() => mesh.unblocked(), (err) => {
        if (err && err.name === "NotAllowedError") mesh.blockedAudio();
      });
    };
    this.pc.onconnectionstatechange = () => {
      const state = this.pc.connectionState;
      this.brokenAt = state === "disconnected" || state === "failed" ? this.brokenAt || Date.now() : 0;
      if (state === "failed") mesh.sync();
    };
  }

  /** How loud this member speaks to me now (0…1): the audio level each of its packets
   * carries (RFC 6464, set by the sender), read from the receiver. No AudioContext, so
   * it works before the page's first tap, when the browser keeps one suspended (and the
   * voice paused). No packet for a moment (muted, a whisper to someone else, a track
   * sent as null): 0, whatever the last level was. */
  heard() {
    const receiver = this.pc.getReceivers()[0];
    if (!receiver || typeof receiver.getSynchronizationSources !== "function") return 0;
    let last = null;
    for (const s of receiver.getSynchronizationSources()) if (!last || s.timestamp > last.timestamp) last = s;
    if (!last) return 0;
    const now = Date.now();
    if (last.timestamp !== this.heardStamp) {
      this.heardStamp = last.timestamp;
      this.heardAt = now;
    }
    if (now - this.heardAt > FRESH_MS || typeof last.audioLevel !== "number") return 0;
    return Math.min(1, last.audioLevel * 4); // the level is an RMS, as the analyser's
  }

  close() {
    this.pc.close();
    this.audio.srcObject = null;
    this.audio.remove();
  }
}

export class Mesh {
  /**
   * @param {(msg: Frame) => Promise<Frame>} request send a message, its ack
   * @param {() => void} onChange something the controls show changed
   */
  constructor(request, onChange) {
    this.request = request;
    this.onChange = onChange;
    this.me = -1;
    this.spectator = false;
    /** @type {Rule} */
    this.rule = { reach: {}, whispers: [], spectators_hear: false };
    /** @type {Set<number>} */
    this.online = new Set();
    this.connected = false; // this page's WebSocket is open (signalling can go)
    /** @type {Map<number, Peer>} */
    this.peers = new Map();
    /** @type {Set<number>} members asked to offer again (a hangup sent), since the last rule */
    this.asked = new Set();
    /** @type {MediaStream | null} */
    this.mic = null;
    /** "off" | "asking" | "on" | "refused" | "absent" */
    this.micState = "off";
    // The player turned the microphone on once: on again by itself after a reload.
    this.wantMic = localStorage.getItem(`${KEY}mic`) === "1";
    this.openMic = localStorage.getItem(`${KEY}open`) === "1";
    this.muted = false;
    this.ptt = false;
    /** @type {number | null} */
    this.whisperTo = null;
    /** @type {Record<string, number>} */
    this.volumes = JSON.parse(localStorage.getItem(`${KEY}volumes`) || "{}");
    /** @type {RTCIceServer[] | null} */
    this.iceServers = null;
    this.blocked = false; // the browser would not play the voices without a tap
    /** @type {AudioContext | null} */
    this.ctx = null;
    /** @type {AnalyserNode | null} */
    this.micAnalyser = null;
    this.sentLevel = 0; // my level from my senders' stats (no running AudioContext)
    this.polling = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.hiddenTimer = undefined;
    this.hidden = false;
    /** @type {PermissionStatus | null} */
    this.permission = null;
    document.addEventListener("visibilitychange", () => this.visibility());
    setInterval(() => this.sync(), 2000); // retries: unanswered offers, broken connections
    this.probeMic();
  }

  // ----- what the server says -----

  /** A room frame (or the rule of a voice frame) came. @param {Frame} room */
  room(room) {
    const you = room.you || {};
    this.me = typeof you.member === "number" ? you.member : -1;
    this.spectator = !!you.spectator;
    this.online = new Set(room.members.filter((/** @type {Frame} */ m) => m.online && !m.gone).map((/** @type {Frame} */ m) => m.member));
    if (room.voice) this.setRule(room.voice);
  }

  /** The rule comes in a frame (room or voice), whose own redraw, after it, shows it: a
   * redraw here too drew every room frame twice, and under a finger (main.js holds a
   * frame's redraw until the press's click).
   * @param {Rule} rule */
  setRule(rule) {
    const before = JSON.stringify(this.rule);
    this.rule = { reach: rule.reach || {}, whispers: rule.whispers || [], spectators_hear: !!rule.spectators_hear };
    if (JSON.stringify(this.rule) !== before) this.asked.clear();
    this.sync();
  }

  /** The WebSocket opened or closed. @param {boolean} open */
  setConnected(open) {
    if (open && !this.connected) this.asked.clear(); // a new socket: ask again
    this.connected = open;
    this.sync();
  }

  /** Whether members may speak now (not at night, not before a room). */
  get live() {
    return Object.keys(this.rule.reach).length > 0;
  }

  /** Whether I may speak now. */
  get speaker() {
    return String(this.me) in this.rule.reach;
  }

  /** Whether member `m` and I are a pair the mesh connects: one of us reaches the other
   * when nobody whispers (a whisper changes the tracks sent, not the connections). */
  pair(/** @type {number} */ m) {
    if (m === this.me || !this.live) return false;
    const speakers = Object.keys(this.rule.reach).map(Number);
    const heard = new Set([...speakers, ...Object.values(this.rule.reach).flat()]);
    const iSpeak = speakers.includes(this.me);
    const theySpeak = speakers.includes(m);
    if (!iSpeak && !theySpeak) return false;
    // A spectator is in a speaker's reach only when the host lets spectators hear.
    return heard.has(this.me) && heard.has(m);
  }

  /** Of the pair (me, m), whether I make the offer: the lower id of two speakers, or the
   * one who speaks. @param {number} m */
  offers(m) {
    const theySpeak = String(m) in this.rule.reach;
    if (!this.speaker) return false;
    return !theySpeak || this.me < m;
  }

  // ----- the connections -----

  /** Bring the connections in line with the rule: close what it no longer allows, offer
   * (or ask for an offer) where it wants one, retry what broke. */
  sync() {
    for (const [id, peer] of this.peers) {
      if (!this.pair(id)) this.drop(id);
      else if (peer.brokenAt && Date.now() - peer.brokenAt > (peer.pc.connectionState === "failed" ? 0 : BROKEN_MS)) {
        this.drop(id);
        this.asked.delete(id);
      } else if (peer.offerer && peer.pc.signalingState === "have-local-offer" && Date.now() - peer.sentAt > RETRY_MS) {
        this.drop(id);
      }
    }
    this.micFollow();
    if (!this.connected || !this.live) return;
    for (const m of this.online) {
      if (!this.pair(m) || this.peers.has(m)) continue;
      if (this.offers(m)) this.offer(m);
      else if (!this.asked.has(m)) {
        this.asked.add(m);
        this.signal(m, "hangup"); // "I have no connection with you": the offerer offers
      }
    }
    this.applyTracks();
  }

  /** @param {number} id */
  drop(id) {
    this.peers.get(id)?.close();
    this.peers.delete(id);
  }

  /** @param {number} to @param {string} kind @param {string} [sdp] */
  signal(to, kind, sdp) {
    this.request(sdp === undefined ? { type: "signal", to, kind } : { type: "signal", to, kind, sdp }).catch(() => {});
  }

  async ice() {
    if (this.iceServers) return;
    try {
      const ack = await this.request({ type: "ice" });
      this.iceServers = ack.servers || [];
    } catch {
      // Offline, or an older server: the LAN needs no ICE servers.
    }
  }

  /** @param {number} m */
  async offer(m) {
    const peer = new Peer(this, m, true);
    this.peers.set(m, peer);
    const tx = peer.pc.addTransceiver("audio", { direction: "sendrecv" });
    opusOnly(tx);
    peer.sender = tx.sender;
    try {
      await this.ice();
      if (this.peers.get(m) !== peer) return;
      if (this.iceServers?.length) peer.pc.setConfiguration({ iceServers: this.iceServers, bundlePolicy: "max-bundle" });
      await peer.pc.setLocalDescription(await peer.pc.createOffer());
      await gathered(peer.pc);
      if (this.peers.get(m) !== peer) return;
      peer.sentAt = Date.now();
      this.signal(m, "offer", peer.pc.localDescription?.sdp || "");
      this.applyTracks();
    } catch {
      this.drop(m);
    }
  }

  /** A `signal` frame from another member's page. @param {Frame} frame */
  async onSignal(frame) {
    const from = frame.from;
    if (frame.kind === "hangup") {
      // The other end is gone: start over (the offerer offers at once, the other waits).
      const peer = this.peers.get(from);
      const offering = peer && peer.offerer && peer.pc.signalingState === "have-local-offer" && Date.now() - peer.sentAt < RETRY_MS;
      if (!offering) this.drop(from);
      this.asked.add(from); // it knows we need a connection
      this.sync();
      return;
    }
    if (frame.kind === "answer") {
      const peer = this.peers.get(from);
      if (!peer || !peer.offerer || peer.pc.signalingState !== "have-local-offer") return;
      try {
        await peer.pc.setRemoteDescription({ type: "answer", sdp: frame.sdp });
        this.bitrate(peer);
      } catch {
        this.drop(from);
      }
      return;
    }
    // An offer: it replaces whatever connection we had with that member.
    this.drop(from);
    if (!this.pair(from)) return;
    const peer = new Peer(this, from, false);
    this.peers.set(from, peer);
    try {
      await this.ice();
      if (this.iceServers?.length) peer.pc.setConfiguration({ iceServers: this.iceServers, bundlePolicy: "max-bundle" });
      await peer.pc.setRemoteDescription({ type: "offer", sdp: frame.sdp });
      const tx = peer.pc.getTransceivers()[0];
      if (tx) {
        tx.direction = this.speaker ? "sendrecv" : "recvonly";
        peer.sender = tx.sender;
      }
      await peer.pc.setLocalDescription(await peer.pc.createAnswer());
      await gathered(peer.pc);
      if (this.peers.get(from) !== peer) return;
      this.signal(from, "answer", peer.pc.localDescription?.sdp || "");
      this.bitrate(peer);
      this.applyTracks();
    } catch {
      this.drop(from);
    }
  }

  /** Cap what we send to a voice's worth of Opus. @param {Peer} peer */
  bitrate(peer) {
    const sender = peer.sender;
    if (!sender) return;
    const params = sender.getParameters();
    if (!params.encodings || !params.encodings.length) return;
    params.encodings[0].maxBitrate = MAX_BITRATE;
    sender.setParameters(params).catch(() => {});
  }

  // ----- what this page sends -----

  /** Whether my voice goes out now (to someone). */
  get transmitting() {
    if (!this.mic || !this.speaker) return false;
    return this.whisperTo !== null || (!this.muted && (this.openMic || this.ptt));
  }

  /** The rule, per peer: my track to whoever my voice reaches now, null to the others
   * (no packets flow to them). A whisper held here narrows it before the server's frame. */
  applyTracks() {
    const track = this.transmitting && this.mic ? this.mic.getAudioTracks()[0] || null : null;
    const reach = this.rule.reach[String(this.me)] || [];
    for (const peer of this.peers.values()) {
      const to = this.whisperTo === null ? reach.includes(peer.id) : peer.id === this.whisperTo;
      const want = to ? track : null;
      if (peer.sender && peer.sender.track !== want) peer.sender.replaceTrack(want).catch(() => {});
    }
  }

  /** Push-to-talk held or let go. @param {boolean} on */
  talk(on) {
    if (on) this.askMic();
    this.ptt = on;
    this.applyTracks();
    this.onChange();
  }

  /** Open mic on or off. @param {boolean} on */
  setOpen(on) {
    this.openMic = on;
    localStorage.setItem(`${KEY}open`, on ? "1" : "0");
    if (on) this.askMic();
    this.applyTracks();
    this.onChange();
  }

  /** @param {boolean} on */
  setMuted(on) {
    this.muted = on;
    this.applyTracks();
    this.onChange();
  }

  /** Hold "whisper to m" (null: let go). @param {number | null} m */
  whisper(m) {
    if (m === this.whisperTo) return;
    this.whisperTo = m;
    if (m !== null) this.askMic();
    this.applyTracks();
    const msg = m === null ? { type: "voice_whisper" } : { type: "voice_whisper", to: m };
    this.request(msg).catch(() => {
      if (this.whisperTo === m && m !== null) {
        this.whisperTo = null;
        this.applyTracks();
        this.onChange();
      }
    });
    this.onChange();
  }

  /** @param {number} m */
  volume(m) {
    const v = this.volumes[String(m)];
    return typeof v === "number" ? v : 1;
  }

  /** @param {number} m @param {number} v 0…1 */
  setVolume(m, v) {
    this.volumes[String(m)] = v;
    localStorage.setItem(`${KEY}volumes`, JSON.stringify(this.volumes));
    const peer = this.peers.get(m);
    if (peer) peer.audio.volume = v;
  }

  // ----- the microphone -----

  /** Whether this page can only listen: no microphone, or the microphone refused. */
  get listenOnly() {
    return this.micState === "refused" || this.micState === "absent";
  }

  /** Say before any press that there is no microphone to have: none (or no
   * getUserMedia: a page not served over https), or the permission already denied.
   * Again when a device comes or the permission changes (the player allowed it). */
  async probeMic() {
    const media = navigator.mediaDevices;
    if (!media || !media.getUserMedia) {
      this.setMicState("absent");
      return;
    }
    const probe = async () => {
      let state = "off";
      try {
        // Before any permission the list hides names, not kinds: an empty kind is no device.
        if (!(await media.enumerateDevices()).some((d) => d.kind === "audioinput")) state = "absent";
      } catch {
        // No list: getUserMedia will say.
      }
      if (state === "off" && this.permission?.state === "denied") state = "refused";
      // What a press found (a refusal, no device) stays until something changed.
      if (this.micState !== "on" && this.micState !== "asking") this.setMicState(state);
      this.micFollow();
    };
    try {
      // `microphone` is not a permission name every browser knows (then: no early word).
      this.permission = await navigator.permissions.query(/** @type {any} */ ({ name: "microphone" }));
      this.permission.onchange = probe;
    } catch {
      this.permission = null;
    }
    media.addEventListener("devicechange", probe);
    await probe();
  }

  /** @param {string} state */
  setMicState(state) {
    if (this.micState === state) return;
    this.micState = state;
    this.onChange();
  }

  /** The player asked for the microphone (a press): get it, and again after a reload. */
  askMic() {
    this.context()?.resume().catch(() => {});
    if (this.blocked) this.unblock();
    if (!this.wantMic) {
      this.wantMic = true;
      localStorage.setItem(`${KEY}mic`, "1");
    }
    if (this.micState === "refused" || this.micState === "absent") return;
    this.micFollow();
  }

  /** "Try again" after a refusal (a prompt dismissed or blocked, a press): ask the
   * browser once more, now. Granted, the page joins the voice with the microphone as if
   * it had never been refused; refused again, it stays listen-only with its line.
   * @returns {Promise<void>} once the browser has answered */
  async retryMic() {
    if (this.micState !== "refused") return;
    this.wantMic = true;
    localStorage.setItem(`${KEY}mic`, "1");
    await this.startMic();
  }

  /** Hold the microphone when I may speak, want it and the page is seen; release it at
   * night, as a spectator and when the page has been hidden for long. */
  micFollow() {
    const need = this.wantMic && this.speaker && !this.hidden;
    if (!need && this.mic) {
      for (const tr of this.mic.getTracks()) tr.stop();
      this.mic = null;
      this.micAnalyser = null;
      this.micState = "off";
      this.applyTracks();
      this.onChange();
    } else if (need && !this.mic && this.micState === "off") {
      this.startMic();
    }
  }

  async startMic() {
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      this.micState = "absent"; // no microphone, or a page not served over https
      this.onChange();
      return;
    }
    this.micState = "asking";
    this.onChange();
    // Echo cancellation and the rest suit a phone's speaker; `onenight.voice.raw` turns
    // them off (the tests' tones, a headset).
    const raw = localStorage.getItem(`${KEY}raw`) === "1";
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: !raw, noiseSuppression: !raw, autoGainControl: !raw },
      });
      this.micState = "on";
      this.mic = stream;
      const ctx = this.context();
      if (ctx) {
        this.micAnalyser = ctx.createAnalyser();
        this.micAnalyser.fftSize = 512;
        ctx.createMediaStreamSource(stream).connect(this.micAnalyser);
      }
      this.micFollow(); // the night may have come meanwhile
    } catch (err) {
      const name = err instanceof Error ? err.name : "";
      this.micState = name === "NotAllowedError" || name === "SecurityError" ? "refused" : "absent";
    }
    this.applyTracks();
    this.onChange();
  }

  visibility() {
    clearTimeout(this.hiddenTimer);
    if (document.visibilityState === "hidden") {
      this.hiddenTimer = setTimeout(() => {
        this.hidden = true;
        this.micFollow();
      }, HIDDEN_MS);
    } else if (this.hidden) {
      this.hidden = false;
      this.micFollow();
    }
  }

  // ----- hearing -----

  /** The page's audio context (for my own speaking ring: my microphone's level), made
   * once, when the microphone comes (a page that captures may start one before a tap). */
  context() {
    if (!this.ctx && typeof AudioContext === "function") this.ctx = new AudioContext();
    return this.ctx;
  }

  blockedAudio() {
    if (!this.blocked) {
      this.blocked = true;
      this.onChange();
    }
  }

  unblocked() {
    if (this.blocked) {
      this.blocked = false;
      this.onChange();
    }
  }

  /** A tap lets the voices play (the browser's autoplay rule). */
  unblock() {
    unlockAudio();
    this.context()?.resume().catch(() => {});
    for (const peer of this.peers.values()) peer.audio.play().then(() => this.unblocked(), () => {});
  }

  /** The speaking level (0…1) of each member heard here now, mine included while I talk. */
  levels() {
    /** @type {Map<number, number>} */
    const out = new Map();
    // Only audio that comes: a track sent as null (a whisper to someone else) is silent.
    for (const peer of this.peers.values()) out.set(peer.id, peer.heard());
    if (this.mic && this.transmitting) out.set(this.me, this.myLevel());
    return out;
  }

  /** My level while my voice goes out: my microphone's analyser where the page's audio
   * context runs, else what my connections send (their `media-source` stats), polled:
   * a browser may keep the context suspended until the first tap. */
  myLevel() {
    if (this.micAnalyser && this.ctx?.state === "running") {
      const buf = new Float32Array(this.micAnalyser.fftSize);
      this.micAnalyser.getFloatTimeDomainData(buf);
      let sum = 0;
      for (const x of buf) sum += x * x;
      return Math.min(1, Math.sqrt(sum / buf.length) * 4);
    }
    const track = this.mic?.getAudioTracks()[0];
    const sender = [...this.peers.values()].map((p) => p.sender).find((s) => s && track && s.track === track);
    if (!sender) return 0;
    if (!this.polling) {
      this.polling = true;
      sender.getStats().then((stats) => {
        let level = 0;
        stats.forEach((s) => {
          if (s.type === "media-source" && typeof s.audioLevel === "number") level = s.audioLevel;
        });
        this.sentLevel = Math.min(1, level * 2); // a peak over the last moment, not an RMS
      }, () => {}).finally(() => { this.polling = false; });
    }
    return this.sentLevel;
  }
}
