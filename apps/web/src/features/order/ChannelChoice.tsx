import type { PayChannelList } from '@xuanli/contracts/pay';
import type { PayChannel } from '@xuanli/contracts/shop';
import { useId } from 'react';
import styles from './ChannelChoice.module.css';
import common from './order.module.css';
import { isWechatBrowser } from './pay-start';

/** The channel picked before the buyer chooses: WeChat Pay inside WeChat when it is open, else the first. */
export function defaultChannel(list: PayChannelList['list']): PayChannel | null {
  if (isWechatBrowser() && list.some((item) => item.channel === 'wechat')) return 'wechat';
  return list[0]?.channel ?? null;
}

/** The open payment channels as a radio list with their Chinese names (from `GET pay/channels`). */
export function ChannelChoice({
  list,
  value,
  onChange,
}: {
  list: PayChannelList['list'];
  value: PayChannel | null;
  onChange: (channel: PayChannel) => void;
}) {
  const name = useId();
  if (list.length === 0) return <p className={styles.none}>暂无可用的支付方式，请联系客服</p>;
  return (
    <div className={styles.list} role="radiogroup" aria-label="支付方式">
      {list.map((item) => (
        <label key={item.channel} className={styles.option}>
          <span className={styles.name}>{item.name}</span>
          <input
            type="radio"
            name={name}
            className={common.radio}
            value={item.channel}
            checked={value === item.channel}
            onChange={() => onChange(item.channel)}
          />
        </label>
      ))}
    </div>
  );
}
