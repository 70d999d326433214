import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query';
import { DialogHost } from './DialogHost';

/**
 * The dialog host inside TanStack Query's provider, with the app's client, so the dialogs share the
 * pages' cache (the customer-service card fetched by the 定制 tab is the dialog's too). Loaded by the
 * dialog store on the first open and mounted by the app layer (src/app/layouts.tsx).
 */
export function DialogLayer() {
  return (
    <QueryClientProvider client={queryClient}>
      <DialogHost />
    </QueryClientProvider>
  );
}
