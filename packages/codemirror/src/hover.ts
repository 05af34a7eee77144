/** Hover tooltips: a field's type and description, an operator's meaning. */
import type { Extension } from '@codemirror/state';
import { hoverTooltip, type Tooltip } from '@codemirror/view';
import type { EditorState } from '@codemirror/state';
import { hover } from '@logfilter/core';
import { logfilterOptions } from './options.js';

/** The tooltip for a position of a state, or null: pure apart from building its DOM. */
export function hoverAt(state: EditorState, pos: number): Tooltip | null {
  const info = hover(state.doc.toString(), pos, state.field(logfilterOptions));
  if (!info) return null;
  return {
    pos: info.from,
    end: info.to,
    above: true,
    create: () => {
      const dom = document.createElement('div');
      dom.className = 'cm-lf-hover';
      const title = dom.appendChild(document.createElement('div'));
      title.className = 'cm-lf-hover-title';
      title.textContent = info.title;
      if (info.text) {
        const text = dom.appendChild(document.createElement('div'));
        text.className = 'cm-lf-hover-text';
        text.textContent = info.text;
      }
      return { dom };
    },
  };
}

export function logfilterHover(): Extension {
  return hoverTooltip((view, pos) => hoverAt(view.state, pos), { hoverTime: 300 });
}
