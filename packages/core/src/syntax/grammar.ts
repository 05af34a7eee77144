/**
 * The grammar as an artefact: the parser's serialized productions and self-contained syntax diagrams,
 * for grammar/generate.mjs and its staleness test. Pure: the caller supplies the diagram resources.
 */
import { createSyntaxDiagramsCode, type ISerializedGast } from 'chevrotain';
import { chevrotainParse, createValidatingParser, MAX_LOOKAHEAD } from './reference/parser.js';
import { createValidatingLexer, referenceTokens } from './reference/tokens.js';

/** The lexical grammar as Chevrotain token types and Chevrotain's lexer over them: the reference `lex` is tested against. */
export { createValidatingLexer, referenceTokens };
/** The reference parser (Chevrotain's, LL(MAX_LOOKAHEAD)), and `parse` by it: what the hand-written parser is tested against. */
export { chevrotainParse, createValidatingParser, MAX_LOOKAHEAD };

/** The parser's productions as Chevrotain serializes them (the input of its diagram renderer). */
export function serializedGrammar(): ISerializedGast[] {
  return createValidatingParser().getSerializedGastProductions();
}

/** The names of the parser's rules, in definition order. */
export function grammarRuleNames(): string[] {
  return serializedGrammar().map((rule) => (rule as ISerializedGast & { name: string }).name);
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
