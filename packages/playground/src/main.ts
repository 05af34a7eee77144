/** The playground page: editor, dataset picker, compiled output, decompile, evaluate and compare panes, share link. */
import { setDataset } from '@logfilter/codemirror';
import { builtinCatalog, compile, DEFAULT_DATASET, format } from '@logfilter/core';
import { loadDataset } from 'logfilter:builtin-datasets';
import { createEditor, setText } from './editor.js';
import { renderCompiled } from './output.js';
import type { ComparePane } from './compare-pane.js';
import { decodeState, encodeState, type PageState } from './share.js';

const DESIGN_CARD = 'ClientCountry in (us, ca) AND (BotScore lt 30 OR EdgeResponseStatus geq 500)';
const DEFAULTS: PageState = {
  text: DESIGN_CARD,
  dataset: DEFAULT_DATASET,
  json: '{"where":{"and":[{"key":"ClientRequestHost","operator":"eq","value":"example.com"},{"key":"EdgeResponseStatus","operator":"geq","value":"500"}]}}',
  records: [
    '{"ClientCountry":"us","BotScore":12,"EdgeResponseStatus":200}',
    '{"ClientCountry":"ca","BotScore":90,"EdgeResponseStatus":503}',
    '{"ClientCountry":"de","BotScore":5,"EdgeResponseStatus":500}',
  ].join('\n'),
  old: '',
};

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const datasetSelect = byId<HTMLSelectElement>('dataset');
const decompileInput = byId<HTMLTextAreaElement>('decompile-input');
const evaluateInput = byId<HTMLTextAreaElement>('evaluate-input');
const compareOld = byId<HTMLTextAreaElement>('compare-old');
const compareDetails = byId<HTMLDetailsElement>('compare-pane');

let state: PageState = decodeState(location.hash, DEFAULTS) ?? { ...DEFAULTS };
if (!builtinCatalog().names().includes(state.dataset)) state.dataset = DEFAULT_DATASET;
// Each dataset's catalog is fetched when first picked: the page starts with the one it shows.
await loadDataset(state.dataset);

for (const name of builtinCatalog().names()) datasetSelect.add(new Option(name, name));
datasetSelect.value = state.dataset;
decompileInput.value = state.json;
evaluateInput.value = state.records;
compareOld.value = state.old;

const view = createEditor(byId('editor'), state.text, state.dataset, (text) => {
  state.text = text;
  refresh();
});
// The decompile and evaluate panes' code (filter JSON's reader and its message table, the exact
// record reader) is fetched as the page starts, apart from the first script: the editor and the
// compiled output do not wait for it, and each pane fills in when it comes.
let decompilePane: { render(): void } | undefined;
let evaluatePane: { render(): void } | undefined;
Promise.all([import('./decompile-pane.js'), import('./evaluate-pane.js')]).then(
  ([decompile, evaluate]) => {
    decompilePane = decompile.setupDecompile(
      decompileInput,
      () => state.dataset,
      (text) => setText(view, text),
    );
    evaluatePane = evaluate.setupEvaluate(evaluateInput, () => state);
    refresh();
  },
  () => {
    for (const id of ['decompile-output', 'evaluate-summary']) byId(id).textContent = 'this pane could not load: reload the page';
  },
);
// The compare pane's code, and Z3 with it, load only when the pane is first opened.
let comparePane: ComparePane | undefined;
compareDetails.addEventListener('toggle', async () => {
  if (!compareDetails.open || comparePane) return;
  if (compareOld.value === '') compareOld.value = state.text;
  const { openCompare } = await import('./compare-pane.js');
  comparePane ??= openCompare(
    () => state,
    refresh,
    (text) => setText(view, text),
  );
  refresh();
});

/** Recomputes every pane from the state and writes the state into the URL hash. */
function refresh(): void {
  state.json = decompileInput.value;
  state.records = evaluateInput.value;
  state.old = compareOld.value;
  renderCompiled(compile(state.text, { dataset: state.dataset }));
  decompilePane?.render();
  evaluatePane?.render();
  comparePane?.render();
  const hash = encodeState(state);
  if (location.hash !== hash) history.replaceState(null, '', hash);
  byId<HTMLInputElement>('share-url').value = location.href;
}

datasetSelect.addEventListener('change', async () => {
  const picked = datasetSelect.value;
  await loadDataset(picked);
  if (datasetSelect.value !== picked) return; // another pick came while this one loaded
  state.dataset = picked;
  setDataset(view, state.dataset);
  refresh();
});
decompileInput.addEventListener('input', refresh);
evaluateInput.addEventListener('input', refresh);

byId('format').addEventListener('click', () => {
  const formatted = format(state.text);
  if (formatted.ok && formatted.text !== undefined && formatted.text !== state.text) setText(view, formatted.text);
});

byId('share').addEventListener('click', async () => {
  refresh();
  const input = byId<HTMLInputElement>('share-url');
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
    byId('share').textContent = 'Link copied';
  } catch {
    byId('share').textContent = 'Copy the link beside';
  }
});

/** A share link opened in a tab that is already on the page. */
window.addEventListener('hashchange', async () => {
  const next = decodeState(location.hash, DEFAULTS);
  if (!next || encodeState(next) === encodeState(state)) return;
  if (!builtinCatalog().names().includes(next.dataset)) next.dataset = DEFAULT_DATASET;
  await loadDataset(next.dataset);
  state = next;
  datasetSelect.value = state.dataset;
  setDataset(view, state.dataset);
  decompileInput.value = state.json;
  evaluateInput.value = state.records;
  compareOld.value = state.old;
  if (state.old !== '') compareDetails.open = true;
  if (view.state.doc.toString() !== state.text) setText(view, state.text);
  refresh();
});

refresh();
view.focus();
// A share link that carries an OLD filter opens the compare pane.
if (state.old !== '') compareDetails.open = true;
