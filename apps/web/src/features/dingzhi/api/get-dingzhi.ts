/**
 * The personal fortune of 定制 (SPEC §2 tab 3, §6): `POST app/bln.Suan/dingzhi {bazi, yunType, date}` →
 * `{day, week}`, the day asked for and its week Monday–Sunday, computed by the server from the saved
 * birth profile. VIP only, so it goes through `memberRequest`: without login it is not sent, and a 401
 * (the session ended) clears the user; a user whose VIP has lapsed gets 403 Forbidden.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DingzhiAnswer, DingzhiBody } from '@xuanli/contracts/dingzhi';
import { memberRequest } from '@/stores/session';

/** Path of the call (SPEC §7 keeps the `bln.Suan` casing of the original app). */
export const DINGZHI_PATH = '/app/bln.Suan/dingzhi';

/** Fetches the fortune of `body`. */
export function getDingzhi(body: DingzhiBody, signal?: AbortSignal): Promise<DingzhiAnswer> {
  return memberRequest<DingzhiAnswer>('POST', DINGZHI_PATH, { body, signal });
}

/** Query of one fortune; the same profile, type and day always give the same answer. */
export const dingzhiQueryOptions = (body: DingzhiBody) =>
  queryOptions({
    queryKey: [
      'dingzhi',
      body.bazi.name ?? '',
      body.bazi.sex,
      body.bazi.born,
      body.yunType ?? '',
      body.date ?? '',
    ],
    queryFn: ({ signal }) => getDingzhi(body, signal),
    // A day's fortune never changes; only a new day (a new key) needs the server again.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The fortune for a component; `enabled` false keeps it from being asked (no profile yet). */
export const useDingzhi = (body: DingzhiBody, enabled = true) =>
  useQuery({ ...dingzhiQueryOptions(body), enabled });
