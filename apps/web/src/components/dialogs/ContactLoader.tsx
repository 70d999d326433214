/**
 * A contact card that loads itself, with the states of PRODUCT.md#screens: 加载中... while fetching, then the
 * card, or 加载失败：{message} with 重试 (PRODUCT.md#errors).
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { userMessage } from '@/lib/error-message';
import { ContactCard, DEFAULT_KEFU_NICKNAME, DEFAULT_MASTER_NICKNAME } from '../ContactCard';
import type { ContactInfo } from './api/contact';
import { useDashi } from './api/get-dashi';
import { useKefu } from './api/get-kefu';
import styles from './dialogs.module.css';

interface LoaderProps {
  /** A line above the card, e.g. why to add this contact. */
  lead?: string;
  /** Called when the reader follows the card's link away. */
  onLeave?: () => void;
}

/** The online customer-service card, shown from the `kefu-info` cache at once and refreshed. */
export function KefuContact({ lead, onLeave }: LoaderProps) {
  return (
    <ContactState query={useKefu()} defaultNickname={DEFAULT_KEFU_NICKNAME} lead={lead} onLeave={onLeave} />
  );
}

/** The card of the master `sellid` (the default master when absent). */
export function DashiContact({ sellid, lead, onLeave }: LoaderProps & { sellid?: number | string }) {
  return (
    <ContactState
      query={useDashi(sellid)}
      defaultNickname={DEFAULT_MASTER_NICKNAME}
      lead={lead}
      onLeave={onLeave}
    />
  );
}

function ContactState({
  query,
  defaultNickname,
  lead,
  onLeave,
}: LoaderProps & { query: UseQueryResult<ContactInfo>; defaultNickname: string }) {
  // A cached card stays up when its background refresh fails.
  if (query.data) {
    return <ContactCard info={query.data} defaultNickname={defaultNickname} lead={lead} onLeave={onLeave} />;
  }
  if (query.isError) {
    return (
      <div className={styles.state} role="alert">
        <p className={styles.stateText}>加载失败：{userMessage(query.error)}</p>
        <button type="button" className={styles.retry} onClick={() => void query.refetch()}>
          重试
        </button>
      </div>
    );
  }
  return (
    <div className={styles.state} role="status">
      <p className={styles.stateText}>加载中...</p>
    </div>
  );
}
