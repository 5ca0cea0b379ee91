// tradgames.js, the JavaScript API (appended to the Emscripten module with --post-js; runs
// inside the module factory, where `Module` is the module object). Documented in web/README.md.
//
//   import createTradgames from './tradgames.js';
//   const tg = await createTradgames();
//   tg.legalMoves('russian', null, {});   // the objects of `tradgames moves --json`
//
// Every function throws tg.TradgamesError (name = the library's error class, e.g.
// 'ParseError'; message = the library's message) for bad input.

/** An error reported by the library: `name` is its class (ParseError, PositionError,
 *  IllegalMoveError, AmbiguousMoveError, OptionError, PdnError, DescriptorError, BoardError,
 *  Error), `message` the library's one-line message. A refused move (IllegalMoveError,
 *  AmbiguousMoveError) also has `reason` (a reason name such as 'capture-compulsory'), `rule`
 *  (the RULES.md section) and `legal` (the legal alternatives in notation); otherwise null,
 *  null and []. */
class TradgamesError extends Error {
  constructor(type, message, detail) {
    super(message);
    this.name = type;
    this.type = type;
    this.reason = (detail && detail.reason) || null;
    this.rule = (detail && detail.rule) || null;
    this.legal = (detail && detail.legal) || [];
  }
}

/** Parses a bindings envelope: returns its value or throws TradgamesError. */
function tgUnwrap(text) {
  const r = JSON.parse(text);
  if (r.error) throw new TradgamesError(r.error.type, r.error.message, r.error);
  return r.ok;
}

/** Rule options as JSON text of a "key=value" list: accepts null/undefined, an object
 *  {key: value} or a list of "key=value" strings. */
function tgOptions(options) {
  if (options === undefined || options === null) return '[]';
  if (Array.isArray(options)) {
    for (const o of options) {
      if (typeof o !== 'string') throw new TradgamesError('OptionError', 'options: expected "key=value" strings, got ' + JSON.stringify(o));
    }
    return JSON.stringify(options);
  }
  if (typeof options === 'object') {
    return JSON.stringify(Object.entries(options).map(([k, v]) => k + '=' + String(v)));
  }
  throw new TradgamesError('OptionError', 'options: expected an object {key: value} or a list of "key=value" strings');
}

function tgString(value, what) {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new TradgamesError('ParseError', what + ': expected a string, got ' + typeof value);
  return value;
}

function tgVariant(variant) {
  if (typeof variant !== 'string' || variant === '') throw new TradgamesError('OptionError', 'variant: expected a variant name (see variants())');
  return variant;
}

/** The registered variants: [{name, description, options: [{name, type, default, help,
 *  choices | min, max}]}] (the objects of `tradgames variants --json`). */
Module['variants'] = function () {
  return tgUnwrap(Module['raw_variants']());
};

/** Every class of library error, [{name, base}] with each after its base (base '' for Error):
 *  the values TradgamesError.type takes besides 'InternalError'. */
Module['errorClasses'] = function () {
  return tgUnwrap(Module['raw_errorClasses']());
};

/** The initial position string of a variant. */
Module['initialPosition'] = function (variant, options) {
  return tgUnwrap(Module['raw_initialPosition'](tgVariant(variant), tgOptions(options)));
};

/** Legal moves of `position` (null or '' = the initial position): the objects of
 *  `tradgames moves --json` (notation, from, to, path, captured, promotion, drop, after).
 *  extra.paths = true lists every capture path (P) instead of one move per result (U). */
Module['legalMoves'] = function (variant, position, options, extra) {
  const paths = !!(extra && extra.paths);
  return tgUnwrap(Module['raw_legalMoves'](tgVariant(variant), tgOptions(options), tgString(position, 'position'), paths));
};

/** The position string after the move written as `move` (the variant's notation; any subset of
 *  the landings). Throws IllegalMoveError / AmbiguousMoveError / ParseError naming the move. */
Module['play'] = function (variant, position, move, options) {
  return tgUnwrap(Module['raw_play'](tgVariant(variant), tgOptions(options), tgString(position, 'position'), tgString(move, 'move'))).after;
};

