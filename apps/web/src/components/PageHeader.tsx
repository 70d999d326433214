import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useLocation } from 'react-router';
import { titleOf } from '@/config/paths';
import { useNavigation } from '@/lib/navigation';
import { BackIcon } from './icons';
import styles from './PageHeader.module.css';

/** Props of {@link PageHeader}. */
export interface PageHeaderProps {
  /** Title in the middle; defaults to the current route's Chinese title from `src/config/paths.ts`. */
  title?: ReactNode;
  /** Shows a back arrow on the left. Off by default (tab pages have none). */
  back?: boolean;
  /** Called by the back arrow; defaults to going back (or to the root when there is no history). */
  onBack?: () => void;
  /** Replaces the left slot entirely (the back arrow is not shown then). */
  left?: ReactNode;
  /** Content of the right slot, e.g. a text button `我的`. Keep it at least 44 px wide. */
  right?: ReactNode;
}

/**
 * The custom page header: 44 px plus the top safe-area inset, in the theme colour, sticky at the top of
 * the page. Renders the title as the page's `h1`.
 *
 * @example
 * <PageHeader />                                   // tab page, title from the route
 * <PageHeader back title="老黄历" right={<HeaderButton onClick={share}>分享</HeaderButton>} />
 */
export function PageHeader({ title, back = false, onBack, left, right }: PageHeaderProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const heading = title ?? titleOf(location.pathname) ?? '';

  let leftSlot = left;
  if (leftSlot === undefined && back) {
    leftSlot = (
      <HeaderButton aria-label="返回" onClick={onBack ?? (() => navigation.back())}>
        <BackIcon size={22} />
      </HeaderButton>
    );
  }

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <div className={styles.side}>{leftSlot}</div>
        <h1 className={styles.title}>{heading}</h1>
        <div className={`${styles.side} ${styles.right}`}>{right}</div>
      </div>
    </header>
  );
}

/** Props of {@link HeaderButton}: a native button's props. */
export type HeaderButtonProps = ButtonHTMLAttributes<HTMLButtonElement>;

/** A 44 × 44 px (or wider) transparent button for the header's left or right slot. */
export function HeaderButton({ className, type = 'button', ...props }: HeaderButtonProps) {
  return <button type={type} className={`${styles.button} ${className ?? ''}`} {...props} />;
}
