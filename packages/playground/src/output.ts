/** The compiled pane: compact, pretty and string forms, meters against the limits, and problems. */
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_OPERATORS, prettyJson, type CompileResult, type Diagnostic } from '@logfilter/core';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export function renderCompiled(result: CompileResult): void {
  const json = result.json;
  byId('out-compact').textContent = json ?? '—';
  byId('out-pretty').textContent = json === undefined ? '—' : prettyJson(json);
  byId('out-string').textContent = json === undefined ? '—' : JSON.stringify(json);
  for (const pane of ['out-compact', 'out-pretty', 'out-string']) byId(pane).classList.toggle('failed', !result.ok);
  meter('meter-bytes', 'bytes-text', result.stats.bytes, DEFAULT_MAX_BYTES, 'bytes');
  meter('meter-operators', 'operators-text', result.stats.operators, DEFAULT_MAX_OPERATORS, 'operators');
  renderProblems(byId('problems'), result.diagnostics);
}

function meter(meterId: string, textId: string, value: number, limit: number, unit: string): void {
  const element = byId<HTMLMeterElement>(meterId);
  element.max = limit;
  element.value = Math.min(value, limit);
  const over = value > limit;
  element.classList.toggle('over', over);
  byId(textId).textContent = `${value} / ${limit} ${unit}${over ? ` (${value - limit} over)` : ''}`;
}

/** A list of diagnostics as `line:column code: message` with the hint below. */
export function renderProblems(list: HTMLElement, diagnostics: readonly Diagnostic[]): void {
  list.replaceChildren(
    ...diagnostics.map((diagnostic) => {
      const item = document.createElement('li');
      item.className = diagnostic.severity;
      item.dataset.code = diagnostic.code;
      const where = `${diagnostic.range.start.line}:${diagnostic.range.start.column}`;
      item.textContent = `${where} ${diagnostic.severity}[${diagnostic.code}]: ${diagnostic.message}`;
      if (diagnostic.hint) {
        const hint = item.appendChild(document.createElement('div'));
        hint.className = 'hint';
        hint.textContent = `hint: ${diagnostic.hint}`;
      }
      return item;
    }),
  );
}
