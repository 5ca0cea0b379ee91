// The page's play features in headless chromium (playwright-core): the computer opponent (its
// search in a Web Worker), stepping through the moves played, why a piece cannot move and which
// can, the whole PDN, square names above pieces, marks under capture crosses, the piece legend,
// Tobit's points on a phone, drag and drop, the move animation. Screenshots of every state, on a
// desktop and a 390x844 phone viewport, go to web/test-output/ (SCREENSHOT_DIR overrides).
//   node --test web/browser-test/        (CHROMIUM=/path/to/chromium overrides /usr/bin/chromium)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import createTradgames from '../tradgames.js';
import { launch, shots } from './browser.mjs';

let env, url, desktop, phone, consoleErrors;

before(async () => {
  env = await launch();
  ({ url, consoleErrors } = env);
  desktop = await env.newPage({ viewport: { width: 1280, height: 900 } });
  phone = await env.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
});

after(async () => {
  await env?.close();
});

async function open(page, variant) {
  await page.goto('about:blank');
  await page.goto(`${url}#${variant}`);
  await page.waitForSelector('body[data-ready="true"]');
}

async function vertexCentre(page, name) {
  const el = page.locator(`#board svg .cell[data-vertex="${name}"], #board svg .point[data-vertex="${name}"]`);
  assert.equal(await el.count(), 1, `vertex ${name} on the board`);
  await el.scrollIntoViewIfNeeded();
  const box = await el.boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function clickVertex(page, name) {
  const c = await vertexCentre(page, name);
  await page.mouse.click(c.x, c.y);
}

async function startFrom(page, position) {
  await page.fill('#position', position);
  await page.click('#load-position');
  assert.equal(await page.inputValue('#position'), position);
}

const plies = (page) => page.$$eval('#history .ply', (els) => els.map((e) => e.textContent));
const shot = (page, name) => page.screenshot({ path: `${shots}/${name}-${page === phone ? 'phone' : 'desktop'}.png`, fullPage: page === phone });

test('against the computer: it answers in a Web Worker, the page stays responsive, undo takes back both', async () => {
  for (const page of [desktop, phone]) {
    await open(page, 'russian');
    await page.selectOption('#level', '2');
    await page.selectOption('#computer', 'black');
    await clickVertex(page, 'c3');
    await clickVertex(page, 'd4');
    await page.waitForFunction(() => document.querySelectorAll('#history .ply').length === 2);
    const p = await plies(page);
    assert.equal(p[0], 'c3-d4');
    // Black's reply is one of its legal moves, drawn and marked like any other move.
    const tg = await createTradgames();
    const replies = tg.legalMoves('russian', tg.play('russian', null, 'c3-d4')).map((m) => m.notation);
    assert.ok(replies.includes(p[1]), p[1]);
    assert.equal(await page.textContent('#status'), 'White to move');
    assert.match(await page.textContent('#engine-info'), new RegExp(`^Computer: ${p[1]} \\(score .*depth 2`));
    assert.equal(await page.locator('#board svg .last-move-marks .arrow').count(), 1);
    await shot(page, 'computer');
    // Undo takes back the computer's reply and the player's move.
    await page.click('#undo');
    assert.deepEqual(await plies(page), []);
    assert.equal(await page.textContent('#status'), 'White to move');
  }
  // Shatra at the hard level searches for its whole time cap (5 s): the page answers meanwhile.
  await open(desktop, 'shatra');
  await desktop.selectOption('#level', '6');
  await desktop.selectOption('#computer', 'white');
  await desktop.waitForSelector('#board[data-thinking]', { timeout: 2000 });
  assert.match(await desktop.textContent('#status'), /^White to move: the computer is thinking/);
  const t0 = Date.now();
  await desktop.click('#flip');
  await desktop.click('#flip');
  assert.ok(Date.now() - t0 < 2000, 'the page answers during the search (which takes 5 s)');
  assert.equal(await desktop.getAttribute('#board', 'data-thinking'), 'true');
  // The legal-move buttons do not play for the computer.
  assert.equal(await desktop.isDisabled('#legal button >> nth=0'), true);
  await shot(desktop, 'computer-thinking');
  await desktop.waitForFunction(() => document.querySelectorAll('#history .ply').length === 1, null, { timeout: 20000 });
  assert.equal(await desktop.textContent('#status'), 'Black to move');
  assert.match(await desktop.textContent('#engine-info'), /^Computer: \S+ \(score/);
  await desktop.selectOption('#computer', 'none');
});

test('the move list follows the game; a click or the arrow keys show past positions', async () => {
  // A 60-ply Russian game (the first legal move each time), loaded from PDN.
  const tg = await createTradgames();
  const g = new tg.Game('russian');
  while (g.ply < 60 && g.legalMoves().length) g.play(g.legalMoves()[0]);
  const pdn = g.pdn();
  const n = g.ply;
  for (const page of [desktop, phone]) {
    await open(page, 'russian');
    await page.fill('#pdn', pdn);
    await page.click('#load-pdn');
    assert.equal((await plies(page)).length, n);
    // The last ply is marked and scrolled into the list's view.
    const last = page.locator(`#history .ply[data-ply="${n}"]`);
    assert.equal(await last.getAttribute('class'), 'ply current');
    const list = await page.locator('#history').boundingBox();
    const lastBox = await last.boundingBox();
    assert.ok(lastBox.y >= list.y - 1 && lastBox.y + lastBox.height <= list.y + list.height + 1, 'last ply in view');
    // The PDN box shows the whole record (no hidden lines).
    assert.equal(await page.inputValue('#pdn'), pdn);
    assert.ok(await page.$eval('#pdn', (e) => e.scrollHeight <= e.clientHeight + 2), 'no PDN line hidden');
    await shot(page, 'history-end');
    // Ply 3 clicked: the position after it, marked; the game is untouched.
    await page.click('#history .ply[data-ply="3"]');
    assert.equal(await page.getAttribute('#board svg', 'data-ply'), '3');
    assert.equal(await page.getAttribute('#board svg', 'data-position'), g.history[2].after);
    assert.match(await page.textContent('#status'), new RegExp(`^After 3 of ${n} plies: Black to move$`));
    assert.equal(await page.locator('#history .ply.current').textContent(), g.history[2].notation);
    assert.equal(await page.inputValue('#position'), g.position);
    await shot(page, 'history-ply3');
    await page.locator('#history .ply[data-ply="3"]').blur();
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.getAttribute('#board svg', 'data-ply'), '2');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getAttribute('#board svg', 'data-ply'), '4');
    await page.keyboard.press('Home');
    assert.equal(await page.getAttribute('#board svg', 'data-position'), g.start);
    assert.equal(await page.isDisabled('#nav-back'), true);
    // The board does not play while a past position is shown.
    await clickVertex(page, 'c3');
    assert.equal(await page.getAttribute('#board svg', 'data-selected'), null);
    await page.keyboard.press('End');
    assert.equal(await page.getAttribute('#board svg', 'data-ply'), String(n));
    assert.equal(await page.isDisabled('#nav-forward'), true);
    await page.click('#nav-back');
    assert.equal(await page.getAttribute('#board svg', 'data-ply'), String(n - 1));
    await page.click('#nav-last');
  }
  g.dispose();
});

