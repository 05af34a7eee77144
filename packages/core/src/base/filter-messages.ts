/**
 * The wording of the diagnostics of filter text (lexing, parsing, checking, lint, output limits), of
 * datasets, and of anything (arguments, internal errors, input size): the part of the message table
 * (messages.ts) that compiling filter text needs. It is made when a message is first worded: a
 * compile without diagnostics words none, and making its few hundred functions is about a twentieth
 * of such a compile's start-up in a process of its own.
 */
import { madeOnFirstUse } from './first-use.js';
import { didYouMean, listed, m, type MessageTable, wordingOfMade } from './messages.js';

/** "expected a field name or '(' after 'X', found 'Y'", the message of every `expected-field`. */
const expectedField = (d: { found: string; previous?: string }) => `expected a field name or '('${d.previous ? ` after ${d.previous}` : ''}, found ${d.found}`;

const article = (scope: 'zone' | 'account') => (scope === 'account' ? 'an account' : 'a zone');

const makeFilterMessages = () =>
  ({
    'empty-filter': {
      empty: m(
        () => 'the filter is empty',
        () => 'write at least one predicate such as `ClientCountry eq us`; a job with no filter delivers every line, so leave the filter out for that',
      ),
    },
    'unterminated-string': {
      notClosed: m(
        (_: { char: string }) => 'this string is not closed',
        (d) => `add the closing ${d.char} before the end of the line`,
      ),
    },
    'invalid-escape': {
      shortUnicode: m(
        () => 'a \\u escape needs four hex digits',
        () => 'write it as \\u00e9, for example',
      ),
      unknown: m(
        (d: { next: string; singleQuoted: boolean }) => `'\\${d.next}' is not a valid escape`,
        (d) => `escapes are \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX${d.singleQuoted ? " and \\'" : ''}; write \\\\ for a backslash`,
      ),
    },
    'unexpected-character': {
      /** `shown` is the text from the character on (at most 20 characters); `several` when the lexer refused more than one. */
      unexpected: m(
        (d: { shown: string; several: boolean }) => `unexpected character${d.several ? 's' : ''} '${d.shown}'`,
        (d) =>
          d.shown[0] === '&'
            ? "write AND (or '&&') to join predicates"
            : d.shown[0] === '|'
              ? "write OR (or '||') to join predicates"
              : 'put the value in quotes if it holds this character',
      ),
    },
    /*
     * The syntax errors (syntax/parse-errors.ts): `found` and `previous` are tokens as shown (`'us'`, or
     * "the end of the filter"); `whole` is the value that runs on past the error, quoted as JSON.
     */
    'unexpected-token': {
      unmatchedParen: m(
        () => "unmatched ')'",
        () => "remove it, or add the '(' it closes",
      ),
      inValue: m(
        (d: { found: string; whole: string }) => `unexpected ${d.found} in a value`,
        (d) => `quote the whole value: ${d.whole}`,
      ),
      /** Values after a list operator (`in`, `!in`) joined by commas with no parentheses: `list` is them in parentheses. */
      listWithoutParentheses: m(
        (d: { found: string; list: string }) => `unexpected ${d.found} after a value: a list is written in parentheses`,
        (d) => `write the list in parentheses: ${d.list}`,
      ),
      /** `valueNext` when what was found could begin a value or a list (so a missing `in` or quotes is likely). */
      afterFilter: m(
        (d: { found: string; whole?: string; valueNext: boolean }) => `expected AND, OR or the end of the filter, found ${d.found}`,
        (d) =>
          d.valueNext
            ? `${d.whole ? `quote the whole value: ${d.whole}; ` : ''}to match any of several values write \`in (a, b)\`; to join predicates write AND or OR`
            : 'join predicates with AND or OR',
      ),
      afterGroup: m(
        (d: { found: string; whole?: string }) => `expected ')', AND or OR, found ${d.found}`,
        (d) => `${d.whole ? `quote the whole value: ${d.whole}; or ` : ''}close the group with ')' or join predicates with AND or OR`,
      ),
      inList: m(
        (d: { found: string; closer: string }) => `expected ',' or '${d.closer}' in the list, found ${d.found}`,
        () => 'separate the values of a list with commas',
      ),
    },
    'expected-field': {
      /** At the end of the filter, after `previous`. */
      atEnd: m(
        (d: { found: string; previous: string }) => expectedField(d),
        (d) => `finish the filter with a predicate such as \`ClientCountry eq us\`, or remove ${d.previous}`,
      ),
      emptyGroup: m(
        (d: { found: string; previous?: string }) => expectedField(d),
        () => 'an empty group means nothing: remove the parentheses',
      ),
      unmatchedParen: m(
        (d: { found: string; previous?: string }) => expectedField(d),
        () => "remove the ')', or add the '(' it closes",
      ),
      keyword: m(
        (d: { found: string; previous?: string }) => expectedField(d),
        () => 'a predicate reads `Field operator value`',
      ),
      /** `spaced` is the found text with spaces around its operator. */
      unspacedOperator: m(
        (d: { found: string; previous?: string; spaced: string }) => expectedField(d),
        (d) => `put spaces around the operator: \`${d.spaced}\``,
      ),
      notAName: m(
        (d: { found: string; previous?: string }) => expectedField(d),
        () => "a field name is letters, digits and '_', starting with a letter or '_'",
      ),
    },
    'expected-operator': {
      afterField: m(
        (d: { found: string; previous: string; operators: string }) => `expected an operator after ${d.previous}, found ${d.found}`,
        (d) => `operators are ${d.operators}`,
      ),
      notAnOperator: m(
        (d: { word: string; guess?: string; also?: string; operators: string }) => `${d.word} is not an operator`,
        (d) => (d.guess ? didYouMean(d.guess, d.also) : `operators are ${d.operators}`),
      ),
    },
    'expected-value': {
      extraComma: m(
        (d: { found: string }) => `expected a value in the list, found ${d.found}`,
        () => "remove the extra ','",
      ),
      /** `word` is the keyword as written, `found` as shown. */
      keyword: m(
        (d: { found: string; previous: string; word: string }) => `expected a value after ${d.previous}, found ${d.found}`,
        (d) => `to compare with the word ${d.found}, quote it: "${d.word}"`,
      ),
      missing: m(
        (d: { found: string; previous: string }) => `expected a value after ${d.previous}, found ${d.found}`,
        () => 'write the value to compare with; quote it if it holds spaces or any of ( ) [ ] , # \' " < > ! |',
      ),
    },
    'unclosed-paren': {
      group: m(
        (d: { line: number; column: number }) => `the '(' at ${d.line}:${d.column} is not closed`,
        () => "add ')' at the end of the group",
      ),
      list: m(
        (d: { line: number; column: number; closer: string }) => `the list opened at ${d.line}:${d.column} is not closed`,
        (d) => `add '${d.closer}' after the last value`,
      ),
    },
    'nesting-too-deep': {
      tooDeep: m(
        (d: { maxDepth: number }) => `the filter is nested more than ${d.maxDepth} levels deep`,
        () => 'remove redundant parentheses or NOTs; nested groups of the same kind mean the same flattened',
      ),
    },
    'never-matches': {
      andGroup: m(
        (d: { key: string }) => `no record satisfies every condition on '${d.key}' in this AND group, so it never matches`,
        (d) =>
          `a record holds one value of '${d.key}': to accept any of several values write OR, or \`${d.key} in (a, b)\`; as written the job delivers nothing from this group`,
      ),
    },
    'always-matches': {
      orGroup: m(
        (d: { key: string }) => `the conditions on '${d.key}' in this OR group cover every record, so it always matches`,
        () => 'a value and its negation together let everything through: remove one of them, or join them with AND',
      ),
    },
    'value-case': {
      upperCase: m(
        (d: { key: string; value: string; lower: string }) => `'${d.key}' is logged in lower case, so ${d.value} never equals it`,
        (d) => `write ${d.lower}: comparisons are case-sensitive`,
      ),
    },
    'not-a-timestamp': {
      notATime: m(
        (d: { key: string; value: string }) => `'${d.key}' is a timestamp, and ${d.value} is not one`,
        () => "write a Unix time (1700000000) or an RFC 3339 time (2024-01-01T00:00:00Z), in the format of the job's timestamps option",
      ),
    },
    'not-an-address': {
      /** `prefix`: the text every address of the network starts with, when its prefix ends on a dot (IPv4 /8, /16, /24), or its one address (/32). */
      network: m(
        (d: { key: string; value: string; prefix?: string; address?: string }) =>
          `'${d.key}' holds one IP address, and ${d.value} is a network, which it never holds`,
        (d) =>
          `the service compares text and has no network match: ${
            d.address
              ? `write its one address, ${d.address}`
              : d.prefix
                ? `its addresses are those that start with ${d.prefix} (startsWith ${d.prefix}, or !startsWith for none of them)`
                : 'list its addresses, or compare the text they start with (startsWith)'
          }`,
      ),
    },
    'not-a-wildcard': {
      /** `criterion` is what the pattern means, as the language writes it (`ClientRequestHost endsWith .example.com`). */
      star: m(
        (d: { value: string; criterion: string }) => `'*' in ${d.value} is a character to the service, not a wildcard`,
        (d) => `the service compares text: for what ${d.value} means, write ${d.criterion}`,
      ),
    },
    'unknown-dataset': {
      notADataset: m(
        () => 'the dataset option is neither a name nor a Dataset',
        () => "pass a name such as 'http_requests'",
      ),
      unknown: m(
        (d: { name: string; guess?: string }) => `unknown dataset '${d.name}'`,
        (d) => (d.guess ? `${didYouMean(d.guess)} (see the list of datasets)` : 'see the list of datasets'),
        (d) => ({ kind: 'list-datasets', guess: d.guess }),
      ),
    },
    'unknown-field': {
      inDataset: m(
        (d: { name: string; dataset: string; guess?: string; sameLetters?: boolean; elsewhere?: readonly string[] }) =>
          `unknown field '${d.name}' in dataset ${d.dataset}`,
        (d) => {
          if (d.sameLetters) return `field names are case-sensitive: ${didYouMean(d.guess!)}`;
          const guess = d.guess && didYouMean(d.guess);
          if (d.elsewhere) {
            const which = d.elsewhere.length === 1 ? 'that dataset' : 'one of those';
            return `'${d.name}' is a field of ${listed(d.elsewhere)}: filter ${which} instead${guess ? `; or ${guess}` : ''}`;
          }
          return guess ?? `check the fields of dataset ${d.dataset}`;
        },
        (d) =>
          d.sameLetters
            ? undefined
            : d.elsewhere
              ? { kind: 'choose-dataset', field: d.name, datasets: d.elsewhere, guess: d.guess }
              : d.guess
                ? undefined
                : { kind: 'list-fields', dataset: d.dataset },
      ),
      inFieldList: m(
        (d: { name: string; dataset: string; guess?: string }) => `unknown field '${d.name}' in dataset ${d.dataset}`,
        (d) => (d.guess ? didYouMean(d.guess) : `check the fields of dataset ${d.dataset}`),
        (d) => (d.guess ? undefined : { kind: 'list-fields', dataset: d.dataset }),
      ),
    },
    'unknown-operator': {
      notAnOperator: m(
        (d: { spelling: string; guess?: string; also?: string; operators: string }) => `'${d.spelling}' is not an operator`,
        (d) => (d.guess ? didYouMean(d.guess, d.also) : `operators are ${d.operators}`),
      ),
      /** A range as other languages write it (`X between 1 and 5`): `criteria` is it as two criteria. */
      range: m(
        (d: { spelling: string; criteria: string }) => `'${d.spelling}' is not an operator: a range is two criteria joined by AND`,
        (d) => `write ${d.criteria}`,
      ),
      /**
       * A pattern operator of another language (`like`, `matches`, `wildcard`): `criterion` is what
       * the pattern means as one criterion, when it says no more than a start, an end, a part or the
       * whole text; `caseless` for ILIKE, which the criterion cannot be (the service compares with case).
       */
      pattern: m(
        (d: { spelling: string; pattern: string; criterion?: string; caseless: boolean }) =>
          `'${d.spelling}' is not an operator: the service compares text as it is, with no patterns`,
        (d) =>
          d.criterion
            ? `for what ${d.pattern} means, write ${d.criterion}${d.caseless ? ' (which compares with case)' : ''}`
            : 'write the text a value starts with (startsWith), ends with (endsWith), contains (contains) or is (eq)',
      ),
    },
    'field-not-filterable': {
      objects: m(
        (d: { field: string; type: string }) => `'${d.field}' cannot be used in a filter`,
        (d) => `'${d.field}' is an ${d.type} field: the service can deliver it but not filter on it; filter on another field`,
      ),
      notFiltered: m(
        (d: { field: string; dataset: string }) => `'${d.field}' cannot be used in a filter`,
        (d) => `the service does not filter on '${d.field}' in dataset ${d.dataset}; filter on another field`,
      ),
    },
    'operator-not-allowed': {
      integerOrText: m(
        (d: { operator: string; side: string; field: string; type: string; withNumber: string; withText: string }) =>
          `'${d.operator}' cannot be used with ${d.side} on field '${d.field}' (${d.type})`,
        (d) => `with a number it takes ${d.withNumber}; with text it takes ${d.withText}`,
      ),
      /** An ordering operator on a timestamp with a time written as text (`EdgeStartTimestamp gt 2024-01-01`): the time in Unix seconds and nanoseconds. */
      timeAsText: m(
        (d: { operator: string; value: string; field: string; seconds: string; nanoseconds: string }) =>
          `'${d.operator}' compares '${d.field}' with a number, and ${d.value} is a time written as text`,
        (d) => `write it as a Unix time, in the unit of the job's timestamps option: ${d.seconds} in seconds, ${d.nanoseconds} in nanoseconds`,
      ),
      ofType: m(
        (d: { operator: string; kind: string; field: string; allowed: string }) => `'${d.operator}' cannot be used with ${d.kind} field '${d.field}'`,
        (d) => `${d.kind} fields take ${d.allowed}`,
      ),
    },
    'expected-list': {
      scalar: m(
        (d: { operator: string; list: string }) => `'${d.operator}' takes a list of values`,
        (d) => `write the values in parentheses: ${d.operator} ${d.list}`,
      ),
      /** One quoted value holding commas (`in "us,ca"`): `list` is its parts as a list. */
      joinedValues: m(
        (d: { operator: string; value: string; list: string }) => `'${d.operator}' takes a list of values, and ${d.value} is one value`,
        (d) => `write each value in the list: ${d.operator} ${d.list}`,
      ),
    },
    'expected-scalar': {
      list: m(
        (d: { operator: string; into?: string }) => `'${d.operator}' takes one value, not a list`,
        (d) =>
          d.into ? `to match any of several values write '${d.into} (...)'` : `'${d.operator}' compares with a single value; join several predicates with OR`,
      ),
    },
    'empty-list': {
      empty: m(
        (d: { operator: string }) => `'${d.operator}' needs at least one value`,
        (d) => `list the values to match, for example ${d.operator} (a, b)`,
      ),
    },
    'invalid-value': {
      notANumber: m(
        (d: { shown: string; what: string; field: string; fieldKind: string; example: string }) =>
          `${d.shown} is not ${d.what}; '${d.field}' is ${d.fieldKind} field`,
        (d) => `write ${d.example}`,
      ),
      notABoolean: m(
        (d: { shown: string; field: string }) => `${d.shown} is not true or false; '${d.field}' is a bool field`,
        () => 'write true or false',
      ),
    },
    'quoted-number': {
      quoted: m(
        (d: { quoted: string; number: string }) => `the quoted value ${d.quoted} is read as the number ${d.number}`,
        (d) => `write it without quotes: ${d.number}`,
      ),
    },
    'quoted-boolean': {
      quoted: m(
        (d: { shown: string; value: string }) => `${d.shown} is read as the boolean ${d.value}`,
        (d) => `write it as ${d.value}`,
      ),
    },
    'deprecated-operator': {
      oldSpelling: m(
        (d: { spelling: string; operator: string }) => `'${d.spelling}' is an old spelling of '${d.operator}'`,
        (d) => `write '${d.operator}'`,
      ),
    },
    'deprecated-field': {
      inFilter: m(
        (d: { field: string; dataset: string; description: string }) => `'${d.field}' is deprecated in dataset ${d.dataset}`,
        (d) => `the service may stop filling it: filter on a current field if one carries the same data (${d.description || 'no description'})`,
      ),
      inFieldList: m((d: { field: string; dataset: string }) => `field '${d.field}' of ${d.dataset} is deprecated`),
    },
    'int-out-of-range': {
      negative: m(
        (d: { value: string; field: string }) => `${d.value} is negative; the service reads '${d.field}' as an unsigned 64-bit integer`,
        () => 'int values run from 0 to 18446744073709551615: no record holds a negative value, so drop or rewrite the comparison',
      ),
      tooLarge: m(
        (d: { value: string; field: string }) =>
          `${d.value} is larger than 18446744073709551615 (2^64-1); the service reads '${d.field}' as an unsigned 64-bit integer`,
        () => 'int values run from 0 to 18446744073709551615: write a value in that range',
      ),
    },

    'wrong-scope': {
      otherScope: m(
        (d: { name: string; scope: 'zone' | 'account'; given: 'zone' | 'account' }) =>
          `dataset '${d.name}' is ${d.scope}-scoped: its jobs live under ${article(d.scope)}, not ${article(d.given)}`,
        (d) => `give the job ${article(d.scope)} instead of ${article(d.given)}`,
        (d) => ({ kind: 'scope', scope: d.scope, given: d.given }),
      ),
    },
    /*
     * The service's limits on a filter (output/serialize.ts): `remedy` is what to do about the filter at
     * hand (merge its predicates into lists, shorten values, split the job), as output/limit-hints.ts finds it.
     */
    'filter-too-large': {
      /** `largest` is an excerpt of the largest member, `largestBytes` its bytes of output. */
      overBytes: m(
        (d: { bytes: number; limit: number; largest: string; largestBytes: number; remedy: string }) =>
          `the filter is ${d.bytes} bytes, ${d.bytes - d.limit} over the limit of ${d.limit}`,
        (d) => `the largest part is \`${d.largest}\` (${d.largestBytes} bytes of output); ${d.remedy}`,
      ),
    },
    'too-many-operators': {
      /** `costliest` is an excerpt of the member with most criteria, when one has more than one. */
      overOperators: m(
        (d: { operators: number; limit: number; costliest?: string; criteria?: number; remedy: string }) =>
          `the filter has ${d.operators} operators, ${d.operators - d.limit} over the limit of ${d.limit}; this one is the first over it`,
        (d) => `${d.costliest !== undefined ? `the part with most is \`${d.costliest}\` (${d.criteria} criteria); ` : ''}${d.remedy}`,
      ),
    },
    'input-too-large': {
      filter: m(
        (d: { name: string; size: string; limit: string; what: string; shownLimit: string }) =>
          `${d.name} is${d.size} over the limit of ${d.limit} for ${d.what}`,
        () => 'a filter the service takes is at most 1000 bytes of JSON: is this the right input?',
      ),
      file: m(
        (d: { name: string; size: string; limit: string; what: string; shownLimit: string }) =>
          `${d.name} is${d.size} over the limit of ${d.limit} for ${d.what}`,
        (d) => `logfilter reads ${d.what} of up to ${d.shownLimit}: is this the right file? Split it if it really is this large`,
      ),
      plan: m(
        (d: { name: string; size: string; limit: string; what: string; shownLimit: string }) =>
          `${d.name} is${d.size} over the limit of ${d.limit} for ${d.what}`,
        (d) =>
          `logfilter reads ${d.what} of up to ${d.shownLimit}: is this the right file? For a larger workspace, plan only the jobs (terraform plan -target=cloudflare_logpush_job.NAME ...) or check the workspace's .tf files instead`,
        (d) => ({ kind: 'check-terraform-files', limit: d.shownLimit }),
      ),
    },
    'invalid-argument': {
      /** `given` is the argument as describeArgument (arguments.ts) says it: `null`, `a number`. */
      notText: m(
        (d: { what: string; given: string }) => `${d.what} must be a string, not ${d.given}`,
        () => 'pass the text itself, e.g. "ClientCountry eq us"',
      ),
      maxDepth: m(
        (d: { given: string; most: number; usual: number }) => `maxDepth must be a whole number from 1 to ${d.most}, not ${d.given}`,
        (d) => `leave it out for the default of ${d.usual}, or give a number up to ${d.most}`,
      ),
    },
    'too-many-diagnostics': {
      leftOut: m(
        (d: { count: number }) => `${d.count} more diagnostics were left out`,
        () => 'fix the ones shown and compile again',
      ),
    },
    'internal-error': {
      /** `detail` is the message of what was thrown; `input` says what to report. */
      crashed: m(
        (d: { detail: string; input: 'filter' | 'input' }) => `logfilter failed on this input: ${d.detail}`,
        (d) => `please report this ${d.input} as a bug`,
      ),
    },
  }) as const satisfies MessageTable;

/** This part of the table, by code and message id. */
export type FilterMessages = ReturnType<typeof makeFilterMessages>;

/** This part of the table, made on first use. */
export const filterMessages: () => FilterMessages = /*@__PURE__*/ madeOnFirstUse(makeFilterMessages);

/** A filter-text diagnostic's words, from its code, message id and data. */
export const filterMessage = wordingOfMade(filterMessages);
