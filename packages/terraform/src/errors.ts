/** An input this package cannot read at all (not HCL, not a plan, too large, not there): what, where, and how to fix it. */
import type { Advice, Range } from '@logfilter/core';

export type TerraformInputCode = 'invalid-hcl' | 'invalid-json' | 'not-a-plan' | 'input-too-large' | 'io-error';

export class TerraformInputError extends Error {
  /** The file, as the caller named it, and the place in it when there is one. */
  readonly file?: string;
  readonly range?: Range;
  readonly hint?: string;
  /** Advice to do something else (core's `Advice`), which the front end words in its own terms. */
  readonly advice?: Advice;

  constructor(
    message: string,
    readonly code: TerraformInputCode,
    where: { file?: string; range?: Range; hint?: string; advice?: Advice } = {},
  ) {
    super(message);
    this.name = 'TerraformInputError';
    this.file = where.file;
    this.range = where.range;
    this.hint = where.hint;
    this.advice = where.advice;
  }
}
