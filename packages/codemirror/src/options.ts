/** The dataset (and other compile options) the editor works against, kept in the editor state. */
import { StateEffect, StateField, type Extension } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import type { LanguageServiceOptions } from '@logfilter/core';

/** Replaces the options (dataset, catalog, limits, ...) the extension works with. */
export const setLogfilterOptions = StateEffect.define<LanguageServiceOptions>();

/** The current options; completion, hover and lint read them on every use. */
export const logfilterOptions = StateField.define<LanguageServiceOptions>({
  create: () => ({}),
  update(value, transaction) {
    for (const effect of transaction.effects) if (effect.is(setLogfilterOptions)) value = effect.value;
    return value;
  },
});

export function optionsField(initial: LanguageServiceOptions): Extension {
  return logfilterOptions.init(() => initial);
}

/** Switches the dataset of a running editor; lint runs again at once. */
export function setDataset(view: EditorView, dataset: NonNullable<LanguageServiceOptions['dataset']>): void {
  const current = view.state.field(logfilterOptions);
  view.dispatch({ effects: setLogfilterOptions.of({ ...current, dataset }) });
}
