// Rule positions through tradgames.js, each with its exact legal move list, copied from the
// hand-derived C++ rule tests (which cite the clause of variants/<game>/RULES.md and the
// specification each comes from):
//   tests/variants/russian/rules_test.cpp  (variants/russian/RULES.md §5, T1-T12 and the Turkish strike)
//   tests/variants/shatra/rules_test.cpp   (variants/shatra/RULES.md §11)
//   tests/variants/tobit/rules_test.cpp    (variants/tobit/RULES.md §7)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tg, notations, rangeMoves, withChoices, sorted } from './load.mjs';

test('russian T1-T12: exact U lists and P counts', () => {
  const cases = [
    ['T1 start: men move forward only',
      'W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6',
      ['a3-b4', 'c3-b4', 'c3-d4', 'e3-d4', 'e3-f4', 'g3-f4', 'g3-h4'], 7],
    ['T2 man captures backward; capture compulsory', 'W:Wd4,h2:Bc3,e5', ['d4:b2', 'd4:f6'], 2],
    ['T3 free choice; a begun sequence is finished', 'W:We3:Bb6,d4,f4', ['e3:c5:a7', 'e3:g5'], 2],
    ['T4 no king precedence, no majority', 'W:WKa1,g3:Bc3,f4',
      ['a1:d4', 'a1:e5', 'a1:f6', 'a1:g7', 'a1:h8', 'g3:e5'], 6],
    ['T5 king cannot jump two adjacent pieces', 'W:WKa1:Bc3,d4', ['a1-b2'], 1],
    ['T6 king\'s free choice of landing', 'W:WKa1:Bc3', ['a1:d4', 'a1:e5', 'a1:f6', 'a1:g7', 'a1:h8'], 5],
    ['T7 landing forced to the continuing square', 'W:WKa1:Bc3,f4', ['a1:e5:g3', 'a1:e5:h2'], 2],
    ['T8 landing decides the continuation', 'W:WKa1:Bc3,e3,e7', ['a1:d4:f2', 'a1:d4:g1', 'a1:f6:d8'], 3],
    ['T9 two pieces on one diagonal: one path', 'W:WKa1:Bc3,f6', ['a1:g7', 'a1:h8'], 2],
    ['T10 promotion by capture', 'W:Wd6:Be7', ['d6:f8'], 1],
    ['T11 promotion in mid-capture, continues as king', 'W:Wf6:Be7,b6', ['f6:d8:a5'], 1],
    ['T12 black promotes on e1 and continues as king', 'B:Wc3,f2:Bg3', ['g3:e1:a5', 'g3:e1:b4'], 2],
  ];
  for (const [id, fen, expected, paths] of cases) {
    assert.deepEqual(notations('russian', fen), sorted(expected), id);
    assert.equal(tg.legalMoves('russian', fen, null, { paths: true }).length, paths, id + ' (P)');
  }
  // T10-T12 end as kings: the promotion field names the kind.
  for (const fen of ['W:Wd6:Be7', 'W:Wf6:Be7,b6', 'B:Wc3,f2:Bg3']) {
    for (const m of tg.legalMoves('russian', fen)) assert.equal(m.promotion, 'king', fen);
  }
});

test('russian: Turkish strike, a captured piece blocks landing and passage', () => {
  assert.deepEqual(notations('russian', 'W:WKe1:Bd2,b4,c7,f6,e3'),
    sorted(['e1:a5:d8:g5', 'e1:a5:d8:h4', 'e1:c3:g7', 'e1:c3:h8']));
});

test('russian: a quiet step onto the last rank promotes', () => {
  const moves = tg.legalMoves('russian', 'W:Wb6,c7:Bh2');
  assert.deepEqual(moves.map((m) => m.notation).sort(), sorted(['b6-a7', 'c7-b8', 'c7-d8']));
  for (const m of moves) assert.equal(m.promotion, m.from === 'c7' ? 'king' : null, m.notation);
});

