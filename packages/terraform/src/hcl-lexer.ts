/**
 * The tokens of HCL's native syntax (the language of `.tf` files), with their offsets. Strings and
 * heredocs are decoded here, each character keeping the span of the source text it came from, so
 * that a diagnostic inside a filter can point at the `.tf` file's own line and column.
 */
import { MAX_NESTING } from '@logfilter/core';

export interface Span {
  start: number;
  end: number;
}

/** Decoded text whose every UTF-16 unit knows the source span it was written as. */
export interface MappedText {
  text: string;
  starts: number[];
  ends: number[];
}

type TokenKind = 'ident' | 'number' | 'string' | 'newline' | 'punct' | 'eof';

export interface Token extends Span {
  kind: TokenKind;
  /** The source text; for strings and heredocs, see `value`. */
  image: string;
  /** Strings and heredocs: the decoded text, with `${...}`/`%{...}` kept as written. */
  value?: MappedText;
  /** Strings and heredocs: the first `${...}` or `%{...}` template sequence, which only Terraform can evaluate. */
  interpolation?: string;
}

export class HclSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly hint: string,
  ) {
    super(message);
  }
}

/** The error of nesting past MAX_NESTING levels, at the bracket (or template) that goes one too deep. */
export function nestingTooDeep(offset: number): HclSyntaxError {
  return new HclSyntaxError(
    `nested more than ${MAX_NESTING} levels deep here`,
    offset,
    `logfilter reads HCL nested up to ${MAX_NESTING} levels (a filter needs far fewer): flatten this expression`,
  );
}

const PUNCTUATION = [
  '...',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '=>',
  '{',
  '}',
  '[',
  ']',
  '(',
  ')',
  '=',
  ',',
  '.',
  ':',
  '?',
  '!',
  '+',
  '-',
  '*',
  '/',
  '%',
  '<',
  '>',
];
const IDENT_START = /[A-Za-z_]/;
const IDENT_PART = /[A-Za-z0-9_-]/;

export function lexHcl(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const char = source[at];
    if (char === ' ' || char === '\t' || char === '\r') at++;
    else if (char === '\n') tokens.push({ kind: 'newline', image: '\n', start: at, end: ++at });
    else if (char === '#' || source.startsWith('//', at)) at = lineEnd(source, at);
    else if (source.startsWith('/*', at)) at = blockCommentEnd(source, at);
    else if (char === '"') at = pushToken(tokens, readQuoted(source, at));
    else if (source.startsWith('<<', at) && /^<<-?[A-Za-z_]/.test(source.slice(at, at + 4))) at = pushToken(tokens, readHeredoc(source, at));
    else if (IDENT_START.test(char)) at = pushToken(tokens, readWhile(source, at, IDENT_PART, 'ident'));
    else if (/[0-9]/.test(char)) at = pushToken(tokens, readNumber(source, at));
    else {
      const punct = PUNCTUATION.find((p) => source.startsWith(p, at));
      if (!punct) throw new HclSyntaxError(`unexpected character '${char}'`, at, 'this is not HCL; is the file a Terraform configuration?');
      at = pushToken(tokens, { kind: 'punct', image: punct, start: at, end: at + punct.length });
    }
  }
  tokens.push({ kind: 'eof', image: '', start: source.length, end: source.length });
  return tokens;
}

function pushToken(tokens: Token[], token: Token): number {
  tokens.push(token);
  return token.end;
}

function lineEnd(source: string, at: number): number {
  const end = source.indexOf('\n', at);
  return end === -1 ? source.length : end;
}

function blockCommentEnd(source: string, at: number): number {
  const end = source.indexOf('*/', at + 2);
  if (end === -1) throw new HclSyntaxError('this comment is not closed', at, "add '*/' where the comment ends");
  return end + 2;
}

function readWhile(source: string, start: number, part: RegExp, kind: TokenKind): Token {
  let end = start + 1;
  while (end < source.length && part.test(source[end])) end++;
  return { kind, image: source.slice(start, end), start, end };
}

