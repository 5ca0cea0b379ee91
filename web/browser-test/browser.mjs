// What the browser tests share: a static server for web/, Debian's chromium driven by
// playwright-core (CHROMIUM=/path/to/chromium overrides /usr/bin/chromium), pages that collect
// console errors, and the screenshot folder (SCREENSHOT_DIR, default web/test-output/).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../serve.mjs';

export const shots = process.env.SCREENSHOT_DIR || fileURLToPath(new URL('../test-output/', import.meta.url));

/** Starts the server and the browser: {url, consoleErrors, newPage(options), close()}. */
export async function launch() {
  mkdirSync(shots, { recursive: true });
  const { server, url } = await startServer(0);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    // Root (CI containers) cannot use chromium's sandbox.
    args: process.getuid && process.getuid() === 0 ? ['--no-sandbox'] : [],
  });
  const consoleErrors = [];
  return {
    url,
    consoleErrors,
    async newPage(options) {
      const page = await browser.newPage(options);
      page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
      page.on('pageerror', (e) => consoleErrors.push(String(e)));
      return page;
    },
    async close() {
      await browser.close();
      server.close();
    },
  };
}
