/**
 * The documentation site, built (`pnpm docs:build`'s steps) and opened in headless Chromium, served
 * from a sub-path as GitHub Pages would: every internal link and asset resolves, every diagnostic
 * code has its page (at the address the CLI, SARIF and the language server link to), and every
 * command has a reference page whose options are the options its `--help` lists.
 */
import { execFile } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { createProgram } from '@logfilter/cli';
import { DIAGNOSTIC_CODES, diagnosticPage } from '@logfilter/core';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../support/cli.js';

const CHROMIUM = '/usr/bin/chromium';
const DIST = join(REPO_ROOT, 'docs', '.vitepress', 'dist');
/** The site is served below this path, so an address that is not relative fails. */
const MOUNT = '/some/project/';
/** Generating the pages and VitePress's build of about 150 of them, on a busy 2-core machine. */
const BUILD_BUDGET_MS = 300_000;
/** Visiting every page of the site one after another. */
const CRAWL_BUDGET_MS = 300_000;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** A static server of dist/ under MOUNT; `/x` is answered by `x.html` when there is no file `x`, as GitHub Pages does. */
function serve(root: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    if (!path.startsWith(MOUNT)) return void response.writeHead(404).end('outside the site');
    const relative = path.slice(MOUNT.length);
    const candidates = [relative.endsWith('/') || relative === '' ? `${relative}index.html` : relative, `${relative}.html`];
    const file = candidates
      .map((candidate) => normalize(join(root, candidate)))
      .find((each) => each.startsWith(root + sep) && existsSync(each) && statSync(each).isFile());
    if (!file) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

let server: Server;
let context: BrowserContext;
let profile: string;
let site: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y --no-install-recommends chromium)`);
  const run = promisify(execFile);
  const bin = (name: string) => join(REPO_ROOT, 'node_modules', '.bin', name);
  await run(process.execPath, [join(REPO_ROOT, 'scripts', 'docs-generate.mjs')], { cwd: REPO_ROOT });
  await run(bin('vitepress'), ['build', 'docs'], { cwd: REPO_ROOT });
  await run(process.execPath, [join(REPO_ROOT, 'scripts', 'docs-generate.mjs'), '--relative'], { cwd: REPO_ROOT });
  server = await serve(DIST);
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}${MOUNT}`;
  profile = mkdtempSync(join(tmpdir(), 'logfilter-docs-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  // Nothing but the site's own server.
  await context.route(
    (requested) => !requested.href.startsWith(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`),
    (route) => route.abort(),
  );
}, BUILD_BUDGET_MS);

afterAll(async () => {
  await context?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** A heading's text without the anchor link VitePress appends (a zero-width space). */
function headingText(text: string | null): string {
  return (text ?? '').replace(/[\s\u200b]+$/, '');
}

/** The addresses a page refers to: links, scripts, styles, images and frames, without their #fragment. */
async function referencesOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...[...document.querySelectorAll('a[href], link[href]')].map((element) => (element as HTMLAnchorElement).href),
      ...[...document.querySelectorAll('script[src], img[src], iframe[src]')].map((element) => (element as HTMLScriptElement).src),
    ].map((address) => address.split('#')[0]),
  );
}

describe('the documentation site in Chromium', () => {
  const visited = new Map<string, string>();

  it('every internal link and asset resolves, from the home page on', { timeout: CRAWL_BUDGET_MS }, async () => {
    const page = await context.newPage();
    const broken: string[] = [];
    const queue = [`${site}index.html`];
    const checked = new Set<string>(queue);
    while (queue.length > 0) {
      const address = queue.shift() as string;
      const response = await page.goto(address);
      if (response?.status() !== 200) {
        broken.push(`${address}: ${response?.status()}`);
        continue;
      }
      const heading = await page
        .locator('h1')
        .first()
        .textContent({ timeout: 1_000 })
        .catch(() => '');
      visited.set(address, headingText(heading));
      for (const reference of await referencesOf(page)) {
        if (!reference.startsWith(site) || checked.has(reference)) {
          if (reference.startsWith('http://127.0.0.1') && !reference.startsWith(site)) broken.push(`${address} -> ${reference} (outside the site's path)`);
          continue;
        }
        checked.add(reference);
        // The playground is its own application: its page is checked to load, not crawled.
        if (reference.endsWith('.html') && !reference.includes('/playground/')) queue.push(reference);
        else {
          const asset = await context.request.get(reference);
          if (asset.status() !== 200) broken.push(`${address} -> ${reference}: ${asset.status()}`);
        }
      }
    }
    await page.close();
    expect(broken).toEqual([]);
    expect(visited.size).toBeGreaterThan(DIAGNOSTIC_CODES.length);
  });

  it('every diagnostic code has its page, at the address front ends link to', async () => {
    const page = await context.newPage();
    for (const code of DIAGNOSTIC_CODES) {
      expect(visited.get(`${site}diagnostics/${code}.html`), code).toBe(code);
      // diagnosticPage's address has no .html: served as GitHub Pages serves it.
      const response = await page.goto(diagnosticPage(code, site));
      expect(response?.status(), code).toBe(200);
      expect(headingText(await page.locator('h1').first().textContent())).toBe(code);
    }
    await page.close();
  });

  it('every command has a reference page whose options are the ones its --help lists', { timeout: CRAWL_BUDGET_MS }, async () => {
    const { program } = createProgram();
    const commands = (function all(command: typeof program, path: string[]): string[][] {
      return command.commands.flatMap((sub) => [[...path, sub.name()], ...all(sub, [...path, sub.name()])]);
    })(program, []);
    expect(commands.length).toBeGreaterThan(20);
    const page = await context.newPage();
    for (const path of commands) {
      const response = await page.goto(`${site}reference/cli/${path.join('-')}.html`);
      expect(response?.status(), path.join(' ')).toBe(200);
      const documented = (await page.locator('h2:has-text("Options") + table tbody tr td:first-child').allTextContents()).sort();
      const help = (await runCli([...path, '--help'])).stdout;
      const options = help.split('\nOptions:\n')[1]?.split('\n\n')[0] ?? '';
      const listed = [...options.matchAll(/^ {2}(-[^ ].*?)(?: {2,}|$)/gm)].map((match) => match[1]).filter((flags) => flags !== '-h, --help');
      expect(documented, path.join(' ')).toEqual(listed.sort());
    }
    await page.close();
  });
});
