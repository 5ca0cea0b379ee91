// Perft from the initial positions through tradgames.js, against published or independently
// confirmed counts (never the program's own output):
// * Russian: variants/russian/RULES.md "Move identity and perft" (dctl, Kallisto/Avrora,
//   Dagaz): 7, 49, 302, 1469, 7482, 37986; P differs from U only from depth 8.
// * Shatra: variants/shatra/RULES.md "Perft from the start position", depths 1-2 are the
//   specification's §9 figures (154, 154² = 23,716); 134 without high-road drops (A4).
// * Tobit: variants/tobit/RULES.md §4, depths 1-4 (the specification's 7.1, an independent
//   reference generator), both boards, U and P alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tg } from './load.mjs';

test('russian perft 1-6 from the start, U and P', () => {
  const expected = [7, 49, 302, 1469, 7482, 37986];
  for (let d = 1; d <= expected.length; ++d) {
    assert.equal(tg.perft('russian', null, d), expected[d - 1], `depth ${d}`);
    assert.equal(tg.perft('russian', '', d, null, { paths: true }), expected[d - 1], `depth ${d} P`);
  }
  assert.equal(tg.perft('russian', null, 0), 1);
});

test('shatra perft 1-2, and 134 without drops on the high road', () => {
  assert.equal(tg.perft('shatra', null, 1), 154);
  assert.equal(tg.perft('shatra', null, 2), 23716);
  assert.equal(tg.perft('shatra', null, 1, { drop_on_high_road: false }), 134);
  assert.equal(tg.perft('shatra', null, 1, ['drop_on_high_road=false']), 134);
});

test('tobit perft 1-4 on both boards, U and P', () => {
  const rows = { tobit: [5, 25, 205, 1645], 'tobit-4x4': [4, 16, 112, 784] };
  for (const [variant, nodes] of Object.entries(rows)) {
    for (let d = 1; d <= 4; ++d) {
      assert.equal(tg.perft(variant, null, d), nodes[d - 1], `${variant} depth ${d}`);
      assert.equal(tg.perft(variant, null, d, null, { paths: true }), nodes[d - 1], `${variant} depth ${d} P`);
    }
  }
});

test('perft of a set-up position equals the sum over its moves', () => {
  const fen = 'W:WKa1,g3:Bc3,f4';
  const total = tg.legalMoves('russian', fen).reduce((n, m) => n + tg.perft('russian', m.after, 2), 0);
  assert.equal(tg.perft('russian', fen, 3), total);
});
