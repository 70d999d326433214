/**
 * Which app dialog is open (PRODUCT.md#screens: dialogs open and close through a model flag). Three dialogs:
 * the VIP customisation dialog, the master contact card and the online customer-service card, drawn
 * by `components/dialogs/DialogHost.tsx`. The first open loads the host and hands it to the app layer,
 * which mounts it once (see `./dialog-event.ts`).
 *
 * @example
 * useDialogs.getState().open('kefu');
 * useDialogs.getState().open('dashi', { sellid: 3 });
 * useDialogs.getState().close();
 */
import type { ComponentType } from 'react';
import { create } from 'zustand';
import { DIALOG_LAYER_EVENT } from './dialog-event';

/** The dialogs of PRODUCT.md#screens: VIP customisation, master contact, online customer service. */
export type DialogName = 'vip' | 'dashi' | 'kefu';

/** What a dialog is opened with: the master dialog takes the master's `sellid` (none = the default master). */
export interface DialogParams {
  sellid?: number | string;
}

/** State and actions of the dialog flag. */
export interface DialogState {
  /** The open dialog, or null. */
  name: DialogName | null;
  params: DialogParams;
  /** True once any dialog has been opened. */
  used: boolean;
  /** Opens `name` (closing any other), loading the dialog host on the first open. */
  open(name: DialogName, params?: DialogParams): void;
  /** Closes the open dialog. */
  close(): void;
}

let layer: Promise<ComponentType> | null = null;

/** Loads the dialog layer (once; again after a failed load) and hands it to the app layer. */
function showLayer(): void {
  layer ??= import('@/components/dialogs/DialogLayer').then(({ DialogLayer }) => DialogLayer);
  layer.then(
    (DialogLayer) => window.dispatchEvent(new CustomEvent(DIALOG_LAYER_EVENT, { detail: DialogLayer })),
    (error: unknown) => {
      // No network for the chunk: the dialog stays closed and the next open tries again.
      console.error(error);
      layer = null;
    },
  );
}

/** The dialog flag store; use with a selector, e.g. `useDialogs((s) => s.name)`. */
export const useDialogs = create<DialogState>()((set) => ({
  name: null,
  params: {},
  used: false,
  open: (name, params = {}) => {
    set({ name, params, used: true });
    showLayer();
  },
  close: () => set({ name: null }),
}));
