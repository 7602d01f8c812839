/**
 * Issue 18 item 3, end to end in a real headless Chromium: the end of a round does not block the
 * page. Drill 2033 is played with real mouse input (the aim moved onto each target, plus a
 * steady stream of small moves so the input log is long); from the round's end
 * (`aim:round-end`: roundSubmission.ts `build` starts the end-of-round work in a task of its
 * own after the final frame, whose drawing under SwiftShader on a loaded machine is a long task
 * like any other frame's) to its submission being built
 * (`aim:submission-built`: both analyses' replays and the log's encoding ran, in slices,
 * submission.ts buildSubmissionSliced) no task over 200 ms (issue 33 item 5; seen by the W3C
 * Long Tasks API) runs, and the summary follows with the run stored.
 */
import { aimUntilFinished, clickToStart, newPage, pageErrors, readSummaryAndRow, useE2eSuite } from './harness';

jest.setTimeout(120_000);

const suite = useE2eSuite();

/** The longest task allowed between the round's end and the built submission, ms (issue 33
 * item 5). */
const LONGEST_TASK_MS = 200;

/** Before any page script of the game page (not its frames, such as the ad's): every long
 * task, kept on `window` (the summary opens on the same page, issue 15, so the page reads them
 * and the two marks itself). */
function recordLongTasks(): void {
  if (window !== window.top) return;
  const tasks: Array<{ start: number; duration: number }> = [];
  (window as any).__longTasks = tasks;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch { /* no Long Tasks API */ }
}

test('drill 2033: no long task between the round\'s end and its built submission; the summary follows', async () => {
  const { context, page, errors } = await newPage(suite.browser);
  await page.addInitScript(recordLongTasks);
  await page.goto(`${suite.server.baseUrl}/?id=2033`);
  const mouse = await clickToStart(page);
  const { finished } = await aimUntilFinished(page, mouse, { pauseMs: 20 });
  expect(finished).toBe(true);
  const { row } = await readSummaryAndRow(page, suite.server.databaseFile);
  expect(row.game_id).toBe(2033);
  // the summary is on the game page itself: the same document holds the marks and the tasks
  await page.getByTestId('summary-in-place').waitFor();
  const rec = await page.evaluate(() => {
    const mark = (n: string) => performance.getEntriesByName(n)[0]?.startTime ?? null;
    const tasks = (window as any).__longTasks as Array<{ start: number; duration: number }> | undefined;
    return tasks ? { tasks, roundEnd: mark('aim:round-end'), built: mark('aim:submission-built') } : null;
  });
  expect(rec).not.toBeNull();
  expect(rec!.roundEnd).not.toBeNull();
  expect(rec!.built).not.toBeNull();
  expect(rec!.built!).toBeGreaterThanOrEqual(rec!.roundEnd!);
  const during = rec!.tasks.filter((t) => t.start + t.duration > rec!.roundEnd! && t.start < rec!.built!);
  console.log(`long tasks from 0.5 s before the round's end to 0.5 s after the build, [start from the end, duration] ms: ${JSON.stringify(rec!.tasks.filter((t) => t.start > rec!.roundEnd! - 500 && t.start < rec!.built! + 500).map((t) => [Math.round(t.start - rec!.roundEnd!), Math.round(t.duration)]))}`);
  console.log(`end of round: ${(rec!.built! - rec!.roundEnd!).toFixed(1)} ms from the last tick to the built submission; long tasks in it: ${JSON.stringify(during)}; long tasks in the page: ${rec!.tasks.length}`);
  // issue 33 item 5's bound: no task over 200 ms from the round's end to the summary under the
  // CI machine's load (a frame or the UI's first render of the finishing state under SwiftShader
  // on a busy machine is a long task of 90-160 ms by the API's 50 ms definition)
  expect(during.filter((t) => t.duration > LONGEST_TASK_MS)).toEqual([]);
  expect(pageErrors(errors)).toEqual([]);
  await context.close();
});
