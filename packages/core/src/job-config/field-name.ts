/** A field name a job lists (logpull_options' `fields=`, output_options' `field_names`) checked against the dataset: one check for both. */
import { filterMessage } from '../base/filter-messages.js';
import { jsonMessage } from '../base/json-messages.js';
import type { DiagnosticBag, Where } from '../base/diagnostics.js';
import type { Dataset } from '../language/catalog.js';

/**
 * Reports a deprecated, space-padded or unknown field name at `where`. `inText` says the names are
 * a comma-separated list in text (the hint then asks for no spaces after the commas).
 */
export function checkFieldName(name: string, where: Where, dataset: Dataset, report: DiagnosticBag, inText = false): void {
  const field = dataset.field(name);
  if (field) {
    if (field.deprecated) report.report('warning', filterMessage('deprecated-field', 'inFieldList', { field: name, dataset: dataset.name }), where);
    return;
  }
  const trimmed = name.trim();
  if (trimmed !== name && dataset.field(trimmed)) {
    report.report('error', jsonMessage('space-in-fields', 'spaces', { name, trimmed, inText }), where);
    return;
  }
  const guess = dataset.fieldIgnoringCase(name)?.name ?? dataset.suggest(name);
  report.report('error', filterMessage('unknown-field', 'inFieldList', { name, dataset: dataset.name, guess }), where);
}
