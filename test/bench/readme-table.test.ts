/** The performance table (docs/guides/performance.md) is the bench's: its rows are exactly the rows the table's suites declare. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const table = (await import(pathToFileURL(join(root, 'bench/readme-table.mjs')).href)) as {
  TABLE_SUITES: string[];
  tableRows(readme: string): Array<[string, string, string]>;
  rewriteTable(readme: string, results: Map<string, object[]>, names: Map<string, string[]>): string;
};

/** Each table suite's declared row names, read from its module. */
async function declaredRows(): Promise<Array<[string, string]>> {
  const rows: Array<[string, string]> = [];
  for (const suite of table.TABLE_SUITES) {
    const module = (await import(pathToFileURL(join(root, 'bench/suites', `${suite}.mjs`)).href)) as { rowNames: string[]; title: string };
    expect(module.title).toBe(suite);
    for (const name of module.rowNames) rows.push([suite, name]);
  }
  return rows;
}

describe('README performance table', () => {
  it('lists the rows the bench prints, in its order, each with a budget', async () => {
    const readme = readFileSync(join(root, 'docs', 'guides', 'performance.md'), 'utf8');
    const rows = table.tableRows(readme);
    const declared = await declaredRows();
    expect(rows.map(([suite, name]) => [suite, name])).toEqual(declared);
    // Each row beside its budget, or (a row its machine cannot measure, like the built playground's) saying why not.
    for (const [, , line] of rows) expect(line).toMatch(/\| (<= [\d.]+x( \(missed\))?|not measured) *\|$/);
  });

  it('is rewritten from a run, keeping the rows of suites that did not run', () => {
    const readme = readFileSync(join(root, 'docs', 'guides', 'performance.md'), 'utf8');
    const names = new Map([
      ['compile', ['compile design card example', 'compile ~900-byte filter']],
      ['comparisons', []],
    ]);
    const ran = new Map([
      ['compile', [{ name: 'compile design card example', value: 3, unit: 'µs', baselineName: 'JSON.parse of its output', baseline: 2, ratio: 1.5, aim: 2 }]],
    ]);
    const rewritten = table.rewriteTable(readme, ran, names);
    const rows = table.tableRows(rewritten);
    expect(rows[0]).toEqual([
      'compile',
      'compile design card example',
      '| compile | compile design card example | 3.00 µs | JSON.parse of its output: 2.00 µs | 1.50x | <= 2x |',
    ]);
    const kept = table.tableRows(readme).find(([, name]) => name === 'compile ~900-byte filter');
    expect(rows[1]).toEqual(kept);
  });
});
