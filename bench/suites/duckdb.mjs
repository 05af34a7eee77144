// Why `logfilter test --engine duckdb` was retired, re-measured: DuckDB's own reading of the same
// generated file beside the JS engine (`logfilter test --count`, the design card), in wall and CPU
// time under /usr/bin/time, rounds interleaved, medians. Two DuckDB queries:
// - `read_ndjson` with typed columns: DuckDB's fastest reading, and not exact (the first of two
//   equal keys, NaN and trailing commas accepted, a malformed line an error);
// - the retired engine's work without its second read in Node and its `read_csv` of each line:
//   `read_json_objects`, a test of each line for what DuckDB reads otherwise than JSON.parse (a key
//   given twice or spelled with an escape, a trailing comma, NaN/Infinity), and one `json_extract`
//   of the filter's members. Still not exact (BOM, CRLF, invalid UTF-8, lines that are not objects
//   and the printed bytes would need more), so it is the least an exact DuckDB engine would cost.
// The counts must agree. LOGFILTER_BENCH_LOGS names the file (otherwise the engine suite's
// generated one); LOGFILTER_BENCH_ROUNDS sets the rounds (3). Needs the devDependency @duckdb/node-api.
import { existsSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATA_DIR, makeLogs } from '../make-logs.mjs';
import { median, row, timeRounds } from '../lib.mjs';
import { DESIGN_CARD } from './compile.mjs';

export const title = 'DuckDB reading the logs against the JS engine (why --engine duckdb was retired)';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(root, 'packages/cli/bin/logfilter.cjs');

const WHERE = `m[1] IN ('us', 'ca') AND (TRY_CAST(m[2] AS DOUBLE) < 30 OR TRY_CAST(m[3] AS DOUBLE) >= 500)`;
const KEYS = ['ClientCountry', 'BotScore', 'EdgeResponseStatus'];
/** What the retired engine sent to JSON.parse for the design card's keys (its doubt test). */
const DOUBT = [
  ',[ \\t]*[\\]}]',
  '[:,\\[][ \\t]*-?(?:[iI]|[nN][aA])',
  ...KEYS.map((key) => `"${key}".*"${key}"`),
  `\\\\(?:u(?i:${[...new Set(KEYS.join(''))].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('|')}))`,
].join('|');

function query(kind, path) {
  const file = `'${path.replace(/'/g, "''")}'`;
  if (kind === 'typed')
    return `SELECT count(*) FILTER (WHERE "ClientCountry" IN ('us', 'ca') AND ("BotScore" < 30 OR "EdgeResponseStatus" >= 500)), count(*) FROM read_ndjson(${file}, columns = {ClientCountry: 'VARCHAR', BotScore: 'BIGINT', EdgeResponseStatus: 'BIGINT'})`;
  return `WITH o AS (SELECT json FROM read_json_objects(${file}, format = 'newline_delimited')),
s AS (SELECT CASE WHEN NOT regexp_matches(json, '${DOUBT}') THEN json_extract_string(json, [${KEYS.map((key) => `'/${key}'`).join(', ')}]) END AS m FROM o)
SELECT count(*) FILTER (WHERE ${WHERE}), count(*) FROM s`;
}

/** A child process that runs one DuckDB query and prints `matched N of M`. */
const DUCKDB_RUN = `
const { DuckDBInstance } = require(require.resolve('@duckdb/node-api', { paths: [process.argv[1]] }));
(async () => {
  const instance = await DuckDBInstance.create(':memory:', { threads: process.argv[2] });
  const connection = await instance.connect();
  const [[matched, all]] = (await connection.runAndReadAll(process.argv[3])).getRows();
  process.stdout.write('matched ' + matched + ' of ' + all + '\\n');
})();
`;

export async function run() {
  if (!existsSync('/usr/bin/time')) return [{ name: 'duckdb suite', skipped: 'needs /usr/bin/time' }];
  let path = process.env.LOGFILTER_BENCH_LOGS;
  if (!path) {
    path = join(DATA_DIR, 'logs-256mib-wide.ndjson');
    if (!existsSync(path)) await makeLogs(path, 256, { wide: true });
  }
  const mb = statSync(path).size / 1e6;
  const threads = String(availableParallelism());
  const packageDir = root;
  const commands = {
    'JS engine': [process.execPath, [cli, 'test', DESIGN_CARD, '--logs', path, '--count']],
    'DuckDB read_ndjson, typed (not exact)': [process.execPath, ['-e', DUCKDB_RUN, packageDir, threads, query('typed', path)]],
    'DuckDB read_json_objects + doubt + extract': [process.execPath, ['-e', DUCKDB_RUN, packageDir, threads, query('objects', path)]],
  };
  const rounds = Number(process.env.LOGFILTER_BENCH_ROUNDS ?? 3);
  const load = loadavg()[0];
  const { times, outputs } = timeRounds(commands, rounds);
  for (const name of Object.keys(commands))
    if (outputs[name] !== outputs['JS engine'])
      throw new Error(`${name} printed ${JSON.stringify(outputs[name])}, the JS engine ${JSON.stringify(outputs['JS engine'])}`);
  const rows = [];
  for (const name of Object.keys(commands)) {
    const cpu = median(times[name].cpu);
    const wall = median(times[name].wall);
    const r = row(`${name}: CPU time`, cpu, 'ms', 'the JS engine, CPU', median(times['JS engine'].cpu));
    r.note = `${name}: wall ${wall.toFixed(0)} ms (${(mb / (wall / 1000)).toFixed(0)} MB/s), ${(mb / (cpu / 1000)).toFixed(0)} MB/s per CPU-second; wall ${(wall / median(times['JS engine'].wall)).toFixed(2)}x the JS engine's`;
    rows.push(r);
  }
  rows.at(-1).note +=
    `; ${mb.toFixed(0)} MB, ${outputs['JS engine'].trim()}, ${rounds} rounds, load average ${load.toFixed(1)} to ${loadavg()[0].toFixed(1)} on ${threads} cores`;
  return rows;
}
