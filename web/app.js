// The tradgames page: pick a variant, play both sides (or against the computer, whose search
// runs in a Web Worker, engine-worker.js) by clicking or dragging, step through the moves
// played, inspect the legal moves, the position string and the PDN. Rules, notation, move
// explanations, the engine and pictures all come from the library (tradgames.js); this file
// only maps clicks to the legal moves it returns.
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
  view: null,      // ply shown while stepping through the moves played; null = the current one
  worker: null,    // the engine's Web Worker (made on first use)
  searchId: 0,     // id of the search asked for last; replies to older ones are dropped
  thinking: false, // a search for the current position is running
  drag: null,      // {vertex, x, y, moved, el} while a piece is held
  suppressClick: false,
  legend: new Map(),  // kind -> letter drawn on it ('' = none), for the variant shown
};

const reducedMotion = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

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
  setGame(game);
}

function setGame(game) {
  if (state.game) state.game.dispose();
  if (!state.game || state.game.variant !== game.variant) state.legend = new Map();
  state.game = game;
  state.selected = null;
  state.view = null;
  cancelSearch();
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

const sideName = (side) => (side === 'white' ? 'White' : 'Black');

/** Whether the player at the board may move now: the current position (not a past one) of a
 *  game going on, on a side the computer does not play. */
function interactive() {
  const g = state.game;
  return g && state.view === null && g.result.outcome === 'ongoing' && $('computer').value !== g.sideToMove;
}

/** The ply shown on the board. */
const shownPly = () => (state.view === null ? state.game.ply : state.view);

/** The caption of the shown position: the side to move, the result once the game is over. */
function caption() {
  const g = state.game;
  if (state.view !== null && state.view < g.ply) {
    const side = state.view === 0 ? g.start.startsWith('B') ? 'black' : 'white'
      : g.history[state.view - 1].after.startsWith('B') ? 'black' : 'white';
    return { text: `After ${state.view} of ${g.ply} plies: ${sideName(side)} to move`, over: false };
  }
  if (g.result.outcome !== 'ongoing') {
    return { text: `Game over: ${outcomeText(g.result)} (${g.result.reason})`, over: true };
  }
  if (state.thinking) return { text: `${sideName(g.sideToMove)} to move: the computer is thinking…`, over: false };
  return { text: `${sideName(g.sideToMove)} to move`, over: false };
}

/** Redraws everything from the game. */
function update(animateMove) {
  const g = state.game;
  state.legal = g.legalMoves();
  hideChooser();
  showHint(null);
  $('undo').disabled = g.ply === 0;
  const previous = animateMove ? $('board').querySelector('svg') : null;
  drawBoard();
  if (animateMove && previous) animate(previous, animateMove);
  drawHistory();
  drawLegal();
  drawNav();
  $('position').value = g.position;
  const pdn = g.pdn();
  const box = $('pdn');
  box.value = pdn;
  // The whole record shows: the box grows with it (up to 40em, then it scrolls to the end).
  box.style.height = 'auto';
  box.style.height = `${Math.min(box.scrollHeight + 4, 40 * 13)}px`;
  box.scrollTop = box.scrollHeight;
  maybeComputerMove();
}

/** The status line and the caption under the board (the library's "White to move"). */
function drawStatus() {
  const c = caption();
  const status = $('status');
  status.textContent = c.text;
  status.className = c.over ? 'over' : '';
  // The picture's caption has room for "White to move" only (the legend follows it): once the
  // game is over it names the result; the status line above gives the reason.
  const svgCaption = $('board').querySelector('svg text.to-move');
  if (svgCaption && c.over) svgCaption.textContent = outcomeText(state.game.result);
}

function drawBoard() {
  const board = $('board');
  const g = state.game;
  const k = shownPly();
  if (k === g.ply) {
    board.innerHTML = g.render({ flipped: state.flipped });
  } else {
    const position = k === 0 ? g.start : g.history[k - 1].after;
    board.innerHTML = state.tg.render(g.variant, position, k === 0 ? null : g.history[k - 1], g.options, { flipped: state.flipped });
  }
  const svg = board.querySelector('svg');
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.setAttribute('data-position', k === g.ply ? g.position : k === 0 ? g.start : g.history[k - 1].after);
  svg.setAttribute('data-ply', String(k));
  // Square names above the pieces (International's 1-50 sit in a corner the piece covers).
  const names = svg.querySelector('g.names');
  if (names) {
    for (const t of names.querySelectorAll('text')) {
      t.setAttribute('stroke', '#ffffff');
      t.setAttribute('stroke-width', '3');
      t.setAttribute('paint-order', 'stroke');
    }
    svg.append(names);
  }
  // Points (Tobit) large enough to see and hit on a phone.
  for (const p of svg.querySelectorAll('circle.point')) p.setAttribute('r', '9');
  const ui = document.createElementNS(SVG_NS, 'g');
  ui.setAttribute('class', 'ui');
  ui.setAttribute('pointer-events', 'none');
  // Marks go under the pieces and the last move's marks (a dot never hides a capture cross).
  const pieces = svg.querySelector('g.pieces');
  if (pieces) svg.insertBefore(ui, pieces); else svg.append(ui);
  drawStatus();
  drawLegend(svg);
  drawVerdict(svg);
  markSelection();
}

/** The endgame databases' verdicts shipped with the page (egtb-verdicts.json, made by
 *  web/tools/egtb_verdicts.py from the library's databases): loaded on first use. */
let verdicts = null;
function loadVerdicts() {
  if (!verdicts) {
    verdicts = fetch(new URL('./egtb-verdicts.json', import.meta.url))
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null);
  }
  return verdicts;
}

