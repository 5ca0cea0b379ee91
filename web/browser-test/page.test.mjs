// The page in a real browser: Debian's chromium, headless, driven by playwright-core. Loads
// web/index.html from a local static server and plays by clicking on the board: a Russian
// capture, a Shatra reserve drop and a promotion with a choice, a Tobit multi-capture; checks
// the board (the library's SVG: pieces carry data-vertex), the move list, the game end, undo and
// flip; saves one screenshot per variant to web/test-output/ (SCREENSHOT_DIR overrides).
//   node --test web/browser-test/        (CHROMIUM=/path/to/chromium overrides /usr/bin/chromium)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, shots } from './browser.mjs';

let env, url, page, consoleErrors;

before(async () => {
  env = await launch();
  ({ url, consoleErrors } = env);
  page = await env.newPage({ viewport: { width: 1280, height: 900 } });
});

after(async () => {
  await env?.close();
});

/** Opens the page on a variant (the URL fragment picks it) and waits for the module. */
async function open(variant) {
  await page.goto('about:blank');
  await page.goto(`${url}#${variant}`);
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.inputValue('#variant'), variant);
}

/** Clicks the centre of vertex `name` on the board (its square or point). */
async function clickVertex(name) {
  const el = page.locator(`#board svg .cell[data-vertex="${name}"], #board svg .point[data-vertex="${name}"]`);
  assert.equal(await el.count(), 1, `vertex ${name} on the board`);
  const box = await el.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** {vertex: "white man"} for every piece drawn. */
async function pieces() {
  return page.$$eval('#board svg .piece', (els) => Object.fromEntries(
    els.map((e) => [e.getAttribute('data-vertex'), `${e.getAttribute('data-color')} ${e.getAttribute('data-kind')}`])));
}

const history = () => page.$$eval('#history li', (els) => els.map((e) => e.textContent));
const status = () => page.textContent('#status');
const errorText = () => page.$eval('#error', (e) => (e.hidden ? '' : e.textContent));

async function startFrom(position) {
  await page.fill('#position', position);
  await page.click('#load-position');
  assert.equal(await errorText(), '');
  assert.equal(await page.inputValue('#position'), position);
}

test('every registered variant is offered, with its options', async () => {
  await open('russian');
  const offered = await page.$$eval('#variant option', (els) => els.map((e) => e.value));
  for (const v of ['russian', 'shatra', 'tobit', 'tobit-4x4']) assert.ok(offered.includes(v), v);
  await page.selectOption('#variant', 'shatra');
  assert.ok(await page.locator('#options select#opt-double_step').count() === 1);
  assert.ok(await page.locator('#options input[type=checkbox]#opt-drop_on_high_road').count() === 1);
});

test('russian: quiet moves, a capture by clicking, undo, flip, PDN', async () => {
  await open('russian');
  assert.equal((await page.$$('#legal button')).length, 7);
  await clickVertex('c3');
  // The selected piece's destinations are marked.
  assert.equal(await page.getAttribute('#board svg', 'data-selected'), 'c3');
  await page.screenshot({ path: `${shots}/russian-selected.png` });
  await clickVertex('d4');
  await clickVertex('f6');
  await clickVertex('e5');
  // White must take: d4 over e5 to f6.
  assert.deepEqual(await page.$$eval('#legal button', (els) => els.map((e) => e.textContent)), ['d4:f6']);
  await clickVertex('d4');
  await clickVertex('f6');
  assert.deepEqual(await history(), ['c3-d4  f6-e5', 'd4:f6']);
  const p = await pieces();
  assert.equal(p.f6, 'white man');
  assert.equal(p.e5, undefined);
  assert.equal(p.d4, undefined);
  assert.equal(p.c3, undefined);
  assert.equal(Object.keys(p).length, 23);
  assert.equal(await page.locator('#board svg .captured[data-vertex="e5"]').count(), 1);
  assert.equal(await status(), 'Black to move');
  assert.match(await page.inputValue('#pdn'), /1\. c3-d4 f6-e5 2\. d4:f6 \*/);
  await page.screenshot({ path: `${shots}/russian.png` });
  // Flip: a1 goes from the bottom left to the top right.
  const before = await page.locator('#board svg .cell[data-vertex="a1"]').boundingBox();
  await page.click('#flip');
  const flipped = await page.locator('#board svg .cell[data-vertex="a1"]').boundingBox();
  assert.ok(flipped.x > before.x && flipped.y < before.y, 'a1 moved to the top right');
  await page.screenshot({ path: `${shots}/russian-flipped.png` });
  await page.click('#flip');
  // Undo takes back the capture.
  await page.click('#undo');
  assert.deepEqual(await history(), ['c3-d4  f6-e5']);
  assert.equal((await pieces()).e5, 'black man');
  assert.equal(await errorText(), '');
});

test('shatra: a reserve drop and a promotion with a choice', async () => {
  await open('shatra');
  assert.equal((await page.$$('#legal button')).length, 154);
  // Reserve man 57 (White's fortress) dropped on 38.
  await clickVertex('57');
  await clickVertex('38');
  assert.deepEqual(await history(), ['57-38']);
  const p = await pieces();
  assert.equal(p['38'], 'white shatra');
  assert.equal(p['57'], undefined);
  assert.equal(await status(), 'Black to move');
  await page.screenshot({ path: `${shots}/shatra.png` });
  await page.click('#flip');
  await page.screenshot({ path: `${shots}/shatra-flipped.png` });
  await page.click('#flip');
  // variants/shatra/RULES.md test 23: the shatra on 5 promotes on 1 as a batyr, tura or yalkyn: the page asks.
  await startFrom('W:WK52,5:BK11');
  await clickVertex('5');
  await clickVertex('1');
  assert.equal(await page.isVisible('#chooser'), true);
  const choices = await page.$$eval('#chooser-moves button', (els) => els.map((e) => e.dataset.notation));
  assert.deepEqual(choices.sort(), ['5-1=Q', '5-1=R', '5-1=Y']);
  await page.click('#chooser-moves button[data-notation="5-1=R"]');
  assert.equal(await page.isVisible('#chooser'), false);
  assert.deepEqual(await history(), ['5-1=R']);
  assert.equal((await pieces())['1'], 'white tura');
});

test('tobit: a multi-capture by clicking on points, and the game end', async () => {
  await open('tobit');
  await page.screenshot({ path: `${shots}/tobit-start.png` });
  // variants/tobit/RULES.md T7b: the hul on 7 takes 14, 22 and 30, landing on 21, 23 and 36 (a promotion
  // point); Black has nothing left and loses (E1).
  await startFrom('W:W7:B14,22,30');
  await clickVertex('7');
  await clickVertex('36');
  assert.deepEqual(await history(), ['7:21:23:36']);
  const p = await pieces();
  assert.deepEqual(p, { 36: 'white tobit' });
  assert.equal(await page.locator('#board svg .captured').count(), 3);
  assert.match(await status(), /^Game over: White wins \(.*no legal move.*\)$/);
  assert.equal((await page.$$('#legal button')).length, 0);
  await page.screenshot({ path: `${shots}/tobit.png` });
});

test('tobit-4x4: the small board plays', async () => {
  await open('tobit-4x4');
  await clickVertex('6');
  await clickVertex('12');
  assert.deepEqual(await history(), ['6-12']);
  await page.screenshot({ path: `${shots}/tobit-4x4.png` });
});

test('bad input shows the library message', async () => {
  await open('russian');
  await page.fill('#position', 'W:Wz9:Bc3');
  await page.click('#load-position');
  assert.match(await errorText(), /ParseError: .*z9/);
  assert.deepEqual(consoleErrors, []);
});
