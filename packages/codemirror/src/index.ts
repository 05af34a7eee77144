/**
 * `logfilter({ dataset })`: CodeMirror 6 support for the logfilter language — highlighting, lint
 * squiggles with hints, autocomplete and hover, all from @logfilter/core's language service.
 */
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import type { LanguageServiceOptions } from '@logfilter/core';
import { logfilterCompletion } from './complete.js';
import { logfilterHighlighting } from './highlight.js';
import { logfilterHover } from './hover.js';
import { logfilterLint } from './lint.js';
import { optionsField } from './options.js';

export interface LogfilterConfig extends LanguageServiceOptions {
  /** Milliseconds of quiet before lint runs (default 150). */
  lintDelay?: number;
  /** Leave out pieces: `{ completion: false }` for an editor with its own autocompletion setup. */
  completion?: boolean;
  hover?: boolean;
  lint?: boolean;
}

const hoverTheme = EditorView.baseTheme({
  '.cm-lf-hover': { padding: '4px 8px', maxWidth: '32em' },
  '.cm-lf-hover-title': { fontWeight: '600' },
  '.cm-lf-hover-text, .cm-lf-hint': { opacity: '0.8' },
});

export function logfilter(config: LogfilterConfig = {}): Extension {
  const { lintDelay, completion = true, hover = true, lint = true, ...options } = config;
  return [
    optionsField(options),
    logfilterHighlighting(),
    lint ? logfilterLint(lintDelay) : [],
    completion ? logfilterCompletion() : [],
    hover ? logfilterHover() : [],
    hoverTheme,
  ];
}

export { logfilterOptions, setLogfilterOptions, setDataset } from './options.js';
export { logfilterCompletionSource, logfilterCompletion } from './complete.js';
export { lintState, logfilterLint } from './lint.js';
export { hoverAt, logfilterHover } from './hover.js';
export { logfilterHighlighting } from './highlight.js';
