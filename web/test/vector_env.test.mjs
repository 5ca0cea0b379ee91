// tg.VectorEnv (tradgames::VectorEnv in WebAssembly): its games equal single games (tg.Game)
// fed the same moves. Actions are drawn in JavaScript from the masks; after every step each
// mask is checked against the steps the Game's legal moves (every path) allow after the steps
// already taken, and every finished move is played in the Game (the legal move whose steps are
// the actions taken and which leads to the environment's position, or, when the game ended
// and the environment was reset, which ends the Game with the reward the environment gave).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tg } from './load.mjs';

/** A small seeded generator (xorshift32), so that the test draws the same actions each run. */
function rng(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x % n;
  };
}

/** The step actions of a move object: origin to first landing, then landing to landing. */
function steps(move, index, V) {
  const out = [];
  for (let k = 0; k + 1 < move.path.length; ++k) out.push(index.get(move.path[k]) * V + index.get(move.path[k + 1]));
  return out;
}

const startsWith = (a, prefix) => prefix.every((x, k) => a[k] === x);

function playAlong(variant, seed, numEnvs, count) {
  const env = new tg.VectorEnv(variant, numEnvs, { seed });
  try {
    const V = env.vertexNames.length;
    const A = env.numActions;
    const index = new Map(env.vertexNames.map((n, k) => [n, k]));
    const games = Array.from({ length: numEnvs }, () => new tg.Game(variant, null));
    const taken = Array.from({ length: numEnvs }, () => []);
    const episodes = new Array(numEnvs).fill(0);
    const draw = rng(seed + 1);
    let out = env.reset();
    let finished = 0;
    let choices = 0;
    let multi = 0;
    const check = (i) => {
      const g = games[i];
      const state = env.game(i);
      assert.equal(state.position, g.position, `${variant} env ${i}`);
      assert.equal(state.ply, g.ply);
      assert.deepEqual(state.pending, taken[i]);
      assert.equal(out.currentPlayer[i], g.sideToMove === 'white' ? 0 : 1);
      const planes = env.observationShape[0];
      const K = (planes - 3) / 2;
      const row = out.observation.subarray(i * planes * V, (i + 1) * planes * V);
      for (let x = 0; x < V; ++x) assert.equal(row[2 * K * V + x], out.currentPlayer[i]);
      // The mask's steps are the next steps of the legal moves that begin with the steps taken.
      const moves = g.legalMoves().length ? tg.legalMoves(variant, g.position, null, { paths: true }) : [];
      const next = new Set();
      let complete = 0;
      for (const m of moves) {
        const s = steps(m, index, V);
        if (!startsWith(s, taken[i])) continue;
        if (s.length > taken[i].length) next.add(s[taken[i].length]); else ++complete;
      }
      const mask = out.actionMask.subarray(i * A, (i + 1) * A);
      const maskSteps = new Set();
      let maskChoices = 0;
      for (let a = 0; a < A; ++a) if (mask[a]) { if (a < V * V) maskSteps.add(a); else ++maskChoices; }
      assert.deepEqual([...maskSteps].sort((p, q) => p - q), [...next].sort((p, q) => p - q), `${variant} env ${i} ${g.position}`);
      // Choice actions exactly when the steps taken already make a move and more than one
      // move is still possible.
      assert.equal(maskChoices > 0, complete > 0 && complete + next.size > 1);
      choices += maskChoices > 0 ? 1 : 0;
    };
    for (let i = 0; i < numEnvs; ++i) check(i);
    for (let s = 0; s < count; ++s) {
      const actions = new Int32Array(numEnvs);
      for (let i = 0; i < numEnvs; ++i) {
        const legal = [];
        const mask = out.actionMask.subarray(i * A, (i + 1) * A);
        for (let a = 0; a < A; ++a) if (mask[a]) legal.push(a);
        actions[i] = legal[draw(legal.length)];
      }
      const before = games.map((g) => g.sideToMove);
      out = env.step(actions);
      for (let i = 0; i < numEnvs; ++i) {
        const a = actions[i];
        const g = games[i];
        const state = env.game(i);
        if (a < V * V) taken[i].push(a);
        if (state.pending.length > 1) ++multi;
        if (state.pending.length > 0 || (state.ply === g.ply && !out.terminated[i])) {
          assert.equal(out.terminated[i], 0);
          assert.equal(out.reward[i], 0);
          continue;  // the move goes on
        }
        // A move was completed: the legal moves whose steps are exactly those taken.
        const candidates = tg.legalMoves(variant, g.position, null, { paths: true })
          .filter((m) => { const st = steps(m, index, V); return st.length === taken[i].length && startsWith(st, taken[i]); });
        assert.ok(candidates.length > 0, `${variant} env ${i}: no legal move for the steps ${taken[i]}`);
        taken[i] = [];
        if (!out.terminated[i]) {
          const m = candidates.find((c) => c.after === state.position);
          assert.ok(m, `${variant} env ${i}: ${state.position} is not reached by the steps taken`);
          g.play(m);
          assert.equal(g.result.outcome, 'ongoing');
        } else {
          // The environment was reset: one candidate ends the Game with the environment's reward.
          const expected = (c) => {
            g.play(c);
            const r = g.result;
            g.undo();
            if (r.outcome === 'ongoing') return null;
            return r.outcome === 'draw' ? 0 : (r.outcome === 'white_wins') === (before[i] === 'white') ? 1 : -1;
          };
          assert.ok(candidates.some((c) => expected(c) === out.reward[i]), `${variant} env ${i}: reward ${out.reward[i]}`);
          assert.equal(state.ply, 0);
          assert.equal(state.episodes, ++episodes[i]);
          g.dispose();
          games[i] = new tg.Game(variant, null);
          ++finished;
        }
      }
      for (let i = 0; i < numEnvs; ++i) check(i);
    }
    for (const g of games) g.dispose();
    if (process.env.TG_VERBOSE) console.log(variant, { finished, choices, multi });
    return { finished, choices, multi };
  } finally {
    env.dispose();
  }
}

