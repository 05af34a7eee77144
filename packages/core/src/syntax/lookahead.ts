/**
 * The parser's lookahead, worked out once when the grammar changes instead of on every start.
 *
 * Chevrotain's default strategy (LL(k)) walks the recorded grammar on construction to find, for each
 * OR, OPTION and MANY, the token sequences that choose it: a third of a compile process's parser
 * set-up. lookahead-paths.ts runs that same analysis when the grammar artefacts are generated and
 * writes its paths to lookahead-table.ts (a test keeps that file equal to what the analysis gives
 * now). `PrecomputedLookahead` turns the table into the decisions Chevrotain would make: the first
 * alternative with a path matching the next tokens wins.
 */
import { EOF, type BaseParser, type ILookaheadStrategy, type IOrAlt, type Rule, type TokenType } from 'chevrotain';

export type ProductionType = 'Alternation' | 'Option' | 'Repetition' | 'RepetitionMandatory' | 'RepetitionMandatoryWithSeparator' | 'RepetitionWithSeparator';

/** `rule.TypeN` -> for each alternative (one for an optional production), its paths of token names. */
export type LookaheadTable = Record<string, string[][][]>;

/** The table's key of one decision: `predicate.Alternation2`. */
export const keyOf = (rule: string, type: ProductionType, occurrence: number) => `${rule}.${type}${occurrence}`;

/**
 * A Chevrotain lookahead strategy reading `table`. No validation of its own: the validating parser
 * (tests, artefacts) uses Chevrotain's LL(k) strategy, whose checks and paths the table comes from.
 */
export class PrecomputedLookahead implements ILookaheadStrategy {
  private readonly tokens: Map<string, TokenType>;

  constructor(
    private readonly table: LookaheadTable,
    tokenTypes: TokenType[],
  ) {
    this.tokens = new Map([...tokenTypes, EOF].map((type) => [type.name, type]));
  }

  validate(): [] {
    return [];
  }

  buildLookaheadForAlternation(options: { prodOccurrence: number; rule: Rule }): (orAlts?: IOrAlt<unknown>[]) => number | undefined {
    const alternatives = this.alternatives(keyOf(options.rule.name, 'Alternation', options.prodOccurrence));
    const choice = oneTokenChoice(alternatives);
    if (choice) {
      return function (this: BaseParser) {
        return choice[this.LA(1).tokenTypeIdx];
      };
    }
    return function (this: BaseParser) {
      return firstMatching.call(this, alternatives);
    };
  }

  buildLookaheadForOptional(options: { prodOccurrence: number; prodType: string; rule: Rule }): () => boolean {
    const alternatives = this.alternatives(keyOf(options.rule.name, options.prodType as ProductionType, options.prodOccurrence));
    const choice = oneTokenChoice(alternatives);
    if (choice) {
      return function (this: BaseParser) {
        return choice[this.LA(1).tokenTypeIdx] === 0;
      };
    }
    return function (this: BaseParser) {
      return firstMatching.call(this, alternatives) === 0;
    };
  }

  private alternatives(key: string): TokenType[][][] {
    const named = this.table[key];
    if (named === undefined) throw new Error(`no lookahead for ${key} in lookahead-table.ts: run \`pnpm grammar\``);
    return named.map((paths) => paths.map((path) => path.map((name) => this.token(name))));
  }

  private token(name: string): TokenType {
    const type = this.tokens.get(name);
    if (type === undefined) throw new Error(`lookahead-table.ts names an unknown token ${name}: run \`pnpm grammar\``);
    return type;
  }
}

/**
 * Where one token decides: the alternative of each token type (by tokenTypeIdx), a category's
 * alternative spread to its members, the first alternative winning.
 */
function oneTokenChoice(alternatives: TokenType[][][]): Array<number | undefined> | undefined {
  if (!alternatives.every((paths) => paths.every((path) => path.length === 1))) return undefined;
  const choice: Array<number | undefined> = [];
  alternatives.forEach((paths, alternative) => {
    for (const [type] of paths) {
      for (const idx of [type.tokenTypeIdx as number, ...((type.categoryMatches as number[] | undefined) ?? [])]) choice[idx] ??= alternative;
    }
  });
  return choice;
}

/** The first alternative with a path matching the next tokens. */
function firstMatching(this: BaseParser, alternatives: TokenType[][][]): number | undefined {
  for (let alternative = 0; alternative < alternatives.length; alternative++) {
    nextPath: for (const path of alternatives[alternative]) {
      for (let i = 0; i < path.length; i++) if (!matches(this.LA(i + 1).tokenTypeIdx, path[i])) continue nextPath;
      return alternative;
    }
  }
  return undefined;
}

/** Chevrotain's token matching: the same type, or a category `expected` is. */
function matches(actual: number, expected: TokenType): boolean {
  return actual === expected.tokenTypeIdx || (expected.categoryMatchesMap?.[actual] ?? false);
}
