/**
 * The production parser decides each OR, OPTION and MANY from lookahead-table.ts instead of running
 * Chevrotain's LL(k) analysis on every start. Here every decision of the grammar is put to every
 * sequence of MAX_LOOKAHEAD token types (each type the scanner gives, the categories' members and
 * EOF), and the table's choice must be Chevrotain's own.
 */
import { EOF, LLkLookaheadStrategy, type IToken, type Rule, type TokenType } from 'chevrotain';
import { allTokens, createValidatingParser, LOOKAHEAD_TABLE, MAX_LOOKAHEAD, PrecomputedLookahead } from '@logfilter/core/grammar';
import { describe, expect, it } from 'vitest';

const rules = Object.values(createValidatingParser().getGAstProductions()) as Rule[];
const llk = new LLkLookaheadStrategy({ maxLookahead: MAX_LOOKAHEAD });
const table = new PrecomputedLookahead(LOOKAHEAD_TABLE, allTokens);

// Tokens as the parser sees them: concrete types only (a category is never a token's own type).
const concrete = [...allTokens.filter((type) => !(type.categoryMatches?.length ?? 0)), EOF];

function sequences(length: number): TokenType[][] {
  if (length === 0) return [[]];
  return sequences(length - 1).flatMap((rest) => concrete.map((type) => [type, ...rest]));
}

/** A stand-in for the parser's token access, enough for both strategies' lookahead functions. */
function at(types: TokenType[]) {
  const tokens = types.map((tokenType) => ({ tokenType, tokenTypeIdx: tokenType.tokenTypeIdx, image: '' }) as unknown as IToken);
  const la = (i: number) => tokens[i - 1] ?? tokens[tokens.length - 1];
  return { LA: la, LA_FAST: la };
}

const decisions = Object.keys(LOOKAHEAD_TABLE).map((key) => {
  const [ruleName, production] = key.split('.');
  const [, type, occurrence] = /^([A-Za-z]+)(\d+)$/.exec(production) ?? [];
  return { key, rule: rules.find((rule) => rule.name === ruleName) as Rule, type, occurrence: Number(occurrence) };
});

describe('the precomputed lookahead', () => {
  it('has a decision for every OR, OPTION and MANY of the grammar, and names only real rules', () => {
    expect(decisions.length).toBeGreaterThanOrEqual(10);
    for (const decision of decisions) expect(decision.rule, decision.key).toBeDefined();
  });

  it.each(decisions.map((decision) => [decision.key, decision] as const))(
    '%s chooses what Chevrotain LL(k) chooses, for every token sequence',
    (_key, decision) => {
      const options = {
        prodOccurrence: decision.occurrence,
        rule: decision.rule,
        maxLookahead: MAX_LOOKAHEAD,
        hasPredicates: false,
        dynamicTokensEnabled: false,
      };
      type Decide = (this: unknown) => number | boolean | undefined;
      const [expected, actual]: Decide[] =
        decision.type === 'Alternation'
          ? [llk.buildLookaheadForAlternation(options), table.buildLookaheadForAlternation(options)]
          : [
              llk.buildLookaheadForOptional({ ...options, prodType: decision.type as 'Option' }),
              table.buildLookaheadForOptional({ ...options, prodType: decision.type as 'Option' }),
            ];
      let chosen = 0;
      for (const sequence of sequences(MAX_LOOKAHEAD)) {
        const parser = at(sequence);
        const want = expected.call(parser);
        expect(actual.call(parser), sequence.map((type) => type.name).join(' ')).toBe(want);
        if (want !== undefined && want !== false) chosen++;
      }
      expect(chosen).toBeGreaterThan(0);
    },
  );

  it('the production parser fails loudly, naming the fix, when the table misses a decision', () => {
    const empty = new PrecomputedLookahead({}, allTokens);
    expect(() => empty.buildLookaheadForAlternation({ prodOccurrence: 0, rule: rules[0] })).toThrow(/run `pnpm grammar`/);
  });
});
