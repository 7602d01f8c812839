/** Settings state: the `settings` slice, its pure rules (clamping, bindings, presets) and
 * the helpers that turn game options into page keys and HUD preferences. */
export * from './options';
export * from './clampAndRound';
export * from './bindings';
export * from './presets';
export * from './settingsSlice';
