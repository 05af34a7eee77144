/**
 * check --deep's default budgets, in a module of their own: a front end names them in its help
 * without loading the solver's encoding and lint (the CLI's language bundle holds these alone).
 */

/** Z3's resource units each question of check --deep may spend by default (a fraction of diff's). */
export const DEFAULT_DEEP_WORK = 1_000_000;
/** Z3's resource units all questions of one filter may spend together by default. */
export const DEFAULT_DEEP_TOTAL_WORK = 2_000_000;
