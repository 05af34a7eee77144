/** Starts the built playground on 127.0.0.1 and Debian's Chromium (never Playwright's download) on a fresh profile. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { DIST, serveStatic } from '../scripts/serve.mjs';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Playground {
  url: string;
  context: BrowserContext;
  page(): Promise<Page>;
  close(): Promise<void>;
}

/** `isolated: false` serves the page without the cross-origin isolation headers, as a host that cannot set them. */
export async function startPlayground({ isolated = true }: { isolated?: boolean } = {}): Promise<Playground> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y --no-install-recommends chromium); .ci/run does this`);
  }
  if (!existsSync(join(DIST, 'index.html'))) throw new Error(`${DIST} is not built: run \`pnpm run build\` first`);
  const server: Server = await serveStatic(DIST, 0, { isolated });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const profile = mkdtempSync(join(tmpdir(), 'logfilter-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
  });
  // Nothing but the page's own server: any other request fails the page loudly.
  await context.route(
    (requested) => !requested.href.startsWith(url),
    (route) => route.abort(),
  );
  return {
    url,
    context,
    page: () => context.newPage(),
    async close() {
      await context.close();
      await new Promise((resolve) => server.close(resolve));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The text of the CodeMirror editor, line by line. */
export async function editorText(page: Page): Promise<string> {
  return page.locator('.cm-content .cm-line').evaluateAll((lines) => lines.map((line) => line.textContent ?? '').join('\n'));
}

/** Clears the editor and types `text` key by key, as a user would. */
export async function typeFilter(page: Page, text: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
  await page.keyboard.press('Escape');
}
