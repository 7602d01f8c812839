/**
 * One side of render-cpu (renderCpu.ts) in its own process: `renderCpuChild.ts <ours|bare|meshes>
 * <N>` builds the side, warms it up, sends 'ready', then answers each IPC message 'run' with
 * `{ samples }` (FRAMES frame times, ms) and 'drawCalls' with `{ drawCalls }`.
 */
import { SIDES, warmSide } from './renderCpu';

const [side, n] = [process.argv[2] as keyof typeof SIDES, Number(process.argv[3])];
if (!(side in SIDES) || !(n > 0)) throw new Error(`usage: renderCpuChild.ts <${Object.keys(SIDES).join('|')}> <N>`);
const s = await warmSide(side, n);
process.on('message', (msg) => {
  if (msg === 'run') {
    const samples: number[] = [];
    s.run(samples);
    process.send!({ samples });
  } else if (msg === 'drawCalls') process.send!({ drawCalls: s.drawCalls() });
});
process.on('disconnect', () => process.exit(0));
process.send!('ready');
