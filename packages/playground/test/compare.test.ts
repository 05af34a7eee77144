import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, evaluate, exactRecordParser, type FilterJson, filterKeys, parseJsonExact } from '@logfilter/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorText, startPlayground, typeFilter, type Playground } from './browser.js';

/**
 * The time a page may take to fetch Z3 (35 MB of WebAssembly), start it and answer: far above the
 * second or so it takes, for a machine shared with other work.
 */
const SOLVER_BUDGET_MS = 180_000;
const RESULTS = join(dirname(fileURLToPath(import.meta.url)), '../test-results');

/** Five pairs over http_requests, each with the relation it has and what its witnesses must show. */
const PAIRS: Array<{ name: string; old: string; new: string; relation: string; witnesses: Array<{ old: boolean; new: boolean }>; exact?: string[] }> = [
  {
    name: 'a De Morgan rewrite',
    old: 'NOT (ClientCountry eq us OR BotScore lt 30)',
    new: 'NOT ClientCountry eq us AND NOT BotScore lt 30',
    relation: 'same',
    witnesses: [],
  },
  {
    name: 'a dropped list member',
    old: 'ClientCountry in (us, ca, fr)',
    new: 'ClientCountry in (us, ca)',
    relation: 'old-wider',
    witnesses: [{ old: true, new: false }],
    // Only a record from fr passes OLD and not NEW.
    exact: ['{"ClientCountry":"fr"}'],
  },
  {
    name: 'a prefix shortened',
    old: 'ClientRequestPath startsWith /api/',
    new: 'ClientRequestPath startsWith /api',
    relation: 'new-wider',
    witnesses: [{ old: false, new: true }],
  },
  {
    name: 'two ranges that overlap',
    old: 'BotScore lt 30',
    new: 'BotScore gt 10',
    relation: 'overlap',
    witnesses: [
      { old: true, new: false },
      { old: false, new: true },
    ],
  },
  {
    name: 'two ranges apart',
    old: 'EdgeResponseStatus geq 500',
    new: 'EdgeResponseStatus lt 400',
    relation: 'disjoint',
    witnesses: [
      { old: true, new: false },
      { old: false, new: true },
    ],
  },
];

/** What core's evaluate says of a witness line, the line read exactly as logfilter test reads one. */
function passes(text: string, line: string): boolean {
  const compiled = compile(text, { dataset: 'http_requests' });
  expect(compiled.diagnostics).toEqual([]);
  const filter = parseJsonExact(compiled.json!) as FilterJson;
  return evaluate(filter, exactRecordParser(filterKeys(filter))(line) as Record<string, unknown>);
}

async function finished(page: Page): Promise<string> {
  await page.waitForFunction(() => ['done', 'failed', 'not-isolated'].includes(document.getElementById('compare-pane')?.dataset.state ?? ''), null, {
    timeout: SOLVER_BUDGET_MS,
  });
  return (await page.locator('#compare-pane').getAttribute('data-state')) ?? '';
}

/** Whether the pane shows its answer for exactly these two filters (not for a half-typed one). */
async function answered(page: Page, old: string, newer: string): Promise<boolean> {
  const pane = page.locator('#compare-pane');
  return (await pane.getAttribute('data-state')) === 'done' && (await pane.getAttribute('data-compared')) === JSON.stringify([old, newer, 'http_requests']);
}

async function witnesses(page: Page) {
  return page.locator('#compare-witnesses li').evaluateAll((items) => items.map((item) => ({ ...(item as HTMLElement).dataset })));
}

