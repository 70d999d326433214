/**
 * The three app dialogs of SPEC §2, shown by the flag in `src/stores/dialogs.ts`: the VIP dialog slides
 * up from the bottom (its form is tall), the master and customer-service cards open in the middle.
 * antd-mobile's springs run about 300 ms (SPEC §9 dialog transition). A dialog's content is mounted
 * while it is open and dropped after it closes, so opening one fetches afresh (SPEC §4).
 *
 * Mounted once by the app layer (src/app/layouts.tsx), lazily on the first open, inside the TanStack
 * Query provider, so the calendar route downloads neither this nor antd-mobile.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { CenterPopup, Popup } from '@/lib/antd-mobile';
import { useDialogs } from '@/stores/dialogs';
import { DashiDialog } from './DashiDialog';
import styles from './dialogs.module.css';
import { KefuDialog } from './KefuDialog';
import { VipDialog } from './VipDialog';

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
        bodyClassName={styles.center}
      >
        <KefuDialog onClose={close} />
      </CenterPopup>
      <CenterPopup
        visible={name === 'dashi'}
        onMaskClick={close}
        onClose={close}
        destroyOnClose
        bodyClassName={styles.center}
      >
        <DashiDialog sellid={sellid} onClose={close} />
      </CenterPopup>
    </>
  );
}

export default DialogHost;