test('a piece that cannot move says why; the pieces that can move are marked', async () => {
  for (const page of [desktop, phone]) {
    await open(page, 'russian');
    // At the start the six men of the third row can move.
    assert.deepEqual((await page.$$eval('#board svg .movable', (els) => els.map((e) => e.dataset.vertex))).sort(),
      ['a3', 'c3', 'e3', 'g3']);
    // variants/russian/RULES.md §1.4: c3 must take d4; g1 may not step.
    await startFrom(page, 'W:Wc3,g1:Bd4');
    assert.deepEqual(await page.$$eval('#board svg .movable', (els) => els.map((e) => e.dataset.vertex)), ['c3']);
    await clickVertex(page, 'g1');
    const hint = await page.textContent('#hint');
    assert.equal(hint, (await createTradgames()).explain('russian', 'W:Wc3,g1:Bd4', 'g1-h2').message);
    assert.match(hint, /captur/i);
    await shot(page, 'why-not');
    // A black piece: not White's to move.
    await clickVertex(page, 'd4');
    assert.match(await page.textContent('#hint'), /Black's piece; White is to move/);
    // A selected piece sent where it cannot go: the library's reason.
    await clickVertex(page, 'c3');
    await clickVertex(page, 'b4');
    assert.match(await page.textContent('#hint'), /captur/i);
  }
});

test('game end caption, square names over pieces, dots under capture crosses, the legend, Tobit points', async () => {
  for (const page of [desktop, phone]) {
    // Tobit: the multi-capture ends the game; the caption under the board says so (animated).
    await open(page, 'tobit');
    const r = await page.locator('#board svg circle.point[data-vertex="1"]').boundingBox();
    assert.ok(r.width >= (page === phone ? 10 : 12), `empty point ${r.width} px wide`);
    await shot(page, 'tobit-start');
    await startFrom(page, 'W:W7:B14,22,30');
    await clickVertex(page, '7');
    await clickVertex(page, '36');
    assert.ok(await page.evaluate(() => document.getAnimations().length) >= 1, 'the move is animated');
    await page.waitForFunction(() => document.getAnimations().length === 0);
    assert.equal(await page.textContent('#board svg text.to-move'), 'White wins');
    assert.match(await page.textContent('#status'), /^Game over: White wins \(.*no legal move.*\)$/);
    assert.equal(await page.locator('#board svg .fading').count(), 0);
    await shot(page, 'tobit-over');

    // International: the square numbers are drawn after (above) the pieces.
    await open(page, 'international');
    assert.ok(await page.evaluate(() => {
      const svg = document.querySelector('#board svg');
      const names = svg.querySelector('g.names');
      return names && (svg.querySelector('g.pieces').compareDocumentPosition(names) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    }));
    await shot(page, 'international');

    // Russian: after d4:f6 Black's g7 may take f6 landing on e5, the square marked captured:
    // the destination dot lies under the cross.
    await open(page, 'russian');
    for (const v of ['c3', 'd4', 'f6', 'e5', 'd4', 'f6']) await clickVertex(page, v);
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await clickVertex(page, 'g7');
    assert.ok(await page.evaluate(() => {
      const svg = document.querySelector('#board svg');
      const ui = svg.querySelector('g.ui');
      const cross = svg.querySelector('.captured[data-vertex="e5"]');
      // Under the cross, and a ring (no fill) wider than the cross, so both show.
      const mark = [...ui.children].find((c) => +c.getAttribute('cx') === +cross.getBBox().x + cross.getBBox().width / 2);
      return (ui.compareDocumentPosition(cross) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 && mark &&
        mark.getAttribute('fill') === 'none' && +mark.getAttribute('r') > cross.getBBox().width / 2;
    }));
    await shot(page, 'dot-under-cross');

    // Shatra: the letters on the pieces are explained.
    await open(page, 'shatra');
    const legend = await page.$$eval('#legend .legend-item', (els) => els.map((e) => e.textContent));
    for (const item of ['K biy', 'Q batyr', 'R tura', 'Y yalkyn']) assert.ok(legend.includes(item), `${item} in ${legend}`);
    await shot(page, 'shatra');
  }
});

test('the endgame-database verdict of a shipped ending', async () => {
  for (const page of [desktop, phone]) {
    await open(page, 'russian');
    assert.equal(await page.isVisible('#verdict'), false);
    // Black's king runs to h8; White's king on a1 can only move along a1-h8 and is taken.
    await startFrom(page, 'B:WKa1:BKb2');
    await page.waitForSelector('#verdict:not([hidden])');
    assert.equal(await page.textContent('#verdict'), 'Endgame database: Black to move wins in 3 plies');
    await shot(page, 'verdict');
    await clickVertex(page, 'b2');
    await clickVertex(page, 'h8');
    await page.waitForFunction(() => document.querySelector('#verdict').textContent.includes('White to move loses in 2 plies'));
    // A man on the board: no shipped ending.
    await startFrom(page, 'W:Wc3:BKh8');
    assert.equal(await page.isVisible('#verdict'), false);
  }
});

test('drag and drop plays a move; a drop elsewhere plays nothing', async () => {
  await open(desktop, 'russian');
  const from = await vertexCentre(desktop, 'c3');
  const bad = await vertexCentre(desktop, 'c5');
  await desktop.mouse.move(from.x, from.y);
  await desktop.mouse.down();
  await desktop.mouse.move(bad.x, bad.y, { steps: 5 });
  await desktop.mouse.up();
  assert.deepEqual(await plies(desktop), []);
  assert.equal(await desktop.getAttribute('#board svg .piece[data-vertex="c3"]', 'transform'), null);
  const to = await vertexCentre(desktop, 'd4');
  await desktop.mouse.move(from.x, from.y);
  await desktop.mouse.down();
  await desktop.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 3 });
  await shot(desktop, 'dragging');
  await desktop.mouse.move(to.x, to.y, { steps: 3 });
  await desktop.mouse.up();
  assert.deepEqual(await plies(desktop), ['c3-d4']);
  assert.equal(await desktop.getAttribute('#board svg .piece[data-vertex="d4"]', 'data-color'), 'white');
  assert.deepEqual(consoleErrors, []);
});
