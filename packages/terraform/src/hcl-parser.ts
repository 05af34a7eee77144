/**
 * A recursive-descent parser for the part of HCL's native syntax that holds a log filter: bodies of
 * attributes and blocks, and expressions down to literals, strings, heredocs, objects, tuples and
 * function calls. Anything Terraform must evaluate (references, operators, conditionals, `for`)
 * is kept as an opaque expression with its span, never guessed. Nesting (blocks, objects, tuples,
 * calls) stops at MAX_NESTING levels with a syntax error, never a stack overflow.
 */
import { MAX_NESTING } from '@logfilter/core';
import { HclSyntaxError, lexHcl, nestingTooDeep, type MappedText, type Span, type Token } from './hcl-lexer.js';

export type HclExpr =
  | ({ kind: 'string'; value: MappedText; interpolation?: string } & Span)
  | ({ kind: 'number'; text: string } & Span)
  | ({ kind: 'bool'; value: boolean } & Span)
  | ({ kind: 'null' } & Span)
  | ({ kind: 'object'; items: HclObjectItem[] } & Span)
  | ({ kind: 'tuple'; items: HclExpr[] } & Span)
  | ({ kind: 'call'; name: string; args: HclExpr[] } & Span)
  /** A reference, an operation or anything else only Terraform can evaluate; `text` is its source. */
  | ({ kind: 'opaque'; text: string } & Span);

export interface HclObjectItem {
  key: HclExpr;
  value: HclExpr;
}

export interface HclAttribute extends Span {
  name: string;
  value: HclExpr;
}

export interface HclBlock extends Span {
  type: string;
  labels: string[];
  body: HclBody;
}

export interface HclBody {
  attributes: HclAttribute[];
  blocks: HclBlock[];
}

const CLOSERS: Record<string, string> = { '{': '}', '[': ']', '(': ')' };

export function parseHcl(source: string): HclBody {
  return new Parser(source).file();
}

/** One expression on its own, such as `jsonencode({...})` pasted from a resource. */
export function parseHclExpression(source: string): HclExpr {
  return new Parser(source).lone();
}

class Parser {
  private readonly tokens: Token[];
  private at = 0;
  /** Blocks, objects, tuples and calls open around the current token. */
  private depth = 0;
  /** Set when a tuple or call turned out to need Terraform (`...`): the bracket it leaves open. */
  private unfinished: string | undefined;

  constructor(private readonly source: string) {
    this.tokens = lexHcl(source);
  }

  file(): HclBody {
    const body = this.body();
    if (this.peek().kind !== 'eof')
      this.fail(`unexpected ${this.describe(this.peek())}`, 'a body holds attributes (name = value) and blocks (type "label" { ... })');
    return body;
  }

  lone(): HclExpr {
    this.skipNewlines();
    const expr = this.expression();
    this.skipNewlines();
    if (this.peek().kind !== 'eof')
      this.fail(`unexpected ${this.describe(this.peek())} after the expression`, 'give one expression, such as jsonencode({ ... })');
    return expr;
  }

  private body(closer?: string): HclBody {
    const body: HclBody = { attributes: [], blocks: [] };
    for (;;) {
      this.skipNewlines();
      const token = this.peek();
      if (token.kind === 'eof' || (closer && token.image === closer)) return body;
      const name = this.expect('ident', 'an attribute or block name');
      if (this.peek().image === '=') {
        this.next();
        const value = this.expression();
        body.attributes.push({ name: name.image, value, start: name.start, end: value.end });
      } else {
        body.blocks.push(this.block(name));
      }
    }
  }

  private block(type: Token): HclBlock {
    const labels: string[] = [];
    while (this.peek().kind === 'string' || this.peek().kind === 'ident') {
      const label = this.next();
      labels.push(label.kind === 'string' ? label.value!.text : label.image);
    }
    const open = this.expectPunct('{', `'{' to open the block ${type.image}`);
    const body = this.nested(open, () => this.body('}'));
    const close = this.expectPunct('}', "'}' to close the block");
    return { type: type.image, labels, body, start: type.start, end: close.end };
  }

  /** Reads what `open` opens one level deeper; past MAX_NESTING levels, a syntax error at `open`. */
  private nested<T>(open: Token, read: () => T): T {
    if (this.depth >= MAX_NESTING) throw nestingTooDeep(open.start);
    this.depth++;
    const result = read();
    this.depth--;
    return result;
  }

  private expression(): HclExpr {
    const start = this.at;
    const primary = this.primary();
    if (primary && !this.continuesExpression()) return primary;
    // A whole value followed by an operator goes on from after the value (read once, not again), and
    // so does a tuple or call found to need Terraform, inside its bracket: nothing is read twice.
    if (primary) return this.opaque(primary.start, primary.end);
    const unfinished = this.unfinished;
    this.unfinished = undefined;
    if (unfinished) return this.opaque(this.tokens[start].start, this.tokens[this.at - 1].end, [unfinished]);
    this.at = start;
    return this.opaque();
  }

  /** A simple value, or undefined when the expression is one only Terraform can evaluate. */
  private primary(): HclExpr | undefined {
    const token = this.next();
    if (token.kind === 'string') return { kind: 'string', value: token.value!, interpolation: token.interpolation, start: token.start, end: token.end };
    if (token.kind === 'number') return { kind: 'number', text: token.image, start: token.start, end: token.end };
    if (token.image === '-' && this.peek().kind === 'number') {
      const number = this.next();
      return { kind: 'number', text: `-${number.image}`, start: token.start, end: number.end };
    }
    if (token.kind === 'ident') return this.identifier(token);
    if (token.image === '{' && this.peek(true).image !== 'for') return this.nested(token, () => this.object(token));
    if (token.image === '[' && this.peek(true).image !== 'for') return this.nested(token, () => this.tuple(token));
    return undefined;
  }

