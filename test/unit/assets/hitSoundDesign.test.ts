/**
 * Issue 35 item 7: the generated hit sounds are each a transient + body + tail and are told
 * apart by ear: any two differ in duration (≥ 1.5x) or spectral centroid (≥ 1.25x). Measured on
 * the generator's samples (scripts/generate-assets/sounds.ts SOUND_DESIGNS, re-synthesised here:
 * the same numbers as the loudness table of assets/README.md), and the committed .ogg files
 * checked to be those designs (same sample count, Ogg stream serial of the file's name).
 */
import fs from 'node:fs';
import path from 'node:path';
import { SAMPLE_RATE } from '../../../scripts/generate-assets/dsp';
import { audibleDuration, spectralCentroid } from '../../../scripts/generate-assets/loudness';
import { oggSerialOf, SOUND_DESIGNS } from '../../../scripts/generate-assets/sounds';
import { HIT_SOUND_NAMES } from '../../../src/audio/soundCatalogue';

const ROOT = path.resolve(__dirname, '../../../assets/sounds');

interface Shape {
  file: string;
  seconds: number;      // audible duration (to 60 dB under the peak)
  centroidHz: number;   // spectral centroid of the whole sound
  peakMs: number;       // where the loudest sample is
  envPeakMs: number;    // start of the loudest 5 ms window (RMS)
  bodyEndMs: number;    // end of the last 5 ms window within 20 dB of the loudest one
  tailEnergy: number;   // share of the sound's energy after bodyEndMs
}

/** The measured shape of the sound `file` (a key of SOUND_DESIGNS). */
function shapeOf(file: string): Shape {
  const s = SOUND_DESIGNS[file]();
  const win = Math.round(0.005 * SAMPLE_RATE);
  const env: number[] = [];
  for (let i = 0; i + win <= s.length; i += win) {
    let e = 0;
    for (let j = i; j < i + win; j++) e += s[j] * s[j];
    env.push(e);
  }
  const envMax = Math.max(...env);
  const envPeak = env.indexOf(envMax);
  let bodyEnd = envPeak;
  env.forEach((e, k) => { if (e >= envMax / 100) bodyEnd = k + 1; }); // −20 dB in power
  let peak = 0, peakAt = 0;
  s.forEach((v, i) => { if (Math.abs(v) > peak) { peak = Math.abs(v); peakAt = i; } });
  const total = env.reduce((a, e) => a + e, 0);
  const after = env.slice(bodyEnd).reduce((a, e) => a + e, 0);
  return {
    file,
    seconds: audibleDuration(s, SAMPLE_RATE),
    centroidHz: spectralCentroid(s, SAMPLE_RATE),
    peakMs: (peakAt / SAMPLE_RATE) * 1000,
    envPeakMs: envPeak * 5,
    bodyEndMs: bodyEnd * 5,
    tailEnergy: after / total,
  };
}

const hits = HIT_SOUND_NAMES.map((n) => shapeOf(`hitsound/${n}.ogg`));

test('the six hit sounds differ pairwise: durations ≥ 1.5x apart or spectral centroids ≥ 1.25x apart', () => {
  expect(hits).toHaveLength(6);
  for (let i = 0; i < hits.length; i++) {
    for (let j = i + 1; j < hits.length; j++) {
      const a = hits[i], b = hits[j];
      const durRatio = Math.max(a.seconds, b.seconds) / Math.min(a.seconds, b.seconds);
      const centroidRatio = Math.max(a.centroidHz, b.centroidHz) / Math.min(a.centroidHz, b.centroidHz);
      expect([a.file, b.file, durRatio >= 1.5 || centroidRatio >= 1.25]).toEqual([a.file, b.file, true]);
    }
  }
  // and no two share a centroid band: a 1.2x margin at least between any two (pong and pop
  // shared 1.2 kHz before the redesign)
  const centroids = hits.map((h) => h.centroidHz).sort((x, y) => x - y);
  for (let k = 1; k < centroids.length; k++) expect(centroids[k] / centroids[k - 1]).toBeGreaterThan(1.2);
});

test.each([...hits.map((h) => h.file), 'crit.ogg'])('%s: a transient (loudest in the first 10 ms), then a body and a decaying tail', (file) => {
  const h = shapeOf(file);
  expect(h.peakMs).toBeLessThan(10);
  expect(h.envPeakMs).toBeLessThan(10);
  // the tail: the sound goes on decaying after its body (the part within 20 dB of the loudest
  // 5 ms) for at least as long as the body lasted and 20 ms, holding some of the energy; a sound
  // cut off at the end of its body fails this
  const tailMs = h.seconds * 1000 - h.bodyEndMs;
  expect(tailMs).toBeGreaterThanOrEqual(Math.max(20, h.bodyEndMs));
  expect(h.tailEnergy).toBeGreaterThan(0.001);
});

test.each(['spawn.ogg', 'blocked.ogg'])('%s: starts within 10 ms and fades out in a tail (no hard stop)', (file) => {
  const h = shapeOf(file);
  expect(h.peakMs).toBeLessThan(10);
  const tailMs = h.seconds * 1000 - h.bodyEndMs;
  expect(tailMs).toBeGreaterThanOrEqual(Math.max(50, 0.4 * h.bodyEndMs));
});

/** Sample count (last granule position) and stream serial of an Ogg Vorbis file. */
function oggInfo(buf: Buffer): { granule: number; serial: number } {
  let off = 0, granule = 0;
  const serial = buf.readUInt32LE(14);
  while (off < buf.length) {
    const nseg = buf[off + 26];
    let body = 0;
    for (let k = 0; k < nseg; k++) body += buf[off + 27 + k];
    const g = Number(buf.readBigInt64LE(off + 6));
    if (g > 0) granule = g;
    off += 27 + nseg + body;
  }
  return { granule, serial };
}

test.each(Object.keys(SOUND_DESIGNS))('assets/sounds/%s is the generator\'s design (same length, serial of its name)', (file) => {
  const info = oggInfo(fs.readFileSync(path.join(ROOT, file)));
  expect(info.granule).toBe(SOUND_DESIGNS[file]().length);
  expect(info.serial).toBe(oggSerialOf(file));
});
