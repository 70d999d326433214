/**
 * The pay module assembled: its channels, the services over one {@link PayDeps}, and the automatic
 * refunds that run after a callback has been answered (tracked, so closing the app waits for them).
 */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import type { OrderLedger } from '../../shared/orders.ts';
import type { PayLog } from './channel-deps.ts';
import { createPayChannels, type PayChannels } from './channels.ts';
import type { PayDeps } from './deps.ts';
import { sendRefund } from './refund.ts';
import { createRefusedCallbackTally } from './refused-callbacks.ts';
import type { PayConfig } from './settings.ts';

/** What {@link createPayService} needs. */
export interface PayServiceOptions {
  db: Db;
  clock: Clock;
  log: PayLog;
  config: PayConfig;
  ledger: OrderLedger;
  /** The HTTP client of WeChat Pay; tests pass a fake provider. */
  fetch?: typeof fetch;
  /** The buyer's openid for JSAPI (the WeChat module's `payerOpenid`); without it JSAPI is refused. */
  payerOpenid?: (userId: number) => Promise<string | null>;
}

/** The pay module's services. */
export interface PayService {
  deps: PayDeps;
  channels: PayChannels;
  /** Resolves once the automatic refunds started so far have finished. */
  idle(): Promise<void>;
  /** Waits for the automatic refunds and writes the refused callbacks still counted in memory. */
  close(): Promise<void>;
}

/** Builds the channels `config.pay` opens and the services over them. */
export function createPayService(options: PayServiceOptions): PayService {
  const { db, clock, log, config, ledger } = options;
  const channels = createPayChannels(config, {
    db,
    clock,
    log,
    timeoutMs: config.providerTimeoutMs,
    fetch: options.fetch,
  });
  const running = new Set<Promise<unknown>>();
  const refusedCallbacks = createRefusedCallbackTally(db, {
    maxRows: config.refusedCallbackMaxRows,
    flushSeconds: config.refusedCallbackFlushSeconds,
  });
  const deps: PayDeps = {
    db,
    clock,
    log,
    config,
    ledger,
    channels,
    payerOpenid: options.payerOpenid ?? (async () => null),
    refusedCallbacks,
    refundDue(refundId) {
      const work = sendRefund(deps, refundId)
        .catch((error: unknown) => {
          // Still pending: the retry job sends it again.
          log.warn({ refund: refundId, err: (error as Error).message }, 'automatic refund not sent yet');
        })
        .finally(() => running.delete(work));
      running.add(work);
    },
  };
  return {
    deps,
    channels,
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    async close() {
      await this.idle();
      await refusedCallbacks.close();
    },
  };
}