function readNumber(source: string, start: number): Token {
  const match = /^[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(source.slice(start))!;
  return { kind: 'number', image: match[0], start, end: start + match[0].length };
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

/** A quoted template: escapes decoded, `$${` and `%%{` read as the literal `${` and `%{`; `depth` templates hold it. */
function readQuoted(source: string, start: number, depth = 0): Token {
  const value: MappedText = { text: '', starts: [], ends: [] };
  let interpolation: string | undefined;
  let at = start + 1;
  while (at < source.length && source[at] !== '"') {
    const char = source[at];
    if (char === '\n') break;
    if (char === '\\') {
      const decoded = readEscape(source, at);
      append(value, decoded.text, at, decoded.end);
      at = decoded.end;
    } else if ((char === '$' || char === '%') && source[at + 1] === char && source[at + 2] === '{') {
      append(value, `${char}{`, at, at + 3);
      at += 3;
    } else if ((char === '$' || char === '%') && source[at + 1] === '{') {
      if (depth >= MAX_NESTING) throw nestingTooDeep(at);
      const end = templateEnd(source, at + 2, depth + 1);
      interpolation ??= source.slice(at, end);
      append(value, source.slice(at, end), at, end);
      at = end;
    } else {
      append(value, char, at, at + 1);
      at++;
    }
  }
  if (source[at] !== '"') throw new HclSyntaxError('this string is not closed', start, 'add the closing " on the same line');
  return { kind: 'string', image: source.slice(start, at + 1), start, end: at + 1, value, interpolation };
}

function readEscape(source: string, at: number): { text: string; end: number } {
  const letter = source[at + 1];
  if (letter in ESCAPES) return { text: ESCAPES[letter], end: at + 2 };
  const digits = letter === 'u' ? 4 : letter === 'U' ? 8 : 0;
  const hex = source.slice(at + 2, at + 2 + digits);
  if (digits > 0 && hex.length === digits && /^[0-9A-Fa-f]+$/.test(hex) && Number.parseInt(hex, 16) <= 0x10ffff) {
    return { text: String.fromCodePoint(Number.parseInt(hex, 16)), end: at + 2 + digits };
  }
  throw new HclSyntaxError(`'\\${letter ?? ''}' is not an escape of HCL strings`, at, 'HCL strings take \\n \\r \\t \\" \\\\ \\uNNNN and \\UNNNNNNNN');
}

/** The offset after the `}` closing a template sequence opened just before `at`, inside `nesting` templates. */
function templateEnd(source: string, at: number, nesting: number): number {
  let depth = 1;
  while (at < source.length && depth > 0) {
    const char = source[at];
    if (char === '"') at = readQuoted(source, at, nesting).end;
    else {
      if (char === '{') depth++;
      else if (char === '}') depth--;
      else if (char === '\n' && depth === 1) break;
      at++;
    }
  }
  if (depth > 0) throw new HclSyntaxError('this template sequence is not closed', at, "add the '}' that closes '${'");
  return at;
}

function append(value: MappedText, text: string, start: number, end: number): void {
  value.text += text;
  for (let i = 0; i < text.length; i++) {
    value.starts.push(start);
    value.ends.push(end);
  }
}

/** `<<EOF` ... `EOF`, or `<<-EOF` whose lines lose the indentation they all share. */
function readHeredoc(source: string, start: number): Token {
  const header = /^<<(-?)([A-Za-z_][A-Za-z0-9_-]*)[ \t]*\r?\n/.exec(source.slice(start));
  if (!header) throw new HclSyntaxError('a heredoc marker must end its line', start, 'put the text on the lines after <<EOF');
  const strip = header[1] === '-';
  const marker = header[2];
  const lines: Span[] = [];
  let at = start + header[0].length;
  while (at < source.length) {
    const end = lineEnd(source, at);
    if (source.slice(at, end).trim() === marker) {
      const value = heredocText(source, lines, strip);
      return { kind: 'string', image: source.slice(start, end), start, end, value, interpolation: firstTemplate(value.text) };
    }
    lines.push({ start: at, end: Math.min(end + 1, source.length) });
    at = end + 1;
  }
  throw new HclSyntaxError(`the heredoc '${marker}' is not closed`, start, `end it with a line holding only ${marker}`);
}

function heredocText(source: string, lines: Span[], strip: boolean): MappedText {
  const indents = lines
    .filter((line) => source.slice(line.start, line.end).trim() !== '')
    .map((line) => /^[ \t]*/.exec(source.slice(line.start, line.end))![0].length);
  // A loop, not Math.min(...indents): a heredoc of a hundred thousand lines would overflow the call's arguments.
  const cut = strip && indents.length > 0 ? indents.reduce((least, indent) => Math.min(least, indent), Number.POSITIVE_INFINITY) : 0;
  const value: MappedText = { text: '', starts: [], ends: [] };
  for (const line of lines) {
    for (let at = Math.min(line.start + cut, line.end); at < line.end; at++) {
      if (source[at] !== '\r') append(value, source[at], at, at + 1);
    }
  }
  return value;
}

function firstTemplate(text: string): string | undefined {
  const match = /(?<![$%])[$%]\{[^}]*\}?/.exec(text);
  return match?.[0];
}
