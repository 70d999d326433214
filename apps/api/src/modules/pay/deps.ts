/**
 * What the pay services run with. app.ts builds it once (service.ts `createPayService`) from the
 * database, the clock, the configuration, the open channels and the shop's {@link OrderLedger}.
 */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import type { OrderLedger } from '../../shared/orders.ts';
import type { PayLog } from './channel-deps.ts';
import type { PayChannels } from './channels.ts';
import type { RefusedCallbackTally } from './refused-callbacks.ts';
import type { PayConfig } from './settings.ts';

/** Dependencies of the pay services. */
export interface PayDeps {
  db: Db;
  clock: Clock;
  log: PayLog;
  config: Pick<PayConfig, 'publicUrl' | 'refusedCallbackMaxRows' | 'reconcileDays'>;
  ledger: OrderLedger;
  channels: PayChannels;
  /** The buyer's openid under the 公众号 WeChat Pay is bound to (JSAPI), or null (the WeChat module's). */
  payerOpenid(userId: number): Promise<string | null>;
  /** Where callbacks that fail verification are counted. */
  refusedCallbacks: RefusedCallbackTally;
  /**
   * Sends refund `refundId` to its provider after the transaction that recorded it has committed, off
   * the request that caused it (a provider waiting for our answer must not wait for its own refund).
   */
  refundDue(refundId: number): void;
}

/** The absolute URL providers post `channel`'s callbacks to, when the site's public URL is known. */
export function notifyUrl(deps: Pick<PayDeps, 'config'>, channel: string): string | undefined {
  return deps.config.publicUrl ? `${deps.config.publicUrl}/api/pay/notify/${channel}` : undefined;
}
