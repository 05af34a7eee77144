/**
 * The grammar as an artefact: the parser's serialized productions and self-contained syntax diagrams,
 * for grammar/generate.mjs and its staleness test. Pure: the caller supplies the diagram resources.
 */
import { createSyntaxDiagramsCode, type ISerializedGast } from 'chevrotain';
import { allTokens, createValidatingLexer } from './lex.js';
import { PrecomputedLookahead } from './lookahead.js';
import { lookaheadTable, lookaheadTableSource } from './lookahead-paths.js';
import { LOOKAHEAD_TABLE } from './lookahead-table.js';
import { chevrotainParse, createValidatingParser, getParser, MAX_LOOKAHEAD } from './parse.js';

/** The token types and Chevrotain's lexer over them: the reference the hand-written `lex` is tested against. */
export { allTokens, createValidatingLexer, createValidatingParser };
/** The production parser's lookahead and what it is tested against (Chevrotain's LL(k) at the same k). */
export { LOOKAHEAD_TABLE, MAX_LOOKAHEAD, PrecomputedLookahead };
/** `parse` by the Chevrotain parser alone: the reference the hand-written fast parser is tested against. */
export { chevrotainParse };

/** The parser's productions as Chevrotain serializes them (the input of its diagram renderer). */
export function serializedGrammar(): ISerializedGast[] {
  return createValidatingParser().getSerializedGastProductions();
}

/** The productions of the parser `parse` uses (its own recording, with the precomputed lookahead). */
export function productionGrammar(): ISerializedGast[] {
  return getParser().getSerializedGastProductions();
}

/** The names of the parser's rules, in definition order. */
export function grammarRuleNames(): string[] {
  return serializedGrammar().map((rule) => (rule as ISerializedGast & { name: string }).name);
}

/** The text of lookahead-table.ts: Chevrotain's LL(k) lookahead of every decision of the parser, now. */
export function lookaheadTableModule(): string {
  const rules = Object.values(createValidatingParser().getGAstProductions());
  return lookaheadTableSource(lookaheadTable(rules, MAX_LOOKAHEAD));
}

/** Reads one of Chevrotain's diagram resources, e.g. `vendor/railroad-diagrams.js` or `diagrams.css`. */
export type DiagramResourceReader = (relativePath: string) => string;

// Placeholders handed to Chevrotain instead of its CDN addresses, so every reference can be found and inlined.
const RESOURCE_BASE = 'inline-resource:/';
const SCRIPT_TAG = /<script src='inline-resource:\/([^']+)'><\/script>/g;
const STYLESHEET_TAG = /<link rel='stylesheet' href='inline-resource:\/([^']+)'>/g;

/**
 * Chevrotain's syntax diagrams page with its scripts and stylesheet inlined, so it works offline.
 * Throws when a resource could close its own tag early or when a reference is left behind, since
 * either would make a page that silently renders nothing.
 */
export function syntaxDiagramsHtml(readResource: DiagramResourceReader, title = 'Syntax diagrams'): string {
  const page = createSyntaxDiagramsCode(serializedGrammar(), {
    resourceBase: RESOURCE_BASE,
    css: `${RESOURCE_BASE}diagrams.css`,
  });
  const inlined = page
    .replace('<!DOCTYPE html>\n<meta charset="utf-8">', `<!DOCTYPE html>\n<meta charset="utf-8">\n<title>${escapeHtml(title)}</title>`)
    .replace(STYLESHEET_TAG, (_tag, path: string) => `<style>\n${inlineable(readResource(path), 'style', path)}\n</style>`)
    .replace(SCRIPT_TAG, (_tag, path: string) => `<script>\n${inlineable(readResource(path), 'script', path)}\n</script>`);
  if (inlined.includes(RESOURCE_BASE)) throw new Error('a diagram resource was not inlined: Chevrotain changed its page layout');
  return inlined;
}

function inlineable(text: string, tag: 'script' | 'style', path: string): string {
  if (text.toLowerCase().includes(`</${tag}`)) throw new Error(`${path} contains '</${tag}' and cannot be inlined`);
  return text.replace(/\r\n/g, '\n').trimEnd();
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