describe('the compare pane in Chromium', () => {
  let playground: Playground;
  beforeAll(async () => {
    playground = await startPlayground();
  });
  afterAll(async () => {
    await playground?.close();
  });

  it('loads nothing of the solver until the pane is opened', async () => {
    const page = await playground.page();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(playground.url);
    await typeFilter(page, 'BotScore lt 30');
    await expect.poll(() => page.locator('#out-compact').textContent()).toContain('BotScore');
    expect(requested.filter((url) => /z3|compare-pane|browser-/.test(url))).toEqual([]);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    await page.close();
  });

  it(
    'gives the relation and witnesses of five pairs, each witness confirmed by evaluate',
    async () => {
      const page = await playground.page();
      await page.goto(playground.url);
      await page.click('#compare-pane summary');
      for (const pair of PAIRS) {
        await page.fill('#compare-old', pair.old);
        await typeFilter(page, pair.new);
        // Wait for the answer to these two filters: the pane compares again on every change.
        await expect
          .poll(async () => (await answered(page, pair.old, pair.new)) && (await page.locator('#compare-relation').getAttribute('data-relation')), {
            timeout: SOLVER_BUDGET_MS,
          })
          .toBe(pair.relation);
        const loadMs = await page.locator('#compare-pane').getAttribute('data-load-ms');
        if (pair === PAIRS[0]) console.log(`compare pane: Z3 fetched, started and ready ${loadMs} ms after the pane opened`);
        const shown = await witnesses(page);
        expect(
          shown.map(({ old, new: newer }) => ({ old: old === 'pass', new: newer === 'pass' })),
          pair.name,
        ).toEqual(pair.witnesses);
        for (const witness of shown) {
          // The page checked it with its in-browser evaluate; the test checks it again with core's.
          expect(witness.confirmed, `${pair.name}: ${witness.line}`).toBe('true');
          expect(passes(pair.old, witness.line!), `${pair.name}: OLD on ${witness.line}`).toBe(witness.old === 'pass');
          expect(passes(pair.new, witness.line!), `${pair.name}: NEW on ${witness.line}`).toBe(witness.new === 'pass');
        }
        if (pair.exact) expect(shown.map((witness) => witness.line)).toEqual(pair.exact);
      }
      mkdirSync(RESULTS, { recursive: true });
      await page.locator('#compare-pane').screenshot({ path: join(RESULTS, 'playground-compare.png') });
      await page.close();
    },
    SOLVER_BUDGET_MS * 2,
  );

  it(
    'carries both filters in the share link and compares them when it is opened',
    async () => {
      const page = await playground.page();
      await page.goto(playground.url);
      await page.click('#compare-pane summary');
      await page.fill('#compare-old', 'ClientCountry in (us, ca, fr)');
      await typeFilter(page, 'ClientCountry in (us, ca)');
      await page.click('#share');
      const link = await page.locator('#share-url').inputValue();
      await page.close();

      const opened = await playground.page();
      await opened.goto(link);
      await expect.poll(() => editorText(opened)).toBe('ClientCountry in (us, ca)');
      expect(await opened.locator('#compare-old').inputValue()).toBe('ClientCountry in (us, ca, fr)');
      expect(await opened.locator('#compare-pane').evaluate((pane) => (pane as HTMLDetailsElement).open)).toBe(true);
      expect(await finished(opened)).toBe('done');
      expect(await opened.locator('#compare-relation').getAttribute('data-relation')).toBe('old-wider');
      expect((await witnesses(opened)).map((witness) => witness.line)).toEqual(['{"ClientCountry":"fr"}']);
      await opened.close();
    },
    SOLVER_BUDGET_MS,
  );
});

describe('the compare pane on a host without cross-origin isolation', () => {
  let playground: Playground;
  beforeAll(async () => {
    playground = await startPlayground({ isolated: false });
  });
  afterAll(async () => {
    await playground?.close();
  });

  it('says which headers to set instead of failing, and fetches no solver', async () => {
    const page = await playground.page();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(playground.url);
    await page.click('#compare-pane summary');
    expect(await finished(page)).toBe('not-isolated');
    const status = (await page.locator('#compare-status').textContent()) ?? '';
    expect(status).toContain('Cross-Origin-Opener-Policy: same-origin');
    expect(status).toContain('Cross-Origin-Embedder-Policy: require-corp');
    expect(status).toContain('logfilter diff');
    expect(requested.filter((url) => /z3/.test(url))).toEqual([]);
    await page.close();
  });
});
