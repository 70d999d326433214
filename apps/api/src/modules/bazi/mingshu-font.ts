/**
 * The 命书's font: 玄历楷体 (XuanliKai), a subset of the OFL-licensed LXGW WenKai covering GB2312 and
 * every character of the engine's and the readings' texts (1.8 MB compressed), committed as `apps/api/assets/fonts/XuanliKai-Regular.ttf.br` with its licence beside it
 * (made by `scripts/make-mingshu-font.sh`). Committed rather than read from the system's fonts so that
 * the server needs no apt at run time and every install prints the same 命书; a TrueType (glyf) font,
 * because fontkit subsets those into each PDF reliably (CFF CJK fonts such as Noto's it does not).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';

/** Where the compressed font lives. */
export const MINGSHU_FONT_FILE = fileURLToPath(
  new URL('../../../assets/fonts/XuanliKai-Regular.ttf.br', import.meta.url),
);

/** The TrueType bytes of the 命书's font (Node's brotli unpacks 1.8 MB to 3.5 MB in about a hundred ms). */
export function loadMingshuFont(file: string = MINGSHU_FONT_FILE): Uint8Array {
  return brotliDecompressSync(readFileSync(file));
}
