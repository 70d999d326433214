/**
 * Test helper: the app's log caught in memory — a destination for its pino logger that keeps every
 * line written — so that tests can say what the log holds and, above all, what it never holds.
 */
import { Writable } from 'node:stream';

/** What {@link captureLog} hands a test. */
export interface CapturedLog {
  /** The destination to give the logger (`logger: { level, stream }`). */
  stream: Writable;
  /** Every line written so far (a JSON record each, without its newline), in order; may be emptied. */
  lines: string[];
  /** The lines so far as one text, a line each. */
  text(): string;
}

/** A fresh {@link CapturedLog}. */
export function captureLog(): CapturedLog {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('\n') };
}
