/**
 * Exact lint (`check --deep`), decided by the solver where core's quick rules only see one field at a
 * time: a group no record passes (`never-matches`), a group every record passes (`always-matches`),
 * and a criterion that changes nothing (`redundant`: implied by the rest of its AND group, or implying
 * the rest of its OR group, e.g. `BotScore lt 30 AND BotScore lt 10`). Warnings sit on the text's own
 * spans: the filter is parsed, checked and lowered (NOT pushed to the leaves) by core, as compile does.
 *
 * Each question has a work budget, and all of them together a total one (Z3's resource units, as
 * diff's): a question not decided, by its own budget, by the total, by the wall-clock safety net, or
 * because a constant is not modelled, is returned in `undecided` with its range, never dropped.
 */
import {
  check,
  type Dataset,
  type Diagnostic,
  DiagnosticBag,
  type FilterNode,
  type FilterObject,
  lower,
  MESSAGES,
  parse,
  type Range,
  SourceMap,
  type TypedValue,
  wordingOf,
} from '@logfilter/core';
import type { Bool } from 'z3-solver';
import { DEFAULT_DEEP_TOTAL_WORK, DEFAULT_DEEP_WORK } from './budgets.js';
import { Encoder, NotModelled } from './encode.js';
import { askSolver, type Budget, DEFAULT_SAFETY_MS, type Limit, limitReason, loadSolver, type Progress } from './solve.js';

const words = wordingOf(MESSAGES);

export interface DeepLintOptions extends Budget {
  /** Resource units all questions together may spend (default DEFAULT_DEEP_TOTAL_WORK); the questions past it are undecided. */
  totalWork?: number;
  /** Wall-clock safety net of the whole run in milliseconds (default DEFAULT_SAFETY_MS). */
  totalSafetyMs?: number;
  /** Called before each question is put to the solver. */
  onProgress?: (progress: Progress) => void;
}

/** The question a warning answers. */
export type DeepQuestion = 'never-matches' | 'always-matches' | 'redundant';

/** A question not decided: about which part of the text, and why (`total`: the total budget was spent). */
export interface Undecided {
  question: DeepQuestion;
  range: Range;
  /** The part of the filter asked about, as written (spaces run together). */
  text: string;
  reason: string;
  limit: Limit | 'total';
}

export interface DeepLintResult {
  /** The warnings decided: never-matches, always-matches, redundant. */
  diagnostics: Diagnostic[];
  /** Every question not decided, in the order asked. */
  undecided: Undecided[];
  /** Resource units spent in all. */
  spent: number;
  /** Questions asked. */
  questions: number;
}

/** The filter's value as the compiled JSON holds it (the encoder reads numbers from their text). */
function plain(value: TypedValue): string | boolean {
  return value.type === 'boolean' ? value.text === 'true' : value.text;
}

function toObject(node: FilterNode): FilterObject {
  if (node.kind === 'criterion') {
    const value = Array.isArray(node.value) ? node.value.map(plain) : plain(node.value);
    return { key: node.key, operator: node.operator, value } as FilterObject;
  }
  return (node.kind === 'and' ? { and: node.operands.map(toObject) } : { or: node.operands.map(toObject) }) as FilterObject;
}

/** Questions at most asked of `node`: never and always of each group (and of a criterion alone), and one per member of a group. */
function questionCount(node: FilterNode, root: boolean): number {
  if (node.kind === 'criterion') return root ? 2 : 0;
  return 2 + node.operands.length + node.operands.reduce((sum, member) => sum + questionCount(member, false), 0);
}

