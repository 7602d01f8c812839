/**
 * The gun sound of each weapon model (src/contracts/weaponModels.ts WEAPON_MODELS; drill field
 * weapon_type), written to assets/sounds/gun/{model}.ogg by sounds.ts with the other sounds.
 * Each is a transient + body + tail design, our own:
 * - pistol: crisp and short (0.35 s): a bright crack, a 1.9 kHz snap, a light 190 → 85 Hz body
 *   and a short airy tail;
 * - rifle: punchier (0.6 s): a full-band crack, a heavy 120 → 42 Hz thump, a low-passed blast
 *   sweeping 4.5 kHz → 300 Hz, saturated harder, and a darker tail;
 * - sniper: heavy with a tail (1.6 s): a sharp supersonic crack, a deep 85 → 30 Hz boom, a
 *   long blast, and a rolling tail with two late reflections (0.19 s and 0.45 s) of the report.
 */
import {
  biquad, buffer, envAD, envFn, fadeEdges, highpass1, lowpass1, mixInto, noise, normalize, osc, saturate, sweep,
} from './dsp';
import type { WeaponModel } from '../../src/contracts/weaponModels';

/** The pistol: crisp, short. */
function pistol(): Float32Array {
  const b = buffer(0.35);
  mixInto(b, envAD(highpass1(noise(0.03, 301), 2500), 0.0001, 0.0025), 1.3); // crack
  mixInto(b, envAD(biquad(noise(0.08, 302), 'bandpass', 1900, 1.4), 0.0003, 0.012), 1.1); // snap
  mixInto(b, envAD(osc(0.35, sweep(190, 85, 0.05)), 0.0008, 0.028), 0.7); // body
  mixInto(b, envAD(lowpass1(noise(0.35, 303), (t) => 3500 * Math.exp(-t / 0.04) + 600), 0.0005, 0.045), 0.9); // blast
  mixInto(b, envAD(biquad(noise(0.35, 304), 'bandpass', 1200, 0.7), 0.005, 0.06, 0.01), 0.25); // short room tail
  return fadeEdges(normalize(saturate(b, 1.6)), 0.0002, 0.04);
}

/** The rifle: punchier, more low end, harder saturation. */
function rifle(): Float32Array {
  const b = buffer(0.6);
  mixInto(b, envAD(highpass1(noise(0.04, 311), 1300), 0.0002, 0.005), 1.3); // crack
  mixInto(b, envAD(osc(0.6, sweep(120, 42, 0.1)), 0.001, 0.08), 1.5); // thump
  mixInto(b, envAD(lowpass1(noise(0.6, 312), (t) => 4500 * Math.exp(-t / 0.05) + 300), 0.0005, 0.05), 1.8); // blast
  mixInto(b, envAD(lowpass1(lowpass1(noise(0.6, 313), 800), 800), 0.01, 0.14, 0.012), 2.0); // tail
  return fadeEdges(normalize(saturate(b, 2.8)), 0.0003, 0.06);
}

/** The sniper: a heavy report with a long rolling tail and two reflections. */
function sniper(): Float32Array {
  const b = buffer(1.6);
  const report = buffer(0.7);
  mixInto(report, envAD(highpass1(highpass1(noise(0.02, 321), 3000), 3000), 0.00005, 0.0018), 1.6); // supersonic crack
  mixInto(report, envAD(osc(0.7, sweep(85, 30, 0.18)), 0.0015, 0.16), 1.7); // boom
  mixInto(report, envAD(lowpass1(noise(0.7, 322), (t) => 3200 * Math.exp(-t / 0.07) + 180), 0.0008, 0.09), 2.0); // blast
  mixInto(b, report, 1);
  // rolling tail: dark noise swelling then dying over a second, and two softer, darker echoes
  const roll = lowpass1(lowpass1(noise(1.6, 323), 450), 450);
  mixInto(b, envFn(roll, (t) => Math.min(1, t / 0.06) * Math.exp(-t / 0.42)), 2.4, 0.02);
  mixInto(b, lowpass1(Float32Array.from(report), 900), 0.35, 0.19);
  mixInto(b, lowpass1(lowpass1(Float32Array.from(report), 600), 600), 0.22, 0.45);
  return fadeEdges(normalize(saturate(b, 2.2)), 0.0002, 0.25);
}

/** file path under assets/sounds → design, one per weapon model. */
export const GUN_SOUND_DESIGNS: Readonly<Record<`gun/${WeaponModel}.ogg`, () => Float32Array>> = {
  'gun/pistol.ogg': pistol,
  'gun/rifle.ogg': rifle,
  'gun/sniper.ogg': sniper,
};
