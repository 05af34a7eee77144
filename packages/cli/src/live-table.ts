/**
 * `logfilter tail --format table`: live records as rows of fixed-width columns (the widths are set
 * from the fields and the terminal's width before the first record, since a stream cannot be
 * measured ahead), each row coloured by its EdgeResponseStatus class when colour is on.
 *
 * What is kept when the terminal is narrow, in this order: a timestamp's time and an IP address are
 * never cut; long text (host, path, URI, user agent, referer) is cut first, to 12 characters; then
 * a timestamp shows its time only (`12:00:00.100Z`, not the date); then columns are one space apart
 * instead of two; then long text is cut on down to 6; then the other columns, widest first, down to
 * their header. Headers are short names (`Time`, `IP`,
 * `Path`). Piped output (no terminal width) cuts nothing: each value is written whole.
 */
import { escapeControlCharacters } from '@logfilter/core';

type Kind = 'timestamp' | 'ip' | 'long' | 'short';

interface Column {
  name: string;
  header: string;
  kind: Kind;
  /** The width the column gets when there is room. */
  width: number;
  /** Whether a timestamp shows its time only. */
  timeOnly: boolean;
}

/** Short headers of common fields; other fields lose a `ClientRequest`, `Client` or `Edge` prefix when that leaves a name no other column has. */
const HEADER: Record<string, string> = {
  EdgeStartTimestamp: 'Time',
  EdgeEndTimestamp: 'End',
  ClientIP: 'IP',
  EdgeResponseStatus: 'Status',
  OriginResponseStatus: 'Origin',
  ClientRequestUserAgent: 'UserAgent',
  ClientRequestReferer: 'Referer',
  CacheCacheStatus: 'Cache',
  EdgeColoCode: 'Colo',
};
const PREFIXES = ['ClientRequest', 'Client', 'EdgeResponse', 'Edge'];
/** Usual widths of the values of some fields; long text is cut first, and only long text goes below its header's width. */
const TYPICAL: Record<string, { kind: Kind; width: number }> = {
  EdgeStartTimestamp: { kind: 'timestamp', width: 24 },
  EdgeEndTimestamp: { kind: 'timestamp', width: 24 },
  ClientIP: { kind: 'ip', width: 15 },
  ClientRequestHost: { kind: 'long', width: 22 },
  ClientRequestPath: { kind: 'long', width: 28 },
  ClientRequestURI: { kind: 'long', width: 32 },
  ClientRequestUserAgent: { kind: 'long', width: 40 },
  ClientRequestReferer: { kind: 'long', width: 32 },
  ClientRequestMethod: { kind: 'short', width: 7 },
  EdgeResponseStatus: { kind: 'short', width: 3 },
  RayID: { kind: 'short', width: 16 },
};
/** `2025-01-01T12:00:00.100Z` shown as `12:00:00.100Z`. */
const TIME_ONLY_WIDTH = 13;
/** Long text is cut to this first, then timestamps lose their date, then long text goes on down to LONG_MIN. */
const LONG_COMFORT = 12;
const LONG_MIN = 6;
/** Between columns: two spaces, one when the terminal is narrow. */
const GAP = '  ';
/** SGR colours by status class: 2xx green, 3xx cyan, 4xx yellow, 5xx red. */
const STATUS_COLOUR: Record<string, string> = { '2': '32', '3': '36', '4': '33', '5': '31' };

export class LiveTable {
  private readonly columns: Column[];
  /** Whether values longer than their column are cut (only with a known terminal width). */
  private readonly cut: boolean;
  private gap = GAP;

  /** `width`: the terminal's columns; undefined for piped output, where nothing is cut. */
  constructor(
    fields: readonly string[],
    private readonly color: boolean,
    width: number | undefined,
  ) {
    this.columns = fields.map((name) => {
      const header = headerOf(name, fields);
      const typical = TYPICAL[name];
      const kind = typical?.kind ?? (name.endsWith('Timestamp') ? 'timestamp' : 'short');
      const base = typical?.width ?? (kind === 'timestamp' ? 24 : 8);
      return { name, header, kind, width: Math.max(base, kind === 'long' ? 0 : header.length), timeOnly: false };
    });
    this.cut = width !== undefined;
    if (width !== undefined) this.fit(width);
  }

  header(): string {
    const line = this.columns
      .map((column) => pad(column.header.length > column.width ? cutText(column.header, column.width) : column.header, column.width))
      .join(this.gap)
      .trimEnd();
    return this.color ? `\x1b[1m${line}\x1b[0m\n` : `${line}\n`;
  }

  row(record: Readonly<Record<string, unknown>>): string {
    const line = this.columns
      .map((column) => {
        let value = text(record[column.name]);
        if (column.timeOnly) value = value.replace(/^\d{4}-\d{2}-\d{2}T/, '');
        if (this.cut && column.kind !== 'ip' && column.kind !== 'timestamp' && [...value].length > column.width) value = cutText(value, column.width);
        return pad(value, column.width);
      })
      .join(this.gap)
      .trimEnd();
    const colour = this.color ? STATUS_COLOUR[String(record.EdgeResponseStatus ?? '').charAt(0)] : undefined;
    return colour ? `\x1b[${colour}m${line}\x1b[0m\n` : `${line}\n`;
  }

  /** Narrows the columns, in the documented order, until they fit in `width` characters (or nothing more may be cut). */
  private fit(width: number): void {
    const total = () => this.columns.reduce((sum, column) => sum + column.width, 0) + this.gap.length * (this.columns.length - 1);
    const room = width;
    const shrink = (which: Column[], floor: (column: Column) => number) => {
      while (total() > room) {
        const candidates = which.filter((column) => column.width > floor(column));
        if (candidates.length === 0) return;
        const widest = candidates.reduce((a, b) => (b.width > a.width ? b : a));
        widest.width--;
      }
    };
    const long = this.columns.filter((column) => column.kind === 'long');
    shrink(long, () => LONG_COMFORT);
    for (const column of this.columns)
      if (column.kind === 'timestamp' && total() > room) {
        column.timeOnly = true;
        column.width = Math.max(TIME_ONLY_WIDTH, column.header.length);
      }
    if (total() > room) this.gap = ' ';
    shrink(long, () => LONG_MIN);
    shrink(
      this.columns.filter((column) => column.kind === 'short'),
      (column) => column.header.length,
    );
  }
}

/** The column header of `name`: a known short name, or the name without a common prefix unless another column's header would be the same. */
function headerOf(name: string, fields: readonly string[]): string {
  const short = shortName(name);
  return fields.some((other) => other !== name && shortName(other) === short) ? name : short;
}

function shortName(name: string): string {
  if (HEADER[name]) return HEADER[name];
  const prefix = PREFIXES.find((p) => name.startsWith(p) && name.length > p.length);
  return prefix ? name.slice(prefix.length) : name;
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '-';
  // Control characters from a log could move the cursor or recolour the terminal: shown escaped.
  return escapeControlCharacters(typeof value === 'string' ? value : JSON.stringify(value));
}

function cutText(value: string, width: number): string {
  const chars = [...value];
  return chars.length > width ? `${chars.slice(0, Math.max(0, width - 1)).join('')}…` : value;
}

function pad(value: string, width: number): string {
  const length = [...value].length;
  return length >= width ? value : value + ' '.repeat(width - length);
}
