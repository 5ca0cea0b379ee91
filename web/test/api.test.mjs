// The JavaScript API of tradgames.js: the fields of legalMoves (those of `tradgames moves
// --json`, README "The tradgames command"), play, result, render, the Game object, and errors
// that carry the library's class and message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tg, notations } from './load.mjs';

const MOVE_FIELDS = ['notation', 'from', 'to', 'path', 'captured', 'promotion', 'drop', 'after'];

test('variants() lists every variant with typed options', () => {
  const vs = tg.variants();
  const names = vs.map((v) => v.name);
  for (const n of ['russian', 'shatra', 'tobit', 'tobit-4x4']) assert.ok(names.includes(n), n);
  for (const v of vs) {
    assert.equal(typeof v.description, 'string');
    for (const o of v.options) {
      assert.ok(['boolean', 'integer', 'choice'].includes(o.type), `${v.name}.${o.name}: ${o.type}`);
      assert.equal(typeof o.default, 'string');
      if (o.type === 'choice') assert.ok(o.choices.includes(o.default), `${v.name}.${o.name}`);
      if (o.type === 'integer') assert.ok(o.min <= Number(o.default) && Number(o.default) <= o.max);
    }
  }
  const tobit = vs.find((v) => v.name === 'tobit');
  assert.deepEqual(tobit.options.find((o) => o.name === 'tobit_capture').choices.includes('short'), true);
});

test('legalMoves: the fields of moves --json', () => {
  // T7 of variants/russian/RULES.md: the king on a1 must land on e5 to take f4 next.
  const moves = tg.legalMoves('russian', 'W:WKa1:Bc3,f4');
  assert.equal(moves.length, 2);
  for (const m of moves) assert.deepEqual(Object.keys(m).sort(), [...MOVE_FIELDS].sort());
  const m = moves.find((x) => x.notation === 'a1:e5:g3');
  assert.deepEqual(m, {
    notation: 'a1:e5:g3', from: 'a1', to: 'g3', path: ['a1', 'e5', 'g3'], captured: ['c3', 'f4'],
    promotion: null, drop: false, after: 'B:WKg3:B',
  });
  // A Shatra drop: reserve man 53 is dropped on 32.
  const drop = tg.legalMoves('shatra', null).find((x) => x.notation === '53-32');
  assert.equal(drop.drop, true);
  assert.equal(drop.from, '53');
  assert.equal(drop.to, '32');
});

test('legalMoves equals `tradgames moves --json` (with TRADGAMES_CLI)', (t) => {
  const cli = process.env.TRADGAMES_CLI;
  if (!cli || !existsSync(cli)) {
    t.skip('set TRADGAMES_CLI to the native tradgames command to compare');
    return;
  }
  const cases = [
    ['russian', 'W:WKe1:Bd2,b4,c7,f6,e3', []], ['russian', '', []],
    ['shatra', 'W:WK52,5:BK11', []], ['shatra', '', ['drop_on_high_road=false']],
    ['tobit', 'W:W15:B14,16,22,24,30', []], ['tobit', 'W:WK7:B21', ['tobit_capture=short']],
    ['tobit-4x4', '', []],
  ];
  for (const [variant, fen, options] of cases) {
    for (const paths of [false, true]) {
      const args = ['moves', '--variant', variant, '--json', ...options.flatMap((o) => ['--option', o])];
      if (fen) args.push('--fen', fen);
      if (paths) args.push('--paths');
      const native = JSON.parse(execFileSync(cli, args, { encoding: 'utf8' }));
      assert.deepEqual(tg.legalMoves(variant, fen, options, { paths }), native, `${variant} ${fen} ${paths}`);
    }
  }
});

test('play returns the position after the move; any subset of landings may be written', () => {
  const after = tg.play('russian', null, 'c3-d4');
  assert.equal(after, tg.legalMoves('russian', null).find((m) => m.notation === 'c3-d4').after);
  const white = after.split(':')[1].slice(1).split(',');
  assert.ok(white.includes('d4') && !white.includes('c3') && white.length === 12, after);
  assert.equal(after[0], 'B');
  assert.equal(tg.play('russian', 'W:WKa1:Bc3,f4', 'a1:g3'), 'B:WKg3:B');
  assert.equal(tg.play('russian', 'W:WKa1:Bc3,f4', 'a1-g3'), 'B:WKg3:B');
});

