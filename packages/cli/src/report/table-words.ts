/**
 * The words of a diagnostic the CLI itself finds (a file name given as filter text, a file not in
 * canonical form), from core's message table: its message, its plain hint and its advice, which the
 * presenters say as the CLI's command or flag (advice.ts). Core's stages word theirs through their part
 * of the table; the CLI reaches the table through `MESSAGES`, the one joined table core exports.
 */
import { type DiagnosticCode, MESSAGES, type MessageTemplate, type Worded } from '@logfilter/core';

type Table = typeof MESSAGES;

/** A diagnostic's words from the table: `tableWords('argument-is-a-file', 'inline', { file, command })`. */
export function tableWords<C extends keyof Table & DiagnosticCode, I extends keyof Table[C] & string>(
  code: C,
  id: I,
  data: Table[C][I] extends MessageTemplate<infer D> ? D : never,
): Worded {
  const template = MESSAGES[code][id] as MessageTemplate<typeof data>;
  const words: Worded = { code, message: template.message(data) };
  const hint = template.hint?.(data);
  if (hint !== undefined) words.hint = hint;
  const advice = template.advice?.(data);
  if (advice !== undefined) words.advice = advice;
  return words;
}
