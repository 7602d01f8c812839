/**
 * `npm run assets:loudness`: prints the loudness table of assets/README.md (issue 35 item 7):
 * for every shipped sound, its category (src/audio/soundCatalogue.ts), the gain a new player
 * hears it at (src/audio/audioMath.ts soundGain of the default options × the sound's mix trim,
 * soundMixGain), the integrated loudness (LUFS, ITU-R BS.1770-4, loudness.ts) of the sound at
 * that gain, its duration (to 60 dB under the peak) and its spectral centroid. Measured on the
 * generator's samples (sounds.ts SOUND_DESIGNS), the files' source before the Vorbis encoding.
 */
import { SAMPLE_RATE } from './dsp';
import { SOUND_DESIGNS } from './sounds';
import { audibleDuration, integratedLoudness, spectralCentroid } from './loudness';
import { defaultGameOptions } from '../../src/contracts/gameOptions';
import { soundGain } from '../../src/audio/audioMath';
import { SOUNDS, soundMixGain, type SoundName } from '../../src/audio/soundCatalogue';


/** One row of the table. */
export interface LoudnessRow { file: string; category: string; gain: number; lufs: number; lufsFile: number; seconds: number; centroidHz: number }

/** The table's rows, in SOUND_DESIGNS order. */
export function loudnessRows(): LoudnessRow[] {
  const audio = defaultGameOptions().audio;
  return Object.entries(SOUND_DESIGNS).map(([file, design]) => {
    const samples = design();
    const hit = file.startsWith('hitsound/');
    const name = (hit ? 'hit' : file.replace(/\.ogg$/, '')) as SoundName | 'hit';
    // the weapons' gun sounds (gun/<model>.ogg) play as the gun sound, category gun
    const category = hit ? 'reward' : file.startsWith('gun/') ? SOUNDS.gun.category : SOUNDS[name as SoundName].category;
    const gain = soundGain(audio, category) * soundMixGain(`/assets/sounds/${file}`);
    return {
      file, category, gain,
      lufs: integratedLoudness(samples, SAMPLE_RATE, gain),
      lufsFile: integratedLoudness(samples, SAMPLE_RATE),
      seconds: audibleDuration(samples, SAMPLE_RATE),
      centroidHz: spectralCentroid(samples, SAMPLE_RATE),
    };
  });
}

if (process.argv[1]?.endsWith('loudnessTable.ts')) {
  const f = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : 'silent');
  console.log('| sound | category | default gain | LUFS at that gain | LUFS of the file | duration s | spectral centroid Hz |');
  console.log('|---|---|---|---|---|---|---|');
  // the file as plain text (not code): assets/README.md's file list is the rows that start with
  // a code span, and this table lists the same files again
  for (const r of loudnessRows()) console.log(`| sounds/${r.file} | ${r.category} | ${r.gain.toFixed(3)} | ${f(r.lufs)} | ${f(r.lufsFile)} | ${r.seconds.toFixed(3)} | ${Math.round(r.centroidHz)} |`);
}
