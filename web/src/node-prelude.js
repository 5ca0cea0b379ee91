// Prepended to tradgames.js (--extern-pre-js). Emscripten 3.1.6 writes its Node support for
// CommonJS (require, __dirname), which an ES module lacks; in Node they are made here. In a
// browser nothing is imported.
const tgInNode = typeof process === 'object' && typeof process.versions === 'object' &&
                 typeof process.versions.node === 'string';
const require = tgInNode ? (await import('node:module')).createRequire(import.meta.url) : undefined;
const __dirname = tgInNode ? require('node:path').dirname(require('node:url').fileURLToPath(import.meta.url)) : '';
