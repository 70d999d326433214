import type { AddressInput } from '@xuanli/contracts/shop';
import styles from './AddressView.module.css';
import { regionText } from './regions';

/** 138****0000: a phone as order pages show it, half hidden from people looking over a shoulder. */
export function maskPhone(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/**
 * A 收货地址: the receiver and phone on the first line, region and street below. `masked` hides the
 * middle of the phone (checkout and order pages); the address book shows it whole.
 */
export function AddressView({ address, masked = false }: { address: AddressInput; masked?: boolean }) {
  return (
    <div className={styles.address}>
      <p className={styles.who}>
        <span className={styles.name}>{address.name}</span>
        <span className={styles.phone}>{masked ? maskPhone(address.phone) : address.phone}</span>
      </p>
      <p className={styles.where}>
        <span className={styles.region}>{regionText(address)}</span> {address.detail}
      </p>
    </div>
  );
}