test('result: initial, no legal move, a captured biy', () => {
  assert.deepEqual(tg.result('russian', null), { outcome: 'ongoing', reason: null });
  assert.deepEqual(tg.result('russian', ''), { outcome: 'ongoing', reason: null });
  // T22 of variants/tobit/RULES.md: Black is blocked and loses (E1).
  const r = tg.result('tobit', 'B:W21,22:B20');
  assert.equal(r.outcome, 'white_wins');
  assert.match(r.reason, /no legal move/);
  // shatra test 29: Black has no legal move.
  assert.equal(tg.result('shatra', 'B:W12,13,18,19,25,27,K52:BK11').outcome, 'white_wins');
});

test('render: the library SVG, every vertex clickable, last move, flipped', () => {
  const svg = tg.render('russian', null);
  assert.match(svg, /^<\?xml/);
  const vertices = [...svg.matchAll(/class="cell" data-vertex="([a-h][1-8])"/g)].map((m) => m[1]);
  assert.equal(vertices.length, 32);
  assert.equal(new Set(vertices).size, 32);
  // Move text is played in the position (as `render --last-move`): one arrow, two crosses.
  const after = tg.render('russian', 'W:WKa1:Bc3,f4', 'a1:e5:g3');
  assert.equal((after.match(/class="arrow"/g) || []).length, 1);
  assert.deepEqual([...after.matchAll(/class="captured" data-vertex="(\w+)"/g)].map((m) => m[1]), ['c3', 'f4']);
  // A move object drawn on its `after` position gives the same picture.
  const m = tg.legalMoves('russian', 'W:WKa1:Bc3,f4').find((x) => x.notation === 'a1:e5:g3');
  assert.equal(tg.render('russian', m.after, m), after);
  // Tobit is drawn as points, each named.
  const points = [...tg.render('tobit', null).matchAll(/class="point" data-vertex="(\d+)"/g)];
  assert.equal(points.length, 38);
  // Flipped: a1 (bottom left) goes to the top right.
  const cellXY = (s, name) => {
    const m2 = s.match(new RegExp(`data-vertex="${name}" x="([\\d.]+)" y="([\\d.]+)"`));
    return [Number(m2[1]), Number(m2[2])];
  };
  assert.deepEqual(cellXY(svg, 'a1'), [30, 450]);
  assert.deepEqual(cellXY(tg.render('russian', null, null, null, { flipped: true }), 'a1'), [450, 30]);
});

test('Game: play, history, undo, result, PDN round trip', () => {
  const g = new tg.Game('russian');
  try {
    assert.equal(g.ply, 0);
    assert.equal(g.sideToMove, 'white');
    g.play('c3-d4').play('f6-e5');
    const capture = g.legalMoves();
    assert.deepEqual(capture.map((m) => m.notation), ['d4:f6']);
    g.play(capture[0]);  // a move object
    assert.equal(g.ply, 3);
    assert.deepEqual(g.history.map((m) => m.notation), ['c3-d4', 'f6-e5', 'd4:f6']);
    assert.deepEqual(g.history[2].captured, ['e5']);
    assert.equal(g.position, capture[0].after);
    assert.match(g.render(), /class="captured" data-vertex="e5"/);
    const pdn = g.pdn({ White: 'A', Black: 'B' });
    assert.match(pdn, /\[White "A"\]/);
    assert.match(pdn, /\[GameType "25"\]/);
    assert.match(pdn, /1\. c3-d4 f6-e5 2\. d4:f6 \*/);
    const back = tg.Game.fromPdn(pdn);
    assert.deepEqual(back.history, g.history);
    back.dispose();
    g.undo();
    assert.equal(g.ply, 2);
    assert.deepEqual(g.history.map((m) => m.notation), ['c3-d4', 'f6-e5']);
    g.undo().undo();
    assert.equal(g.position, g.start);
    assert.throws(() => g.undo(), { name: 'Error', message: /no move/i });
  } finally {
    g.dispose();
  }
  // A game from a set-up position that is already over.
  const over = new tg.Game('tobit', 'B:W21,22:B20');
  assert.equal(over.result.outcome, 'white_wins');
  assert.deepEqual(over.legalMoves(), []);
  assert.throws(() => over.play('20-13'), { name: 'IllegalMoveError' });
  over.dispose();
  // Shatra: a drop and a promotion with a choice, played by text.
  const s = new tg.Game('shatra', 'W:WK52,5:BK11');
  s.play('5-1=R');
  assert.equal(s.history[0].promotion, 'tura');
  s.dispose();
});

