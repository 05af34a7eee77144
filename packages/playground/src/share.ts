/** The page state in the URL hash, so a link opens the page exactly as it was. */

export interface PageState {
  /** The filter text. */
  text: string;
  dataset: string;
  /** The decompile pane's input. */
  json: string;
  /** The evaluate pane's NDJSON records. */
  records: string;
  /** The compare pane's OLD filter (NEW is `text`); empty when the pane was not used. */
  old: string;
}

const KEYS: Record<keyof PageState, string> = { text: 'f', dataset: 'd', json: 'j', records: 'r', old: 'o' };

export function encodeState(state: PageState): string {
  const params = new URLSearchParams();
  for (const [name, key] of Object.entries(KEYS) as Array<[keyof PageState, string]>) {
    if (state[name] !== '') params.set(key, state[name]);
  }
  return `#${params.toString()}`;
}

/** The state a hash holds, over `defaults` for what it leaves out; undefined for an empty hash. */
export function decodeState(hash: string, defaults: PageState): PageState | undefined {
  const body = hash.replace(/^#/, '');
  if (body === '') return undefined;
  const params = new URLSearchParams(body);
  const state = { ...defaults };
  for (const [name, key] of Object.entries(KEYS) as Array<[keyof PageState, string]>) {
    const value = params.get(key);
    if (value !== null) state[name] = value;
    else if (name !== 'dataset') state[name] = '';
  }
  return state;
}
