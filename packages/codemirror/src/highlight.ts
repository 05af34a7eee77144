/**
 * Highlighting from core's token scan: each token gets a class by its role in the filter (a field,
 * an operator, a value), which a line-by-line tokenizer could not tell apart. The active syntax
 * highlighting theme styles them through @lezer/highlight tags; the base theme is the fallback.
 */
import { highlightingFor } from '@codemirror/language';
import { RangeSetBuilder, type EditorState, type Extension } from '@codemirror/state';
import { Decoration, EditorView, ViewPlugin, type DecorationSet, type ViewUpdate } from '@codemirror/view';
import { tags, type Tag } from '@lezer/highlight';
import { scan, type ScannedToken, type TokenRole } from '@logfilter/core';

const ROLE_TAGS: Record<TokenRole, Tag> = {
  field: tags.propertyName,
  operator: tags.operatorKeyword,
  keyword: tags.logicOperator,
  value: tags.string,
  punctuation: tags.punctuation,
  comment: tags.lineComment,
  invalid: tags.invalid,
};

function tagOf(token: ScannedToken): Tag {
  if (token.role !== 'value') return ROLE_TAGS[token.role];
  if (token.image.startsWith('"') || token.image.startsWith("'")) return tags.string;
  if (/^-?\d+(\.\d+)?$/.test(token.image)) return tags.number;
  if (token.image === 'true' || token.image === 'false') return tags.bool;
  return tags.atom;
}

function classFor(state: EditorState, token: ScannedToken): string {
  const themed = highlightingFor(state, [tagOf(token)]);
  return `cm-lf-${token.role}${themed ? ` ${themed}` : ' cm-lf-plain'}`;
}

function buildDecorations(view: EditorView): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  const text = view.state.doc.toString();
  for (const token of scan(text)) {
    if (token.end > token.start) builder.add(token.start, token.end, Decoration.mark({ class: classFor(view.state, token) }));
  }
  return builder.finish();
}

const highlighter = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = buildDecorations(view);
    }
    update(update: ViewUpdate) {
      if (update.docChanged || update.viewportChanged || update.startState.facet(EditorView.darkTheme) !== update.state.facet(EditorView.darkTheme)) {
        this.decorations = buildDecorations(update.view);
      }
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/** Colours for editors without a syntax highlighting theme. */
const fallbackTheme = EditorView.baseTheme({
  '.cm-lf-field.cm-lf-plain': { color: '#1f5f99' },
  '.cm-lf-operator.cm-lf-plain': { color: '#8a3ab9', fontWeight: '600' },
  '.cm-lf-keyword.cm-lf-plain': { color: '#b5300b', fontWeight: '700' },
  '.cm-lf-value.cm-lf-plain': { color: '#2d7a2d' },
  '.cm-lf-comment.cm-lf-plain': { color: '#777', fontStyle: 'italic' },
  '.cm-lf-invalid.cm-lf-plain': { color: '#d00' },
});

export function logfilterHighlighting(): Extension {
  return [highlighter, fallbackTheme];
}
