/** What a report holds: the diagnostics of checked files and what could not be checked. */
import type { Diagnostic, Range } from '@logfilter/core';

/** A core diagnostic, with the file it is in and, for JSON inputs, the JSON Pointer of the value. */
export interface ReportDiagnostic extends Diagnostic {
  /** The path as the user gave it; undefined for text given inline. */
  file?: string;
  pointer?: string;
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
