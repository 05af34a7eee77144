/** A filter file may name its dataset in a first-line comment, `# dataset: dns_logs`; every front end (the CLI, the language server) honours it. */

const DATASET_COMMENT = /^(\s*#\s*dataset\s*:\s*)(\S+)/i;

/** The dataset the first line names, with the offsets of the name; undefined when it names none. */
export function datasetComment(text: string): { name: string; start: number; end: number } | undefined {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const match = DATASET_COMMENT.exec(firstLine);
  if (!match) return undefined;
  return { name: match[2], start: match[1].length, end: match[1].length + match[2].length };
}
