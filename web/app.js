// The tradgames page: pick a variant, play both sides by clicking, inspect the legal moves,
// the move list, the position string and the PDN. Rules, notation and pictures all come from
// the library (tradgames.js); this file only maps clicks to the legal moves it returns.
import createTradgames from './tradgames.js';

const $ = (id) => document.getElementById(id);
const SVG_NS = 'http://www.w3.org/2000/svg';

const state = {
  tg: null,
  variants: [],
  game: null,
  flipped: false,
  selected: null,  // vertex name of the chosen piece, or null
  legal: [],       // legal move objects of the current position
};

function showError(e) {
  const box = $('error');
  if (!e) {
    box.hidden = true;
    box.textContent = '';
    return;
  }
  box.hidden = false;
  box.textContent = e.name && e.name !== 'Error' ? `${e.name}: ${e.message}` : e.message || String(e);
}

/** Runs f, showing a library error instead of throwing it. */
function guarded(f) {
  return (...args) => {
    try {
      showError(null);
      return f(...args);
    } catch (e) {
      showError(e);
      return undefined;
    }
  };
}

function currentVariant() {
  return state.variants.find((v) => v.name === $('variant').value);
}

/** The options form: one input per declared option, typed. */
function buildOptions(variant) {
  const form = $('options');
  form.replaceChildren();
  for (const o of variant.options) {
    const id = `opt-${o.name}`;
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = o.name;
    let input;
    if (o.type === 'boolean') {
      input = document.createElement('input');
      input.type = 'checkbox';
      input.checked = o.default === 'true';
    } else if (o.type === 'integer') {
      input = document.createElement('input');
      input.type = 'number';
      input.min = o.min;
      input.max = o.max;
      input.step = 1;
      input.value = o.default;
    } else {
      input = document.createElement('select');
      for (const c of o.choices) input.add(new Option(c, c, false, c === o.default));
    }
    input.id = id;
    input.dataset.option = o.name;
    input.dataset.default = o.default;
    const help = document.createElement('div');
    help.className = 'help';
    help.textContent = o.help;
    form.append(label, input, help);
  }
}

/** The options that differ from their defaults, as "key=value" strings. */
function chosenOptions() {
  const out = [];
  for (const input of $('options').querySelectorAll('[data-option]')) {
    const value = input.type === 'checkbox' ? String(input.checked) : String(input.value);
    if (value !== input.dataset.default) out.push(`${input.dataset.option}=${value}`);
  }
  return out;
}

function newGame(position) {
  const variant = currentVariant();
  const game = new state.tg.Game(variant.name, position || null, chosenOptions());
  if (state.game) state.game.dispose();
  state.game = game;
  state.selected = null;
  update();
}

function outcomeText(result) {
  switch (result.outcome) {
    case 'white_wins': return 'White wins';
    case 'black_wins': return 'Black wins';
    case 'draw': return 'Draw';
    default: return '';
  }
}

/** Redraws everything from the game. */
function update() {
  const g = state.game;
  state.legal = g.legalMoves();
  hideChooser();
  const status = $('status');
  if (g.result.outcome !== 'ongoing') {
    status.textContent = `Game over: ${outcomeText(g.result)} (${g.result.reason})`;
    status.className = 'over';
  } else {
    status.textContent = `${g.sideToMove === 'white' ? 'White' : 'Black'} to move`;
    status.className = '';
  }
  $('undo').disabled = g.ply === 0;
  drawBoard();
  drawHistory();
  drawLegal();
  $('position').value = g.position;
  $('pdn').value = g.pdn();
}

function drawBoard() {
  const board = $('board');
  board.innerHTML = state.game.render({ flipped: state.flipped });
  const svg = board.querySelector('svg');
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.setAttribute('data-position', state.game.position);
  const ui = document.createElementNS(SVG_NS, 'g');
  ui.setAttribute('class', 'ui');
  ui.setAttribute('pointer-events', 'none');
  svg.append(ui);
  markSelection();
}

/** The board element (cell or point) of vertex `name`, for its geometry. */
function vertexShape(svg, name) {
  return svg.querySelector(`.cell[data-vertex="${CSS.escape(name)}"], .point[data-vertex="${CSS.escape(name)}"]`);
}

/** Centre and size of a vertex in SVG units, read from the library's own element. */
function vertexBox(svg, name) {
  const el = vertexShape(svg, name);
  if (!el) return null;
  if (el.tagName === 'rect') {
    const x = +el.getAttribute('x'), y = +el.getAttribute('y'), w = +el.getAttribute('width');
    return { cx: x + w / 2, cy: y + w / 2, size: w };
  }
  return { cx: +el.getAttribute('cx'), cy: +el.getAttribute('cy'), size: 50 };
}

function ring(ui, box, colour, dot) {
  const c = document.createElementNS(SVG_NS, 'circle');
  c.setAttribute('cx', box.cx);
  c.setAttribute('cy', box.cy);
  if (dot) {
    c.setAttribute('r', box.size * 0.14);
    c.setAttribute('fill', colour);
    c.setAttribute('fill-opacity', '0.75');
  } else {
    c.setAttribute('r', box.size * 0.44);
    c.setAttribute('fill', 'none');
    c.setAttribute('stroke', colour);
    c.setAttribute('stroke-width', '4');
  }
  ui.append(c);
}

/** Marks the selected piece and the destinations of its legal moves. */
function markSelection() {
  const svg = $('board').querySelector('svg');
  const ui = svg.querySelector('g.ui');
  ui.replaceChildren();
  if (state.selected === null) return;
  const box = vertexBox(svg, state.selected);
  if (box) ring(ui, box, '#1c6dd0', false);
  const targets = new Set(state.legal.filter((m) => m.from === state.selected).map((m) => m.to));
  for (const t of targets) {
    const b = vertexBox(svg, t);
    if (b) ring(ui, b, '#1c6dd0', true);
  }
  svg.setAttribute('data-selected', state.selected);
}

