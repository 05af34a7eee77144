/** Hover tooltips: a field's type and description, an operator's meaning. */
import type { Extension } from '@codemirror/state';
import { hoverTooltip, type Tooltip } from '@codemirror/view';
import type { EditorState } from '@codemirror/state';
import { hover } from '@logfilter/core';
import { box } from './dom.js';
import { logfilterOptions } from './options.js';

/** The tooltip for a position of a state, or null: pure apart from building its DOM. */
export function hoverAt(state: EditorState, pos: number): Tooltip | null {
  const info = hover(state.doc.toString(), pos, state.field(logfilterOptions));
  if (!info) return null;
  return {
    pos: info.from,
    end: info.to,
    above: true,
    create: () => ({
      dom: box('cm-lf-hover', [
        ['cm-lf-hover-title', info.title],
        ['cm-lf-hover-text', info.text],
      ]),
    }),
  };
}

export function logfilterHover(): Extension {
  return hoverTooltip((view, pos) => hoverAt(view.state, pos), { hoverTime: 300 });
}
