// The README's performance table, made from a run of `pnpm bench`: the rows of the suites named in
// TABLE_SUITES, each with its figure, its same-run baseline, the ratio and the budget. `pnpm bench
// compile comparisons --readme` rewrites the table between the markers; rows of suites that did
// not run keep their last figures.

/** The suites whose rows the table shows, in order. */
export const TABLE_SUITES = ['compile', 'comparisons'];

const START = '<!-- bench-table:start (written by `pnpm bench compile comparisons --readme`) -->';
const END = '<!-- bench-table:end -->';

const HEADER = ['| suite | figure | measured | baseline (same run) | ratio | budget |', '| --- | --- | --- | --- | --- | --- |'];

/** A figure as run.mjs prints it. */
export const formatFigure = (value, unit) => `${value < 10 ? value.toFixed(2) : value < 1000 ? value.toFixed(1) : value.toFixed(0)} ${unit}`;

/** One table line of a row that ran. */
function tableLine(suite, r) {
  const cell = (text) => String(text).replaceAll('|', '\\|');
  const budget = r.aim === undefined ? '-' : `<= ${r.aim}x${r.ratio <= r.aim ? '' : ' (missed)'}`;
  return `| ${suite} | ${cell(r.name.trim())} | ${formatFigure(r.value, r.unit)} | ${cell(r.baselineName)}: ${formatFigure(r.baseline, r.unit)} | ${r.ratio.toFixed(2)}x | ${budget} |`;
}

/** The cells of a table line, trimmed (the table is aligned as the formatter aligns Markdown tables). */
function cellsOf(line) {
  return line
    .slice(1, line.endsWith('|') ? -1 : undefined)
    .split(/(?<!\\)\|/)
    .map((text) => text.trim());
}

/** The lines of a table, each column padded to its widest cell (as Biome formats Markdown tables, which `pnpm lint` checks). */
function aligned(lines) {
  const rows = lines.map(cellsOf);
  const widths = rows[0].map((_, column) => Math.max(...rows.map((cells) => (/^-+$/.test(cells[column]) ? 3 : cells[column].length))));
  return rows.map((cells) => `| ${cells.map((text, column) => (/^-+$/.test(text) ? '-'.repeat(widths[column]) : text.padEnd(widths[column]))).join(' | ')} |`);
}

/**
 * The rows now in the table: [suite, figure name] of each line between the markers.
 * @public test/bench/readme-table.test.ts and test/cli/readme-sizes.test.ts read it through import(), which knip does not follow.
 */
export function tableRows(readme) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no performance table between ${START} and ${END}`);
  return readme
    .slice(start + START.length, end)
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| suite ') && !line.startsWith('| ---'))
    .map((line) => {
      const cells = cellsOf(line);
      return [cells[0], cells[1].replaceAll('\\|', '|'), `${cells.map((text) => `| ${text} `).join('')}|`];
    });
}

/**
 * The README with its table rewritten: `results` maps a suite's title to the rows it returned.
 * Rows are listed in the order each suite declares them (its `rowNames`).
 */
export function rewriteTable(readme, results, rowNamesBySuite) {
  const old = new Map(tableRows(readme).map(([suite, name, line]) => [`${suite}\n${name}`, line]));
  const lines = [];
  for (const suite of TABLE_SUITES) {
    const ran = results.get(suite);
    for (const name of rowNamesBySuite.get(suite) ?? []) {
      const r = ran?.find((candidate) => candidate.name.trim() === name);
      // A row that did not run, or was skipped, keeps its last figures; one never measured says why.
      const kept = old.get(`${suite}\n${name}`);
      if (r && !r.skipped) lines.push(tableLine(suite, r));
      else if (kept) lines.push(kept);
      else lines.push(`| ${suite} | ${name} | ${r?.skipped ?? 'not run yet'} | - | - | not measured |`);
    }
  }
  const start = readme.indexOf(START) + START.length;
  return `${readme.slice(0, start)}\n${aligned([...HEADER, ...lines]).join('\n')}\n${readme.slice(readme.indexOf(END))}`;
}
