/**
 * Exact lint (`check --deep`), decided by the solver where core's quick rules only see one field at a
 * time: a group no record passes (`never-matches`), a group every record passes (`always-matches`),
 * and a criterion that changes nothing (`redundant`: implied by the rest of its AND group, or implying
 * the rest of its OR group, e.g. `BotScore lt 30 AND BotScore lt 10`). Warnings sit on the text's own
 * spans: the filter is parsed, checked and lowered (NOT pushed to the leaves) by core, as compile does.
 */
import {
  check,
  type Dataset,
  type Diagnostic,
  DiagnosticBag,
  type FilterNode,
  type FilterObject,
  lower,
  parse,
  SourceMap,
  type TypedValue,
} from '@logfilter/core';
import type { Bool } from 'z3-solver';
import { Encoder } from './encode.js';
import { askSolver, loadSolver } from './solve.js';

export interface DeepLintOptions {
  /** Most milliseconds for each question (default 2 s); an undecided question says nothing. */
  timeoutMs?: number;
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

export async function deepLint(text: string, dataset: Dataset, options: DeepLintOptions = {}): Promise<Diagnostic[]> {
  const ast = parse(text).ast;
  const checked = ast && check(ast, dataset, text).checked;
  if (!checked) return [];
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
  const released: Array<{ release(): void }> = [];
  /** Whether some record makes `question` true: undefined when not decided in time. */
  const possible = async (question: Bool): Promise<boolean | undefined> => {
    const answer = await askSolver(z, [...encoder.domain, question], options.timeoutMs ?? 2000, released);
    return answer === 'unknown' ? undefined : answer !== 'unsat';
  };
  const bag = new DiagnosticBag(new SourceMap(text));
  const shown = (node: FilterNode) => text.slice(node.span.start, node.span.end).replace(/\s+/g, ' ');
  const visit = async (node: FilterNode, root: boolean): Promise<void> => {
    if (node.kind === 'criterion' && !root) return;
    const whole = root ? 'this filter' : `this ${node.kind.toUpperCase()} group`;
    if ((await possible(formula(node))) === false) {
      bag.warning(
        'never-matches',
        node.span,
        `no record passes ${whole}, so it never matches`,
        'as written the job delivers nothing from it: the conditions exclude one another',
      );
      return;
    }
    if ((await possible(z.Not(formula(node)))) === false) {
      bag.warning('always-matches', node.span, `every record passes ${whole}, so it filters nothing`, 'remove it, or join its conditions with AND');
      return;
    }
    if (node.kind === 'criterion') return;
    // A member found redundant counts as removed, so that of two equal members only one is flagged.
    const removed = new Set<FilterNode>();
    for (const member of node.operands) {
      const others = node.operands.filter((other) => other !== member && !removed.has(other)).map(formula);
      if (others.length === 0) continue;
      const rest = node.kind === 'and' ? z.And(...others) : z.Or(...others);
      // AND: the others let through nothing the member stops. OR: the member lets through nothing the others do not.
      const question = node.kind === 'and' ? z.And(rest, z.Not(formula(member))) : z.And(formula(member), z.Not(rest));
      if ((await possible(question)) === false) {
        const why =
          node.kind === 'and'
            ? `'${shown(member)}' is implied by the other conditions of this AND group`
            : `'${shown(member)}' adds nothing to this OR group: every record it lets through, another condition does`;
        bag.warning('redundant', member.span, why, 'remove it: the filter means the same without it');
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
  return bag.items;
}
