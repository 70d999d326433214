import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

const roots = new WeakMap<Element | DocumentFragment, Root>();
let registered = false;

/**
 * Lets antd-mobile's imperative APIs (`Toast.show`, `Dialog.confirm`, …) render on React 19: they
 * render nothing until a renderer is registered (STACK.md). `src/lib/feedback.ts` calls it when it
 * loads; a module that calls antd's imperative APIs directly calls it once at its top. Not called at
 * start-up on purpose: it pulls rc-util and Babel's async helpers (≈3 KB gzip) into the shell.
 * Repeated calls are ignored.
 */
export function registerAntdRender(): void {
  if (registered) return;
  registered = true;
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
}