/** The database verdict of the shown position when the page ships its ending (kings only, a
 *  variant's default rules): "Endgame database: White to move wins in 7 plies". */
async function drawVerdict(svg) {
  const box = $('verdict');
  box.hidden = true;
  const g = state.game;
  const pieces = [...svg.querySelectorAll('g.piece')];
  const variant = state.variants.find((v) => v.name === g.variant);
  const defaults = variant && variant.options.every((o) => String(g.options[o.name]) === String(o.default));
  if (!defaults || pieces.length === 0 || pieces.length > 3 || pieces.some((p) => p.getAttribute('data-kind') !== 'king')) return;
  const data = await loadVerdicts();
  const entry = data && data.variants[g.variant];
  if (!entry || $('board').querySelector('svg') !== svg) return;  // redrawn meanwhile
  const on = (color) => pieces.filter((p) => p.getAttribute('data-color') === color).map((p) => p.getAttribute('data-vertex')).sort();
  const white = on('white');
  const black = on('black');
  if (!entry.endings.some(([w, b]) => w === white.length && b === black.length)) return;
  const side = svg.getAttribute('data-position').startsWith('B') ? 'b' : 'w';
  const v = entry.positions[side + white.map((x) => `${x},`).join('') + '/' + black.map((x) => `${x},`).join('')];
  if (!v) return;
  const mover = side === 'w' ? 'White' : 'Black';
  const plies = v.slice(1);
  box.textContent = `Endgame database: ${v[0] === 'D' ? `a draw with ${mover} to move`
    : `${mover} to move ${v[0] === 'W' ? 'wins' : 'loses'} in ${plies} ${plies === '1' ? 'ply' : 'plies'}`}`;
  box.dataset.verdict = v;
  box.hidden = false;
}

/** The letters drawn on pieces and the kinds they stand for (Shatra's K, Q, R, Y): collected
 *  from every picture of the variant shown so far, so a kind captured stays explained. */
