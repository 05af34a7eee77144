export { compile, finish, resolveDataset, type CompileOptions, type CompileResult } from './compile.js';
export { parse, DEFAULT_MAX_DEPTH, type ParseOptions, type ParseResult } from './parse.js';
export { lex, type LexResult } from './lex.js';
export { check, type CheckResult } from './check.js';
export { lower } from './lower.js';
export { optimize } from './optimize.js';
export {
  serialize, toObject, prettyJson, utf8Length, countCriteria, DEFAULT_MAX_BYTES, DEFAULT_MAX_OPERATORS,
  type ValueStyle, type FilterJson, type FilterObject, type FilterCriterion, type FilterGroup, type FilterValue,
} from './serialize.js';
export { print, printScalar, printPredicate, type PrintOptions } from './print.js';
export { renderDiagnostic, renderDiagnostics, type RenderOptions } from './codeframe.js';
export {
  Catalog, Dataset, builtinCatalog, parseCatalog, readDataset, DEFAULT_DATASET,
  type CatalogFile, type Field, type FieldKind,
} from './catalog.js';
export {
  OPERATORS, NEGATION, OPERATOR_MATRIX, OPERATOR_MEANING, LIST_OPERATORS, NEGATED_OPERATORS, operatorFromSpelling,
  type Operator, type TypeFamily,
} from './operators.js';
export {
  DiagnosticBag, SourceMap, sortDiagnostics, hasErrors, MAX_DIAGNOSTICS,
  type Diagnostic, type Severity, type Range, type Position, type Span,
} from './diagnostics.js';
export type { Expr, LogicalExpr, NotExpr, Predicate, Scalar, ScalarKind, List, Comment } from './ast.js';
export type { CheckedExpr, Criterion, FilterNode, Group, TypedValue } from './checked.js';
export { canonicalNumber } from './values.js';
export { closest } from './suggest.js';
export { serializedGrammar, grammarRuleNames, syntaxDiagramsHtml, createValidatingParser, createValidatingLexer, type DiagramResourceReader } from './grammar.js';
export * from './language-service.js';
export * from './custom-fields.js';
export * from './logpull-options.js';
export { decompile, type DecompileOptions, type DecompileResult, type DecompileDiagnostic } from './decompile.js';
export { format, formatExpr, isSafeBare, DEFAULT_FORMAT_WIDTH, type FormatOptions, type FormatResult } from './format.js';
export { evaluate, evaluateTree, matcher, type LogRecord, type RecordTest } from './evaluate.js';