/** Whether the move text `move` is legal in `position` and, if not, why: the object of
 *  `tradgames moves --explain MOVE --json` {text, legal, reason, rule, message, move,
 *  alternatives} (README "Command line"). Never throws for an illegal or malformed move. */
Module['explain'] = function (variant, position, move, options) {
  return tgUnwrap(Module['raw_explain'](tgVariant(variant), tgOptions(options), tgString(position, 'position'), tgString(move, 'move')));
};

/** Leaves of the move tree of `position` to `depth` plies (U counting; extra.paths: P). */
Module['perft'] = function (variant, position, depth, options, extra) {
  if (!Number.isInteger(depth)) throw new TradgamesError('OptionError', 'perft: depth must be a whole number');
  const paths = !!(extra && extra.paths);
  return tgUnwrap(Module['raw_perft'](tgVariant(variant), tgOptions(options), tgString(position, 'position'), depth, paths));
};

/** The library's SVG picture of `position` (io/svg.hpp). `lastMove` (optional) is either move
 *  text, played in `position` with the position after it drawn (as `tradgames render
 *  --last-move`), or a move object (legalMoves / history) that led to `position`, i.e. whose
 *  `after` is `position`; it is highlighted. extra.flipped = true draws Black's side at the
 *  bottom. Every square or point carries data-vertex = its name. */
Module['render'] = function (variant, position, lastMove, options, extra) {
  const last = lastMove === undefined || lastMove === null ? '' : JSON.stringify(lastMove);
  const flipped = !!(extra && extra.flipped);
  return tgUnwrap(Module['raw_render'](tgVariant(variant), tgOptions(options), tgString(position, 'position'), last, flipped));
};

/** How a game starting at `position` stands: {outcome: 'ongoing' | 'white_wins' |
 *  'black_wins' | 'draw', reason: text or null} (no legal move, a variant rule at the start). */
Module['result'] = function (variant, position, options) {
  return tgUnwrap(Module['raw_result'](tgVariant(variant), tgOptions(options), tgString(position, 'position')));
};

/** The engine's move (engine/search) for the game that started at `start` (null or '' = the
 *  initial position) and continued with `moves` (a list of move texts, e.g. a Game's
 *  history.map(m => m.notation); they count for repetition draws). `limits`: {depth,
 *  movetime_ms, nodes}, at least one. Returns the object of `tradgames search --json` (best,
 *  score {value, proven, text}, depth, seldepth, nodes, time_ms, nps, lines) plus `move`, the
 *  best move as a legalMoves object (null when the game is over). Runs synchronously: a page
 *  calls it in a Web Worker (web/engine-worker.js). */
Module['search'] = function (variant, start, moves, limits, options) {
  if (moves !== undefined && moves !== null && (!Array.isArray(moves) || moves.some((m) => typeof m !== 'string'))) {
    throw new TradgamesError('ParseError', 'search: moves must be a list of move texts');
  }
  if (limits === null || typeof limits !== 'object') {
    throw new TradgamesError('OptionError', 'search: limits must be an object {depth, movetime_ms, nodes}');
  }
  return tgUnwrap(Module['raw_search'](tgVariant(variant), tgOptions(options), tgString(start, 'start'),
    JSON.stringify(moves || []), JSON.stringify(limits)));
};

/** A game in progress (tradgames::Game): history, undo, result, PDN. Call dispose() when done
 *  (it holds WebAssembly memory). */
class Game {
  /** A new game of `variant` from `position` (null or '' = the initial position). */
  constructor(variant, position, options) {
    this._raw = new Module['RawGame']();
    try {
      this._set(this._raw.start(tgVariant(variant), tgOptions(options), tgString(position, 'position')));
    } catch (e) {
      this.dispose();
      throw e;
    }
  }

  /** The game recorded in PDN text (its first game; variant from its tags, else `fallback`). */
  static fromPdn(text, fallback, options) {
    const g = Object.create(Game.prototype);
    g._raw = new Module['RawGame']();
    try {
      g._set(g._raw.fromPdn(tgString(text, 'pdn'), tgString(fallback, 'variant'), tgOptions(options)));
    } catch (e) {
      g.dispose();
      throw e;
    }
    return g;
  }

