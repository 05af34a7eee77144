import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext, createContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { lex } from '@logfilter/core';
import { createValidatingLexer, createValidatingParser, grammarRuleNames, serializedGrammar } from '@logfilter/core/grammar';
import { buildArtefacts, GRAMMAR_DIR } from './artefacts.mjs';

const REPO = join(GRAMMAR_DIR, '..');
const read = (path: string) => readFileSync(join(REPO, path), 'utf8');

const artefacts: Record<string, string> = buildArtefacts();

describe('generated grammar artefacts', () => {
  it.each(Object.keys(artefacts))('grammar/%s is what generate.mjs produces now', (name) => {
    const committed = read(`grammar/${name}`);
    if (committed !== artefacts[name])
      expect.fail(`grammar/${name} is stale: run \`pnpm grammar\` and commit the result\n${firstDifference(committed, artefacts[name])}`);
  });

  it('generates the same text twice', () => {
    expect(buildArtefacts()).toEqual(artefacts);
  });

  it('the committed grammar.json is what the reference parser recorded', () => {
    const committed = JSON.parse(read('grammar/grammar.json'));
    expect(serializedGrammar()).toEqual(committed);
    expect(committed.map((rule: { name: string }) => rule.name)).toEqual(grammarRuleNames());
  });

  it('diagrams.html loads nothing from elsewhere', () => {
    const html = artefacts['diagrams.html'];
    expect(html.match(/<(script|link|img|iframe|object|embed)\b[^>]*\b(src|href|data)\s*=/gi)).toBeNull();
    expect(html.match(/@import|url\(/gi)).toBeNull();
    expect(html.match(/<script>/g)).toHaveLength(6);
  });

  it('diagrams.html scripts draw a diagram for every rule', () => {
    const target = { innerHTML: '' };
    const document = { getElementById: (id: string) => (id === 'diagrams' ? target : null), getElementsByClassName: () => [] };
    const page = createContext({ document });
    page.window = page;
    for (const script of inlineScripts(artefacts['diagrams.html'])) runInNewContext(script, page);
    const headers = [...target.innerHTML.matchAll(/<h2 class="diagramHeader">(\w+)<\/h2>/g)].map((match) => match[1]);
    expect(headers).toEqual(grammarRuleNames());
    expect(target.innerHTML.match(/<svg /g)).toHaveLength(headers.length);
    expect(target.innerHTML).toContain("'NOT'");
  });
});

describe('Chevrotain grammar validations', () => {
  it('the parser constructs with validations on and reports no definition errors', () => {
    const parser = createValidatingParser() as unknown as { definitionErrors: unknown[] };
    expect(parser.definitionErrors).toEqual([]);
  });

  it('the lexer constructs with validations on and reports no definition errors', () => {
    const lexer = createValidatingLexer();
    expect(lexer.lexerDefinitionErrors).toEqual([]);
  });
});

describe('filter.ebnf', () => {
  const ebnf = readRules(read('grammar/filter.ebnf'));

  it('defines every rule of the parser', () => {
    expect(grammarRuleNames().filter((name) => !ebnf.has(name))).toEqual([]);
  });

  it('names every token the parser consumes', () => {
    const text = read('grammar/filter.ebnf');
    const tokens = new Set([...artefacts['grammar.json'].matchAll(/"type": "Terminal",\s*"name": "(\w+)"/g)].map((match) => match[1]));
    expect([...tokens].sort()).toEqual([
      'Comma',
      'Connective',
      'Identifier',
      'LBracket',
      'LParen',
      'NotOperator',
      'RBracket',
      'RParen',
      'SymbolOperator',
      'Value',
    ]);
    expect([...tokens].filter((name) => !new RegExp(`\\b${name}\\b`).test(text))).toEqual([]);
  });

  it('defines every rule it refers to', () => {
    const undefinedNames = [...ebnf.values()].flatMap((rhs) => rhs.filter((token) => /^[A-Za-z_]\w*$/.test(token) && !ebnf.has(token) && token !== 'EOF'));
    expect(undefinedNames).toEqual([]);
  });

  // The lexical rules' claims, one line each, against the lexer itself.
  it.each([
    ['aNd Or NOT and', 'And Or Not And'],
    ['&& || !', 'AndAnd OrOr Bang'],
    ['== != <= >= < > =', 'SymbolOperator SymbolOperator SymbolOperator SymbolOperator SymbolOperator SymbolOperator SymbolOperator'],
    ['!eq !=x', 'Bang Identifier SymbolOperator Identifier'],
    ['( ) [ ] ,', 'LParen RParen LBracket RBracket Comma'],
    [String.raw`"a\"b" 'c\'d' "\q"`, 'DoubleQuoted SingleQuoted DoubleQuoted'],
    ['BotScore<30 X!=1 X==1 1&&Y', 'Identifier SymbolOperator Word Identifier SymbolOperator Word Word Word'],
    ['_x9 Ab_1 9x true -5.5 andy', 'Identifier Identifier Word Identifier Word Identifier'],
    ['/search?q=1&x=2 192.0.2.1 2001:db8::1 *.js é', 'Word Word Word Word Word'],
    ['a#b\n\tc # d', 'Identifier Identifier'],
  ])('lexes %j as %s', (text, expected) => {
    const lexed = lex(text);
    expect(lexed.errors).toEqual([]);
    expect(lexed.tokens.map((token) => token.tokenType.name).join(' ')).toBe(expected);
  });

  it('says what the EBNF comment at the top of parse.ts says, rule by rule', () => {
    const comment = readParserComment(read('packages/core/src/syntax/parse.ts'));
    expect(comment.size).toBeGreaterThan(5);
    const inlined = grammarRuleNames().filter((name) => !comment.has(name));
    for (const [name, rhs] of comment) {
      expect(ebnf.has(name), `parse.ts defines '${name}', filter.ebnf does not`).toBe(true);
      expect(inline(ebnf.get(name)!, ebnf, inlined).join(' '), `rule '${name}' differs between parse.ts and filter.ebnf`).toBe(rhs.join(' '));
    }
  });
});

function firstDifference(committed: string, generated: string): string {
  const a = committed.split('\n');
  const b = generated.split('\n');
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line === -1 ? a.length : line;
  return `first difference at line ${at + 1}:\n  committed: ${JSON.stringify(a[at] ?? '<end of file>')}\n  generated: ${JSON.stringify(b[at] ?? '<end of file>')}`;
}

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
}

