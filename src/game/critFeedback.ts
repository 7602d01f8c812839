/**
 * Whether a crit means anything to the player in a drill (issue 35 item 3): where it does not,
 * a crit gets no CRIT pop-up and no crit sound: it is a plain hit to the eye and ear. The rule
 * itself lives in src/drill/critRules.ts (the synthetic human's aim point uses it too).
 */
export { critMatters } from '../drill/critRules';