  _set(text) {
    this._state = tgUnwrap(text);
    return this;
  }
  _handle() {
    if (!this._raw) throw new TradgamesError('Error', 'game: disposed');
    return this._raw;
  }

  /** Variant name. */
  get variant() { return this._state.variant; }
  /** Rule options in force, {name: value text}. */
  get options() { return this._state.options; }
  /** Position string before the first move. */
  get start() { return this._state.start; }
  /** Current position string. */
  get position() { return this._state.position; }
  /** 'white' or 'black'. */
  get sideToMove() { return this._state.side_to_move; }
  /** Moves played. */
  get ply() { return this._state.ply; }
  /** {outcome, reason}: reason names the rule that ended the game, null while it goes on. */
  get result() { return this._state.result; }
  /** Moves played, as move objects (notation, from, to, path, captured, ..., after). */
  get history() { return this._state.history; }

  /** Legal moves now (empty once the game is over), as legalMoves() objects. */
  legalMoves() { return tgUnwrap(this._handle().legalMoves()); }
  /** Plays a move: notation text, or a move object from legalMoves(). Returns this. */
  play(move) {
    const arg = typeof move === 'string' ? move : move && typeof move.after === 'string' ? { after: move.after } : null;
    if (arg === null) throw new TradgamesError('ParseError', 'play: expected move text or a move object from legalMoves()');
    return this._set(this._handle().play(JSON.stringify(arg)));
  }
  /** Takes back the last move. Throws if none was played. Returns this. */
  undo() { return this._set(this._handle().undo()); }
  /** A PDN record of the game (io/pdn.hpp write_pdn); tags: {White: '...', Event: '...'}. */
  pdn(tags) { return tgUnwrap(this._handle().pdn(JSON.stringify(tags || {}))); }
  /** The SVG of the current position with the last move highlighted (extra.flipped: Black's
   *  side at the bottom). */
  render(extra) { return tgUnwrap(this._handle().render(!!(extra && extra.flipped))); }
  /** Frees the game's WebAssembly memory. */
  dispose() {
    if (this._raw) {
      this._raw.delete();
      this._raw = null;
    }
  }
}

/** N games of one variant stepped together in WebAssembly (tradgames::VectorEnv, README
 *  "Batched environments"), for learning agents: one call steps every game and writes
 *  observations, legal-action masks, rewards, flags and the player to act into arrays in the
 *  module's memory. One thread (WebAssembly has none here). Actions and planes are those of the
 *  Python module's Board and VectorEnv (action = from * V + to for a step, V * V + k for choice
 *  k; planes 2K + 3 of V floats). Call dispose() when done. */
class VectorEnv {
  /** `numEnvs` games of `variant`. extra: {seed (0), view ('absolute' | 'side_to_move' |
   *  'rotated'), maxPlies (0 = no limit: truncated after that many plies), position (the start
   *  position string; null = the initial position), options (rule options)}. */
  constructor(variant, numEnvs, extra) {
    const x = extra || {};
    if (!Number.isInteger(numEnvs) || numEnvs < 1 || numEnvs > 65536) {
      throw new TradgamesError('OptionError', 'num_envs ' + numEnvs + ' is not in 1..65536');
    }
    const seed = x.seed === undefined ? 0 : x.seed;
    if (!Number.isSafeInteger(seed) || seed < 0) throw new TradgamesError('OptionError', 'seed: expected a whole number from 0 to 2^53 - 1');
    const maxPlies = x.maxPlies === undefined ? 0 : x.maxPlies;
    if (!Number.isInteger(maxPlies) || maxPlies < 0 || maxPlies > 2147483647) throw new TradgamesError('OptionError', 'maxPlies: expected a whole number >= 0');
    this._raw = new Module['RawVectorEnv']();
    try {
      const info = tgUnwrap(this._raw.start(tgVariant(variant), tgOptions(x.options), numEnvs, seed,
        tgString(x.view === undefined ? 'absolute' : x.view, 'view'), maxPlies, tgString(x.position, 'position')));
      /** Number of games. */
      this.numEnvs = info.num_envs;
      /** Length of a mask row: V * V + the most choices. */
      this.numActions = info.num_actions;
      /** [planes, V]: the shape of one game's observation. */
      this.observationShape = [info.planes, info.vertices.length];
      /** The vertex names in vertex order: action from * V + to steps from vertexNames[from]
       *  to vertexNames[to]; observation column x is vertexNames[x]. */
      this.vertexNames = info.vertices;
      this.view = info.view;
    } catch (e) {
      this.dispose();
      throw e;
    }
  }

