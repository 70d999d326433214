/**
 * `POST /app/bln.suan/jxfen` (PRODUCT.md#paths): compatibility of two earthly branches, wo (mine) and ta (the
 * other's). The phone keeps every answer (PRODUCT.md#screens) in local storage under `jx-fen-` + a hash of
 * the request body, and the answer for a pair never changes, so the cache is read before any call.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Compatibility } from '@xuanli/almanac/bazi/compatibility';
import type { JxfenBody as JxfenWireBody } from '@xuanli/contracts/bazi';
import { APP_ROUTES, api } from '@/lib/api';
import { readStorage, writeStorage } from '@/lib/storage';
import { fnv1a } from '../hash';

/** The request body this app sends: the contract's `{fen: {wo, ta}}` form, each a branch 子 … 亥. */
export type JxfenBody = JxfenWireBody & { fen: { wo: string; ta: string } };

/** The jxfen answer: the engine's compatibility result. */
export type Jxfen = Compatibility;

/** Path of the call, with the lower-case s the original app writes (PRODUCT.md#paths). */
export const JXFEN_PATH = '/app/bln.suan/jxfen';

/** Local-storage prefix of cached answers (PRODUCT.md#screens). */
export const JXFEN_CACHE_PREFIX = 'jx-fen-';

/** The request body for a pair of branches; key order fixed so the hash is stable. */
export function jxfenBody(wo: string, ta: string): JxfenBody {
  return { fen: { wo, ta } };
}

/** The local-storage key of a body's answer: 'jx-fen-' + FNV-1a hex of the body's JSON. */
export function jxfenCacheKey(body: JxfenBody): string {
  return JXFEN_CACHE_PREFIX + fnv1a(JSON.stringify(body));
}

function isJxfen(value: unknown): value is Jxfen {
  return !!value && typeof value === 'object' && typeof (value as Jxfen).relation === 'string';
}

/** The answer for `body`: from the local cache when present, else from the server (then cached). */
export async function getJxfen(body: JxfenBody, signal?: AbortSignal): Promise<Jxfen> {
  const key = jxfenCacheKey(body);
  const cached = readStorage<unknown>(key, null);
  if (isJxfen(cached)) return cached;
  const answer = await api.call(APP_ROUTES.bazi.postJxfen, { body }, { signal });
  if (isJxfen(answer)) writeStorage(key, answer);
  return answer;
}

/** Query options of a pair's compatibility. */
export function jxfenQueryOptions(body: JxfenBody) {
  return queryOptions({
    queryKey: ['bazi', 'jxfen', body],
    queryFn: ({ signal }) => getJxfen(body, signal),
    staleTime: Number.POSITIVE_INFINITY,
    // Offline, try anyway and fail (the card then says 需要联网) rather than wait, paused, forever.
    networkMode: 'always',
  });
}

/** The compatibility of a pair; idle while `body` is null. */
export function useJxfen(body: JxfenBody | null) {
  return useQuery({
    ...jxfenQueryOptions(body ?? jxfenBody('', '')),
    enabled: body !== null,
  });
}
