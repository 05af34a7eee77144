/** A small tooltip box: a container of lines, each a div with its class, empty lines left out. */
export function box(className: string, lines: ReadonlyArray<readonly [className: string, text: string | undefined]>): HTMLElement {
  const container = document.createElement('div');
  container.className = className;
  for (const [lineClass, text] of lines) {
    if (!text) continue;
    const line = container.appendChild(document.createElement('div'));
    line.className = lineClass;
    line.textContent = text;
  }
  return container;
}
