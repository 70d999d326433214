/**
 * Export and import of the signed-in reader's case book (命例) as the versioned JSON file the API
 * writes (`GET crm/bazi/profiles/export`) and reads (`POST crm/bazi/profiles/import`); the format is
 * described in packages/contracts/src/mingli.ts. The server checks every entry and saves all or none,
 * so the phone only checks that the file is JSON at all before sending it.
 */
import type { MingliFile, MingliImportResult } from '@xuanli/contracts/mingli';
import { MINGLI_FILE_MAX_BYTES } from '@xuanli/contracts/mingli-labels';
import { APP_ROUTES, ApiError } from '@/lib/api';
import { memberCall } from '@/stores/session';

/** The name the exported file is saved under: 玄历命例-20261128.json. */
export function exportFileName(at: Date): string {
  const day = `${at.getFullYear()}${String(at.getMonth() + 1).padStart(2, '0')}${String(at.getDate()).padStart(2, '0')}`;
  return `玄历命例-${day}.json`;
}

/** Fetches the case book as the exported file and has the browser download it; answers its size. */
export async function downloadCaseBook(now: Date = new Date()): Promise<number> {
  const file = await memberCall(APP_ROUTES.bazi.getCrmBaziProfilesExport);
  const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(now);
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the data by the next tick; the URL would otherwise hold it till the page goes.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return file.profiles.length;
}

/**
 * Sends a chosen file to the import. A file that is too large or not JSON is refused here with the
 * message the server would give; the server's refusal (the entry named) comes back as an `ApiError`.
 */
export async function importCaseBook(file: Blob): Promise<MingliImportResult> {
  if (file.size > MINGLI_FILE_MAX_BYTES)
    throw new ApiError('文件太大，不是玄历导出的命例文件', 'BadRequest', 400);
  let body: unknown;
  try {
    body = JSON.parse(await file.text());
  } catch {
    throw new ApiError('文件无法读取：不是玄历导出的命例文件', 'BadRequest', 400);
  }
  // Sent as the file it claims to be: the server checks every entry against the format.
  return memberCall(APP_ROUTES.bazi.postCrmBaziProfilesImport, { body: body as MingliFile });
}
