import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorText, startPlayground, typeFilter, type Playground } from './browser.js';

const DESIGN_CARD = 'ClientCountry in (us,ca) AND (BotScore lt 30 OR EdgeResponseStatus geq 500)';
// language.md section 3, exactly.
const DESIGN_CARD_JSON =
  '{"where":{"and":[{"key":"ClientCountry","operator":"in","value":["us","ca"]},{"or":[{"key":"BotScore","operator":"lt","value":"30"},{"key":"EdgeResponseStatus","operator":"geq","value":"500"}]}]}}';
const RESULTS = join(dirname(fileURLToPath(import.meta.url)), '../test-results');

let playground: Playground;

beforeAll(async () => {
  playground = await startPlayground();
});

afterAll(async () => {
  await playground?.close();
});

describe('the playground in Chromium', () => {
  it('compiles the design card example typed into the editor to the JSON of language.md', async () => {
    const page = await playground.page();
    const failedRequests: string[] = [];
    page.on('requestfailed', (request) => failedRequests.push(request.url()));
    await page.goto(playground.url);
    await typeFilter(page, DESIGN_CARD);
    await expect.poll(() => page.locator('#out-compact').textContent()).toBe(DESIGN_CARD_JSON);
    expect(await editorText(page)).toBe(DESIGN_CARD);
    expect(await page.locator('#bytes-text').textContent()).toBe(`${DESIGN_CARD_JSON.length} / 1000 bytes`);
    expect(await page.locator('#operators-text').textContent()).toBe('3 / 30 operators');
    expect(await page.locator('#out-string').textContent()).toBe(JSON.stringify(DESIGN_CARD_JSON));
    expect(await page.locator('#out-pretty').textContent()).toContain('\n    "and": [\n');
    // Lint runs after a pause in typing; until then a squiggle from a half-typed word can split a token's span.
    await expect.poll(() => page.locator('.cm-lintRange').count()).toBe(0);
    expect(await page.locator('.cm-lf-field').allTextContents()).toEqual(['ClientCountry', 'BotScore', 'EdgeResponseStatus']);
    expect(await page.locator('.cm-lf-operator').allTextContents()).toEqual(['in', 'lt', 'geq']);
    expect(await page.locator('.cm-lf-keyword').allTextContents()).toEqual(['AND', 'OR']);
    expect(await page.locator('#problems li').count()).toBe(0);
    mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: join(RESULTS, 'playground.png'), fullPage: true });
    expect(failedRequests).toEqual([]);
    await page.close();
  });

  it('underlines an error and shows its message and hint', async () => {
    const page = await playground.page();
    await page.goto(playground.url);
    await typeFilter(page, 'ClientCountry geq 5');
    const squiggle = page.locator('.cm-lintRange-error');
    await expect.poll(() => squiggle.count()).toBe(1);
    expect(await squiggle.textContent()).toBe('geq');
    await squiggle.hover();
    const tooltip = page.locator('.cm-tooltip-lint');
    await tooltip.waitFor();
    expect(await tooltip.locator('.cm-lf-message').textContent()).toBe("'geq' cannot be used with string field 'ClientCountry'");
    expect(await tooltip.locator('.cm-lf-hint').textContent()).toBe(
      'hint: string fields take eq, !eq, startsWith, endsWith, !startsWith, !endsWith, contains, !contains, in, !in',
    );
    expect(await page.locator('#problems li').getAttribute('data-code')).toBe('operator-not-allowed');
    expect(await page.locator('#out-compact').textContent()).toBe('—');
    await page.screenshot({ path: join(RESULTS, 'playground-error.png') });
    await page.close();
  });

  it('completes a field name, then offers the operators of its type', async () => {
    const page = await playground.page();
    await page.goto(playground.url);
    await typeFilter(page, '');
    await page.keyboard.type('ClientCoun');
    const options = page.locator('.cm-tooltip-autocomplete li');
    await expect.poll(() => options.first().textContent()).toContain('ClientCountry');
    expect(await page.locator('.cm-tooltip-autocomplete li[aria-selected] .cm-completionDetail').textContent()).toBe('string');
    // CodeMirror ignores Enter for its interactionDelay (75 ms) after the list opens, so a fast
    // typist does not accept by accident; wait that out as a user would.
    await page.waitForTimeout(200);
    await page.keyboard.press('Enter');
    expect(await editorText(page)).toBe('ClientCountry');
    await page.keyboard.type(' ');
    await expect.poll(() => options.allTextContents()).toContainEqual(expect.stringContaining('startsWith'));
    const labels = await page.locator('.cm-tooltip-autocomplete .cm-completionLabel').allTextContents();
    expect(labels).not.toContain('lt');
    await page.close();
  });

  it('shows the type and description of a field on hover', async () => {
    const page = await playground.page();
    await page.goto(playground.url);
    await typeFilter(page, 'BotScore lt 30');
    await expect.poll(() => page.locator('.cm-lintRange').count()).toBe(0);
    await page.locator('.cm-lf-field').hover();
    const tooltip = page.locator('.cm-lf-hover');
    await tooltip.waitFor();
    expect(await tooltip.locator('.cm-lf-hover-title').textContent()).toBe('BotScore: int');
    await page.close();
  });

  it('opens a share link in the state it was made in', async () => {
    const page = await playground.page();
    // Catalog chunks are named after their dataset file; the page fetches one when a dataset is first used.
    // The panes' chunks (`decompile-pane`, ...) are their code, fetched after the first script.
    const catalogs: string[] = [];
    const panes: string[] = [];
    page.on('request', (request) => {
      const chunk = /\/assets\/([\w-]+)-[\w-]{8}\.js$/.exec(request.url())?.[1];
      if (chunk?.endsWith('-pane')) panes.push(chunk);
      else if (chunk && chunk !== 'index') catalogs.push(chunk);
    });
    await page.goto(playground.url);
    await page.locator('#out-compact').waitFor();
    expect(catalogs).toEqual(['http_requests']);
    // The decompile and evaluate panes fill in once their code has come: the first script leaves it out.
    await expect.poll(() => page.locator('#decompile-output').textContent()).toBe('ClientRequestHost eq example.com AND EdgeResponseStatus geq 500');
    await expect.poll(() => page.locator('#evaluate-summary').textContent()).toBe('2 of 3 records pass');
    expect(panes.sort()).toEqual(['decompile-pane', 'evaluate-pane']);
    await page.selectOption('#dataset', 'dns_logs');
    await typeFilter(page, 'QueryName endsWith example.com');
    expect(catalogs).toEqual(['http_requests', 'dns_logs']);
    await page.fill('#evaluate-input', '{"QueryName":"www.example.com"}\n{"QueryName":"example.org"}');
    await expect.poll(() => page.locator('#out-compact').textContent()).toBe('{"where":{"key":"QueryName","operator":"endsWith","value":"example.com"}}');
    await page.click('#share');
    const link = await page.locator('#share-url').inputValue();
    expect(link.startsWith(`${playground.url}#`)).toBe(true);
    await page.close();

    const opened = await playground.page();
    await opened.goto(link);
    // The page restores the editor once the shared dataset's catalog has loaded: wait for it, do not race it.
    await expect.poll(() => editorText(opened)).toBe('QueryName endsWith example.com');
    expect(await opened.locator('#dataset').inputValue()).toBe('dns_logs');
    expect(await opened.locator('#evaluate-input').inputValue()).toBe('{"QueryName":"www.example.com"}\n{"QueryName":"example.org"}');
    expect(await opened.locator('#out-compact').textContent()).toBe('{"where":{"key":"QueryName","operator":"endsWith","value":"example.com"}}');
    await expect
      .poll(() => opened.locator('#evaluate-output li').evaluateAll((items) => items.map((i) => (i as HTMLElement).dataset.verdict)))
      .toEqual(['pass', 'fail']);
    await opened.close();
  });

  it('says so in the panes when their code cannot be fetched, and still compiles', async () => {
    const page = await playground.page();
    await page.route(/\/assets\/decompile-pane-[\w-]{8}\.js$/, (route) => route.abort());
    await page.goto(playground.url);
    await typeFilter(page, 'BotScore lt 10');
    await expect.poll(() => page.locator('#out-compact').textContent()).toBe('{"where":{"key":"BotScore","operator":"lt","value":"10"}}');
    await expect.poll(() => page.locator('#decompile-output').textContent()).toBe('this pane could not load: reload the page');
    expect(await page.locator('#evaluate-summary').textContent()).toBe('this pane could not load: reload the page');
    await page.close();
  });

  it('formats the filter in the editor', async () => {
    const page = await playground.page();
    await page.goto(playground.url);
    await typeFilter(page, 'ClientCountry IN (us,ca) and BotScore < 30');
    await page.click('#format');
    expect(await editorText(page)).toBe('ClientCountry in (us, ca) AND BotScore lt 30');
    await page.close();
  });

  it('decompiles pasted filter JSON and evaluates NDJSON records', async () => {
    const page = await playground.page();
    await page.goto(playground.url);
    await typeFilter(page, 'BotScore lt 10');
    await page.fill('#decompile-input', JSON.stringify(DESIGN_CARD_JSON));
    await expect
      .poll(() => page.locator('#decompile-output').textContent())
      .toBe('ClientCountry in (us, ca) AND (BotScore lt 30 OR EdgeResponseStatus geq 500)');
    await page.click('#decompile-open');
    expect(await editorText(page)).toBe('ClientCountry in (us, ca) AND (BotScore lt 30 OR EdgeResponseStatus geq 500)');
    await page.fill('#decompile-input', '{"where":{"key":"BotScore","operator":"startsWith","value":"3"}}');
    await expect.poll(() => page.locator('#decompile-problems li').getAttribute('data-code')).toBe('operator-not-allowed');
    await page.fill(
      '#evaluate-input',
      [
        '{"ClientCountry":"us","BotScore":12,"EdgeResponseStatus":200}',
        '{"ClientCountry":"ca","BotScore":90,"EdgeResponseStatus":200}',
        'not json',
        '{"ClientCountry":"de","BotScore":5,"EdgeResponseStatus":500}',
      ].join('\n'),
    );
    const verdicts = () => page.locator('#evaluate-output li').evaluateAll((items) => items.map((i) => (i as HTMLElement).dataset.verdict));
    await expect.poll(verdicts).toEqual(['pass', 'fail', 'invalid', 'fail']);
    expect(await page.locator('#evaluate-summary').textContent()).toBe('1 of 4 records pass; 1 not JSON objects');
    await page.close();
  });

  it('evaluates integers past 2^53 exactly, as logfilter test does', async () => {
    const page = await playground.page();
    await page.goto(playground.url);
    // 2^53 + 1 has no double: JSON.parse reads it as 2^53, which would equal the filter's value.
    await typeFilter(page, 'EdgeResponseBytes eq 9007199254740992');
    await page.fill('#evaluate-input', ['{"EdgeResponseBytes":9007199254740993}', '{"EdgeResponseBytes":9007199254740992}'].join('\n'));
    const verdicts = () => page.locator('#evaluate-output li').evaluateAll((items) => items.map((i) => (i as HTMLElement).dataset.verdict));
    await expect.poll(verdicts).toEqual(['fail', 'pass']);
    await typeFilter(page, 'EdgeResponseBytes in (18446744073709551615, 1)');
    await page.fill('#evaluate-input', ['{"EdgeResponseBytes":18446744073709551615}', '{"EdgeResponseBytes":18446744073709551614}'].join('\n'));
    await expect.poll(verdicts).toEqual(['pass', 'fail']);
    await page.close();
  });
});
