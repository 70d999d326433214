/**
 * Finding antd modals and drawers by their title, and options of antd selects. antd labels each dialog by an id from rc-util's
 * `useId`, which is the constant 'test-id' under NODE_ENV=test, so with a modal over a drawer every
 * dialog's accessible name is the first one's title; the visible title element tells them apart.
 */
import { screen, waitFor } from '@testing-library/react';

/** The open modal or drawer whose title reads `title`. */
export async function findDialog(title: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen
      .queryAllByRole('dialog')
      .find(
        (dialog) =>
          dialog.querySelector('.ant-modal-title, .ant-drawer-title')?.textContent?.trim() === title,
      );
    if (!found) throw new Error(`no dialog titled ${title}`);
  });
  return found as HTMLElement;
}

/** The option titled `title` of the open antd Select dropdown (not the selection showing it). */
export async function findOption(title: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen
      .queryAllByTitle(title)
      .find((element) => element.classList.contains('ant-select-item-option'));
    if (!found) throw new Error(`no option titled ${title}`);
  });
  return found as HTMLElement;
}

/**
 * The open 放弃修改？ question of an editor with unsaved changes (components/UnsavedChanges.tsx), or
 * null. A closed one stays in jsdom's DOM in its leaving animation (no transitionend ever comes).
 */
export function discardQuestion(): HTMLElement | null {
  return (
    screen
      .queryAllByText('放弃修改？', { selector: '.ant-modal-confirm-title' })
      .find((title) => !title.closest('.ant-zoom-leave')) ?? null
  );
}

/** Waits for the 放弃修改？ question; answers the question's dialog. */
export async function findDiscardQuestion(): Promise<HTMLElement> {
  let found: HTMLElement | null = null;
  await waitFor(() => {
    found = discardQuestion();
    if (!found) throw new Error('no 放弃修改？ question');
  });
  return (found as unknown as HTMLElement).closest('.ant-modal') as HTMLElement;
}
