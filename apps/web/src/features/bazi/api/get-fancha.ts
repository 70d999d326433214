/**
 * `POST /app/bln.suan/fancha` (四柱反查): every 时辰 with four given pillars, each with a birth text
 * ready to chart. Pillars that cannot stand together come back as a 400 whose Chinese `msg` says which
 * stem should be what; the form shows it beside the field.
 */
import type { FanchaAnswer, FanchaBody } from '@xuanli/contracts/bazi';
import { APP_ROUTES, api } from '@/lib/api';

/** The moments of `body.pillars`, in time order. */
export function getFancha(body: FanchaBody): Promise<FanchaAnswer> {
  return api.call(APP_ROUTES.bazi.postFancha, { body });
}
