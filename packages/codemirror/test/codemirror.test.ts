import { describe, expect, it } from 'vitest';
import { CompletionContext } from '@codemirror/autocomplete';
import { EditorState, type TransactionSpec } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { hoverAt, lintState, logfilter, logfilterCompletionSource, logfilterOptions, setLogfilterOptions } from '@logfilter/codemirror';

const stateOf = (doc: string, dataset?: string) => EditorState.create({ doc, extensions: [logfilter({ dataset })] });

describe('lintState', () => {
  it('turns compiler diagnostics into squiggles with the code as source and the hint in the message', () => {
    const [diagnostic] = lintState(stateOf('ClientCountry geq 5'));
    expect(diagnostic).toMatchObject({
      from: 14,
      to: 17,
      severity: 'error',
      source: 'operator-not-allowed',
      message:
        "'geq' cannot be used with string field 'ClientCountry'\nhint: string fields take eq, !eq, startsWith, endsWith, !startsWith, !endsWith, contains, !contains, in, !in",
    });
  });

  it('keeps end-of-input diagnostics inside the document', () => {
    const [diagnostic] = lintState(stateOf('ClientCountry eq'));
    expect([diagnostic.source, diagnostic.from, diagnostic.to]).toEqual(['expected-value', 16, 16]);
  });

  it("offers the diagnostic's quick fixes as actions that edit the document", () => {
    let state = stateOf('ClientCountry in (US, CA)');
    const [diagnostic] = lintState(state);
    expect(diagnostic.source).toBe('value-case');
    const [action] = diagnostic.actions ?? [];
    expect(action.name).toBe('Write the values in lower case');
    // The part of an EditorView an action uses: its state, and dispatch.
    const view = { state, dispatch: (spec: TransactionSpec) => (state = state.update(spec).state) };
    action.apply(view as unknown as EditorView, diagnostic.from, diagnostic.to);
    expect(state.doc.toString()).toBe('ClientCountry in (us, ca)');
    expect(lintState(state)).toEqual([]);
  });

  it('follows the dataset set by an effect', () => {
    const state = stateOf('QueryName eq example.com');
    expect(lintState(state).map((d) => d.source)).toEqual(['unknown-field']);
    const switched = state.update({ effects: setLogfilterOptions.of({ dataset: 'dns_logs' }) }).state;
    expect(switched.field(logfilterOptions)).toEqual({ dataset: 'dns_logs' });
    expect(lintState(switched)).toEqual([]);
  });
});

describe('logfilterCompletionSource', () => {
  const completeAt = (doc: string, explicit = false, dataset?: string) =>
    logfilterCompletionSource(new CompletionContext(stateOf(doc, dataset), doc.length, explicit));

  it('offers fields with their type and description while a word is typed', () => {
    const result = completeAt('ClientCountry eq us AND Bot')!;
    expect(result.from).toBe(24);
    expect(result.options.find((o) => o.label === 'BotScore')).toMatchObject({ type: 'property', detail: 'int' });
  });

  it('offers operators after a field and a space, without being asked', () => {
    expect(completeAt('BotScore ')!.options.map((o) => o.label)).toEqual(['eq', '!eq', 'lt', 'leq', 'gt', 'geq', 'in', '!in']);
  });

  it('stays quiet right after a finished token unless asked', () => {
    expect(completeAt('ClientCountry in (us)')).toBeNull();
    expect(completeAt('ClientCountry in (us)', true)!.options.map((o) => o.label)).toEqual(['AND', 'OR']);
  });

  it('uses the dataset of the editor', () => {
    expect(completeAt('Quer', false, 'dns_logs')!.options.map((o) => o.label)).toContain('QueryName');
  });
});

describe('hoverAt', () => {
  it('places a tooltip over the hovered field', () => {
    const tooltip = hoverAt(stateOf('ClientCountry eq us'), 3)!;
    expect([tooltip.pos, tooltip.end]).toEqual([0, 13]);
    expect(hoverAt(stateOf('ClientCountry eq us'), 13)).not.toBeNull();
    expect(hoverAt(stateOf('ClientCountry eq us  '), 20)).toBeNull();
  });
});
