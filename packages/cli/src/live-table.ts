/**
 * `logfilter tail --format table`: live records as rows of fixed-width columns (the widths are set
 * from the header and the terminal's width before the first record, since a stream cannot be
 * measured ahead), each row coloured by its EdgeResponseStatus class when colour is on.
 */
import { escapeControlCharacters } from '@logfilter/core';

/** Usual widths of the values of some fields; others get the width of their name, at least 8. */
const TYPICAL_WIDTH: Record<string, number> = {
  ClientIP: 15,
  ClientRequestHost: 22,
  ClientRequestPath: 28,
  ClientRequestURI: 32,
  ClientRequestUserAgent: 40,
  EdgeStartTimestamp: 24,
  EdgeEndTimestamp: 24,
  RayID: 16,
};
const MIN_WIDTH = 6;
const GAP = '  ';
/** SGR colours by status class: 2xx green, 3xx cyan, 4xx yellow, 5xx red. */
const STATUS_COLOUR: Record<string, string> = { '2': '32', '3': '36', '4': '33', '5': '31' };

export class LiveTable {
  private readonly widths: number[];

  constructor(
    private readonly fields: readonly string[],
    private readonly color: boolean,
    columns: number,
  ) {
    // Column headers name the field, shortened only when the terminal is narrow.
    this.widths = fields.map((name) => Math.max(name === 'EdgeResponseStatus' ? 6 : Math.min(name.length, 20), TYPICAL_WIDTH[name] ?? 8));
    const room = columns - GAP.length * (fields.length - 1);
    while (this.widths.reduce((sum, width) => sum + width, 0) > room) {
      const widest = this.widths.indexOf(Math.max(...this.widths));
      if (this.widths[widest] <= MIN_WIDTH) break;
      this.widths[widest]--;
    }
  }

  header(): string {
    const cells = this.fields.map((name, i) => cell(name === 'EdgeResponseStatus' && this.widths[i] < name.length ? 'Status' : name, this.widths[i]));
    const line = cells.join(GAP).trimEnd();
    return this.color ? `\x1b[1m${line}\x1b[0m\n` : `${line}\n`;
  }

  row(record: Readonly<Record<string, unknown>>): string {
    const line = this.fields
      .map((name, i) => cell(text(record[name]), this.widths[i]))
      .join(GAP)
      .trimEnd();
    const colour = this.color ? STATUS_COLOUR[String(record.EdgeResponseStatus ?? '').charAt(0)] : undefined;
    return colour ? `\x1b[${colour}m${line}\x1b[0m\n` : `${line}\n`;
  }
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '-';
  // Control characters from a log could move the cursor or recolour the terminal: shown escaped.
  return escapeControlCharacters(typeof value === 'string' ? value : JSON.stringify(value));
}

function cell(value: string, width: number): string {
  const chars = [...value];
  return chars.length > width ? `${chars.slice(0, width - 1).join('')}…` : value + ' '.repeat(width - chars.length);
}