test('VectorEnv equals single games for the same actions (russian, tobit, international)', () => {
  for (const [variant, count] of [['russian', 200], ['tobit', 150], ['international', 150]]) {
    const { finished, multi } = playAlong(variant, 3, 3, count);
    assert.ok(finished >= 1, `${variant}: a game finished (${finished})`);
    assert.ok(multi >= 1, `${variant}: a capture of several jumps (${multi})`);
  }
});

test('VectorEnv equals single games for the same actions (shatra: drops, multi-step captures, choices)', () => {
  const { finished, choices, multi } = playAlong('shatra', 5, 2, 300);
  assert.ok(finished >= 1, `a game finished (${finished})`);
  assert.ok(choices >= 1, `a choice action offered (${choices})`);
  assert.ok(multi >= 1, `a capture of several jumps (${multi})`);
});

test('VectorEnv: the initial Russian position, sampled actions, seeds and errors', () => {
  const env = new tg.VectorEnv('russian', 2, { seed: 7 });
  try {
    assert.deepEqual(env.observationShape, [7, 32]);
    assert.equal(env.numActions, 32 * 32 + 8);
    const out = env.reset();
    // 7 opening moves, each one step (c3-d4 is from c3 to d4).
    const legal = [];
    for (let a = 0; a < env.numActions; ++a) if (out.actionMask[a]) legal.push(env.vertexNames[Math.floor(a / 32)] + '-' + env.vertexNames[a % 32]);
    assert.deepEqual(legal.sort(), ['a3-b4', 'c3-b4', 'c3-d4', 'e3-d4', 'e3-f4', 'g3-f4', 'g3-h4']);
    // Plane 0: White's 12 men; plane 2: Black's 12 men; plane 4 (Black to move): zeros.
    const sum = (p) => out.observation.subarray(p * 32, (p + 1) * 32).reduce((x, y) => x + y, 0);
    assert.deepEqual([0, 1, 2, 3, 4, 5, 6].map(sum), [12, 0, 12, 0, 0, 0, 0]);
    assert.equal(out.observation[env.vertexNames.indexOf('a1')], 1);
    // The same seed draws the same actions; sampled actions are legal.
    const first = Array.from(env.sampleActions());
    for (const a of first) assert.equal(out.actionMask[a], 1);
    env.reset(7);
    assert.deepEqual(Array.from(env.sampleActions()), first);
    env.reset(7);  // stepRandom draws as sampleActions does
    const r = env.stepRandom();
    assert.deepEqual(Array.from(r.actions), first);
    assert.deepEqual(Array.from(r.currentPlayer), [1, 1]);
    // An illegal action: IllegalMoveError naming the game, and nothing changed.
    const ply = env.game(0).ply;
    assert.throws(() => env.step([first[0], 5000]), { name: 'IllegalMoveError', message: 'environment 1: action 5000 is not legal here' });
    assert.throws(() => env.step(new Int32Array([0, 0])), { name: 'IllegalMoveError', message: 'environment 0: action 0 is not legal here' });
    assert.throws(() => env.step([1]), { name: 'IllegalMoveError' });
    assert.equal(env.game(0).ply, ply);
    assert.throws(() => env.game(2), { name: 'OptionError' });
  } finally {
    env.dispose();
  }
  assert.throws(() => new tg.VectorEnv('russian', 0), { name: 'OptionError', message: 'num_envs 0 is not in 1..65536' });
  assert.throws(() => new tg.VectorEnv('russian', 2, { view: 'sideways' }), { name: 'OptionError' });
  assert.throws(() => new tg.VectorEnv('russian', 2, { seed: -1 }), { name: 'OptionError' });
  assert.throws(() => new tg.VectorEnv('nosuch', 2), { name: 'OptionError' });
  const gone = new tg.VectorEnv('russian', 1);
  gone.dispose();
  assert.throws(() => gone.stepRandom(), { name: 'Error', message: 'vector env: disposed' });
});