const EBNF_TOKEN = /"[^"]*"|'[^']*'|\?[^?]*\?|[A-Za-z_]\w*|\S/g;

/** Rule name -> right-hand side as tokens; a rule starts in column 0, indented lines continue it. */
function readRules(text: string): Map<string, string[]> {
  const rules = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of text.replace(/\(\*[\s\S]*?\*\)/g, '').split('\n')) {
    const head = /^([A-Za-z_]\w*)\s*=(.*)$/.exec(line);
    if (head) {
      if (rules.has(head[1])) throw new Error(`filter.ebnf defines '${head[1]}' twice`);
      current = head[2].match(EBNF_TOKEN) ?? [];
      rules.set(head[1], current);
    } else if (/^\s+\S/.test(line) && current) {
      current.push(...(line.match(EBNF_TOKEN) ?? []));
    } else if (line.trim() !== '') {
      throw new Error(`filter.ebnf: cannot read line ${JSON.stringify(line)}`);
    }
  }
  return rules;
}

/** The `name = rhs` lines of the doc comment that opens parse.ts. */
function readParserComment(source: string): Map<string, string[]> {
  const comment = /\/\*\*([\s\S]*?)\*\//.exec(source)?.[1] ?? '';
  const rules = new Map<string, string[]>();
  for (const match of comment.matchAll(/^\s*\*\s+([A-Za-z_]\w*)\s+=\s+(.*)$/gm)) rules.set(match[1], match[2].match(EBNF_TOKEN) ?? []);
  return rules;
}

/** Replaces references to `names` by their definitions, as a comment that leaves a rule out writes it. */
function inline(rhs: string[], rules: Map<string, string[]>, names: string[]): string[] {
  return rhs.flatMap((token) => {
    if (!names.includes(token)) return [token];
    const body = inline(rules.get(token)!, rules, names);
    return hasTopLevelChoice(body) ? ['(', ...body, ')'] : body;
  });
}

function hasTopLevelChoice(tokens: string[]): boolean {
  let depth = 0;
  for (const token of tokens) {
    if ('([{'.includes(token)) depth++;
    else if (')]}'.includes(token)) depth--;
    else if (token === '|' && depth === 0) return true;
  }
  return false;
}
