export { compile, compileDataset, type CompileOptions, type CompileResult } from './compile.js';
export { parse, DEFAULT_MAX_DEPTH, type ParseOptions, type ParseResult } from './syntax/parse.js';
export { lex, type LexResult } from './syntax/lex.js';
export { check, type CheckResult } from './check/check.js';
export { lower } from './output/lower.js';
export { optimize } from './output/optimize.js';
export {
  serialize,
  toObject,
  prettyJson,
  utf8Length,
  countCriteria,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_OPERATORS,
  type ValueStyle,
  type FilterJson,
  type FilterObject,
  type FilterCriterion,
  type FilterGroup,
  type FilterValue,
} from './output/serialize.js';
export { print, printScalar, printPredicate, type PrintOptions } from './syntax/print.js';
export { renderDiagnostic, renderDiagnostics, escapeControlCharacters, type RenderOptions } from './base/codeframe.js';
export {
  Catalog,
  Dataset,
  parseCatalog,
  readDataset,
  type CatalogFile,
  type Field,
  type FieldKind,
} from './language/catalog.js';
export { builtinCatalog, datasetFromFile, resolveDataset, DEFAULT_DATASET, type DatasetOptions } from './language/datasets.js';
export {
  OPERATORS,
  NEGATION,
  OPERATOR_MATRIX,
  OPERATOR_MEANING,
  LIST_OPERATORS,
  NEGATED_OPERATORS,
  operatorFromSpelling,
  type Operator,
  type TypeFamily,
} from './language/operators.js';
export {
  DiagnosticBag,
  SourceMap,
  sortDiagnostics,
  hasErrors,
  MAX_DIAGNOSTICS,
  type Diagnostic,
  type Severity,
  type Range,
  type Position,
  type Span,
} from './base/diagnostics.js';
export type { Expr, LogicalExpr, NotExpr, Predicate, Scalar, ScalarKind, List, Comment } from './syntax/ast.js';
export type { CheckedExpr, Criterion, FilterNode, Group, TypedValue } from './check/checked.js';
export { canonicalNumber } from './language/values.js';
export { UINT64_MAX, uint64Problem } from './language/value-ranges.js';
export { closest } from './base/suggest.js';
export {
  serializedGrammar,
  grammarRuleNames,
  syntaxDiagramsHtml,
  createValidatingParser,
  createValidatingLexer,
  type DiagramResourceReader,
} from './syntax/grammar.js';
export * from './editor/language-service.js';
export * from './job-config/custom-fields.js';
export * from './job-config/logpull-options.js';
export { decompile, type DecompileOptions, type DecompileResult, type DecompileDiagnostic } from './from-json/decompile.js';
export { explain, operatorTable, type Explanation, type OperatorRow } from './editor/explain.js';
export { format, formatExpr, isSafeBare, DEFAULT_FORMAT_WIDTH, type FormatOptions, type FormatResult } from './syntax/format.js';
export { evaluate, evaluateTree, matcher, type LogRecord, type RecordTest } from './output/evaluate.js';
