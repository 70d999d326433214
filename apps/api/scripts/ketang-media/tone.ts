/**
 * The lesson videos' sound: a quiet plucked-string accompaniment, synthesised here (additive
 * plucks on the five-note 宫商角徵羽 scale over a soft low drone), so no recorded or copyrighted
 * sound is used. Each slide opens with a short rising arpeggio; between openings single notes wander
 * the scale, with rests. A seed makes each lesson's melody its own and every run identical.
 */

/** Sample rate of the synthesised track (enough for these tones; AAC keeps it). */
export const SAMPLE_RATE = 22050;

/** D 宫 pentatonic, D3 … E5 (Hz): 宫 D, 商 E, 角 F♯, 徵 A, 羽 B. */
const SCALE = [146.83, 164.81, 185.0, 220.0, 246.94, 293.66, 329.63, 369.99, 440.0, 493.88, 587.33, 659.26];

/** Small deterministic PRNG (mulberry32), so every run writes the same track. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Adds one plucked note at `start` s: six harmonics, each dying away faster than the one below it (as
 * a plucked string's do), after a 5 ms attack. Additive, so every note is exactly in tune.
 */
function pluck(out: Float32Array, start: number, freq: number, gain: number): void {
  const first = Math.round(start * SAMPLE_RATE);
  const length = Math.min(out.length - first, Math.round(SAMPLE_RATE * 3));
  for (let n = 0; n < length; n++) {
    const t = n / SAMPLE_RATE;
    let sample = 0;
    for (let h = 1; h <= 6; h++) {
      sample += (Math.sin(2 * Math.PI * freq * h * t) / h ** 1.4) * Math.exp(-t * (0.9 + 1.1 * h));
    }
    const attack = Math.min(1, t / 0.005);
    // A short fade at the end so a cut note never clicks.
    const tail = Math.min(1, (length - n) / (SAMPLE_RATE * 0.05));
    out[first + n] += sample * gain * attack * tail;
  }
}

/**
 * The track for a video of `seconds` whose slides start at `cues` (seconds): mono samples −1…1 with
 * a half-second fade in and a one-second fade out.
 */
export function lessonTone(seconds: number, cues: readonly number[], seed: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  const rand = random(seed);
  // Drone: the 宫 note an octave below the scale, breathing slowly.
  for (let n = 0; n < out.length; n++) {
    const t = n / SAMPLE_RATE;
    const swell = 0.5 + 0.5 * Math.sin((2 * Math.PI * t) / 7);
    out[n] += 0.035 * (0.6 + 0.4 * swell) * Math.sin(2 * Math.PI * 73.42 * t);
  }
  for (const cue of cues) {
    const root = [0, 3, 5][Math.floor(rand() * 3)];
    [0, 2, 4].forEach((step, k) => {
      pluck(out, cue + 0.05 + k * 0.18, SCALE[Math.min(SCALE.length - 1, root + step)], 0.42 - k * 0.06);
    });
  }
  // Wandering notes between the openings: steps of one or two scale degrees, sometimes a rest.
  let degree = 6;
  for (let t = 1.6; t < seconds - 2; t += 1.1 + rand() * 1.1) {
    if (cues.some((cue) => t > cue - 0.4 && t < cue + 1.0)) continue;
    if (rand() < 0.25) continue;
    degree = Math.max(3, Math.min(SCALE.length - 1, degree + Math.round((rand() - 0.5) * 4)));
    pluck(out, t, SCALE[degree], 0.3 + rand() * 0.12);
  }
  let peak = 0;
  for (const v of out) peak = Math.max(peak, Math.abs(v));
  const scale = peak > 0 ? 0.6 / peak : 1;
  for (let n = 0; n < out.length; n++) {
    const t = n / SAMPLE_RATE;
    const fade = Math.min(1, t / 0.5, (seconds - t) / 1.0);
    out[n] *= scale * Math.max(0, fade);
  }
  return out;
}

/** A mono 16-bit PCM WAV file of `samples` (−1…1) at {@link SAMPLE_RATE}. */
export function wavFile(samples: Float32Array): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((v, i) => {
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32767), i * 2);
  });
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
