// The entry of a re-simulation worker thread (src/server/verifyPool.ts, piscina): registers
// tsx's TypeScript loader in this thread (workers do not inherit Jest's ts-jest transform, and
// need not run under `tsx` themselves), then exports the task of src/server/replayTask.ts.
import { register } from 'tsx/esm/api';

register();
const { default: verifyTask } = await import('./replayTask.ts');

export default verifyTask;
