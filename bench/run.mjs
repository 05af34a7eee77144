// `pnpm bench`: runs every suite in bench/suites (or those named on the command line) and prints
// each figure beside its same-run baseline, with the ratio and the aim.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(join(here, 'suites'))
  .filter((file) => file.endsWith('.mjs'))
  .filter((file) => wanted.length === 0 || wanted.some((w) => file.includes(w)))
  .sort();

const format = (value, unit) => `${value < 10 ? value.toFixed(2) : value < 1000 ? value.toFixed(1) : value.toFixed(0)} ${unit}`;
let missed = 0;
for (const file of files) {
  const suite = await import(pathToFileURL(join(here, 'suites', file)).href);
  console.log(`\n## ${suite.title ?? file}`);
  const rows = await suite.run();
  for (const r of rows) {
    if (r.skipped) {
      console.log(`${r.name.padEnd(44)} skipped: ${r.skipped}`);
      continue;
    }
    const verdict = r.aim === undefined ? '' : r.ratio <= r.aim ? `  (aim <= ${r.aim}x: met)` : `  (aim <= ${r.aim}x: MISSED)`;
    if (r.aim !== undefined && r.ratio > r.aim) missed++;
    console.log(
      `${r.name.padEnd(44)} ${format(r.value, r.unit).padStart(12)}   vs ${r.baselineName.padEnd(30)} ${format(r.baseline, r.unit).padStart(12)}   = ${r.ratio.toFixed(2)}x${verdict}`,
    );
    if (r.note) console.log(`  ${r.note}`);
  }
}
console.log(missed === 0 ? '\nall aims met' : `\n${missed} aim(s) missed`);