test('shatra §11: rule positions with options', () => {
  const firstRow = (white) => {
    const r = [];
    for (let n = 0; n < 7; ++n) {
      const from = white ? 46 + n : 11 + n;
      const step = white ? -7 : 7;
      r.push(`${from}-${from + step}`, `${from}-${from + 2 * step}`);
    }
    return r;
  };
  const drops = (xLo, xHi, tLo, tHi, except = []) => {
    const r = [];
    for (let x = xLo; x <= xHi; ++x) r.push(...rangeMoves(x, tLo, tHi, except));
    return r;
  };
  const biy45 = ['45-38', '45-37', '45-44', '45-51', '45-52'];
  const cases = [
    ['test 1: initial position, 154 moves', null, '', [...firstRow(true), ...drops(53, 62, 32, 45)]],
    ['test 1: 134 without high-road drops', ['drop_on_high_road=false'], '',
      [...firstRow(true), ...drops(53, 62, 32, 45, [35, 42])]],
    ['test 2: shatra movement zones', null, 'W:WK45,46,41,36,27:BK16',
      ['46-39', '46-32', '41-34', '36-29', '36-28', '36-30', '27-20', '27-19', '27-21', '27-26',
        '27-28', '45-38', '45-37', '45-44', '45-51', '45-52']],
    ['test 3: double step only from the first row', null, 'W:W41,K52:BK11', ['41-34', '52-44', '52-45', '52-51']],
    ['test 3: double_step=own_half', ['double_step=own_half'], 'W:W41,K52:BK11',
      ['41-34', '41-27', '52-44', '52-45', '52-51']],
    ['test 4: high-road move of a reserve batyr', null, 'W:WQ61,K45:B21,14,K17',
      [...rangeMoves(61, 32, 52, [45]), '61-28', ...biy45]],
    ['test 4: high_road_move=false', { high_road_move: false }, 'W:WQ61,K45:B21,14,K17',
      [...rangeMoves(61, 32, 52, [45]), ...biy45]],
    ['test 5: the full high road', null, 'W:WR55,K45:BK11',
      [...rangeMoves(55, 32, 52, [45]), '55-28', '55-21', '55-14', '55-10', '55-8', '55-5', '55-2', ...biy45]],
    ['test 8: compulsory backward capture by a shatra', null, 'W:WK46,30:B37,K17', ['30:44']],
    ['test 9: choice of continuation, no majority', null, 'W:WK52,34:B27,21,29,19,K17', ['34:20:22:36', '34:20:18']],
    ['test 14: the biy and another man can capture', null, 'W:WK42,47:B35,21,40,K17', ['42:28', '42:28:14', '47:33']],
    ['test 14: biy_decline_scope=broad', ['biy_decline_scope=broad'], 'W:WK42,47:B35,21,40,K17',
      ['42:28', '42:28:14', '47:33', '42-34', '42-36', '42-41', '42-43', '42-48', '42-49', '42-50']],
    ['test 18: reserve men capture inside their fortress', null, 'W:W62,60,K47:BY58,K11', ['62:54', '60:56']],
    ['test 18: the urgent drop', null, 'W:W54,60,K47:BK11:U54', rangeMoves(54, 32, 52, [47])],
    ['test 20: en passant', null, 'W:W28,K52:B29,K11:E22', ['28:16', '28:30']],
    ['test 23: promotion with a choice', null, 'W:WK52,5:BK11',
      [...withChoices(['5-1', '5-2', '5-3']), '5-4', '5-6', '52-44', '52-45', '52-51']],
    ['test 29: no legal move is a loss', null, 'B:W12,13,18,19,25,27,K52:BK11', []],
  ];
  for (const [id, options, fen, expected] of cases) {
    assert.deepEqual(notations('shatra', fen, options), sorted(expected), id);
  }
  assert.equal(notations('shatra', '').length, 154);
});

test('shatra: move identity U vs P (§8, §11)', () => {
  const fen = 'W:WR49,K52:B35,14,K17';
  assert.deepEqual(notations('shatra', fen), sorted(['49:21:10', '49:21:8', '49:21:5', '49:21:2']));
  assert.deepEqual(notations('shatra', fen, null, { paths: true }),
    sorted(['49:21:10', '49:21:8', '49:21:5', '49:21:2', '49:28:10', '49:28:8', '49:28:5', '49:28:2']));
});

test('tobit §7: rule positions under their options', () => {
  const cases = [
    ['T1 initial position', 'tobit', null, '', ['7-14', '8-15', '9-16', '10-17', '11-18']],
    ['T3 compulsory capture onto the vacated 30', 'tobit', null, 'W:W1-8,10-12,16:B23,27-29,31-38', ['16:30']],
    ['T5 hul captures in all four directions', 'tobit', null, 'W:W15:B8,14,16,22', ['15:2', '15:13', '15:17', '15:29']],
    ['T6 free choice of target, no majority', 'tobit', null, 'W:W16:B23,31,K17', ['16:18', '16:30:32']],
    ['T6 majority_capture=true', 'tobit', ['majority_capture=true'], 'W:W16:B23,31,K17', ['16:30:32']],
    ['T7b seed example 7:21:23:36', 'tobit', null, 'W:W7:B14,22,30', ['7:21:23:36']],
    ['T8 branching and a straight double jump', 'tobit', null, 'W:W8:B15,21,23,29', ['8:22:20', '8:22:24', '8:35']],
    ['T10 tobit quiet moves', 'tobit', null, 'W:WK22,24:B38',
      ['22-29', '22-35', '22-15', '22-8', '22-2', '22-21', '22-20', '22-23', '24-31', '24-23', '24-25']],
    ['T11 flying capture, choice of landing', 'tobit', null, 'W:WK7:B21', ['7:28', '7:34']],
    ['T11 tobit_capture=short', 'tobit', { tobit_capture: 'short' }, 'W:WK7:B21',
      ['7-1', '7-6', '7-8', '7-9', '7-10', '7-11', '7-12', '7-14']],
    ['T14 end-of-move removal: captured pieces block', 'tobit', null, 'W:WK15:B14,17', ['15:13', '15:18', '15:19']],
    ['T17 a tobit cannot jump two pieces in a row', 'tobit', null, 'W:WK7,12:B21,28',
      ['7-1', '7-6', '7-8', '7-9', '7-10', '7-11', '7-14', '12-11']],
    ['T19 White promotes by a quiet move', 'tobit', null, 'W:W31:B9', ['31-30', '31-32', '31-37']],
    ['T20b a piece on a line end cannot be captured', 'tobit', null, 'W:W21:B20', ['21-22', '21-28']],
    ['T22 blocked side has no move', 'tobit', null, 'B:W21,22:B20', []],
    ['T24 4x4 initial position', 'tobit-4x4', null, '', ['6-12', '7-13', '8-14', '9-15']],
    ['R9 a tobit must land where the capture continues', 'tobit', null, 'W:WK7:B21,30', ['7:28:31', '7:28:32', '7:28:33']],
  ];
  for (const [id, variant, options, fen, expected] of cases) {
    assert.deepEqual(notations(variant, fen, options), sorted(expected), id);
  }
  // R5/R8: a loop through the start point; U merges the two five-piece paths.
  const loop = 'W:W15:B14,16,22,24,30';
  assert.deepEqual(notations('tobit', loop), sorted(['15:13', '15:17:31:29:15:13']));
  assert.deepEqual(notations('tobit', loop, null, { paths: true }),
    sorted(['15:13', '15:17:31:29:15:13', '15:29:31:17:13']));
});
