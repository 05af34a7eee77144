/** The decompile pane: filter JSON in, canonical filter text out (or diagnostics with JSON Pointers). */
import { decompile } from '@logfilter/core';
import { renderProblems } from './output.js';

export function setupDecompile(input: HTMLTextAreaElement, dataset: () => string, open: (text: string) => void) {
  const output = document.getElementById('decompile-output')!;
  const problems = document.getElementById('decompile-problems')!;
  const openButton = document.getElementById('decompile-open') as HTMLButtonElement;
  let text: string | undefined;

  openButton.addEventListener('click', () => {
    if (text !== undefined) open(text);
  });

  return {
    render(): void {
      const source = input.value;
      if (source.trim() === '') {
        text = undefined;
        output.textContent = '—';
        problems.replaceChildren();
      } else {
        const result = decompile(source, { dataset: dataset() });
        text = result.text;
        output.textContent = result.text ?? '—';
        renderProblems(
          problems,
          result.diagnostics.map((d) => ({ ...d, message: d.pointer ? `${d.message} (at ${d.pointer})` : d.message })),
        );
      }
      openButton.disabled = text === undefined;
    },
  };
}
