// Regenerates grammar.json and diagrams.html from the built parser: `pnpm grammar` (which builds first).
// filter.ebnf is written by hand; grammar.test.ts keeps it in step with the parser.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildArtefacts, GRAMMAR_DIR } from './artefacts.mjs';

for (const [name, content] of Object.entries(buildArtefacts())) {
  const path = join(GRAMMAR_DIR, name);
  let current;
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === content) {
    console.log(`grammar/${name}: up to date`);
  } else {
    writeFileSync(path, content);
    console.log(`grammar/${name}: written (${Buffer.byteLength(content)} bytes)`);
  }
}
