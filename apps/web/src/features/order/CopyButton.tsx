import { copyText } from '@/components/ContactCard';
import { toast } from '@/lib/feedback';
import styles from './order.module.css';

/** A small 复制 button beside a value (the order number, a tracking number), 44 px tall. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  async function copy() {
    const copied = await copyText(text);
    toast(copied ? '已复制' : '复制失败，请长按文字复制', copied ? 'success' : 'fail');
  }
  return (
    <button type="button" className={styles.linkButton} onClick={copy} aria-label={`复制${what}`}>
      复制
    </button>
  );
}
