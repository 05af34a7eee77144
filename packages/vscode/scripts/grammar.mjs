// Writes syntaxes/logfilter.tmLanguage.json from the built lexer's token table (see textmate.mjs):
// `pnpm --filter logfilter-vscode run grammar` after changing the lexer's tokens (and building).
import { readFileSync, writeFileSync } from 'node:fs';
import { GRAMMAR_FILE } from './paths.mjs';
import { textMateGrammarText } from './textmate.mjs';

const text = textMateGrammarText();
let current;
try {
  current = readFileSync(GRAMMAR_FILE, 'utf8');
} catch {
  current = undefined;
}
if (current === text) {
  console.log('syntaxes/logfilter.tmLanguage.json: up to date');
} else {
  writeFileSync(GRAMMAR_FILE, text);
  console.log(`syntaxes/logfilter.tmLanguage.json: written (${Buffer.byteLength(text)} bytes)`);
}