export async function deepLint(text: string, dataset: Dataset, options: DeepLintOptions = {}): Promise<DeepLintResult> {
  const ast = parse(text).ast;
  const checked = ast && check(ast, dataset, text).checked;
  if (!checked) return { diagnostics: [], undecided: [], spent: 0, questions: 0 };
  const tree = lower(checked);
  const { z } = await loadSolver();
  const encoder = new Encoder(z, dataset);
  encoder.collect(toObject(tree));
  const formulas = new Map<FilterNode, Bool>();
  const formula = (node: FilterNode): Bool => {
    let known = formulas.get(node);
    if (!known) formulas.set(node, (known = encoder.encode(toObject(node))));
    return known;
  };
  const source = new SourceMap(text);
  const bag = new DiagnosticBag(source);
  const shown = (node: FilterNode) => text.slice(node.span.start, node.span.end).replace(/\s+/g, ' ');
  const undecided: Undecided[] = [];
  const work = options.work ?? DEFAULT_DEEP_WORK;
  const totalWork = options.totalWork ?? DEFAULT_DEEP_TOTAL_WORK;
  const safetyMs = options.safetyMs ?? DEFAULT_SAFETY_MS;
  const totalSafetyMs = options.totalSafetyMs ?? DEFAULT_SAFETY_MS;
  const started = Date.now();
  const total = questionCount(tree, true);
  let spent = 0;
  let asked = 0;
  const released: Array<{ release(): void }> = [];
  /**
   * Whether some record makes the question true: undefined when not decided, which is recorded
   * against `node` (the part asked about) with its reason.
   */
  const possible = async (question: DeepQuestion, node: FilterNode, build: () => Bool): Promise<boolean | undefined> => {
    const skip = (reason: string, limit: Undecided['limit']) => {
      undecided.push({ question, range: source.range(node.span), text: shown(node), reason, limit });
      return undefined;
    };
    options.onProgress?.({ done: asked, total, what: `${question}: ${shown(node)}` });
    asked++;
    let facts: Bool;
    try {
      facts = build();
    } catch (error) {
      if (error instanceof NotModelled) return skip(error.message, 'not-modelled');
      throw error;
    }
    const left = totalWork - spent;
    const leftMs = totalSafetyMs - (Date.now() - started);
    if (left <= 0) return skip(`not asked: the total work budget (${totalWork} resource units) was spent on the questions before it`, 'total');
    if (leftMs <= 0) return skip(`not asked: the wall-clock safety net of the whole run (${Math.round(totalSafetyMs / 1000)} s) ran out`, 'wall-clock');
    const budget = { work: Math.min(work, left), safetyMs: Math.min(safetyMs, leftMs) };
    const result = await askSolver(z, [...encoder.domain, facts], budget, released);
    spent += result.spent;
    const { answer } = result;
    if (answer === 'unsat') return false;
    if (typeof answer === 'object' && 'unknown' in answer) {
      if (answer.unknown === 'work' && budget.work < work)
        return skip(`not decided within what was left of the total work budget (${totalWork} resource units)`, 'total');
      return skip(limitReason(answer.unknown, budget), answer.unknown);
    }
    return true;
  };
  const visit = async (node: FilterNode, root: boolean): Promise<void> => {
    if (node.kind === 'criterion' && !root) return;
    const group = root ? {} : { group: node.kind.toUpperCase() };
    if ((await possible('never-matches', node, () => formula(node))) === false) {
      bag.report('warning', words('never-matches', 'deep', group), node.span);
      return;
    }
    if ((await possible('always-matches', node, () => z.Not(formula(node)))) === false) {
      bag.report('warning', words('always-matches', 'deep', group), node.span);
      return;
    }
    if (node.kind === 'criterion') return;
    // A member found redundant counts as removed, so that of two equal members only one is flagged.
    const removed = new Set<FilterNode>();
    for (const member of node.operands) {
      const others = node.operands.filter((other) => other !== member && !removed.has(other));
      if (others.length === 0) continue;
      // AND: the others let through nothing the member stops. OR: the member lets through nothing the others do not.
      const question = () => {
        const formulasOfOthers = others.map(formula);
        const rest = node.kind === 'and' ? z.And(...formulasOfOthers) : z.Or(...formulasOfOthers);
        return node.kind === 'and' ? z.And(rest, z.Not(formula(member))) : z.And(formula(member), z.Not(rest));
      };
      if ((await possible('redundant', member, question)) === false) {
        bag.report('warning', words('redundant', node.kind === 'and' ? 'impliedInAnd' : 'nothingToOr', { member: shown(member) }), member.span);
        removed.add(member);
      }
    }
    for (const member of node.operands) await visit(member, false);
  };
  try {
    await visit(tree, true);
  } finally {
    for (const solver of released) solver.release();
  }
  return { diagnostics: bag.items, undecided, spent, questions: asked };
}