  private identifier(token: Token): HclExpr | undefined {
    if (token.image === 'true' || token.image === 'false') return { kind: 'bool', value: token.image === 'true', start: token.start, end: token.end };
    if (token.image === 'null') return { kind: 'null', start: token.start, end: token.end };
    if (this.peek().image !== '(') return undefined;
    const open = this.next();
    const args = this.nested(open, () => this.sequence(')'));
    if (!args) return undefined;
    return { kind: 'call', name: token.image, args: args.items, start: token.start, end: args.end };
  }

  private object(open: Token): HclExpr | undefined {
    const items: HclObjectItem[] = [];
    for (;;) {
      this.skipNewlines();
      if (this.peek().image === '}') return { kind: 'object', items, start: open.start, end: this.next().end };
      const keyToken = this.peek();
      const key: HclExpr | undefined =
        keyToken.kind === 'ident' ? { kind: 'string', value: plain(keyToken), start: keyToken.start, end: this.next().end } : this.expression();
      const separator = this.next();
      if (separator.image !== '=' && separator.image !== ':')
        this.fail(`expected '=' after the object key, found ${this.describe(separator)}`, 'write key = value');
      const value = this.expression();
      items.push({ key, value });
      if (this.peek().image === ',') this.next();
      else if (this.peek().kind !== 'newline' && this.peek().image !== '}') {
        this.fail(`expected ',', a new line or '}' after the object item, found ${this.describe(this.peek())}`, 'separate items with commas or new lines');
      }
    }
  }

  private tuple(open: Token): HclExpr | undefined {
    const items = this.sequence(']');
    return items && { kind: 'tuple', items: items.items, start: open.start, end: items.end };
  }

  /** Comma-separated expressions up to `closer` (the opener is already read); undefined with `...` expansion. */
  private sequence(closer: string): { items: HclExpr[]; end: number } | undefined {
    const items: HclExpr[] = [];
    for (;;) {
      this.skipNewlines();
      if (this.peek().image === closer) return { items, end: this.next().end };
      items.push(this.expression());
      this.skipNewlines();
      if (this.peek().image === '...') {
        this.unfinished = closer;
        return undefined;
      }
      if (this.peek().image === ',') this.next();
      else if (this.peek().image !== closer) this.fail(`expected ',' or '${closer}', found ${this.describe(this.peek())}`, 'separate the items with commas');
    }
  }

  /** True when what follows makes the value an operation: `.attr`, `[i]`, an operator, `? :`. */
  private continuesExpression(): boolean {
    const next = this.peek();
    return next.kind === 'punct' && !['}', ']', ')', ',', '=', ':', '...'].includes(next.image);
  }

  /**
   * Skips to the end of an expression (a new line, ',' or a closer at depth 0) and keeps its source;
   * `start` to `end` is what was already read of it, and `open` the brackets that read left open.
   */
  private opaque(start = this.peek().start, end = start, open: string[] = []): HclExpr {
    // A ':' at depth 0 ends the expression (an object key) unless it belongs to a `? :` conditional.
    let conditionals = 0;
    for (;;) {
      const token = this.peek();
      if (token.kind === 'eof') break;
      if (open.length === 0 && (token.kind === 'newline' || [',', '}', ']', ')', '='].includes(token.image))) break;
      if (open.length === 0 && token.image === ':' && end > start && conditionals-- === 0) break;
      if (open.length === 0 && token.image === '?') conditionals++;
      this.next();
      if (token.image in CLOSERS) open.push(CLOSERS[token.image]);
      else if (token.image === open[open.length - 1]) open.pop();
      else if ([')', ']', '}'].includes(token.image)) this.fail(`unexpected '${token.image}'`, 'the brackets of this expression do not match', token);
      end = token.end;
    }
    if (end === start) this.fail(`expected an expression, found ${this.describe(this.peek())}`, 'give a value: a string, a number, an object, jsonencode(...)');
    return { kind: 'opaque', text: this.source.slice(start, end), start, end };
  }

  private peek(afterNewlines = false): Token {
    let index = this.at;
    while (afterNewlines && this.tokens[index].kind === 'newline') index++;
    return this.tokens[index];
  }

  private next(): Token {
    const token = this.tokens[this.at];
    if (token.kind !== 'eof') this.at++;
    return token;
  }

  private skipNewlines(): void {
    while (this.peek().kind === 'newline') this.at++;
  }

  private expect(kind: Token['kind'], what: string): Token {
    const token = this.next();
    if (token.kind !== kind)
      this.fail(`expected ${what}, found ${this.describe(token)}`, 'check the syntax around here against the Terraform configuration language', token);
    return token;
  }

  private expectPunct(image: string, what: string): Token {
    this.skipNewlines();
    const token = this.next();
    if (token.image !== image) this.fail(`expected ${what}, found ${this.describe(token)}`, 'check the brackets of the block', token);
    return token;
  }

  private describe(token: Token): string {
    if (token.kind === 'eof') return 'the end of the file';
    if (token.kind === 'newline') return 'the end of the line';
    return `'${token.image.length > 20 ? `${token.image.slice(0, 20)}...` : token.image}'`;
  }

  private fail(message: string, hint: string, token: Token = this.peek()): never {
    throw new HclSyntaxError(message, token.start, hint);
  }
}

function plain(token: Token): MappedText {
  return { text: token.image, starts: [...token.image].map((_, i) => token.start + i), ends: [...token.image].map((_, i) => token.start + i + 1) };
}
