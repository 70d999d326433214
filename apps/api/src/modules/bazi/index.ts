/**
 * The bazi module's public entry: bzdata, miji, jxfen and 合婚 (hehun), the VIP 定制 fortune and each
 * account's 定制 profile (erased with the account), and the reading texts it seeds.
 */

export { dingzhiRoutes } from './dingzhi.routes.ts';
export { eraseDingzhiProfile } from './dingzhi-profile.ts';
export {
  listReadingsForEditing,
  type ReadingChange,
  updateReading,
} from './reading-editing.ts';
export { baziRoutes } from './routes.ts';
export { dingzhiProfiles } from './schema.ts';
export { READING_SEED, seedReadings } from './seed-readings.ts';
