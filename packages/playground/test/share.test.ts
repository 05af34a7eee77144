import { describe, expect, it } from 'vitest';
import { decodeState, encodeState, type PageState } from '../src/share.js';

const DEFAULTS: PageState = { text: 'default', dataset: 'http_requests', json: '{}', records: '{"a":1}', old: 'BotScore lt 1' };

describe('share link state', () => {
  it('round-trips every field through the hash, newlines, quotes and # included', () => {
    const state: PageState = {
      text: 'ClientCountry in (us, ca) # note\nAND BotScore lt 30',
      dataset: 'dns_logs',
      json: '"{\\"where\\":1}"',
      records: '{"x":"a&b=c"}\n{"y":2}',
      old: 'NOT (ClientCountry eq us OR BotScore lt 30)',
    };
    const hash = encodeState(state);
    expect(hash.startsWith('#f=ClientCountry+in+%28us%2C+ca%29+%23+note%0AAND')).toBe(true);
    expect(decodeState(hash, DEFAULTS)).toEqual(state);
  });

  it('leaves out empty panes and reads them back empty, keeping the default dataset', () => {
    const hash = encodeState({ text: 'BotScore lt 30', dataset: 'http_requests', json: '', records: '', old: '' });
    expect(hash).toBe('#f=BotScore+lt+30&d=http_requests');
    expect(decodeState('#f=BotScore+lt+30', DEFAULTS)).toEqual({ text: 'BotScore lt 30', dataset: 'http_requests', json: '', records: '', old: '' });
  });

  it('gives nothing for an empty hash, so the page shows its defaults', () => {
    expect(decodeState('', DEFAULTS)).toBeUndefined();
    expect(decodeState('#', DEFAULTS)).toBeUndefined();
  });
});
