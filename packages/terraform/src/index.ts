/**
 * @logfilter/terraform: log delivery filters in Terraform. An HCL reader that keeps every
 * character's place, the filter JSON an HCL expression stands for, a reader of plans in JSON, the
 * check of every `cloudflare_logpush_job` filter (diagnostics as data), the printing of a filter as
 * `jsonencode({...})`, and the diff of two versions with the comparison by meaning passed in.
 * It reads no files: give it text, and for folders a small file-system interface.
 */
export {
  checkTerraform,
  FILTER_RESOURCES,
  type TerraformCheckOptions,
  type TerraformDiagnostic,
  type TerraformJob,
  type TerraformNotChecked,
  type TerraformReport,
  terraformJobs,
} from './check.js';
export {
  type CompareFilters,
  diffTerraform,
  type FilterComparison,
  type FilterRelation,
  type FilterWitness,
  type JobChange,
  SAME_TEXT,
  type TerraformDiff,
  type TerraformDiffOptions,
  type TerraformProblem,
} from './diff.js';
export { TerraformInputError, type TerraformInputCode } from './errors.js';
export { decompileHcl, looksLikeHcl } from './expression.js';
export { type PathKind, type TerraformFile, type TerraformFileSystem, terraformFiles } from './files.js';
export { HclSyntaxError, type MappedText, type Span } from './hcl-lexer.js';
export {
  type HclAttribute,
  type HclObjectItem,
  type HclBlock,
  type HclBody,
  type HclExpr,
  parseHcl,
  parseHclExpression,
} from './hcl-parser.js';
export { checkTerraformPlan, isPlan, plannedTerraformJobs } from './plan.js';
export { hclString, jsonencodeExpression } from './print.js';
export { type FilterSource, filterSource, spanInSource } from './to-json.js';
