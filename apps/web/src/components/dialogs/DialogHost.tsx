/**
 * The three app dialogs of PRODUCT.md#screens, shown by the flag in `src/stores/dialogs.ts`: the VIP dialog
 * slides up from the bottom (its form is tall), the master and customer-service cards open in the middle.
 * antd-mobile's springs run about 300 ms (the dialog transition of PRODUCT.md#screens). A dialog's content is
 * mounted while it is open and dropped after it closes, so opening one fetches afresh (PRODUCT.md#screens).
 *
 * Mounted once by the app layer (src/app/layouts.tsx), lazily on the first open, inside the TanStack
 * Query provider, so the calendar route downloads neither this nor antd-mobile.
 */
import { type CSSProperties, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { CenterPopup, Popup } from '@/lib/antd-mobile';
import { useDialogs } from '@/stores/dialogs';
import { DashiDialog } from './DashiDialog';
import styles from './dialogs.module.css';
import { KefuDialog } from './KefuDialog';
import { VipDialog } from './VipDialog';

/**
 * How wide the centred cards are: antd-mobile's own CenterPopup sizing (its `--min-width` and
 * `--max-width`, 280 px and 75 vw by default), both set to one width, so the popup's wrapper and the
 * card inside it are the same box — 16 px of the screen left at each side on a 375 px phone, never more
 * than 400 px, and never less than the 288 px a 320 px phone leaves.
 */
export const CENTER_DIALOG_WIDTH = 'min(calc(100vw - 32px), 400px)';

const centerSize = {
  '--min-width': CENTER_DIALOG_WIDTH,
  '--max-width': CENTER_DIALOG_WIDTH,
} as CSSProperties;

/** Renders the open app dialog, if any. */
export function DialogHost() {
  const name = useDialogs((s) => s.name);
  const sellid = useDialogs((s) => s.params.sellid);
  const close = useDialogs((s) => s.close);
  // A dialog belongs to the page it was opened on: going to another page (the back gesture, a link
  // in the card) closes it.
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current !== pathname) {
      shownOn.current = pathname;
      useDialogs.getState().close();
    }
  }, [pathname]);
  return (
    <>
      <Popup
        visible={name === 'vip'}
        onMaskClick={close}
        onClose={close}
        destroyOnClose
        bodyClassName={styles.sheet}
      >
        <VipDialog onClose={close} />
      </Popup>
      <CenterPopup
        visible={name === 'kefu'}
        onMaskClick={close}
        onClose={close}
        destroyOnClose
        style={centerSize}
        bodyClassName={styles.center}
      >
        <KefuDialog onClose={close} />
      </CenterPopup>
      <CenterPopup
        visible={name === 'dashi'}
        onMaskClick={close}
        onClose={close}
        destroyOnClose
        style={centerSize}
        bodyClassName={styles.center}
      >
        <DashiDialog sellid={sellid} onClose={close} />
      </CenterPopup>
    </>
  );
}

export default DialogHost;
