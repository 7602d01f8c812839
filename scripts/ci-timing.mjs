/**
 * The CI timing table (issue 34 item 6): reads Jest's JSON report (default
 * test-results/jest.json, written by `.ci/run`) and prints, per project (unit = test/unit,
 * server = test/server, dom = test/ui, e2e = test/e2e), the number of files, their summed
 * run time in seconds and the five slowest files. `npm test` runs two files at a time
 * (--maxWorkers=2), so the wall time is about half the sum when the order packs well
 * (test/ciSequencer.cjs: slowest first, by test/ci-times.json).
 * Usage: node scripts/ci-timing.mjs [report.json] [--write test/ci-times.json]. With --write
 * it also writes the sequencer's table: every file's seconds and each project's mean seconds
 * per file (commit it when the suite's times have moved). Prints nothing and exits 0 when the
 * report is missing (the build failed before Jest ran).
 */
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const writeAt = args.indexOf('--write');
const writeTo = writeAt >= 0 ? args[writeAt + 1] : null;
if (writeAt >= 0 && !writeTo) throw new Error('--write needs a file name (test/ci-times.json)');
const file = args.filter((a, i) => a !== '--write' && (writeAt < 0 || i !== writeAt + 1))[0] ?? 'test-results/jest.json';
if (!fs.existsSync(file)) process.exit(0);
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
const groups = new Map();
for (const r of report.testResults) {
  const rel = path.relative(process.cwd(), r.name);
  const project = rel.split(path.sep)[1] === 'ui' ? 'dom' : rel.split(path.sep)[1] ?? '?';
  const s = Math.max(0, (r.endTime - r.startTime) / 1000);
  if (!groups.has(project)) groups.set(project, []);
  groups.get(project).push({ rel, s });
}
const total = [...groups.values()].flat().reduce((a, f) => a + f.s, 0);
console.log(`== test time by project (sum of file times: ${total.toFixed(0)} s)`);
console.log('project   files   seconds   share   slowest files');
for (const [project, files] of [...groups].sort((a, b) => b[1].reduce((x, f) => x + f.s, 0) - a[1].reduce((x, f) => x + f.s, 0))) {
  const sum = files.reduce((a, f) => a + f.s, 0);
  const slow = [...files].sort((a, b) => b.s - a.s).slice(0, 5).map((f) => `${path.basename(f.rel)} ${f.s.toFixed(0)}s`).join(', ');
  console.log(`${project.padEnd(8)} ${String(files.length).padStart(6)} ${sum.toFixed(0).padStart(9)} ${((100 * sum) / (total || 1)).toFixed(0).padStart(6)} %   ${slow}`);
}
if (writeTo) {
  const files = {};
  const projects = {};
  for (const [project, list] of groups) {
    for (const f of list) files[f.rel.split(path.sep).join('/')] = Math.round(f.s);
    projects[project] = Math.round((10 * list.reduce((a, f) => a + f.s, 0)) / list.length) / 10;
  }
  const sorted = Object.fromEntries(Object.entries(files).sort((a, b) => b[1] - a[1]));
  const source = `${file} of ${new Date(report.startTime ?? Date.now()).toISOString()} (sum of file times ${total.toFixed(0)} s)`;
  fs.writeFileSync(writeTo, `${JSON.stringify({ source, projects, files: sorted }, null, 2)}\n`);
  console.log(`wrote ${writeTo}: ${Object.keys(sorted).length} files`);
}
