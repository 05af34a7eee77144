// Compile against other expression parsers (parse only, no checks) and the size of what a browser
// downloads, each beside its same-run baseline or budget.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parse as celParse } from '@marcbachmann/cel-js';
import { compile } from '@logfilter/core';
import { build } from 'esbuild';
import jsep from 'jsep';
import { row, timePerCallPair } from '../lib.mjs';
import { DESIGN_CARD } from './compile.mjs';

export const title = 'comparisons';

/** Every row this suite prints (the README's performance table and its test go by these names). */
export const rowNames = ['compile design card vs jsep', 'compile design card vs cel-js', 'bundle: compileDataset + http_requests', 'playground page script'];

/** Chevrotain alone, as small as a bundle can hold it: a one-token parser. Our own code's budget is on top of this. */
const CHEVROTAIN_ALONE = `
import { createToken, EmbeddedActionsParser, Lexer } from 'chevrotain';
const Word = createToken({ name: 'Word', pattern: /[a-z]+/ });
class P extends EmbeddedActionsParser {
  constructor() { super([Word]); this.RULE('word', () => this.CONSUME(Word).image); this.performSelfAnalysis(); }
}
const parser = new P();
const lexer = new Lexer([Word]);
export const run = (text) => { parser.input = lexer.tokenize(text).tokens; return parser.word(); };
`;

/** What our own code may add to Chevrotain in the one-dataset bundle (gzip). */
const OWN_CODE_BUDGET_KB = 12;

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

// The design card as each library writes it; jsep learns `in` as a binary operator for the comparison.
jsep.addBinaryOp('in', 7);
const JSEP_DESIGN_CARD = 'ClientCountry in ["us", "ca"] && (BotScore < 30 || EdgeResponseStatus >= 500)';
const CEL_DESIGN_CARD = 'ClientCountry in ["us", "ca"] && (BotScore < 30 || EdgeResponseStatus >= 500)';

/** What a page using `compileDataset` with the http_requests catalog alone downloads. */
const ONE_DATASET_ENTRY = `
import { compileDataset, datasetFromFile } from '@logfilter/core';
import file from '@logfilter/core/catalog/http_requests.json';
const dataset = datasetFromFile(file);
export const run = (text) => compileDataset(text, dataset);
`;

/** The gzip size of `contents` bundled for a browser, in KB, and whether Chevrotain is in the bundle. */
async function gzipKB(contents, resolveDir = root) {
  const out = await build({
    stdin: { contents, resolveDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    legalComments: 'none',
    logLevel: 'error',
    metafile: true,
  });
  const inputs = Object.keys(out.metafile.inputs);
  return { kb: gzipSync(out.outputFiles[0].contents, { level: 9 }).length / 1024, chevrotain: inputs.some((path) => path.includes('/chevrotain/')) };
}

/** The playground's page script: every .js file the built page loads at first, with the catalog of the dataset it opens on (gzip). */
function playgroundPageKB() {
  const dist = join(root, 'packages/playground/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  let bytes = 0;
  for (const file of readdirSync(join(dist, 'assets'))) {
    const loadedAtFirst = html.includes(`assets/${file}`) || file.startsWith('http_requests-');
    if (file.endsWith('.js') && loadedAtFirst) bytes += gzipSync(readFileSync(join(dist, 'assets', file)), { level: 9 }).length;
  }
  return bytes / 1024;
}

export async function run() {
  const rows = [];
  // The first pair of a process otherwise catches compile before the JIT has settled (it read 2x-15x).
  const settled = performance.now() + 1500;
  while (performance.now() < settled) compile(DESIGN_CARD);
  const [compileNs, jsepNs] = timePerCallPair(
    () => compile(DESIGN_CARD),
    () => jsep(JSEP_DESIGN_CARD),
  );
  rows.push(row('compile design card vs jsep', compileNs / 1000, 'µs', 'jsep parse of the same', jsepNs / 1000, 1));
  const [compileNs2, celNs] = timePerCallPair(
    () => compile(DESIGN_CARD),
    () => celParse(CEL_DESIGN_CARD),
  );
  rows.push(row('compile design card vs cel-js', compileNs2 / 1000, 'µs', 'cel-js parse of the same', celNs / 1000, 2));

  // Sizes: the budget is the baseline, so the ratio reads as the share of it used.
  const everything = (await gzipKB(`export { compile } from '@logfilter/core';`)).kb;
  const { kb: oneDataset, chevrotain: withChevrotain } = await gzipKB(ONE_DATASET_ENTRY);
  const chevrotain = (await gzipKB(CHEVROTAIN_ALONE, join(root, 'packages/core'))).kb;
  const sized = row(
    'bundle: compileDataset + http_requests',
    oneDataset,
    'KB gz',
    `Chevrotain alone + ${OWN_CODE_BUDGET_KB} KB`,
    chevrotain + OWN_CODE_BUDGET_KB,
    1,
  );
  const own = withChevrotain
    ? `Chevrotain alone: ${chevrotain.toFixed(1)} KB gz, so our own code is ${(oneDataset - chevrotain).toFixed(1)} KB`
    : `Chevrotain alone: ${chevrotain.toFixed(1)} KB gz, and none of it is in the bundle`;
  sized.note = `(${own}; compile with the built-in catalog, all datasets: ${everything.toFixed(1)} KB gz)`;
  rows.push(sized);
  if (existsSync(join(root, 'packages/playground/dist/index.html'))) rows.push(row('playground page script', playgroundPageKB(), 'KB gz', 'budget', 140, 1));
  else rows.push({ name: 'playground page script', skipped: 'the playground is not built (pnpm build)' });
  return rows;
}
