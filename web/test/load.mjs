// Loads the WebAssembly module once for every test file (web/tradgames.js, built by web/build.sh).
import createTradgames from '../tradgames.js';

export const tg = await createTradgames();

/** Notations of the legal moves, sorted (the C++ tests compare sorted lists the same way). */
export function notations(variant, position, options, extra) {
  return tg.legalMoves(variant, position, options, extra).map((m) => m.notation).sort();
}

/** "from-t" for every t in [lo, hi] except the listed ones (tests/variants/shatra/support.hpp). */
export function rangeMoves(from, lo, hi, except = []) {
  const r = [];
  for (let t = lo; t <= hi; ++t) if (!except.includes(t)) r.push(`${from}-${t}`);
  return r;
}

/** Each move text with each promotion suffix "=Q", "=R", "=Y". */
export function withChoices(moves, letters = 'QRY') {
  return moves.flatMap((m) => [...letters].map((l) => `${m}=${l}`));
}

export const sorted = (list) => [...list].sort();
