/**
 * antd-mobile, the component kit of the app's pages (forms, dialogs, lists, infinite scroll, image
 * viewer, pickers, toast). Pages import it from here, never from `antd-mobile` itself: Biome's
 * `noRestrictedImports` (biome.json) rejects a direct import anywhere else in apps/web.
 *
 * Loading this module registers antd-mobile's React 19 renderer, once, before any page code that uses
 * the kit runs: the imperative APIs (`Toast.show`, `Dialog.confirm`, `ImageViewer.Multi.show`,
 * `Picker.prompt`, …) render nothing on React 19 without it (by default the kit mounts them with
 * `ReactDOM.render`, which React 19 removed). It is not registered at start-up: this module is
 * part of the lazily loaded chunks of the pages that use the kit, so the calendar route, which
 * uses none of it, downloads neither the kit nor the registration (rc-util and Babel's async
 * helpers, ≈3 KB gzip). The build fails if antd-mobile reaches that route
 * (`localRoutesWithout` in vite.config.ts).
 *
 * Re-exporting everything costs nothing: the bundler keeps only the components a page imports.
 */
import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    // Unmounting inside antd-mobile's own render pass warns in React 19; wait one tick.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});

export * from 'antd-mobile';
