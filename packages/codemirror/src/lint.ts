/** Lint: the compiler's diagnostics as squiggles, each with its message, code and hint, and its quick fixes as actions. */
import type { EditorState, Extension } from '@codemirror/state';
import { linter, type Diagnostic as EditorDiagnostic } from '@codemirror/lint';
import { diagnostics, type Diagnostic } from '@logfilter/core';
import { box } from './dom.js';
import { logfilterOptions } from './options.js';

/** The editor diagnostics for a state: pure, so it is testable without a view. */
export function lintState(state: EditorState): EditorDiagnostic[] {
  const text = state.doc.toString();
  const length = text.length;
  return diagnostics(text, state.field(logfilterOptions)).map((diagnostic) => toEditorDiagnostic(diagnostic, length));
}

function toEditorDiagnostic(diagnostic: Diagnostic, length: number): EditorDiagnostic {
  const from = Math.min(diagnostic.range.start.offset, length);
  const to = Math.min(Math.max(diagnostic.range.end.offset, from), length);
  const hint = diagnostic.hint;
  return {
    from,
    to,
    severity: diagnostic.severity,
    source: diagnostic.code,
    message: hint ? `${diagnostic.message}\nhint: ${hint}` : diagnostic.message,
    renderMessage: () => renderMessage(diagnostic),
    actions: (diagnostic.fixes ?? []).map((fix) => ({
      name: fix.title,
      apply: (view, _from, _to) => {
        // The edits are of the text the diagnostic was made for; a later edit makes the lint run again.
        if (view.state.doc.length !== length) return;
        view.dispatch({ changes: fix.edits.map((edit) => ({ from: edit.range.start.offset, to: edit.range.end.offset, insert: edit.newText })) });
      },
    })),
  };
}

function renderMessage(diagnostic: Diagnostic): Node {
  return box('cm-lf-diagnostic', [
    ['cm-lf-message', diagnostic.message],
    ['cm-lf-hint', diagnostic.hint && `hint: ${diagnostic.hint}`],
  ]);
}

export function logfilterLint(delay = 150): Extension {
  return linter((view) => lintState(view.state), {
    delay,
    needsRefresh: (update) => update.startState.field(logfilterOptions) !== update.state.field(logfilterOptions),
  });
}
