/**
 * Every diagnostic code, by stage. Codes are stable: tools and tests match on them, so a code is
 * added here, never renamed. `logfilter explain-code`-style docs and the README list them.
 */
export const DIAGNOSTIC_CODES = [
  // Filter text: lexing and parsing.
  'empty-filter',
  'unexpected-character',
  'unterminated-string',
  'invalid-escape',
  'unexpected-token',
  'expected-field',
  'expected-operator',
  'expected-value',
  'unclosed-paren',
  'nesting-too-deep',
  // Checking against the dataset.
  'unknown-dataset',
  'unknown-field',
  'unknown-operator',
  'field-not-filterable',
  'operator-not-allowed',
  'expected-list',
  'expected-scalar',
  'empty-list',
  'invalid-value',
  'quoted-number',
  'quoted-boolean',
  'deprecated-operator',
  'deprecated-field',
  'int-out-of-range',
  // Lint warnings (switchable off).
  'never-matches',
  'always-matches',
  'redundant',
  'value-case',
  'not-a-timestamp',
  'not-an-address',
  'not-a-wildcard',
  // Output limits.
  'filter-too-large',
  'too-many-operators',
  // JSON input: decompile, custom-field rules, options.
  'invalid-json',
  'wrong-type',
  'missing-member',
  'unknown-member',
  'unknown-document',
  'no-filter',
  'several-filters',
  'missing-where',
  'not-a-filter',
  'expected-object',
  'expected-array',
  'mixed-group',
  'group-with-criterion',
  'empty-node',
  'empty-group',
  'wrong-json-type',
  'wrong-value-type',
  // Custom fields.
  'invalid-rule',
  'wrong-kind',
  'wrong-action',
  'wrong-expression',
  'rule-disabled',
  'no-custom-fields',
  'raw-and-transformed',
  'header-not-logged',
  'duplicate-ruleset',
  'service-error',
  'wrong-phase',
  'duplicate-custom-field',
  'too-many-custom-fields',
  'empty-field-name',
  'invalid-header-name',
  'invalid-cookie-name',
  'header-not-lower-case',
  // Job options.
  'unknown-option',
  'duplicate-option',
  'empty-option',
  'invalid-option-value',
  'empty-fields',
  'duplicate-field',
  'space-in-fields',
  'option-without-value',
  'custom-field-not-listed',
  'custom-field-not-configured',
  // Jobs: the whole job checked, read back and updated.
  'not-a-job',
  'deprecated-member',
  'dataset-disagrees',
  'wrong-scope',
  'invalid-name',
  'name-too-long',
  'invalid-destination',
  'out-of-range',
  'invalid-kind',
  'edge-with-limit',
  'output-options-win',
  'fixed-member',
  // Tools built on core: fmt --check, check --terraform.
  'not-formatted',
  'invalid-hcl',
  'not-checked',
  'argument-is-a-file',
  'document-too-large',
  // Anything.
  'invalid-argument',
  'too-many-diagnostics',
  'internal-error',
  // Input over the size read (base/limits.ts).
  'input-too-large',
] as const;

export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

/**
 * The warnings of compile's lint, which `lint: false` (the CLI's `--no-lint`) turns off; `redundant`
 * comes from the solver's deeper lint alone. test/corpus/lint-codes.test.ts checks that these are
 * the codes lint gives, each of them.
 */
export const LINT_CODES = [
  'never-matches',
  'always-matches',
  'value-case',
  'not-a-timestamp',
  'not-an-address',
  'not-a-wildcard',
] as const satisfies readonly DiagnosticCode[];

/**
 * The documentation site's address. Each diagnostic code has a page at `<base>/diagnostics/<code>`
 * (`diagnosticPage`), which front ends link to: the language server's `codeDescription.href`, and
 * SARIF's `helpUri` and the CLI's output in time. Front ends let the user give another base.
 */
export const DOCS_BASE_URL = 'https://logfilter.dev/docs';

/** The address of a diagnostic code's page under `base` (a trailing `/` on `base` is not doubled). */
export function diagnosticPage(code: string, base: string = DOCS_BASE_URL): string {
  return `${base.replace(/\/+$/, '')}/diagnostics/${encodeURIComponent(code)}`;
}
