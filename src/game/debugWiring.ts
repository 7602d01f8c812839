/**
 * The game controller's `window.__aimDebug` (debugHook.ts; the e2e tests read it): the engine,
 * the live sensitivity and the crosshair spread, plus the sounds played, the target model's
 * parts, the engine's counters, the frames rendered and the effects' statistics with the
 * automatic render scale. Installed by each round's start, removed by dispose.
 */
import { createDebugHook, type AimDebugHook } from './debugHook';
import type { AudioWiring } from './audioWiring';
import type { EffectsWiring } from './effectsWiring';
import type { GameRuntime } from './gameRuntime';
import type { HudFeed } from './hudFeed';
import type { RoundStats } from './roundStats';
import type { Viewport } from './viewport';

/** The controller's parts the hook reads (each at every call). */
export interface DebugParts {
  rt: GameRuntime;
  sound: AudioWiring;
  hud: HudFeed;
  stats: RoundStats;
  effects: EffectsWiring;
  viewport: Viewport;
}

export function createControllerDebugHook({ rt, sound, hud, stats, effects, viewport }: DebugParts): AimDebugHook {
  const hook = createDebugHook(() => rt.engine, () => rt.liveSettings(), () => hud.lastSpread);
  hook.sounds = () => sound.audio.played.map((p) => ({ ...p }));
  hook.targetParts = () => rt.gs?.targets.meshes.map((m) => m.name) ?? [];
  hook.counters = () => rt.engine?.counters() ?? null;
  hook.frames = () => stats.frameCount;
  hook.effects = () => {
    const fx = effects.fx;
    const autoQ = viewport.autoQ;
    return fx ? { ...fx.stats(), renderScale: autoQ ? autoQ.scale : null } : null;
  };
  return hook;
}
