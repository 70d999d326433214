/**
 * The window event that hands the loaded dialog layer (a component, in `detail`) to the app layer.
 * The dialog store loads the layer on the first open and sends it with every open; the app layer only
 * listens, so the calendar route's shell carries neither the dialogs, nor zustand, nor a list of the
 * dialogs' chunks to preload.
 */
export const DIALOG_LAYER_EVENT = 'xuanli:dialog-layer';
