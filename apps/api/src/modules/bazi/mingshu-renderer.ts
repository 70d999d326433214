/**
 * Hands 命书 documents to a worker thread (piscina, one thread: the machine has two cores and the API
 * keeps the other) and gets their PDFs back. The thread starts with the first 命书 and ends after a
 * minute without one, so a server that never makes a 命书 never loads the font. A full queue is
 * refused at once (503 in Chinese) rather than keeping readers waiting behind a burst.
 */
import { Piscina } from 'piscina';
import { AppError } from '../../shared/errors.ts';
import type { MingshuDocument } from './mingshu-document.ts';

/** Makes PDFs of 命书 documents off the event loop. */
export interface MingshuRenderer {
  render(doc: MingshuDocument): Promise<Buffer>;
  /** Ends the thread (the app's close). */
  close(): Promise<void>;
}

/** 命书 waiting for the thread at most; each takes about half a second. */
export const MINGSHU_MAX_QUEUE = 8;

/** A {@link MingshuRenderer} over one lazily started worker thread. */
export function createMingshuRenderer(maxQueue: number = MINGSHU_MAX_QUEUE): MingshuRenderer {
  let pool: Piscina | null = null;
  return {
    async render(doc) {
      pool ??= new Piscina({
        filename: new URL('./mingshu.worker.ts', import.meta.url).href,
        minThreads: 0,
        maxThreads: 1,
        idleTimeout: 60_000,
      });
      if (pool.queueSize >= maxQueue) throw new AppError('Unavailable', '正在生成的命书较多，请稍后再试');
      const bytes: Uint8Array = await pool.run(doc);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    async close() {
      await pool?.destroy();
      pool = null;
    },
  };
}
