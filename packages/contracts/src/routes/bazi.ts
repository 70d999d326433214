/**
 * The bazi routes: the app's charts and readings (`/api/app/bln.suan/…`, 排盘, 合婚, 反查, 定制, 命书) and the saved 命理 profiles (`/api/crm/bazi/…`).
 * Each route once: method, path, and the schemas the API registers (route.ts).
 */

import {
  ChartBodySchema,
  ChartSchema,
  CompatibilitySchema,
  FanchaAnswerSchema,
  FanchaBodySchema,
  HehunAnswerSchema,
  HehunBodySchema,
  JxfenBodySchema,
  ReadingsSchema,
} from '../bazi.ts';
import {
  DingzhiAnswerSchema,
  DingzhiBodySchema,
  DingzhiProfileAnswerSchema,
  DingzhiProfileBodySchema,
  DingzhiProfileSchema,
} from '../dingzhi.ts';
import { MingshuPdfSchema } from '../files.ts';
import {
  MingliDeletedSchema,
  MingliFileSchema,
  MingliImportResultSchema,
  MingliListQuerySchema,
  MingliListSchema,
  MingliProfileInputSchema,
  MingliProfileParamsSchema,
  MingliProfilePatchSchema,
  MingliProfileSchema,
} from '../mingli.ts';
import { defineRoutes } from '../route.ts';

/** The app's bazi routes. */
export const BAZI_ROUTES = defineRoutes({
  postBzdata: {
    method: 'POST',
    path: '/api/app/bln.suan/bzdata',
    body: ChartBodySchema,
    answer: ChartSchema,
  },
  postMiji: { method: 'POST', path: '/api/app/bln.suan/miji', body: ChartBodySchema, answer: ReadingsSchema },
  postHehun: {
    method: 'POST',
    path: '/api/app/bln.suan/hehun',
    body: HehunBodySchema,
    answer: HehunAnswerSchema,
  },
  postJxfen: {
    method: 'POST',
    path: '/api/app/bln.suan/jxfen',
    body: JxfenBodySchema,
    answer: CompatibilitySchema,
  },
  postFancha: {
    method: 'POST',
    path: '/api/app/bln.suan/fancha',
    body: FanchaBodySchema,
    answer: FanchaAnswerSchema,
  },
  postDingzhi: {
    method: 'POST',
    path: '/api/app/bln.suan/dingzhi',
    body: DingzhiBodySchema,
    answer: DingzhiAnswerSchema,
  },
  getDingzhiProfile: {
    method: 'GET',
    path: '/api/app/bln.suan/dingzhi/profile',
    answer: DingzhiProfileAnswerSchema,
  },
  putDingzhiProfile: {
    method: 'PUT',
    path: '/api/app/bln.suan/dingzhi/profile',
    body: DingzhiProfileBodySchema,
    answer: DingzhiProfileSchema,
  },
  postMingshu: {
    method: 'POST',
    path: '/api/app/bln.suan/mingshu',
    body: ChartBodySchema,
    reply: MingshuPdfSchema,
  },
  getCrmBaziProfiles: {
    method: 'GET',
    path: '/api/crm/bazi/profiles',
    query: MingliListQuerySchema,
    answer: MingliListSchema,
  },
  postCrmBaziProfiles: {
    method: 'POST',
    path: '/api/crm/bazi/profiles',
    body: MingliProfileInputSchema,
    answer: MingliProfileSchema,
  },
  patchCrmBaziProfilesById: {
    method: 'PATCH',
    path: '/api/crm/bazi/profiles/:id',
    params: MingliProfileParamsSchema,
    body: MingliProfilePatchSchema,
    answer: MingliProfileSchema,
  },
  deleteCrmBaziProfilesById: {
    method: 'DELETE',
    path: '/api/crm/bazi/profiles/:id',
    params: MingliProfileParamsSchema,
    answer: MingliDeletedSchema,
  },
  getCrmBaziProfilesExport: { method: 'GET', path: '/api/crm/bazi/profiles/export', reply: MingliFileSchema },
  postCrmBaziProfilesImport: {
    method: 'POST',
    path: '/api/crm/bazi/profiles/import',
    body: MingliFileSchema,
    answer: MingliImportResultSchema,
  },
});
