/**
 * The facts line of a courseware file (`2 页 · 86 KB`): its pages when known and its size in the
 * units a phone's file manager uses (1 KB = 1024 bytes).
 */
import type { Courseware } from '@xuanli/contracts/ketang';

/** '860 B', '86 KB', '1.2 MB' for a size in bytes. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = Math.round(bytes / 1024);
  if (kb < 1024) return `${kb} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** '2 页 · 86 KB', or only the size when the pages are not known (0). */
export function factsOf(file: Pick<Courseware, 'pages' | 'bytes'>): string {
  const size = sizeText(file.bytes);
  return file.pages > 0 ? `${file.pages} 页 · ${size}` : size;
}
