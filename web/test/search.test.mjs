// The engine in WebAssembly (tg.search, engine/search): what the page's computer player runs in
// its Web Worker (web/engine-worker.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tg, notations } from './load.mjs';

const FIELDS = ['best', 'depth', 'lines', 'move', 'nodes', 'nps', 'score', 'seldepth', 'time_ms'];

test('search: the fields of `tradgames search --json` plus the move object', () => {
  const r = tg.search('russian', null, ['c3-d4', 'f6-e5'], { depth: 1 });
  assert.deepEqual(Object.keys(r).sort(), FIELDS);
  // The only legal move (a capture is compulsory), as a legalMoves object.
  assert.equal(r.best, 'd4:f6');
  assert.deepEqual(r.move, tg.legalMoves('russian', tg.play('russian', tg.play('russian', null, 'c3-d4'), 'f6-e5'))[0]);
  assert.equal(r.depth, 1);
  assert.ok(r.nodes > 0);
});

test('search: depth 2 takes two men, not one that loses a man back', () => {
  // By hand: c3:e5:g7 takes d4 and f6 and leaves White g7, h2 against g3 (which cannot take
  // h2: no square behind it); h2:f4 takes g3 but d4:b2 takes c3 back, leaving f4 against b2, f6.
  const pos = 'W:Wc3,h2:Bd4,f6,g3';
  assert.deepEqual(notations('russian', pos), ['c3:e5:g7', 'h2:f4']);
  assert.deepEqual(notations('russian', tg.play('russian', pos, 'h2:f4')), ['d4:b2']);
  assert.equal(tg.search('russian', pos, [], { depth: 2 }).best, 'c3:e5:g7');
});

test('search: a finished game has no move; every level returns a legal move', () => {
  const over = tg.search('tobit', 'B:W21,22:B20', [], { depth: 2 });
  assert.equal(over.best, null);
  assert.equal(over.move, null);
  for (const variant of ['russian', 'international', 'shatra', 'tobit']) {
    for (const depth of [2, 4]) {
      const r = tg.search(variant, null, [], { depth });
      assert.ok(notations(variant, null).includes(r.move.notation), `${variant} depth ${depth}: ${r.best}`);
      assert.equal(r.depth, depth, variant);
    }
  }
});

test('search: rule options apply (the page passes a game\'s options)', () => {
  // Shatra's option A4 (drop_on_high_road=false): no drop lands on the high road (the d file).
  const options = { drop_on_high_road: false };
  const legal = notations('shatra', null, options);
  assert.equal(legal.length, 134);  // 154 without the option: the 20 drops onto the d file are gone
  const r = tg.search('shatra', null, [], { depth: 2 }, options);
  assert.ok(legal.includes(r.move.notation), r.best);
  assert.throws(() => tg.search('shatra', null, [], { depth: 2 }, { no_such_option: 1 }), { name: 'OptionError' });
});

test('search: bad limits and moves throw the library errors', () => {
  assert.throws(() => tg.search('russian', null, [], {}), { name: 'OptionError', message: /depth, movetime_ms or nodes/ });
  assert.throws(() => tg.search('russian', null, [], { depth: 'x' }), { name: 'OptionError', message: /depth must be/ });
  assert.throws(() => tg.search('russian', null, [], { depth: -1 }), { name: 'OptionError' });
  assert.throws(() => tg.search('russian', null, [], null), { name: 'OptionError' });
  assert.throws(() => tg.search('russian', null, ['c3-c5'], { depth: 1 }), { name: 'IllegalMoveError' });
  assert.throws(() => tg.search('russian', null, 'c3-d4', { depth: 1 }), { name: 'ParseError' });
});
