/**
 * The compare pane: what a change does. OLD is the pane's filter, NEW the editor's; Z3 (through
 * @logfilter/solver) decides their relation and gives witness records, and each witness is checked
 * again here with core's matcher over an exact reading of its line, as the evaluate pane reads one.
 *
 * This module is loaded only when the pane is first opened (main.ts imports it dynamically), and it
 * loads z3-solver's WebAssembly build only then: the page's first paint does not carry the solver.
 */
import { builtinCatalog, compile, type Dataset, type FilterJson, parseJsonExact } from '@logfilter/core';
import { type Comparison, compareFilters, loadSolver, type Relation } from '@logfilter/solver';
import { judgeLine } from './evaluate-pane.js';
import type { PageState } from './share.js';

/** Each relation worded for people: OLD is the pane's filter, NEW the editor's. */
const WORDING: Record<Relation, string> = {
  same: 'Same: OLD and NEW let exactly the same records through (proved).',
  'old-wider': 'NEW is narrower: every record NEW lets through, OLD lets through too, and OLD lets through some that NEW drops.',
  'new-wider': 'NEW is wider: every record OLD lets through, NEW lets through too, and NEW lets through some that OLD drops.',
  overlap: 'They overlap: some records pass both, and each lets through records the other drops.',
  disjoint: 'Disjoint: no record passes both filters.',
  differ: 'They differ (the witness below shows it); the rest was not decided.',
  undecided: 'Undecided: the solver could not tell within its budget.',
};

/** What a host must set for the pane to run, shown when the page is not cross-origin isolated. */
const NOT_ISOLATED =
  'Comparing runs Z3 in this page, on threads that need SharedArrayBuffer, which a browser gives only to a ' +
  'cross-origin isolated page. This page is not: serve it with the headers ' +
  '"Cross-Origin-Opener-Policy: same-origin" and "Cross-Origin-Embedder-Policy: require-corp" ' +
  '(`pnpm playground` and the Vite dev and preview servers set them). Where the host cannot set headers ' +
  '(GitHub Pages, for one), compare on the command line instead: logfilter diff OLD NEW.';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let z3Script: Promise<void> | undefined;

/**
 * z3-solver's browser build, as its documentation asks: `z3-built.js` run as a classic script, which
 * defines the global `initZ3` (and which Z3's worker threads load again by its address), with
 * `z3-built.wasm` beside it. z3-solver's browser entry then reads `global.initZ3`: in a page
 * `global` is `globalThis`.
 */
function loadZ3Script(): Promise<void> {
  z3Script ??= new Promise<void>((resolve, reject) => {
    (globalThis as { global?: unknown }).global ??= globalThis;
    const script = document.createElement('script');
    script.src = new URL('z3/z3-built.js', document.baseURI).href;
    script.onload = () => resolve();
    script.onerror = () => {
      z3Script = undefined;
      reject(new Error(`${script.src} could not be loaded: the playground's build copies it to z3/ beside index.html`));
    };
    document.head.append(script);
  });
  return z3Script;
}

export interface ComparePane {
  /** Compares again (the filters or the dataset changed); the latest call wins. */
  render(): void;
}

/**
 * Starts the pane: loads Z3 (when the page is isolated) and compares; `state` gives the filters,
 * `changed` is called when OLD is edited, and `setEditor` puts a text in the editor (for the swap).
 */
