/**
 * The edits that fix a diagnostic, read from its code and hint. The hints are written for people
 * ("did you mean 'ClientCountry'?"); each pattern here matches one the compiler writes.
 */
export interface Fix {
  title: string;
  /** UTF-16 offsets into the document, half-open. */
  start: number;
  end: number;
  newText: string;
}

export interface FixableDiagnostic {
  code: string;
  hint?: string;
  start: number;
  end: number;
}

type FixReader = (diagnostic: FixableDiagnostic, text: string) => Fix | undefined;

const quoted = (pattern: RegExp) => (hint: string | undefined) => (hint === undefined ? undefined : pattern.exec(hint)?.[1]);
const didYouMean = quoted(/did you mean '([^']+)'(?: \(or '[^']+'\))?\?/);

/** Replaces the diagnostic's range with the word the hint names. */
function replaceWith(pick: (hint: string | undefined) => string | undefined, title: (word: string) => string): FixReader {
  return (diagnostic) => {
    const word = pick(diagnostic.hint);
    return word === undefined ? undefined : { title: title(word), start: diagnostic.start, end: diagnostic.end, newText: word };
  };
}

const READERS: Record<string, FixReader> = {
  'unknown-field': replaceWith(didYouMean, (word) => `Change to '${word}'`),
  'unknown-operator': replaceWith(didYouMean, (word) => `Change to '${word}'`),
  'unknown-dataset': replaceWith(didYouMean, (word) => `Change to '${word}'`),
  'deprecated-operator': replaceWith(quoted(/^write '([^']+)'$/), (word) => `Write '${word}'`),
  'quoted-number': replaceWith(quoted(/^write it without quotes: (.+)$/), (word) => `Write ${word} without quotes`),
  'quoted-boolean': replaceWith(quoted(/^write it as (true|false)$/), (word) => `Write ${word}`),
  'expected-list': replaceWith(quoted(/^write the values in parentheses: \S+ (\(.*\))$/), (list) => `Write the list ${list}`),
  'unexpected-token': quoteWholeValue,
  'unterminated-string': closeString,
};

/** The fix for one diagnostic, when there is one. */
export function fixFor(diagnostic: FixableDiagnostic, text: string): Fix | undefined {
  return READERS[diagnostic.code]?.(diagnostic, text);
}

/**
 * `ClientRequestPath eq /a(b)`: the hint names the part of the value before the culprit; the fix
 * quotes the whole word, from where that part starts to the next white space.
 */
function quoteWholeValue(diagnostic: FixableDiagnostic, text: string): Fix | undefined {
  const literal = quoted(/^quote the whole value: (".*")$/)(diagnostic.hint);
  if (literal === undefined) return undefined;
  const part = JSON.parse(literal) as string;
  const start = text.lastIndexOf(part, diagnostic.start);
  if (start === -1 || start + part.length < diagnostic.start) return undefined;
  const end = text.slice(start).search(/\s|$/) + start;
  const value = JSON.stringify(text.slice(start, end));
  return { title: `Quote the value: ${value}`, start, end, newText: value };
}

/** `"abc` at the end of a line: the closing quote goes after the string. */
function closeString(diagnostic: FixableDiagnostic, text: string): Fix | undefined {
  const quote = text[diagnostic.start];
  if (quote !== '"' && quote !== "'") return undefined;
  return { title: `Close the string with ${quote}`, start: diagnostic.end, end: diagnostic.end, newText: quote };
}
