// Moves explained (issue 27) in JavaScript: tg.explain returns the object of `tradgames moves
// --explain MOVE --json`, and a refused move's TradgamesError carries reason, rule and legal
// (README "Moves explained"; the rules are variants/<game>/RULES.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tg } from './load.mjs';

const FIELDS = ['alternatives', 'legal', 'message', 'move', 'reason', 'rule', 'text'];

test('explain: the fields of moves --explain --json', () => {
  const e = tg.explain('russian', 'W:Wc3,g1:Bd4', 'g1-h2');
  assert.deepEqual(Object.keys(e).sort(), FIELDS);
  assert.deepEqual([e.legal, e.reason, e.rule, e.alternatives, e.move],
    [false, 'capture-compulsory', 'variants/russian/RULES.md §1.4', ['c3:e5'], null]);
  const ok = tg.explain('russian', null, 'c3-d4');
  assert.deepEqual([ok.legal, ok.reason, ok.move, ok.rule], [true, 'legal', 'c3-d4', null]);
  // Czech §6.1: the king must capture (a1:c3), not the man's two-piece capture.
  const czech = tg.explain('czech', 'W:WKa1,d4:Bb2,e5,e7', 'd4:f6:d8');
  assert.deepEqual([czech.reason, czech.rule, czech.alternatives],
    ['king-first', 'variants/czech/RULES.md §6', ['a1:c3']]);
  assert.equal(tg.explain('russian', null, 'c3-z9').reason, 'not-a-move');
});

test('a refused move: TradgamesError.reason, .rule, .legal', () => {
  assert.throws(() => tg.play('russian', 'W:Wc3:Bh8', 'c3-b2'), (e) => {
    assert.equal(e.name, 'IllegalMoveError');
    assert.equal(e.reason, 'man-cannot-move-backward');
    assert.equal(e.rule, 'variants/russian/RULES.md §1.3');
    assert.deepEqual([...e.legal].sort(), ['c3-b4', 'c3-d4']);
    return true;
  });
  assert.throws(() => tg.play('english', 'W:W23:B18,10,19,11', '23x7'), (e) => {
    assert.equal(e.name, 'AmbiguousMoveError');
    assert.equal(e.reason, 'ambiguous');
    assert.deepEqual([...e.legal].sort(), ['23x14x7', '23x16x7']);
    return true;
  });
  assert.throws(() => tg.legalMoves('russian', 'W:Wz9:Bc3'), (e) => {
    assert.equal(e.name, 'ParseError');
    assert.deepEqual([e.reason, e.rule, e.legal], [null, null, []]);
    return true;
  });
});
