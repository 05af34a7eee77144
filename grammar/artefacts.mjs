// The generated grammar artefacts, built from the compiled @logfilter/core. Shared by generate.mjs,
// which writes them, and grammar.test.ts, which fails when the committed copies are stale.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serializedGrammar, syntaxDiagramsHtml } from '@logfilter/core/grammar';

export const GRAMMAR_DIR = dirname(fileURLToPath(import.meta.url));

/** The chevrotain package that @logfilter/core itself loads, so scripts and renderer match. */
function chevrotainRoot() {
  const core = createRequire(import.meta.url).resolve('@logfilter/core');
  let dir = dirname(createRequire(core).resolve('chevrotain'));
  while (!isChevrotainRoot(dir)) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the chevrotain package that @logfilter/core uses');
    dir = parent;
  }
  return dir;
}

function isChevrotainRoot(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name === 'chevrotain';
  } catch {
    return false;
  }
}

/**
 * File name (from grammar/) -> content of every generated artefact, byte-for-byte what should be
 * committed.
 */
export function buildArtefacts() {
  const diagramsDir = join(chevrotainRoot(), 'diagrams');
  const readResource = (relativePath) => readFileSync(join(diagramsDir, relativePath), 'utf8');
  return {
    'grammar.json': `${JSON.stringify(serializedGrammar(), null, 2)}\n`,
    'diagrams.html': `${syntaxDiagramsHtml(readResource, 'logfilter: syntax diagrams').trim()}\n`,
  };
}
