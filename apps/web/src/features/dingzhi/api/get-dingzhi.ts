/**
 * The personal fortune of 定制 (PRODUCT.md#dingzhi): `POST app/bln.suan/dingzhi {bazi, yunType, date}` →
 * `{day, week}`, the day asked for and its week Monday–Sunday, computed by the server from the saved
 * birth profile. VIP only, so it goes through `memberCall`: without login it is not sent, and a 401
 * (the session ended) clears the user; a user whose VIP has lapsed gets 403 Forbidden.
 */
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DingzhiAnswer, DingzhiBody } from '@xuanli/contracts/dingzhi';
import { APP_ROUTES } from '@/lib/api';
import { memberCall } from '@/stores/session';

/** Fetches the fortune of `body`. */
export function getDingzhi(body: DingzhiBody, signal?: AbortSignal): Promise<DingzhiAnswer> {
  return memberCall(APP_ROUTES.bazi.postDingzhi, { body }, { signal });
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

/**
 * The answer for `body` taken from one already kept for the same profile and type whose week holds
 * `body.date`: the server answers a day with its whole week, and a day's fortune depends only on the
 * profile, the type and the day, so this is the answer the server would give — on a phone that is
 * offline on Thursday, the week fetched on Monday still shows Thursday's fortune.
 */
export function answerFromKeptWeek(client: QueryClient, body: DingzhiBody): DingzhiAnswer | undefined {
  // The key without its date: every day kept for this profile and type.
  const sameProfileAndType = dingzhiQueryOptions(body).queryKey.slice(0, -1);
  for (const [, answer] of client.getQueriesData<DingzhiAnswer>({ queryKey: sameProfileAndType })) {
    const day = answer?.week.find((d) => d.date === body.date);
    if (answer && day) return { day, week: answer.week };
  }
  return undefined;
}

/** The fortune for a component; `enabled` false keeps it from being asked (no profile yet). */
export function useDingzhi(body: DingzhiBody, enabled = true) {
  const client = useQueryClient();
  return useQuery({
    ...dingzhiQueryOptions(body),
    enabled,
    initialData: body.date ? () => answerFromKeptWeek(client, body) : undefined,
  });
}
