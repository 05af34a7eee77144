/** A filter file may name its dataset in a first-line comment, `# dataset: dns_logs`; every front end (the CLI, the language server) honours it. */

const DATASET_COMMENT = /^(\s*#\s*dataset\s*:\s*)(\S+)/i;

/** The dataset the first line names, with the offsets of the name; undefined when it names none. */
export function datasetComment(text: string): { name: string; start: number; end: number } | undefined {
  const newline = text.indexOf('\n');
  const firstLine = newline < 0 ? text : text.slice(0, newline > 0 && text[newline - 1] === '\r' ? newline - 1 : newline);
  // Most filters have no comment on their first line: no regular expression then (each one a run executes is compiled first).
  if (!firstLine.includes('#')) return undefined;
  const match = DATASET_COMMENT.exec(firstLine);
  if (!match) return undefined;
  return { name: match[2], start: match[1].length, end: match[1].length + match[2].length };
}
