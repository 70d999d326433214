/**
 * The catalogue's dialogs (商品, 规格, 库存) all save the same way: each answers with the whole
 * product, which the list and the drawer show at once, and each asks before closing with unsaved
 * changes.
 */
import type { AdminProductDetail } from '@xuanli/contracts/admin-shop';
import { useUnsavedChanges } from '@/components/UnsavedChanges';
import { useFeedback } from '@/lib/feedback';

/**
 * The guard of a catalogue dialog that is `open`, and its `save`: runs `request`, says `done`, hands
 * the product it answered to `onSaved` and leaves nothing unsaved (true, for the form to close); a
 * failure shows its message and keeps the dialog open (false).
 */
export function useProductSave(open: boolean, onSaved: (product: AdminProductDetail) => void) {
  const { message, showError } = useFeedback();
  const guard = useUnsavedChanges({ active: open });
  const save = async (request: () => Promise<AdminProductDetail>, done: string) => {
    try {
      const saved = await request();
      void message.success(done);
      onSaved(saved);
      guard.markSaved();
      return true;
    } catch (error) {
      showError(error);
      return false;
    }
  };
  return { guard, save };
}
