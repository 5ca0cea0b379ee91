// The endgame-database verdicts shipped with the page (web/egtb-verdicts.json, written by
// web/tools/egtb_verdicts.py from the library's databases): the published anchor, and every
// verdict checked against its successors with this module's move generator (as `tradgames
// egtb verify` checks a database, independently of how it was built).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { tg } from './load.mjs';

const data = JSON.parse(readFileSync(new URL('../egtb-verdicts.json', import.meta.url)));

/** The data's key of a kings-only position string ("B:WKa1,Kc3:BKh8"), or null when a side has
 *  a man. */
function key(position) {
  const [side, ...parts] = position.split(':');
  const squares = (c) => {
    const part = parts.find((p) => p[0] === c).slice(1);
    return part === '' ? [] : part.split(',');
  };
  const w = squares('W');
  const b = squares('B');
  if ([...w, ...b].some((s) => s[0] !== 'K')) return null;
  const names = (list) => list.map((s) => s.slice(1)).sort().map((s) => `${s},`).join('');
  return side.toLowerCase() + names(w) + '/' + names(b);
}

test('English, 1 king against 1 king, White to move: 992 positions, 230 wins, 654 draws, 108 losses, longest win 11 plies', () => {
  // The published builder's report quoted in issue 28 and README "Endgame databases".
  const values = Object.entries(data.variants.english.positions).filter(([k]) => k[0] === 'w').map(([, v]) => v);
  assert.equal(values.length, 992);
  assert.equal(values.filter((v) => v[0] === 'W').length, 230);
  assert.equal(values.filter((v) => v === 'D').length, 654);
  assert.equal(values.filter((v) => v[0] === 'L').length, 108);
  assert.equal(Math.max(...values.filter((v) => v[0] === 'W').map((v) => Number(v.slice(1)))), 11);
});

test('the shipped verdicts agree with their successors (every 2-piece one, every 4th 3-piece one)', () => {
  const checked = {};
  for (const [variant, entry] of Object.entries(data.variants)) {
    const value = (position) => {
      const k = key(position);
      const w = k.split('/')[0].length > 1;
      const b = k.split('/')[1].length > 0;
      // A side without pieces has lost (the side to move, here: the mover just took the last).
      if (!w || !b) return 'L0';
      assert.ok(k in entry.positions, `${variant} ${position} shipped`);
      return entry.positions[k];
    };
    let n = 0;
    let i = 0;
    for (const [k, v] of Object.entries(entry.positions)) {
      // Every fourth three-piece position keeps the test to a few seconds.
      if (k.split(',').length > 3 && i++ % 4 !== 0) continue;
      const [w, b] = k.slice(1).split('/').map((s) => s.split(',').filter((x) => x).map((x) => `K${x}`).join(','));
      const position = `${k[0].toUpperCase()}:W${w}:B${b}`;
      assert.equal(key(position), k);
      const next = tg.legalMoves(variant, position).map((m) => value(m.after));
      const d = Number(v.slice(1));
      if (v[0] === 'W') {
        assert.ok(next.includes(`L${d - 1}`), `${variant} ${position}: a move to a loss in ${d - 1}`);
        assert.ok(!next.some((x) => x[0] === 'L' && Number(x.slice(1)) < d - 1), `${variant} ${position}: no faster win`);
      } else if (v[0] === 'L') {
        assert.ok(next.every((x) => x[0] === 'W'), `${variant} ${position}: every move loses`);
        assert.ok(d === 0 ? next.length === 0 : next.includes(`W${d - 1}`) && next.every((x) => Number(x.slice(1)) <= d - 1),
          `${variant} ${position}: the longest loss is ${d}`);
      } else {
        assert.equal(v, 'D');
        assert.ok(!next.some((x) => x[0] === 'L') && next.includes('D'), `${variant} ${position}: a draw`);
      }
      ++n;
    }
    checked[variant] = n;
  }
  assert.deepEqual(checked, { english: 1984, russian: 1984 + 59520 / 4 });
});
