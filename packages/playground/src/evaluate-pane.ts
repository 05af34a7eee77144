/**
 * The evaluate pane: NDJSON records in; each line marked by whether the compiled filter lets it
 * through. The filter and the records are read as `logfilter test` reads them, with integers past
 * 2^53 exact (JSON.parse would round them), so the browser's verdicts are the CLI's.
 */
import { compile, exactRecordParser, type FilterJson, filterKeys, matcher, type RecordTest } from '@logfilter/core';
import type { PageState } from './share.js';

export type Verdict = 'pass' | 'fail' | 'invalid';

/** What `filter` (read exactly) says of one NDJSON line, read as the pane reads its records. */
export function judgeLine(filter: FilterJson, line: string): Verdict {
  return judge(matcher(filter), exactRecordParser(filterKeys(filter)), line);
}

export function setupEvaluate(input: HTMLTextAreaElement, state: () => PageState) {
  const list = document.getElementById('evaluate-output')!;
  const summary = document.getElementById('evaluate-summary')!;

  return {
    render(): void {
      const { text, dataset } = state();
      const compiled = compile(text, { dataset });
      const lines = input.value.split(/\r?\n/).filter((line) => line.trim() !== '');
      if (compiled.filter === undefined) {
        list.replaceChildren();
        summary.textContent = 'fix the filter to evaluate records';
        return;
      }
      const filter = compiled.filter;
      const test = matcher(filter);
      const parse = exactRecordParser(filterKeys(filter));
      const verdicts = lines.map((line) => judge(test, parse, line));
      list.replaceChildren(...lines.map((line, index) => item(line, verdicts[index])));
      const passed = verdicts.filter((v) => v === 'pass').length;
      const invalid = verdicts.filter((v) => v === 'invalid').length;
      summary.textContent = `${passed} of ${lines.length} records pass${invalid ? `; ${invalid} not JSON objects` : ''}`;
    },
  };
}

function judge(test: RecordTest, parse: (line: string) => unknown, line: string): Verdict {
  let record: unknown;
  try {
    record = parse(line);
  } catch {
    return 'invalid';
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return 'invalid';
  return test(record as Record<string, unknown>) ? 'pass' : 'fail';
}

function item(line: string, verdict: Verdict): HTMLLIElement {
  const element = document.createElement('li');
  element.className = verdict;
  element.dataset.verdict = verdict;
  element.textContent = verdict === 'invalid' ? `${line}  (not a JSON object)` : line;
  return element;
}
