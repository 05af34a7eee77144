/** Autocomplete: the language service's candidates at the cursor, as CodeMirror completions. */
import { autocompletion, type Completion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import type { Extension } from '@codemirror/state';
import { complete, type CompletionItem, type CompletionKind } from '@logfilter/core';
import { logfilterOptions } from './options.js';

const TYPES: Record<CompletionKind, string> = {
  field: 'property',
  operator: 'keyword',
  keyword: 'keyword',
  value: 'enum',
  punctuation: 'text',
};

/** Where a list opens without a typed word: after a space, '(', ',' or '!'. */
const OPENS_LIST = /[\s(,![]$/;

/** The completion source; usable on its own with `autocompletion({ override: [...] })`. */
export function logfilterCompletionSource(context: CompletionContext): CompletionResult | null {
  const text = context.state.doc.toString();
  const result = complete(text, context.pos, context.state.field(logfilterOptions));
  if (result.items.length === 0) return null;
  if (!context.explicit && result.prefix === '' && !OPENS_LIST.test(text.slice(Math.max(0, context.pos - 1), context.pos))) return null;
  return {
    from: result.from,
    to: result.to,
    options: result.items.map(toCompletion),
    validFor: result.prefix.startsWith('"') || result.prefix.startsWith("'") ? undefined : /^[\w.:/-]*$/,
  };
}

function toCompletion(item: CompletionItem): Completion {
  const completion: Completion = { label: item.label, type: TYPES[item.kind], boost: item.boost };
  if (item.detail) completion.detail = item.detail;
  if (item.info) completion.info = item.info;
  return completion;
}

export function logfilterCompletion(): Extension {
  return autocompletion({ override: [logfilterCompletionSource], icons: true });
}
