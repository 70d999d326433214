import type { ReactNode } from 'react';
import { SheetSubmit } from '@/components/SheetSubmit';
import styles from './order.module.css';
import sheet from './sheet.module.css';

/** Props of {@link SheetForm}. */
export interface SheetFormProps {
  title: string;
  onClose: () => void;
  /** Why the last submit failed, said above the button; null when it did not fail. */
  error: string | null;
  /** The button's words, e.g. 确认支付, or what it is doing (正在提交…). */
  submitLabel: string;
  submitDisabled: boolean;
  onSubmit: () => void;
  children: ReactNode;
}

/**
 * The inside of an order page's bottom sheet (去支付, 申请退款): the title with 取消, the choices, why
 * the last submit failed (announced, so the buyer can change a choice and try again) and the wide
 * submit button.
 */
export function SheetForm({
  title,
  onClose,
  error,
  submitLabel,
  submitDisabled,
  onSubmit,
  children,
}: SheetFormProps) {
  return (
    <div className={sheet.body}>
      <div className={sheet.head}>
        <h2 className={sheet.title}>{title}</h2>
        <button type="button" className={styles.linkButton} onClick={onClose}>
          取消
        </button>
      </div>
      {children}
      <SheetSubmit
        failure={error}
        failureClassName={styles.error}
        className={`${styles.button} ${styles.primary} ${sheet.wide}`}
        disabled={submitDisabled}
        onSubmit={onSubmit}
      >
        {submitLabel}
      </SheetSubmit>
    </div>
  );
}
