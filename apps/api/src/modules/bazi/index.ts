/**
 * The bazi module's public entry: bzdata, miji, jxfen, 合婚 (hehun) and fancha (四柱反查), the VIP 定制
 * fortune and each account's 定制 profile (erased with the account, carried over when two accounts
 * merge), the VIP 命书 PDF, the seeding of the reading texts (handed in by the seed runner, apps/api/seed), and the
 * console's readings area.
 */

export { readingConsoleRoutes } from './console-readings.routes.ts';
export { dingzhiRoutes } from './dingzhi.routes.ts';
export { eraseDingzhiProfile, mergeDingzhiProfile } from './dingzhi-profile.ts';
export { mingshuRoutes } from './mingshu.routes.ts';
export {
  listReadingsForEditing,
  type ReadingChange,
  updateReading,
} from './reading-editing.ts';
export { READING_KEY_ORDER, readingKeys } from './readings.ts';
export { baziRoutes } from './routes.ts';
export { type ReadingSeed, seedReadings } from './seed-readings.ts';
