/** Types, JSON schemas and constants shared by client, engine and server. No runtime deps. */
export * from './constants';
export * from './projectState';
export * from './gameConfig';
export * from './performance';
export * from './gameOptions';
export * from './crosshair';
export * from './drillConfig';
export * from './engine';
export * from './settingRanges';
export * from './sensitivityData';
