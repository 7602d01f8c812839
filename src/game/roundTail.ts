/**
 * The round's tail chunk (issue 33 item 5): what only the running round and its end need, loaded
 * by the load's last part (sceneLoading.ts `rt.tail`, GameController.loadTail) once "Click to
 * start" is on screen, so none of its bytes come before the prompt:
 * - the effects and the weapon model (effects/gameEffects.ts, with the glTF loader for the
 *   weapon's glb), the target bars (ShaderMaterial), the arrows and pop-ups layer, the analysis
 *   mode's shot feed, the scope view;
 * - the round's submission and analyses (submission.ts) and the replay's state sampling.
 * The round never starts before it is in (the store holds `run.loadTailPending`).
 */
export { GameEffects } from './effects/gameEffects';
export { TargetBars } from './targetBars';
export { WorldOverlay } from './worldOverlay';
export { ShotFeed } from './shotFeed';
export { ScopeOverlay } from './scopeOverlay';
export { advanceSampled, buildSubmission, buildSubmissionSliced, settingsSnapshot } from './submission';
