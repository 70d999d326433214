/**
 * The channels this server is configured for (config.ts `pay`), in the order the cashier lists them:
 * WeChat Pay, Alipay, then the sandbox.
 */
import type { PayChannel } from '@xuanli/contracts/shop';
import { alipayChannel } from './alipay/channel.ts';
import type { PaymentChannel } from './channel.ts';
import type { ChannelDeps } from './channel-deps.ts';
import { type SandboxChannel, sandboxChannel } from './sandbox/channel.ts';
import type { PayConfig } from './settings.ts';
import { wechatChannel } from './wechat/channel.ts';

/** The open channels. */
export interface PayChannels {
  /** The channel named `name` when it is open (any string: callers pass URL parameters). */
  get(name: string): PaymentChannel | undefined;
  /** Every open channel, in display order. */
  list(): PaymentChannel[];
  /** The sandbox, when open. */
  sandbox: SandboxChannel | undefined;
}

/** Builds the channels `config` opens. */
export function createPayChannels(config: PayConfig, deps: ChannelDeps): PayChannels {
  const sandbox = config.sandbox ? sandboxChannel(config, deps) : undefined;
  const list: PaymentChannel[] = [
    ...(config.wechat ? [wechatChannel(config.wechat, deps)] : []),
    ...(config.alipay ? [alipayChannel(config.alipay, deps)] : []),
    ...(sandbox ? [sandbox] : []),
  ];
  const byName = new Map<string, PaymentChannel>(list.map((channel) => [channel.name, channel]));
  return {
    get: (name) => byName.get(name as PayChannel),
    list: () => [...list],
    sandbox,
  };
}
