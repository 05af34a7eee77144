/** What a report holds: the diagnostics of checked files and what could not be checked. */
import type { Diagnostic, DiagnosticCode, Range } from '@logfilter/core';

/**
 * The one diagnostic of the CLI's edge: core's, with the file it is in and, for a Terraform job, the
 * resource's address (its JSON Pointer, for JSON inputs, is core's `pointer`). Every command prints,
 * reports and answers with this shape; a diagnostic about no place in a text is at core's `NOWHERE`.
 */
export interface ReportDiagnostic extends Omit<Diagnostic, 'code'> {
  /**
   * Core's code; for what core does not check, the service's own code (its number as text, as in
   * `error[1004]`), `race` (a write that did not settle), or a usage error's kind (`usage`, `io-error`).
   */
  code: DiagnosticCode | (string & {});
  /** The path as the user gave it; undefined for text given inline or on standard input. */
  file?: string;
  /** The Terraform resource the diagnostic is about (`cloudflare_logpush_job.name`). */
  address?: string;
}

export interface Report {
  diagnostics: readonly ReportDiagnostic[];
  /** The text of each file, by path (and '' for inline text), for the code frames of `text`. */
  sources?: ReadonlyMap<string, string>;
  /** Items that were looked at but not checked, with why (a Terraform filter built from variables). */
  notChecked?: readonly NotChecked[];
}

export interface NotChecked {
  file?: string;
  range: Range;
  reason: string;
}
