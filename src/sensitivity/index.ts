/** Sensitivity conversion from other games (spec sections 3 and 5). Pure: no DOM, no deps. */
export * from './fov';
export * from './games';
export * from './convert';
export * from './match';
export * from './twoWay';
