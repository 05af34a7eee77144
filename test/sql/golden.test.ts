/**
 * The SQL text `logfilter sql` prints for each dialect, held to golden files (test/sql/golden/):
 * DuckDB's, Postgres's and ClickHouse's meaning is held to evaluate by the agreement tests; for
 * BigQuery, whose engine this suite does not run, the text itself is what is reviewed and kept.
 * `UPDATE_GOLDEN=1` rewrites the files.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapLimited, REPO_ROOT, runCli } from '../support/cli.js';

const GOLDEN = join(REPO_ROOT, 'test/sql/golden');
const DIALECTS = ['duckdb', 'postgres', 'clickhouse', 'bigquery'] as const;

/** Filters touching every operator, every field type, negation and awkward text. */
const FILTERS: Record<string, string> = {
  'design-card': 'ClientCountry in (us,ca) AND (BotScore lt 30 OR EdgeResponseStatus geq 500)',
  negations: 'NOT (ClientRequestHost eq example.com) AND ClientRequestPath !in ("/a", "/b") AND NOT ClientRequestURI contains "?debug"',
  'awkward-text': `ClientRequestPath eq "50%_off's \\\\ path" OR ClientRequestUserAgent startsWith "é東😀" OR ClientRequestHost endsWith "_%"`,
  arrays: 'BotDetectionIDs contains 5 OR BotDetectionIDs in (1, 2) OR NOT BotTags contains "bad\'tag"',
  'int-or-string-and-bool': 'EdgeStartTimestamp geq 1700000000 AND CacheReserveUsed eq true AND EdgeEndTimestamp startsWith "2024-"',
};

interface Variant {
  suffix: string;
  args: string[];
}

const VARIANTS: Variant[] = [
  { suffix: 'columns', args: [] },
  { suffix: 'json', args: ['--json-column', 'line'] },
  { suffix: 'select', args: ['--table', 'logs.http_requests'] },
];

const RUNS = Object.entries(FILTERS).flatMap(([name, filter]) =>
  DIALECTS.flatMap((dialect) =>
    VARIANTS.map((variant) => ({ file: `${name}.${variant.suffix}.${dialect}.sql`, args: ['sql', filter, '--dialect', dialect, ...variant.args] })),
  ),
);

describe('logfilter sql text for every dialect', () => {
  it('matches the golden files', async () => {
    const results = await mapLimited(RUNS, (run) => runCli(run.args), 4);
    RUNS.forEach((run, index) => {
      const { code, stdout, stderr } = results[index];
      expect({ file: run.file, code, stderr }).toEqual({ file: run.file, code: 0, stderr: '' });
      const path = join(GOLDEN, run.file);
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(path, stdout);
      expect(existsSync(path), `${run.file} is missing (UPDATE_GOLDEN=1 writes it)`).toBe(true);
      expect(stdout, run.file).toBe(readFileSync(path, 'utf8'));
    });
  });
});
