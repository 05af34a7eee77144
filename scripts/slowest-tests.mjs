#!/usr/bin/env node
/**
 * The slowest test files of the last `pnpm test:all`, from the durations vitest's json reporter
 * wrote to .vitest-durations.json: `node scripts/slowest-tests.mjs [COUNT] [FILE]` (default 20).
 * A file's time is from its start to its end in its worker, imports not included; on a loaded
 * machine every figure grows, so compare files with each other, not with another run's.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const DEFAULT_FILE = '.vitest-durations.json';
const DEFAULT_COUNT = 20;

const [countArgument, fileArgument] = process.argv.slice(2);
const count = countArgument === undefined ? DEFAULT_COUNT : Number(countArgument);
if (!Number.isInteger(count) || count < 1) {
  process.stderr.write(`slowest-tests: COUNT is a whole number above 0, not '${countArgument}'\n`);
  process.exit(2);
}
const file = fileArgument ?? DEFAULT_FILE;

let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  const why = error.code === 'ENOENT' ? 'no such file: run `pnpm test:all` first, which writes it' : error.message;
  process.stderr.write(`slowest-tests: cannot read ${file}: ${why}\n`);
  process.exit(2);
}

const files = report.testResults
  .map((result) => ({
    name: relative(process.cwd(), result.name),
    seconds: (result.endTime - result.startTime) / 1000,
    tests: result.assertionResults.length,
    status: result.status,
  }))
  .sort((a, b) => b.seconds - a.seconds);
const total = files.reduce((sum, entry) => sum + entry.seconds, 0);
const width = Math.max(...files.slice(0, count).map((entry) => entry.name.length));

process.stdout.write(`${files.length} files, ${total.toFixed(1)} s of tests in all (run started ${new Date(report.startTime).toISOString()})\n`);
for (const entry of files.slice(0, count)) {
  const share = total > 0 ? ((100 * entry.seconds) / total).toFixed(1) : '0.0';
  process.stdout.write(
    `${entry.seconds.toFixed(1).padStart(7)} s  ${share.padStart(5)}%  ${entry.name.padEnd(width)}  ${entry.tests} tests${entry.status === 'passed' ? '' : ` (${entry.status})`}\n`,
  );
}
