/**
 * The public API of @logfilter/core, grouped as the source is. What is not here is internal and may
 * change: token types, the parser class. The diagnostic collector (`DiagnosticBag`) is public: the
 * tools built on core report through it. Grammar tooling has its own entry point,
 * `@logfilter/core/grammar`; one dataset file at a time comes from `@logfilter/core/catalog/NAME.json`.
 */

// The driver: filter text to the service's filter JSON.
export { compile, compileDataset, type CompileOptions, type CompileResult } from './compile.js';

// base/: the one diagnostic shape, its codes and its rendering.
export { DIAGNOSTIC_CODES, type DiagnosticCode, DOCS_BASE_URL, diagnosticPage, LINT_CODES } from './base/codes.js';
export { CODE_DESCRIPTIONS, describeCode } from './base/code-descriptions.js';
export {
  DiagnosticBag,
  diagnosticAt,
  hasErrors,
  NOWHERE,
  SourceMap,
  type Advice,
  type Diagnostic,
  type Position,
  type Range,
  type Severity,
  type Span,
} from './base/diagnostics.js';
// The wording of every diagnostic, by code and message id, and the one wording of a suggestion.
export {
  didYouMean,
  listed,
  type MessageTemplate,
  type MessageData,
  type MessageId,
  type MessageTable,
  type Worded,
  type Wording,
  type Words,
  wordingOf,
  wordingOfMade,
} from './base/messages.js';
export { madeOnFirstUse } from './base/first-use.js';
export { MESSAGES } from './base/all-messages.js';
/** A front end's finding about the filter text it is given, worded from the table's input part alone. */
export { inputMessage } from './base/input-messages.js';
export { closest } from './base/suggest.js';
export { exactRecordParser, parseJsonExact, stringifyExact } from './base/exact-json.js';
export { INT64_MIN, type ExactNumber } from './base/exact-numbers.js';
// Strict JSON that keeps each value's place (by JSON Pointer): for tools that point into JSON inputs.
export { childPointer, readJson, type JsonReadResult } from './base/json-source.js';
export { escapeControlCharacters, renderDiagnostic, renderDiagnostics, type RenderableDiagnostic, type RenderOptions } from './base/codeframe.js';
export { DEPTH_LIMITS, INPUT_LIMITS, inputTooLarge, MAX_NESTING, sizeOver, type InputKind } from './base/limits.js';

// language/: datasets and their typed fields, operators, values.
export { Catalog, Dataset, parseCatalog, preparedFields, readDataset, type CatalogFile, type Field, type FieldKind } from './language/catalog.js';
export {
  builtinCatalog,
  datasetFromFile,
  DEFAULT_DATASET,
  resolveDataset,
  type DatasetOptions,
  type DatasetProblem,
  type DatasetResolution,
} from './language/datasets.js';
export {
  allowedOperators,
  isArrayField,
  type LiteralReading,
  typeFamily,
  VALUE_TYPES,
  valueFacts,
  valueType,
  type ValueType,
  type ValueTypeFacts,
} from './language/field-types.js';
export { fieldValues } from './language/field-values.js';
export {
  factsOf,
  OPERATOR_MATRIX,
  OPERATOR_TABLE,
  OPERATORS,
  operatorFromSpelling,
  type OperatorFacts,
  type Operator,
  type OperatorTest,
  type Comparison,
  type TypeFamily,
} from './language/operators.js';
export { canonicalNumber } from './language/values.js';
export { uint64Problem } from './language/value-ranges.js';

// syntax/: text to AST and back.
export { lex, type LexResult } from './syntax/lex.js';
export { parse, type ParseOptions, type ParseResult } from './syntax/parse.js';
export type { Comment, Expr, List, LogicalExpr, NotExpr, Predicate, Scalar, ScalarKind } from './syntax/ast.js';
export { isSafeBare, print, printPredicate, printScalar, quoteValue, type PrintOptions } from './syntax/print.js';
export { format, formatExpr, type FormatOptions, type FormatResult } from './syntax/format.js';
export { datasetComment } from './syntax/dataset-comment.js';

// check/ and output/: the later stages, for tools that need part of the pipeline.
export { check, type CheckResult } from './check/check.js';
export type { CheckedExpr, Criterion, FilterNode, Group, TypedValue } from './check/checked.js';
export { lower } from './output/lower.js';
export { optimize } from './output/optimize.js';
export {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_OPERATORS,
  prettyJson,
  serialize,
  utf8Length,
  type FilterCriterion,
  type FilterGroup,
  type FilterJson,
  type FilterObject,
  type FilterValue,
  type ValueStyle,
} from './output/serialize.js';
export { evaluate, evaluateTree, matcher, type LogRecord, type RecordTest } from './output/evaluate.js';

// from-json/: the service's filter JSON (or a job holding it) back to text.
export { decompile, type DecompileOptions, type DecompileResult } from './from-json/decompile.js';
export { decompileJobs, type JobDecompileResult } from './from-json/decompile-jobs.js';

// editor/: what an editor asks on a keystroke.
export {
  complete,
  diagnostics,
  operatorsFor,
  type CompletionItem,
  type CompletionKind,
  type Completions,
  type LanguageServiceOptions,
} from './editor/language-service.js';
export { hover, type Hover } from './editor/hover.js';
export { scan, type Expectation, type ScannedToken, type TokenRole } from './editor/scan.js';
export { explain, operatorTable, type Explanation, type OperatorRow } from './editor/explain.js';

// job-config/: custom-field rules and job options.
export {
  checkCustomFieldRules,
  checkCustomFields,
  checkCustomFieldsText,
  CUSTOM_FIELD_LISTS,
  CUSTOM_FIELDS_PHASE,
  customFieldNames,
  DEFAULT_MAX_CUSTOM_FIELDS,
  emptyNames,
  isCustomFieldsRuleset,
  LOG_CUSTOM_FIELD,
  type CustomFieldEntry,
  type CustomFieldList,
  type CustomFieldNames,
  type CustomFieldRule,
  type CustomFieldsCheck,
  type CustomFieldsOptions,
  type CustomFieldsShape,
  type Ruleset,
} from './job-config/custom-fields.js';
export {
  buildLogpullOptions,
  checkLogpullOptions,
  parseLogpullOptions,
  TIMESTAMP_FORMATS,
  type LogpullCheckOptions,
  type LogpullField,
  type LogpullOption,
  type LogpullOptionsParts,
  type LogpullOptionsResult,
} from './job-config/logpull-options.js';
export {
  checkOutputOptions,
  convertLogpullOptions,
  LOGPULL_TO_OUTPUT_OPTION,
  outputOptionFromText,
  type ConvertResult,
  type OutputOptions,
} from './job-config/output-options.js';
export {
  checkJobs,
  destinationProblem,
  destinationScheme,
  findJobs,
  UPLOAD_LIMITS,
  type CheckedJob,
  type JobCheckOptions,
  type JobCheckResult,
  type JobScope,
} from './job-config/job-check.js';

// sql/: the filter as a SQL boolean expression, for the engines logs land in.
export { toSql, filterKeys, SQL_DIALECTS, type SqlOptions, type SqlDialectName } from './sql/index.js';
