// `pnpm bench`: runs every suite in bench/suites (or those named on the command line) and prints
// each figure beside its same-run baseline, with the ratio and its budget (the largest ratio
// accepted). `--check` exits 1 when a figure is past its budget; `--readme` rewrites the
// performance table of docs/guides/performance.md from this run (bench/readme-table.mjs).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatFigure, rewriteTable, TABLE_SUITES } from './readme-table.mjs';

const here = dirname(fileURLToPath(import.meta.url));

// NODE_EXTRA_CA_CERTS makes every Node process read and parse a certificate bundle as it starts
// (here /etc/ssl/certs/ca-certificates.crt: about 50 ms and 400 M instructions), the same amount
// added to both sides of every start-up pair, so that a CLI 1.2x `node -e 0` read as 1.05x. The
// figures are of Node as it starts without it, as it does on most machines; the commands measured
// here make no TLS connection.
delete process.env.NODE_EXTRA_CA_CERTS;
const flags = new Set(process.argv.slice(2).filter((arg) => arg.startsWith('--')));
for (const flag of flags) {
  if (flag !== '--check' && flag !== '--readme') {
    console.error(`bench: unknown option ${flag} (known: --check, --readme)`);
    process.exit(2);
  }
}
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const files = readdirSync(join(here, 'suites'))
  .filter((file) => file.endsWith('.mjs'))
  .filter((file) => wanted.length === 0 || wanted.some((w) => file.includes(w)))
  .sort();
if (files.length === 0) {
  console.error(`bench: no suite matches ${wanted.join(', ')}`);
  process.exit(2);
}

let missed = 0;
let unbudgeted = 0;
const results = new Map();
const rowNamesBySuite = new Map();
for (const file of files) {
  const suite = await import(pathToFileURL(join(here, 'suites', file)).href);
  const title = suite.title ?? file;
  console.log(`\n## ${title}`);
  const rows = await suite.run();
  results.set(title, rows);
  if (suite.rowNames) rowNamesBySuite.set(title, suite.rowNames);
  for (const r of rows) {
    // A suite that declares its rows prints no other: the README table and its test go by these names.
    if (suite.rowNames && !suite.rowNames.includes(r.name.trim())) throw new Error(`bench/suites/${file}: row "${r.name}" is not in its rowNames`);
    if (r.skipped) {
      console.log(`${r.name.padEnd(44)} skipped: ${r.skipped}`);
      continue;
    }
    let verdict = '  (no budget)';
    if (r.aim === undefined) unbudgeted++;
    else if (r.ratio <= r.aim) verdict = `  (budget <= ${r.aim}x: met)`;
    else {
      verdict = `  (budget <= ${r.aim}x: MISSED)`;
      missed++;
    }
    console.log(
      `${r.name.padEnd(44)} ${formatFigure(r.value, r.unit).padStart(12)}   vs ${r.baselineName.padEnd(30)} ${formatFigure(r.baseline, r.unit).padStart(12)}   = ${r.ratio.toFixed(2)}x${verdict}`,
    );
    if (r.note) console.log(`  ${r.note}`);
  }
}
console.log(missed === 0 ? '\nall budgets met' : `\n${missed} budget(s) missed`);
if (unbudgeted > 0) console.log(`${unbudgeted} figure(s) without a budget`);

if (flags.has('--readme')) {
  const readme = join(here, '../docs/guides/performance.md');
  const ran = TABLE_SUITES.filter((suite) => results.has(suite));
  writeFileSync(readme, rewriteTable(readFileSync(readme, 'utf8'), results, await tableRowNames()));
  console.log(`docs/guides/performance.md: performance table rewritten (${ran.length > 0 ? ran.join(', ') : 'no table suite ran; rows kept'})`);
}
if (flags.has('--check') && missed > 0) process.exit(1);

/** The declared rows of every table suite, also of those that did not run (their lines are kept). */
async function tableRowNames() {
  const names = new Map(rowNamesBySuite);
  for (const suite of TABLE_SUITES) {
    if (!names.has(suite)) names.set(suite, (await import(pathToFileURL(join(here, 'suites', `${suite}.mjs`)).href)).rowNames);
  }
  return names;
}
