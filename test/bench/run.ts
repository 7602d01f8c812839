/**
 * `npm run bench [-- tick|hittest|json-depth|gc|analysis|run-analysis|plausibility|server|verify|bundle|load-time|render|million ...]`: runs the benchmarks of
 * shared/reference/benchmarks.md that live in Node (default: all of them) and prints markdown
 * tables for BENCHMARKS.md. Absolute times are printed, never gated: the process exits 0 even
 * when a goal is missed (the "goal" column says so).
 */
import os from 'node:os';
import { fmt, row } from './harness';

const which = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const want = (name: string) => which.length === 0 || which.includes(name);
/** the browser benchmarks need builds (README "Benchmarks"): only when named */
const named = (name: string) => which.includes(name);

async function main(): Promise<void> {
  console.log(`# bench: Node ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model ?? '?'}, ${os.platform()} ${os.arch()}, ${new Date().toISOString()}\n`);

  if (want('tick')) {
    const { tickBench } = await import('./tick');
    console.log('## tick: ECS pipeline vs plain object-per-target loop (per tick)\n');
    console.log(row(['N', 'ECS mean', 'ECS p50', 'ECS p99', 'ECS max', 'plain mean', 'plain p50', 'plain p99', 'plain max', 'median ratio (rounds)', 'kills+spawns/tick ECS / plain', 'goal']));
    console.log(row(Array(12).fill('---')));
    for (const n of [1, 10, 100, 1000, 10000]) {
      const r = tickBench(n);
      let goal = '-';
      if (n === 1000) goal = `ratio <= 0.6 ${r.medianRatio <= 0.6 ? 'MET' : 'NOT MET'}, p99 <= 0.5 ms ${r.a.p99 <= 0.5 ? 'MET' : 'NOT MET'}`;
      if (n === 10000) goal = `ratio <= 0.35 ${r.medianRatio <= 0.35 ? 'MET' : 'NOT MET'}`;
      console.log(row([
        n, fmt(r.a.mean), fmt(r.a.p50), fmt(r.a.p99), fmt(r.a.max), fmt(r.b.mean), fmt(r.b.p50), fmt(r.b.p99), fmt(r.b.max),
        `${r.medianRatio.toFixed(3)} (${r.ratios.map((x) => x.toFixed(2)).join(' ')})`,
        `${(r.ecsPerTick.kills).toFixed(2)}+${r.ecsPerTick.spawns.toFixed(2)} / ${(r.plainPerTick.kills).toFixed(2)}+${r.plainPerTick.spawns.toFixed(2)}`,
        goal,
      ]));
    }
    console.log('');
  }

  if (want('hittest')) {
    const { hittestBench } = await import('./hittest');
    console.log('## hittest: analytic ray vs sphere on ECS data (raycastTargets) vs Babylon scene.pickWithRay (per ray)\n');
    console.log(row(['N spheres = N rays', 'rays timed (pick)', 'analytic mean', 'analytic p99', 'pickWithRay mean', 'pickWithRay p99', 'speed-up (median of rounds)', 'analytic = float64 brute force', 'pickWithRay agrees', 'goal >= 20x']));
    console.log(row(Array(10).fill('---')));
    for (const n of [10, 100, 1000, 10000]) {
      const r = hittestBench(n);
      console.log(row([
        n, r.pickRays, fmt(r.a.mean), fmt(r.a.p99), fmt(r.b.mean), fmt(r.b.p99), `${(1 / r.medianRatio).toFixed(1)}x`,
        `${r.agreeRef}/${n} (${r.hits} hits)`, `${r.agreePick}/${r.pickRays}`,
        1 / r.medianRatio >= 20 ? 'MET' : 'NOT MET',
      ]));
    }
    console.log('');
  }

  if (want('render-cpu')) {
    const { renderCpuBench } = await import('./renderCpu');
    console.log('## render-cpu: our Babylon view (targets + bars + particles) vs a bare thin-instance scene and vs separate meshes, NullEngine, JS per frame\n');
    console.log(row(['N', 'ours mean', 'ours p50', 'ours p99', 'bare TI mean', 'bare TI p50', 'bare TI p99', 'ours / bare (median of rounds of means)', 'p50 ours / bare', 'separate meshes mean', 'ours / meshes (median)', 'target draw calls ours / bare / meshes', 'goal: <= 1.3x bare, <= 0.05x meshes, <= 3 draw calls']));
    console.log(row(Array(13).fill('---')));
    // RENDER_CPU_N=1000: one N only (each N's sides share the process's JIT state with the others')
    const ns = process.env.RENDER_CPU_N ? process.env.RENDER_CPU_N.split(',').map(Number) : [10, 100, 1000];
    for (const n of ns) {
      const r = await renderCpuBench(n);
      const met = r.vsBare.medianRatio <= 1.3 && r.vsMeshes.medianRatio <= 0.05 && r.drawCalls.ours <= 3;
      console.log(row([
        n, fmt(r.vsBare.a.mean), fmt(r.vsBare.a.p50), fmt(r.vsBare.a.p99), fmt(r.vsBare.b.mean), fmt(r.vsBare.b.p50), fmt(r.vsBare.b.p99),
        `${r.vsBare.medianRatio.toFixed(3)} (${r.vsBare.ratios.map((x) => x.toFixed(2)).join(' ')})`, (r.vsBare.a.p50 / r.vsBare.b.p50).toFixed(2),
        fmt(r.vsMeshes.b.mean), r.vsMeshes.medianRatio.toFixed(3),
        `${r.drawCalls.ours} / ${r.drawCalls.bare} / ${r.drawCalls.meshes}`,
        n === 1000 ? (met ? 'MET' : 'NOT MET') : '-',
      ]));
    }
    console.log('');
  }

  if (want('end-of-round')) {
    const { endOfRoundBench } = await import('./endOfRound');
    await endOfRoundBench();
  }

  if (want('json-depth')) {
    // moved here from test/server/limits.test.ts (issue 34 item 6: no timing gate in the unit
    // suite): the pre-parse depth scan of a 10 MB body, goal well under a second
    const { jsonDepthExceeds } = await import('../../src/server/limits');
    const { stats } = await import('./harness');
    const wide = `[${'{"a":[1,2,"x"]},'.repeat(600_000)}{}]`;
    const ms: number[] = [];
    for (let i = 0; i < 7; i++) {
      const t0 = performance.now();
      if (jsonDepthExceeds(wide, 64)) throw new Error('jsonDepthExceeds: a wide body read as too deep');
      ms.push(performance.now() - t0);
    }
    const st = stats(ms.slice(2)); // the first two warm the JIT
    console.log(`## json-depth: jsonDepthExceeds over a ${(wide.length / 1e6).toFixed(1)} MB wide body (src/server/limits.ts)\n`);
    console.log(row(['runs', 'mean', 'p50', 'max', 'goal < 1000 ms']));
    console.log(row(Array(5).fill('---')));
    console.log(row([ms.length - 2, fmt(st.mean), fmt(st.p50), fmt(st.max), st.max < 1000 ? 'MET' : 'NOT MET']));
    console.log('');
  }

  if (want('analysis')) {
    const { analysisBench } = await import('./analysis');
    analysisBench();
  }

  if (want('run-analysis')) {
    const { runAnalysisBench } = await import('./runAnalysisBench');
    runAnalysisBench();
  }

  if (named('plausibility')) {
    const { plausibilityBench } = await import('./plausibilityBench');
    plausibilityBench();
  }

  if (want('gc')) {
    const { gcBench } = await import('./gc');
    await gcBench();
  }

  if (named('bundle')) {
    const { bundleBench } = await import('./loadTime');
    bundleBench();
  }

  if (named('load-time')) {
    const { loadTimeBench } = await import('./loadTime');
    await loadTimeBench(Number(process.env.LOADTIME_ROUNDS) || 7);
  }

  if (named('render')) {
    const { renderBench } = await import('./render');
    await renderBench();
  }

  if (named('million')) {
    const { millionBench } = await import('./million');
    await millionBench();
  }

  if (want('server')) {
    const { serverBench } = await import('./server');
    await serverBench();
  }

  if (named('verify')) {
    const { verifyBench } = await import('./verify');
    await verifyBench();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