export function openCompare(state: () => PageState, changed: () => void, setEditor: (text: string) => void): ComparePane {
  const old = byId<HTMLTextAreaElement>('compare-old');
  old.addEventListener('input', changed);
  byId('compare-swap').addEventListener('click', () => {
    const older = old.value;
    old.value = state().text;
    setEditor(older);
  });
  const status = byId('compare-status');
  const relation = byId('compare-relation');
  const list = byId('compare-witnesses');
  const pane = byId('compare-pane');

  if (!globalThis.crossOriginIsolated) {
    pane.dataset.state = 'not-isolated';
    status.textContent = NOT_ISOLATED;
    return { render() {} };
  }

  let ready = false;
  let running = false;
  let wanted = 0;
  let shown = 0;

  async function run(): Promise<void> {
    if (!ready || running) return;
    running = true;
    try {
      while (shown !== wanted) {
        const asked = wanted;
        const { text, old, dataset } = state();
        pane.dataset.state = 'comparing';
        status.textContent = 'comparing…';
        await show(old, text, dataset);
        shown = asked;
      }
      pane.dataset.state = 'done';
    } finally {
      running = false;
    }
  }

  async function show(oldText: string, newText: string, datasetName: string): Promise<void> {
    // Which filters the answer below is for: the pane compares again on every change.
    pane.dataset.compared = JSON.stringify([oldText, newText, datasetName]);
    const dataset = builtinCatalog().get(datasetName);
    const older = filterOf(oldText, datasetName);
    const newer = filterOf(newText, datasetName);
    const problem = [older, newer].map((side, index) => (typeof side === 'string' ? `${index === 0 ? 'OLD' : 'NEW'} ${side}` : undefined)).filter(Boolean);
    if (!dataset || problem.length > 0) {
      relation.dataset.relation = '';
      relation.textContent = '';
      list.replaceChildren();
      status.textContent = dataset ? `${problem.join('; ')}: fix it to compare.` : `dataset ${datasetName} is not loaded`;
      return;
    }
    let comparison: Comparison;
    try {
      comparison = await compareFilters(older as FilterJson, newer as FilterJson, dataset as Dataset);
    } catch (error) {
      status.textContent = `the solver failed: ${(error as Error).message}`;
      return;
    }
    relation.dataset.relation = comparison.relation;
    relation.textContent = WORDING[comparison.relation] + (comparison.reason ? ` (${comparison.reason})` : '');
    list.replaceChildren(...comparison.witnesses.map((witness) => item(witness.line, witness, older as FilterJson, newer as FilterJson)));
    status.textContent =
      comparison.witnesses.length === 0
        ? 'No record tells them apart.'
        : `${comparison.witnesses.length} witness record${comparison.witnesses.length === 1 ? '' : 's'}, each checked again with evaluate:`;
  }

  const started = performance.now();
  pane.dataset.state = 'loading';
  status.textContent = 'loading Z3 (about 35 MB of WebAssembly, fetched once)…';
  void (async () => {
    try {
      await loadZ3Script();
      await loadSolver();
    } catch (error) {
      pane.dataset.state = 'failed';
      status.textContent = `Z3 could not be started: ${(error as Error).message}`;
      return;
    }
    pane.dataset.loadMs = String(Math.round(performance.now() - started));
    ready = true;
    await run();
  })();

  return {
    render() {
      wanted += 1;
      void run();
    },
  };
}

/** The filter a text compiles to, read exactly (integers past 2^53 as bigints); a message when it does not compile. */
function filterOf(text: string, dataset: string): FilterJson | string {
  if (text.trim() === '') return 'is empty';
  const compiled = compile(text, { dataset });
  if (compiled.json === undefined) {
    const first = compiled.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
    return `does not compile${first ? ` (${first.message})` : ''}`;
  }
  return parseJsonExact(compiled.json) as FilterJson;
}

/** One witness: its line, which side lets it through, and whether evaluate agrees with the solver. */
function item(line: string, claimed: { old: boolean; new: boolean }, older: FilterJson, newer: FilterJson): HTMLLIElement {
  const seen = { old: judgeLine(older, line), new: judgeLine(newer, line) };
  const confirmed = seen.old === (claimed.old ? 'pass' : 'fail') && seen.new === (claimed.new ? 'pass' : 'fail');
  const element = document.createElement('li');
  element.dataset.line = line;
  element.dataset.old = seen.old;
  element.dataset.new = seen.new;
  element.dataset.confirmed = String(confirmed);
  element.className = confirmed ? 'confirmed' : 'refuted';
  const code = element.appendChild(document.createElement('code'));
  code.textContent = line;
  const verdict = element.appendChild(document.createElement('span'));
  const side = (name: string, value: string) => `${name} ${value === 'pass' ? 'lets it through' : value === 'fail' ? 'drops it' : 'cannot read it'}`;
  verdict.textContent = ` ${side('OLD', seen.old)}, ${side('NEW', seen.new)}${confirmed ? ' (evaluate agrees)' : ' (evaluate DISAGREES with the solver: please report this)'}`;
  return element;
}
