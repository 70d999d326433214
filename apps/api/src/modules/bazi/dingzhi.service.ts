/**
 * 定制 (PRODUCT.md#dingzhi, #roles): a VIP's personal fortune for a day and its week, computed by the engine
 * (`@xuanli/almanac/bazi/dailyFortune`, whose module comment states the rule) from the birth profile the
 * client saved. Who may ask is decided here against the member module's `users` row by the server's
 * clock (shared/entitlements.ts), never by what the client believes about its VIP status.
 */
import { dailyFortune, type FortuneDay, fortunePerson, weekFortune } from '@xuanli/almanac/bazi/dailyFortune';
import { DEFAULT_YUN_TYPE } from '@xuanli/almanac/bazi/yunType';
import type { DingzhiBody } from '@xuanli/contracts/dingzhi';
import type { Db } from '../../db/client.ts';
import { beijingToday, type Clock } from '../../shared/clock.ts';
import { isVipActive } from '../../shared/entitlements.ts';
import { AppError } from '../../shared/errors.ts';
import { findUser } from '../member/index.ts';

/** What the 定制 service needs. */
export interface DingzhiDeps {
  db: Db;
  clock: Clock;
}

/**
 * Refuses anyone but a signed-in account (PRODUCT.md#roles): a visitor session, or a user row that is gone
 * (deleted, banned) → Unauthorized. Answers the account's row.
 */
export async function assertMember(deps: DingzhiDeps, userId: number | null) {
  if (userId === null) throw new AppError('Unauthorized', 'sign in first');
  // The member module's live-user read: a deleted account is no user, and the row may come from its cache.
  const user = await findUser(deps.db, userId);
  if (!user) throw new AppError('Unauthorized', 'sign in first');
  return user;
}

/**
 * Refuses anyone but an active VIP (PRODUCT.md#vip, #roles): a visitor session (no user, or a user row that
 * is gone) → Unauthorized, so the client signs in; a user whose `vip_expire` is not after the server's now →
 * Forbidden.
 */
export async function assertVip(deps: DingzhiDeps, userId: number | null): Promise<void> {
  const user = await assertMember(deps, userId);
  if (!isVipActive(user, deps.clock)) throw new AppError('Forbidden', 'an active VIP membership is required');
}

/** A 定制 request as the route has validated it: the wire's body. */
export type FortuneRequest = DingzhiBody;

/** The 定制 answer: the day asked for and the seven days of its week, Monday first. */
export interface FortuneAnswer {
  day: FortuneDay;
  week: FortuneDay[];
}

/**
 * The fortune of the profile for `date` (default: today in Beijing by the server's clock) and its week.
 * The engine checks the profile and the date: a wrong sex, birth text or date throws its AlmanacError,
 * which the error handler answers as a 400 with the engine's code.
 */
export function fortuneOf(clock: Clock, request: FortuneRequest): FortuneAnswer {
  const person = fortunePerson({ born: request.bazi.born, sex: request.bazi.sex });
  const date = request.date ?? beijingToday(clock);
  const yunType = request.yunType ?? DEFAULT_YUN_TYPE;
  const week = weekFortune(person, date, yunType);
  // The day is one of its week's seven (the engine has checked the date by now); not computed twice.
  const day = week.find((d) => d.date === date) ?? dailyFortune(person, date, yunType);
  return { day, week };
}
