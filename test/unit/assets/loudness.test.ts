/**
 * The loudness meter of the asset script (scripts/generate-assets/loudness.ts, ITU-R BS.1770-4)
 * against the standard's reference, and the sound mix of issue 35 item 7 as the table measures it.
 */
import { audibleDuration, integratedLoudness, kWeightingCoefficients, spectralCentroid } from '../../../scripts/generate-assets/loudness';
import { loudnessRows } from '../../../scripts/generate-assets/loudnessTable';

const sine = (f: number, seconds: number, rate: number, amp = 1): Float32Array =>
  Float32Array.from({ length: Math.round(seconds * rate) }, (_, i) => amp * Math.sin((2 * Math.PI * f * i) / rate));

test('K-weighting at 48 kHz gives BS.1770-4 Table 1 and 2 coefficients', () => {
  const [shelf, hp] = kWeightingCoefficients(48000);
  expect(shelf[0]).toBeCloseTo(1.53512485958697, 6);
  expect(shelf[3]).toBeCloseTo(-1.69065929318241, 6);
  expect(shelf[4]).toBeCloseTo(0.73248077421585, 6);
  expect(hp[3]).toBeCloseTo(-1.99004745483398, 6);
  expect(hp[4]).toBeCloseTo(0.99007225036621, 6);
});

test('a full-scale 997 Hz sine reads −3.01 LUFS (EBU Tech 3341), at 48 and 44.1 kHz; −20 dB of gain reads 20 LU less', () => {
  expect(integratedLoudness(sine(997, 5, 48000), 48000)).toBeCloseTo(-3.01, 1);
  expect(integratedLoudness(sine(997, 5, 44100), 44100)).toBeCloseTo(-3.01, 1);
  expect(integratedLoudness(sine(997, 5, 44100), 44100, 0.1)).toBeCloseTo(-23.01, 1);
  expect(integratedLoudness(new Float32Array(44100), 44100)).toBe(-Infinity);
});

test('duration and spectral centroid of a tone', () => {
  expect(spectralCentroid(sine(1000, 0.5, 44100), 44100)).toBeGreaterThan(900);
  expect(spectralCentroid(sine(1000, 0.5, 44100), 44100)).toBeLessThan(1300);
  const s = new Float32Array(44100);
  s.set(sine(500, 0.25, 44100));
  expect(audibleDuration(s, 44100)).toBeCloseTo(0.25, 2);
});

test('the mix at the default settings: every in-round cue louder than every menu sound; the hit sounds as loud as each other (within 1 LU) and differing in duration or centroid', () => {
  const rows = loudnessRows();
  const by = (f: string) => rows.find((r) => r.file === f)!;
  const menus = ['menu_open.ogg', 'menu_close.ogg', 'hover.ogg', 'switch.ogg'].map(by);
  const inRound = [...rows.filter((r) => r.file.startsWith('hitsound/')), by('crit.ogg'), by('death.ogg'), by('gun.ogg'), by('spawn.ogg')];
  const loudestMenu = Math.max(...menus.map((r) => r.lufs));
  for (const r of inRound) expect([r.file, r.lufs > loudestMenu + 3]).toEqual([r.file, true]);
  const hits = rows.filter((r) => r.file.startsWith('hitsound/'));
  // SOUND_MIX_DB brings each hit sound to about the same loudness, so changing the hit sound
  // changes its character, not its level (the distinctness rule itself: hitSoundDesign.test.ts)
  const hitLufs = hits.map((r) => r.lufs);
  expect(Math.max(...hitLufs) - Math.min(...hitLufs)).toBeLessThan(1);
  for (const a of hits) {
    for (const b of hits) {
      if (a === b) continue;
      const differ = Math.abs(a.seconds - b.seconds) > 0.03 || Math.abs(a.centroidHz - b.centroidHz) / Math.max(a.centroidHz, b.centroidHz) > 0.15;
      expect([a.file, b.file, differ]).toEqual([a.file, b.file, true]);
    }
  }
});
