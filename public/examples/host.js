// The example host app (issue 12): a drill list of its own, the game in a modal through the SDK,
// and its own summary modal from `drill-complete`. It uses nothing of the game but /sdk/host.js.
// `?game=https://game.example` names the game server (default: this page's own origin).
const gameOrigin = new URLSearchParams(location.search).get('game') || location.origin;
const { embedDrill } = await import(new URL('/sdk/host.js', gameOrigin).href);

const DRILLS = [
  { id: 2033, name: 'Test Drill', note: 'A short warm-up' },
  { id: 134, name: 'Gridshot Classic', note: 'Click speed' },
  { id: 143, name: 'Smooth Tracking', note: 'Tracking' },
  { id: 148, name: '180 Switch', note: 'Target switching' },
];

const $ = (id) => document.getElementById(id);
/** Every event the game sent, in order (also shown in the log): `{ event, detail }`. */
window.hostEvents = [];
let game = null;
let lastDrill = null;

function log(event, detail) {
  window.hostEvents.push({ event, detail });
  const li = document.createElement('li');
  li.textContent = `${event} ${JSON.stringify(detail)}`;
  $('log').append(li);
  li.scrollIntoView({ block: 'nearest' });
}

function openGame(drill) {
  closeGame();
  lastDrill = drill;
  $('summary-modal').hidden = true;
  $('game-title').textContent = drill.name;
  $('game-modal').hidden = false;
  game = embedDrill({ container: $('game-slot'), drillId: drill.id, source: 'trainer', gameOrigin });
  for (const name of ['ready', 'game-status-update', 'project-started', 'paused', 'resumed', 'drill-complete', 'in-game-quit-pressed', 'error']) {
    game.on(name, (detail) => log(name, detail));
  }
  game.on('drill-complete', (d) => {
    closeGame();
    showSummary(d);
  });
  game.on('in-game-quit-pressed', () => closeGame());
}

function closeGame() {
  game?.destroy();
  game = null;
  $('game-modal').hidden = true;
}

function showSummary(d) {
  $('summary-title').textContent = `${d.gameName}: done`;
  const result = $('summary-result');
  result.textContent = d.passed ? 'Objective met' : 'Objective not met yet';
  result.className = `result ${d.passed ? 'result--passed' : 'result--failed'}`;
  const stats = [
    ['Targets', d.stats.targets_destroyed],
    ['Accuracy', `${d.stats.accuracy} %`],
    ['Time to kill', `${Math.round(d.stats.time_destroy)} ms`],
    ['Hits', d.stats.hits],
    ['Shots', d.stats.shots],
    ['Best', d.bestScore ?? '–'],
  ];
  $('summary-stats').replaceChildren(
    ...stats.map(([k, v]) => {
      const div = document.createElement('div');
      const dt = document.createElement('dt');
      const dd = document.createElement('dd');
      dt.textContent = k;
      dd.textContent = String(v);
      div.append(dt, dd);
      return div;
    }),
  );
  $('summary-slot').replaceChildren();
  $('summary-full').onclick = () => {
    // the game's own summary of this run, embedded (readable by the player who made it)
    const frame = document.createElement('iframe');
    frame.title = 'Drill summary';
    frame.src = new URL(`/app/#/drill-summary?run=${d.runId}`, gameOrigin).href;
    $('summary-slot').replaceChildren(frame);
  };
  $('summary-modal').hidden = false;
}

$('drills').replaceChildren(
  ...DRILLS.map((d) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.drill = String(d.id);
    b.innerHTML = '<strong></strong><span></span>';
    b.querySelector('strong').textContent = d.name;
    b.querySelector('span').textContent = d.note;
    b.onclick = () => openGame(d);
    li.append(b);
    return li;
  }),
);
$('pause').onclick = () => game?.pause();
$('resume').onclick = () => game?.resume();
$('quit').onclick = () => game?.quit();
$('close').onclick = () => closeGame();
$('summary-close').onclick = () => ($('summary-modal').hidden = true);
$('summary-again').onclick = () => lastDrill && openGame(lastDrill);
document.documentElement.dataset.ready = 'true';
