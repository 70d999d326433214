/**
 * Short feedback with the durations of PRODUCT.md#constants: `toast` (1500 ms, centre), `notify` (2500 ms,
 * top) and `confirm` (Cancel/OK with the #007aff confirm button). Built on antd-mobile through
 * `@/lib/antd-mobile`, which registers its React 19 renderer; like the kit, this module loads only with the
 * pages that import it, never with the calendar.
 */
import { createElement, type ReactNode } from 'react';
import { modal, notify as notifyTheme, toast as toastTheme } from '@/config/theme';
import { Dialog, Toast } from '@/lib/antd-mobile';

/** Shows a short message in the middle of the screen for 1500 ms. */
export function toast(message: ReactNode, icon?: 'success' | 'fail' | 'loading'): void {
  Toast.show({ content: message, icon, duration: toastTheme.duration });
}

/** Shows a message at the top of the screen for 2500 ms, for things the reader should notice. */
export function notify(message: ReactNode): void {
  Toast.show({ content: message, position: notifyTheme.position, duration: notifyTheme.duration });
}

/** Options of {@link confirm}. */
export interface ConfirmOptions {
  title?: ReactNode;
  content: ReactNode;
  cancelText?: string;
  confirmText?: string;
}

/** Asks a yes/no question with 取消 / 确定 buttons; resolves `true` when confirmed. */
export function confirm({
  title,
  content,
  cancelText = modal.cancelText,
  confirmText = modal.confirmText,
}: ConfirmOptions): Promise<boolean> {
  return Dialog.confirm({
    title,
    content,
    cancelText,
    confirmText: createElement('span', { style: { color: modal.confirmColor } }, confirmText),
  });
}