test('errors carry the library class and message', () => {
  const expectError = (fn, name, pattern) => {
    assert.throws(fn, (e) => {
      assert.ok(e instanceof tg.TradgamesError, 'TradgamesError');
      assert.ok(e instanceof Error);
      assert.equal(e.name, name, e.message);
      assert.match(e.message, pattern);
      return true;
    });
  };
  expectError(() => tg.legalMoves('nosuch', null), 'OptionError', /nosuch.*russian/s);
  expectError(() => tg.legalMoves('russian', null, { nosuch_option: 1 }), 'OptionError', /nosuch_option/);
  expectError(() => tg.legalMoves('shatra', null, { double_step: 'sometimes' }), 'OptionError', /sometimes/);
  expectError(() => tg.legalMoves('russian', 'W:Wz9:Bc3'), 'ParseError', /z9/);
  expectError(() => tg.legalMoves('russian', 'X:Wa1'), 'ParseError', /./);
  expectError(() => tg.legalMoves('russian', 'W:Wa1,a1:Bc3'), 'PositionError', /a1/);
  expectError(() => tg.play('russian', null, 'a1-b2'), 'IllegalMoveError', /a1-b2/);
  expectError(() => tg.play('russian', null, 'c3'), 'ParseError', /c3/);
  expectError(() => tg.perft('russian', null, -1), 'OptionError', /depth/);
  expectError(() => tg.perft('russian', null, 1.5), 'OptionError', /depth/);
  expectError(() => tg.render('russian', null, { from: 'z1', path: ['z1', 'a1'] }), 'ParseError', /z1/);
  expectError(() => tg.Game.fromPdn('[Event "x"]\n1. c3-d4 ???'), 'PdnError', /./);
  const g = new tg.Game('russian');
  expectError(() => g.play('c3-c5'), 'IllegalMoveError', /c3-c5/);
  expectError(() => g.play('e3-e4'), 'ParseError', /unknown square 'e4'/);
  g.dispose();
  // The same messages as the library's (the CLI prints them after "tradgames: ").
  const cli = process.env.TRADGAMES_CLI;
  if (cli && existsSync(cli)) {
    let native = '';
    try {
      execFileSync(cli, ['moves', '--variant', 'russian', '--fen', 'W:Wz9:Bc3'], { encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      native = e.stderr.trim();
    }
    let js = '';
    try { tg.legalMoves('russian', 'W:Wz9:Bc3'); } catch (e) { js = e.message; }
    assert.ok(native.endsWith(js), `${native} vs ${js}`);
  }
});

test('notations helper sorts like the C++ tests', () => {
  assert.deepEqual(notations('tobit-4x4', null), ['6-12', '7-13', '8-14', '9-15']);
});

test('errorClasses(): every class of library error, each after its base, as TradgamesError types', () => {
  const classes = tg.errorClasses();
  const names = classes.map((c) => c.name);
  assert.equal(names[0], 'Error');
  assert.equal(classes[0].base, '');
  for (const c of classes.slice(1)) assert.ok(names.indexOf(c.base) >= 0 && names.indexOf(c.base) < names.indexOf(c.name), c.name);
  for (const n of ['ParseError', 'PdnError', 'OptionError', 'DescriptorError', 'ShardError', 'PdnInputError',
    'PdnLimitError', 'EgtbError', 'StudyError']) assert.ok(names.includes(n), n);
  // A library error carries its class: the perft depth limit is the library's.
  assert.throws(() => tg.perft('russian', null, 65), (e) => e.type === 'OptionError' && e.message === 'perft depth 65 is not in 0..64');
});
