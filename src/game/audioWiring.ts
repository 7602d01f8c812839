/**
 * The game controller's sound (createGameController.ts): the game's audio (src/audio/gameAudio.ts:
 * the events' sounds, music, the menus' sounds while a drill is loaded) and the cues read from
 * the round each frame (src/audio/roundCues.ts: steps while walking, reload sounds).
 */
import type { EngineEvent } from '../contracts/engine';
import { GameAudio } from '../audio/gameAudio';
import { RoundCues } from '../audio/roundCues';
import { setUiSoundPlayer } from '../audio/uiSounds';

export class AudioWiring {
  readonly audio = new GameAudio();
  private readonly cues = new RoundCues(); // steps while walking, reload sounds

  /** The menus' sounds play through this audio (a drill is loaded). */
  serveUiSounds(): void {
    setUiSoundPlayer((name) => this.audio.playUi(name));
  }

  /** Fetches and decodes every sound of `options`, the gun sound of `weaponType` (the drill's
   * weapon_type) among them. */
  load(options: Parameters<GameAudio['load']>[0], weaponType: string | null = null): Promise<void> {
    void this.audio.setWeapon(weaponType);
    return this.audio.load(options);
  }

  /** A rendered frame's sounds: the events', then the steps and the reload of the frame's state. */
  playEvents(events: EngineEvent[], now: number): void {
    this.audio.playEvents(events, now);
  }

  /** The frame's cues (after its events): steps on or off, a reload sound. */
  cueFrame(now: number, eye: { x: number; z: number }, clip: { size: number; remaining: number; reloadProgress: number }): void {
    const cue = this.cues.frame(now, eye, clip);
    this.audio.setWalking(cue.walking);
    if (cue.reload !== 0) this.audio.playReload(cue.reload, now);
  }

  /** A round starts: the countdown's music stops, the queue and the cues start over. */
  roundStarted(): void {
    this.audio.unlock();
    this.audio.stopMusic(); // the countdown is over
    this.audio.resetQueue();
    this.cues.reset();
  }

  /** Paused: no steps, the cues start over on resume. */
  paused(): void {
    this.audio.setWalking(false);
    this.cues.reset();
  }

  dispose(): void {
    setUiSoundPlayer(null);
    this.audio.dispose();
  }
}
