/**
 * The payment channels this server is set up for (pay wire): `GET pay/channels` → `{list: [{channel,
 * name}]}` in display order. Public; only the sandbox answers when no real channel is configured.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayChannelList } from '@xuanli/contracts/pay';
import { APP_ROUTES, api } from '@/lib/api';
import { isWechatBrowser } from '@/lib/wechat';

/** Fetches the open channels. */
export function getPayChannels(signal?: AbortSignal): Promise<PayChannelList> {
  return api.call(APP_ROUTES.pay.getChannels, {}, { signal });
}

/** Query of the channels; they change only with the server's configuration. */
export const payChannelsQueryOptions = () =>
  queryOptions({
    queryKey: ['pay', 'channels'],
    queryFn: ({ signal }) => getPayChannels(signal),
    staleTime: 10 * 60_000,
  });

/** `list` as the buyer here may use it: WeChat's browser does not open Alipay's cashier. */
export function channelsHere(list: PayChannelList, inWechat = isWechatBrowser()): PayChannelList {
  return inWechat ? { list: list.list.filter((item) => item.channel !== 'alipay') } : list;
}

/** The open channels for a component, as the buyer here may use them. */
export const usePayChannels = () =>
  useQuery({ ...payChannelsQueryOptions(), select: (data) => channelsHere(data) });
