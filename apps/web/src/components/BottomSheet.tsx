import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { motion } from '@/config/theme';
import styles from './BottomSheet.module.css';

interface BottomSheetProps {
  open: boolean;
  /** The dialog's accessible name, e.g. '选择日期'. */
  label: string;
  /** Tap on the mask, Escape, or the sheet's own cancel button. */
  onClose: () => void;
  /** The panel's max-height (default 85vh). */
  maxHeight?: string;
  children: ReactNode;
}

/**
 * A modal sheet sliding up from the bottom over a dimmed page (PRODUCT.md#constants: 300 ms), for the
 * calendar's pickers and the bazi profiles — a few dozen lines instead of antd-mobile's Popup with
 * react-spring and use-gesture. Renders into `document.body` only while open (and during its closing slide);
 * focus moves into the sheet and back to the button that opened it; Escape and a tap on the mask close it.
 */
export function BottomSheet({ open, label, onClose, maxHeight, children }: BottomSheetProps) {
  const [mounted, setMounted] = useState(open);
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Mount on open; on close keep the sheet for its closing slide, then unmount (state adjusted during
  // render for the opening, a timer for the closing).
  if (open && !mounted) setMounted(true);
  useEffect(() => {
    if (open || !mounted) return;
    const timer = setTimeout(() => setMounted(false), motion.transition);
    return () => clearTimeout(timer);
  }, [open, mounted]);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    // The page behind must not scroll under the finger while the sheet is up.
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, [open]);

  if (!mounted) return null;
  return createPortal(
    <div className={`${styles.root} ${open ? '' : styles.closing}`} aria-hidden={open ? undefined : true}>
      <div className={styles.mask} onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        className={styles.panel}
        style={maxHeight ? { maxHeight } : undefined}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}

interface SheetToolbarProps {
  title: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
  confirmDisabled?: boolean;
  /** Default '取消'. */
  cancelLabel?: string;
  /** Default '确定'. */
  confirmLabel?: string;
}

/** A sheet's top row, kept in view: 取消 · title · 确定, each button at least 44 px high. */
export function SheetToolbar({
  title,
  onCancel,
  onConfirm,
  confirmDisabled,
  cancelLabel = '取消',
  confirmLabel = '确定',
}: SheetToolbarProps) {
  return (
    <div className={styles.toolbar}>
      <button type="button" className={styles.action} onClick={onCancel}>
        {cancelLabel}
      </button>
      <span className={styles.title}>{title}</span>
      <button
        type="button"
        className={`${styles.action} ${styles.ok}`}
        onClick={onConfirm}
        disabled={confirmDisabled}
      >
        {confirmLabel}
      </button>
    </div>
  );
}