function drawLegend(svg) {
  for (const p of svg.querySelectorAll('g.piece')) {
    const glyph = p.querySelector('text.glyph');
    const kind = p.getAttribute('data-kind');
    if (!state.legend.has(kind) || glyph) state.legend.set(kind, glyph ? glyph.textContent : '');
  }
  const box = $('legend');
  const entries = [...state.legend].filter(([, letter]) => letter !== '');
  box.hidden = entries.length === 0;
  box.replaceChildren();
  if (box.hidden) return;
  box.append('Pieces: ');
  for (const [kind, letter] of [...state.legend].sort((a, b) => a[1].localeCompare(b[1]))) {
    const item = document.createElement('span');
    item.className = 'legend-item';
    item.dataset.kind = kind;
    const b = document.createElement('b');
    b.textContent = letter || '○';
    item.append(b, ` ${kind}`);
    box.append(item);
  }
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

/** Marks the selected piece and the destinations of its legal moves; with nothing selected,
 *  the pieces that can move. */
function markSelection() {
  const svg = $('board').querySelector('svg');
  const ui = svg.querySelector('g.ui');
  ui.replaceChildren();
  svg.removeAttribute('data-selected');
  if (!interactive()) return;
  if (state.selected === null) {
    for (const from of new Set(state.legal.map((m) => m.from))) {
      const b = vertexBox(svg, from);
      if (!b) continue;
      const c = document.createElementNS(SVG_NS, 'circle');
      c.setAttribute('class', 'movable');
      c.setAttribute('data-vertex', from);
      c.setAttribute('cx', b.cx);
      c.setAttribute('cy', b.cy);
      c.setAttribute('r', b.size * 0.49);
      c.setAttribute('fill', '#2f9e44');
      c.setAttribute('fill-opacity', '0.5');
      ui.append(c);
    }
    return;
  }
  const box = vertexBox(svg, state.selected);
  if (box) ring(ui, box, '#1c6dd0', false);
  const targets = new Set(state.legal.filter((m) => m.from === state.selected).map((m) => m.to));
  for (const t of targets) {
    const b = vertexBox(svg, t);
    if (!b) continue;
    // On a square the last move captured from, a ring around its cross instead of a dot on it.
    if (svg.querySelector(`.captured[data-vertex="${CSS.escape(t)}"]`)) {
      ring(ui, { ...b, size: b.size * 0.75 }, '#1c6dd0', false);
    } else {
      ring(ui, b, '#1c6dd0', true);
    }
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

function showHint(text) {
  const box = $('hint');
  box.hidden = !text;
  box.textContent = text || '';
}

/** The reasons of tg.explain that say why a piece cannot go somewhere, most telling first. */
const REASONS = ['capture-compulsory', 'must-continue-capture', 'majority-capture', 'quality-precedence',
  'king-first', 'forbidden-victim', 'king-move-limit', 'man-cannot-move-backward', 'blocked'];

/** Why the piece on `v` has no legal move, in the library's words (tg.explain of a move from
 *  it to each vertex: the most telling reason found), or null for an empty vertex. */
function whyNoMove(v) {
  const svg = $('board').querySelector('svg');
  const piece = svg.querySelector(`g.piece[data-vertex="${CSS.escape(v)}"]`);
  if (!piece) return null;
  const g = state.game;
  if (piece.getAttribute('data-color') !== g.sideToMove) return `${v}: that is ${sideName(piece.getAttribute('data-color'))}'s piece; ${sideName(g.sideToMove)} is to move.`;
  let best = null;
  for (const el of svg.querySelectorAll('[data-vertex].cell, [data-vertex].point')) {
    const to = el.getAttribute('data-vertex');
    if (to === v) continue;
    const e = state.tg.explain(g.variant, g.position, `${v}-${to}`, g.options);
    const rank = REASONS.indexOf(e.reason);
    if (rank >= 0 && (best === null || rank < best.rank)) best = { rank, text: e.message };
    if (rank === 0) break;
  }
  return best ? best.text : `The piece on ${v} has no legal move.`;
}

function onBoardClick(event) {
  if (state.suppressClick) {
    state.suppressClick = false;
    return;
  }
  if (!interactive()) return;
  const v = vertexAt(event);
  if (v === null) return;
  clickVertex(v);
}

/** A click (or a drop) on vertex v: plays the selected piece there, or selects v, or says why
 *  it cannot. */
function clickVertex(v) {
  showHint(null);
  if (state.selected !== null) {
    const candidates = state.legal.filter((m) => m.from === state.selected && m.to === v);
    if (candidates.length === 1) return play(candidates[0]);
    if (candidates.length > 1) return choose(candidates);
    if (v !== state.selected && !state.legal.some((m) => m.from === v)) {
      // Not a destination: the library says why ("a capture is compulsory", "blocked", ...).
      const g = state.game;
      const e = state.tg.explain(g.variant, g.position, `${state.selected}-${v}`, g.options);
      if (e.reason !== 'legal') showHint(e.message);
      state.selected = null;
      hideChooser();
      markSelection();
      return;
    }
  }
  // Select (or reselect) a piece that has a legal move; anything else clears the selection.
  if (!state.legal.some((m) => m.from === v)) {
    const why = whyNoMove(v);
    if (why) showHint(why);
  }
  state.selected = state.legal.some((m) => m.from === v) && state.selected !== v ? v : null;
  hideChooser();
  markSelection();
}

/** Point in the board's SVG units under a pointer event. */
function svgPoint(svg, event) {
  return new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
}

/** Drag and drop: press on a piece that can move, drag it, release on a destination. A press
 *  and release without moving is a click (click-click stays). */
function onPointerDown(event) {
  if (!interactive() || event.button !== 0) return;
  const v = vertexAt(event);
  if (v === null || !state.legal.some((m) => m.from === v)) return;
  const svg = $('board').querySelector('svg');
  const el = svg.querySelector(`g.piece[data-vertex="${CSS.escape(v)}"]`);
  if (!el) return;
  state.drag = { vertex: v, start: svgPoint(svg, event), x: event.clientX, y: event.clientY, moved: false, el };
}

function onPointerMove(event) {
  const d = state.drag;
  if (!d) return;
  if (!d.moved && Math.hypot(event.clientX - d.x, event.clientY - d.y) < 6) return;
  const svg = $('board').querySelector('svg');
  if (!d.moved) {
    d.moved = true;
    showHint(null);
    state.selected = d.vertex;
    markSelection();
    d.el.setAttribute('pointer-events', 'none');
    d.el.classList.add('dragging');
    d.el.parentNode.append(d.el);  // above the other pieces
  }
  const p = svgPoint(svg, event);
  d.el.setAttribute('transform', `translate(${p.x - d.start.x} ${p.y - d.start.y})`);
  event.preventDefault();
}

function onPointerUp(event) {
  const d = state.drag;
  state.drag = null;
  if (!d || !d.moved) return;
  state.suppressClick = true;
  setTimeout(() => { state.suppressClick = false; }, 0);
  d.el.removeAttribute('transform');
  d.el.removeAttribute('pointer-events');
  d.el.classList.remove('dragging');
  const v = vertexAt(event);
  const candidates = v === null ? [] : state.legal.filter((m) => m.from === d.vertex && m.to === v);
  if (candidates.length === 1) return guarded(play)(candidates[0]);
  if (candidates.length > 1) return choose(candidates);
  if (v !== null && v !== d.vertex) guarded(clickVertex)(v);
}

/** A short animation of `move` on the freshly drawn board: the piece travels its path from
 *  `from` through each landing; the pieces it took fade out (copies from the picture before). */
function animate(previous, move) {
  if (reducedMotion) return;
  const svg = $('board').querySelector('svg');
  const piece = svg.querySelector(`g.piece[data-vertex="${CSS.escape(move.to)}"]`);
  const end = vertexBox(svg, move.to);
  if (!piece || !end || typeof piece.animate !== 'function') return;
  const stops = (move.path && move.path.length ? move.path : [move.from, move.to]).map((v) => vertexBox(svg, v));
  if (stops.some((b) => b === null)) return;
  const step = 140;
  const duration = step * Math.max(1, stops.length - 1);
  // While it travels a click goes to the square under it, not to the piece.
  piece.setAttribute('pointer-events', 'none');
  piece.animate(stops.map((b) => ({ transform: `translate(${b.cx - end.cx}px, ${b.cy - end.cy}px)` })),
    { duration, easing: 'ease-in-out' }).onfinish = () => piece.removeAttribute('pointer-events');
  const layer = svg.querySelector('g.pieces');
  for (const [i, c] of (move.captured || []).entries()) {
    const old = previous.querySelector(`g.piece[data-vertex="${CSS.escape(c)}"]`);
    if (!old || !layer) continue;
    const ghost = old.cloneNode(true);
    ghost.setAttribute('class', 'fading');
    ghost.setAttribute('pointer-events', 'none');
    layer.append(ghost);
    const a = ghost.animate([{ opacity: 1 }, { opacity: 1, offset: Math.min(0.95, (i + 1) / (stops.length - 1 || 1)) }, { opacity: 0 }],
      { duration: duration + 150, fill: 'forwards' });
    a.onfinish = () => ghost.remove();
  }
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
  state.view = null;
  update(move);
}

/** Shows the position after `ply` plies (null or the game's ply: the current position). */
function showPly(ply) {
  const g = state.game;
  const k = ply === null ? g.ply : Math.max(0, Math.min(g.ply, ply));
  state.view = k === g.ply ? null : k;
  state.selected = null;
  hideChooser();
  showHint(null);
  drawBoard();
  drawHistory();
  drawNav();
}

function drawNav() {
  const k = shownPly();
  const n = state.game.ply;
  $('nav-first').disabled = $('nav-back').disabled = k === 0;
  $('nav-forward').disabled = $('nav-last').disabled = k === n;
}

/** The moves played, two plies a line; every ply is a button showing the position after it.
 *  The ply shown is marked and kept in view (the list scrolls). */
function drawHistory() {
  const list = $('history');
  list.replaceChildren();
  const g = state.game;
  // The start position's side to move decides whether the first line begins with Black.
  const blackFirst = g.start.startsWith('B');
  const plies = g.history.map((m, i) => ({ text: m.notation, ply: i + 1 }));
  if (blackFirst) plies.unshift({ text: '…', ply: null });
  const shown = shownPly();
  let current = null;
  for (let i = 0; i < plies.length; i += 2) {
    const li = document.createElement('li');
    for (const [j, p] of plies.slice(i, i + 2).entries()) {
      if (j > 0) li.append('  ');
      if (p.ply === null) {
        li.append(p.text);
        continue;
      }
      const b = document.createElement('span');
      b.className = 'ply';
      b.dataset.ply = String(p.ply);
      b.textContent = p.text;
      b.tabIndex = 0;
      b.setAttribute('role', 'button');
      if (p.ply === shown) {
        b.classList.add('current');
        current = b;
      }
      li.append(b);
    }
    if (i + 2 >= plies.length && g.ply > 0) li.classList.add('last');
    list.append(li);
  }
  if (current) {
    // Scroll the list (not the page) so the ply shown is visible.
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + current.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + current.offsetHeight - list.clientHeight;
  } else if (shown === 0) {
    list.scrollTop = 0;
  }
}

/** The engine's Web Worker, made on first use. */
function worker() {
  if (!state.worker) {
    state.worker = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
    state.worker.onmessage = (event) => onEngineReply(event.data);
    state.worker.onerror = (event) => {
      state.thinking = false;
      showError(new Error(`engine worker: ${event.message || 'failed to start'}`));
    };
  }
  return state.worker;
}

/** Stops a search in flight (its reply would be for a position no longer on the board). */
function cancelSearch() {
  if (state.thinking && state.worker) {
    state.worker.terminate();
    state.worker = null;
  }
  state.thinking = false;
  state.searchId++;
  $('board').removeAttribute('data-thinking');
}

/** Asks the worker for a move when it is the computer's turn in the current position. */
function maybeComputerMove() {
  const g = state.game;
  if (state.thinking || g.result.outcome !== 'ongoing' || $('computer').value !== g.sideToMove) return;
  const depth = Number($('level').value);
  const id = ++state.searchId;
  state.thinking = true;
  state.searchFor = { id, ply: g.ply, position: g.position };
  $('board').setAttribute('data-thinking', 'true');
  worker().postMessage({
    id, variant: g.variant, options: g.options, start: g.start,
    moves: g.history.map((m) => m.notation),
    // Depth is the level; the time cap keeps the largest boards from stalling the game.
    limits: { depth, movetime_ms: 5000 },
  });
  drawStatus();
  markSelection();
}

function onEngineReply(reply) {
  if (reply.id !== state.searchId || !state.searchFor) return;
  state.thinking = false;
  $('board').removeAttribute('data-thinking');
  const g = state.game;
  if (g.ply !== state.searchFor.ply || g.position !== state.searchFor.position) return;
  if (reply.error) {
    showError(reply.error);
    drawStatus();
    return;
  }
  const r = reply.result;
  $('engine-info').textContent = `Computer: ${r.best} (score ${r.score.text}, depth ${r.depth}, ${r.nodes} nodes, ${r.time_ms} ms)`;
  if (!r.move) {
    drawStatus();
    return;
  }
  guarded(play)(r.move);
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
    // Not on the computer's turn: its move comes from the worker.
    b.disabled = $('computer').value === state.game.sideToMove;
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
    cancelSearch();
    const g = state.game;
    g.undo();
    // Against the computer, take back its reply too: the player is to move again.
    if (g.ply > 0 && $('computer').value === g.sideToMove) g.undo();
    state.selected = null;
    state.view = null;
    update();
  }));
  $('computer').addEventListener('change', guarded(() => {
    cancelSearch();
    state.selected = null;
    update();
  }));
  $('nav-first').addEventListener('click', () => showPly(0));
  $('nav-back').addEventListener('click', () => showPly(shownPly() - 1));
  $('nav-forward').addEventListener('click', () => showPly(shownPly() + 1));
  $('nav-last').addEventListener('click', () => showPly(null));
  $('history').addEventListener('click', (event) => {
    const b = event.target.closest('.ply');
    if (b) showPly(Number(b.dataset.ply));
  });
  $('history').addEventListener('keydown', (event) => {
    const b = event.target.closest('.ply');
    if (b && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      showPly(Number(b.dataset.ply));
    }
  });
  document.addEventListener('keydown', (event) => {
    if (!state.game || event.target.closest('input, textarea, select')) return;
    const to = { ArrowLeft: shownPly() - 1, ArrowRight: shownPly() + 1, Home: 0, End: null }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    showPly(to);
  });
  $('flip').addEventListener('click', guarded(() => {
    state.flipped = !state.flipped;
    drawBoard();
  }));
  $('level').addEventListener('change', () => { $('engine-info').textContent = ''; });
  $('board').addEventListener('click', guarded(onBoardClick));
  $('board').addEventListener('pointerdown', guarded(onPointerDown));
  $('board').addEventListener('pointermove', guarded(onPointerMove));
  window.addEventListener('pointerup', onPointerUp);
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
    $('variant').value = g.variant;
    $('description').textContent = currentVariant().description;
    setGame(g);
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
