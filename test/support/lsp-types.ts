/** The protocol's shapes the LSP tests read: positions, ranges, edits, diagnostics and the messages a server writes. */
export interface LspPosition {
  line: number;
  character: number;
}
interface LspRange {
  start: LspPosition;
  end: LspPosition;
}
export interface LspTextEdit {
  range: LspRange;
  newText: string;
}
export interface LspDiagnostic {
  range: LspRange;
  severity: number;
  code: string;
  codeDescription?: { href: string };
  source: string;
  message: string;
  relatedInformation?: { message: string }[];
  data?: unknown;
}

/** A message as the server wrote it. */
export interface ServerMessage {
  id?: number | string | null;
  method?: string;
  params?: { uri?: string; version?: number; diagnostics?: LspDiagnostic[]; type?: number; message?: string };
  result?: unknown;
  error?: { code: number; message: string };
}
