/**
 * @logfilter/solver: the meaning of log delivery filters, decided by Z3 (the optional peer
 * `z3-solver`, loaded with a dynamic import when a question is first asked). Compare two filters
 * (compareFilters), lint one exactly (deepLint: groups that never or always match, criteria that
 * change nothing), and find jobs that deliver the same record twice (readJobs, comparePairs,
 * overlapFilters). No `node:` imports: it runs in Node and, bundled, in a browser.
 */
export {
  type Answer,
  askSolver,
  type Budget,
  type Comparison,
  type CompareOptions,
  compareFilters,
  DEFAULT_SAFETY_MS,
  DEFAULT_WORK,
  type Limit,
  limitReason,
  loadSolver,
  type Overlap,
  overlapFilters,
  type Progress,
  type Relation,
  RELATIONS,
  type Solver,
  SolverMissing,
  type Witness,
  WitnessBug,
} from './solve.js';
export { DEFAULT_DEEP_TOTAL_WORK, DEFAULT_DEEP_WORK } from './budgets.js';
export {
  type DeepLintOptions,
  type DeepLintResult,
  type DeepQuestion,
  deepLint,
  type Undecided,
} from './deep-lint.js';
export {
  comparePairs,
  destinationPlace,
  type JobPair,
  type JobProblem,
  type OverlapJob,
  type ReadJobs,
  type ReadOptions,
  readJobs,
} from './overlap.js';
export { Encoder, type FieldModel, NotModelled, type Z3 } from './encode.js';
