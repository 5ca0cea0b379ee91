// The page's computer player: a Web Worker with its own copy of tradgames.js, so a search
// (tg.search, engine/search compiled to WebAssembly) never blocks the page. Messages:
//   in:  {id, variant, options, start, moves: [move text], limits: {depth | movetime_ms | nodes}}
//   out: {id, result} (tg.search's object, result.move the chosen legalMoves object)
//        or {id, error: {name, message}}
import createTradgames from './tradgames.js';

const ready = createTradgames();

self.onmessage = async (event) => {
  const { id, variant, options, start, moves, limits } = event.data;
  try {
    const tg = await ready;
    const result = tg.search(variant, start, moves, limits, options);
    self.postMessage({ id, result });
  } catch (e) {
    self.postMessage({ id, error: { name: e.name || 'Error', message: e.message || String(e) } });
  }
};