  _handle() {
    if (!this._raw) throw new TradgamesError('Error', 'vector env: disposed');
    return this._raw;
  }
  _check(text) {
    if (text) tgUnwrap(text);
    return this.outputs();
  }

  /** The outputs of the last call, as views into the module's memory (valid until the next call
   *  of any tradgames function may grow that memory: copy with slice() to keep them):
   *  {observation: Float32Array numEnvs * planes * V, actionMask: Uint8Array numEnvs *
   *  numActions (1 = legal), reward: Float32Array (to the side that took the action: +1 won, -1
   *  lost, else 0), terminated, truncated: Uint8Array (the game ended by its rules / reached
   *  maxPlies; it was reset in the same step), currentPlayer: Int8Array (0 White, 1 Black, who
   *  acts next), finalObservation: Float32Array (the last observation of the finished game, in
   *  the rows where terminated or truncated is 1)}. */
  outputs() {
    const r = this._handle();
    return {
      observation: r.observation(), actionMask: r.actionMask(), reward: r.reward(),
      terminated: r.terminated(), truncated: r.truncated(), currentPlayer: r.currentPlayer(),
      finalObservation: r.finalObservation(),
    };
  }

  /** Every game back to its start (reseeds the generators when `seed` is given); returns
   *  outputs(). */
  reset(seed) {
    const reseed = seed !== undefined && seed !== null;
    if (reseed && (!Number.isSafeInteger(seed) || seed < 0)) throw new TradgamesError('OptionError', 'seed: expected a whole number from 0 to 2^53 - 1');
    return this._check(this._handle().reset(reseed, reseed ? seed : 0));
  }

  /** Takes actions[i] in game i, for every i (an Array or typed array of numEnvs whole
   *  numbers); returns outputs(). Every action is checked first: IllegalMoveError names the
   *  first game whose action is not legal, and then nothing changed. */
  step(actions) {
    const raw = this._handle();
    if (!actions || actions.length !== this.numEnvs) {
      throw new TradgamesError('IllegalMoveError', 'step: expected ' + this.numEnvs + ' actions');
    }
    if (!(actions instanceof Int32Array)) {
      for (let i = 0; i < actions.length; ++i) {
        const a = actions[i];
        if (!Number.isInteger(a) || a < 0 || a >= this.numActions) {
          throw new TradgamesError('IllegalMoveError', 'environment ' + i + ': action ' + a + ' is not legal here');
        }
      }
    }
    raw.actions().set(actions);
    return this._check(raw.step());
  }

  /** A uniformly drawn legal action per game, from each game's own generator (game i draws
   *  from (seed, i), as in Python and C++): an Int32Array view (copy it to keep it). */
  sampleActions() {
    const raw = this._handle();
    const text = raw.sample();
    if (text) tgUnwrap(text);
    return raw.actions();
  }

  /** sampleActions() then step() in one call; returns outputs() plus `actions`, the actions
   *  taken (Int32Array view). */
  stepRandom() {
    const raw = this._handle();
    const out = this._check(raw.stepRandom());
    out.actions = raw.actions();
    return out;
  }

  /** Game i now: {position (string), ply, episodes (games finished since the last reset),
   *  pending (the actions taken in its unfinished move)}. */
  game(i) {
    if (!Number.isInteger(i)) throw new TradgamesError('OptionError', 'environment: expected a whole number');
    return tgUnwrap(this._handle().game(i));
  }

  /** Frees the environments' WebAssembly memory. */
  dispose() {
    if (this._raw) {
      this._raw.delete();
      this._raw = null;
    }
  }
}

Module['Game'] = Game;
Module['VectorEnv'] = VectorEnv;
Module['TradgamesError'] = TradgamesError;
