/**
 * The documentation (its performance page, once the README's section) gives the size of a one-dataset bundle once, in the performance table (written by the
 * bench), and it is the size a bundle has (built as `pnpm bench comparisons` builds it); the library
 * page points there.
 */
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../support/cli.js';
import { readDocPage } from '../support/docs-pages.js';

const PERFORMANCE = readDocPage('docs/guides/performance.md');
/** The bench's reading of the README's performance table: [suite, figure, line] of each row. */
const { tableRows } = (await import(pathToFileURL(join(REPO_ROOT, 'bench/readme-table.mjs')).href)) as {
  tableRows: (readme: string) => Array<[string, string, string]>;
};

/** The gzip size in KB (1024 bytes) of a minified browser bundle of `entry`, as bench/suites/comparisons.mjs measures it. */
async function gzipKB(entry: string): Promise<number> {
  const out = await build({
    stdin: { contents: entry, resolveDir: REPO_ROOT, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    legalComments: 'none',
    logLevel: 'error',
  });
  return gzipSync(out.outputFiles[0].contents, { level: 9 }).length / 1024;
}

describe("the README's bundle sizes", () => {
  it('are given once, in the performance table, and are what a bundle measures', async () => {
    // The table `pnpm bench compile comparisons --readme` writes: its bundle row's measured size.
    const row = tableRows(PERFORMANCE).find(([suite, name]) => suite === 'comparisons' && name === 'bundle: compileDataset + http_requests');
    const [, one] = /\| ([\d.]+) KB gz \|/.exec(row?.[2] ?? '') ?? [];
    const measuredOne = await gzipKB(
      `import { compileDataset, datasetFromFile } from '@logfilter/core';
       import file from '@logfilter/core/catalog/http_requests.json';
       const dataset = datasetFromFile(file);
       export const run = (text) => compileDataset(text, dataset);`,
    );
    // Within 1 KB: a change that moves the bundle further updates the table.
    expect(Math.abs(Number(one) - measuredOne)).toBeLessThan(1);
    // The library section names no figure of its own that could disagree.
    const library = readDocPage('docs/guides/library.md');
    expect(library).toContain('is in the table under "Performance"');
    expect(library.match(/\d+(\.\d+)? KB gzip/g)).toBeNull();
  });
});