/** The vertex under a click: the topmost element there that names one (a piece, a square, a
 *  point; highlights and zone fills above a square do not), else the nearest point within half
 *  a board unit (Tobit's points are small). */
function vertexAt(event) {
  for (const el of document.elementsFromPoint(event.clientX, event.clientY)) {
    const named = el.closest('[data-vertex]');
    if (named && named.closest('#board')) return named.getAttribute('data-vertex');
  }
  const svg = $('board').querySelector('svg');
  const pt = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
  let best = null;
  let bestD = 30;
  for (const el of svg.querySelectorAll('.point[data-vertex]')) {
    const d = Math.hypot(+el.getAttribute('cx') - pt.x, +el.getAttribute('cy') - pt.y);
    if (d < bestD) {
      bestD = d;
      best = el.getAttribute('data-vertex');
    }
  }
  return best;
}

function onBoardClick(event) {
  if (!state.game || state.game.result.outcome !== 'ongoing') return;
  const v = vertexAt(event);
  if (v === null) return;
  if (state.selected !== null) {
    const candidates = state.legal.filter((m) => m.from === state.selected && m.to === v);
    if (candidates.length === 1) return play(candidates[0]);
    if (candidates.length > 1) return choose(candidates);
  }
  // Select (or reselect) a piece that has a legal move; anything else clears the selection.
  state.selected = state.legal.some((m) => m.from === v) && state.selected !== v ? v : null;
  hideChooser();
  markSelection();
}

/** Asks which of several moves between the same two vertices (capture paths, promotions). */
function choose(candidates) {
  const box = $('chooser-moves');
  box.replaceChildren();
  $('chooser-title').textContent = `${candidates.length} moves from ${candidates[0].from} to ${candidates[0].to}: which one?`;
  for (const m of candidates) {
    const b = document.createElement('button');
    b.type = 'button';
    const details = [];
    if (m.captured.length) details.push(`takes ${m.captured.join(', ')}`);
    if (m.promotion) details.push(`becomes ${m.promotion}`);
    b.textContent = m.notation + (details.length ? ` (${details.join('; ')})` : '');
    b.dataset.notation = m.notation;
    b.addEventListener('click', guarded(() => play(m)));
    box.append(b);
  }
  $('chooser').hidden = false;
}

function hideChooser() {
  $('chooser').hidden = true;
}

function play(move) {
  state.game.play(move);
  state.selected = null;
  update();
}

function drawHistory() {
  const list = $('history');
  list.replaceChildren();
  const g = state.game;
  // The start position's side to move decides whether the first line begins with Black.
  const blackFirst = g.start.startsWith('B');
  const plies = g.history.map((m) => m.notation);
  if (blackFirst) plies.unshift('…');
  for (let i = 0; i < plies.length; i += 2) {
    const li = document.createElement('li');
    li.textContent = plies.slice(i, i + 2).join('  ');
    if (i + 2 >= plies.length && g.ply > 0) li.className = 'last';
    list.append(li);
  }
}

function drawLegal() {
  const box = $('legal');
  box.replaceChildren();
  $('legal-count').textContent = `(${state.legal.length})`;
  for (const m of state.legal) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = m.notation;
    b.title = m.drop ? 'drop' : m.captured.length ? `takes ${m.captured.join(', ')}` : '';
    b.addEventListener('click', guarded(() => play(m)));
    box.append(b);
  }
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Clipboard access can be refused (no secure context): the text stays selectable.
  }
}

async function main() {
  state.tg = await createTradgames();
  state.variants = state.tg.variants();
  const select = $('variant');
  for (const v of state.variants) select.add(new Option(v.name, v.name));
  const fromHash = decodeURIComponent(location.hash.slice(1));
  if (state.variants.some((v) => v.name === fromHash)) select.value = fromHash;
  const onVariant = guarded(() => {
    const v = currentVariant();
    $('description').textContent = v.description;
    buildOptions(v);
    newGame();
  });
  select.addEventListener('change', () => {
    history.replaceState(null, '', `#${encodeURIComponent(select.value)}`);
    onVariant();
  });
  $('new-game').addEventListener('click', guarded(() => newGame()));
  $('undo').addEventListener('click', guarded(() => {
    state.game.undo();
    state.selected = null;
    update();
  }));
  $('flip').addEventListener('click', guarded(() => {
    state.flipped = !state.flipped;
    drawBoard();
  }));
  $('board').addEventListener('click', guarded(onBoardClick));
  $('chooser-cancel').addEventListener('click', () => {
    hideChooser();
    state.selected = null;
    markSelection();
  });
  $('copy-position').addEventListener('click', () => copy($('position').value));
  $('load-position').addEventListener('click', guarded(() => newGame($('position').value.trim())));
  $('copy-pdn').addEventListener('click', () => copy($('pdn').value));
  $('load-pdn').addEventListener('click', guarded(() => {
    const g = state.tg.Game.fromPdn($('pdn').value, currentVariant().name, chosenOptions());
    if (state.game) state.game.dispose();
    state.game = g;
    $('variant').value = g.variant;
    $('description').textContent = currentVariant().description;
    state.selected = null;
    update();
  }));
  window.addEventListener('hashchange', () => {
    const name = decodeURIComponent(location.hash.slice(1));
    if (state.variants.some((v) => v.name === name) && name !== select.value) {
      select.value = name;
      onVariant();
    }
  });
  onVariant();
  document.body.dataset.ready = 'true';
}

main().catch((e) => showError(e));
