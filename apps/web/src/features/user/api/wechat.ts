/**
 * The WeChat calls of the user centre (WeChat wire): whether WeChat login is on (`GET wechat/status`,
 * public), trading an authorisation's ticket for a session (`POST crm/member/wechat`, a visitor's or a
 * user's token), linking a phone (`POST crm/member/bind-phone`, which may merge accounts and answers a
 * new session), the account's WeChat binding and unbinding it. A login or a link answers a new token
 * record, which the session store keeps as every login's.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BindPhoneBody, WechatLoginResult } from '@xuanli/contracts/wechat';
import { APP_ROUTES, api } from '@/lib/api';
import { memberCall, useSession } from '@/stores/session';

/** Whether WeChat login is configured; it changes only with the server's settings. */
export const wechatStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['wechat', 'status'],
    queryFn: ({ signal }) => api.call(APP_ROUTES.wechat.getStatus, {}, { signal }),
    staleTime: 10 * 60_000,
  });

/** The WeChat status for a component. */
export const useWechatStatus = () => useQuery(wechatStatusQueryOptions());

/** Signs in with `ticket`; resolves with the new token record, which the store then holds. */
export async function wechatLogin(ticket: string): Promise<WechatLoginResult> {
  const result = await api.call(APP_ROUTES.member.postWechat, { body: { ticket } });
  useSession.getState().login(result);
  return result;
}

/** The logged-in account's WeChat binding. */
export const wechatBindingQueryOptions = () =>
  queryOptions({
    queryKey: ['member', 'wechat'],
    queryFn: ({ signal }) => memberCall(APP_ROUTES.member.getWechat, {}, { signal }),
  });

/** The binding, asked only for a logged-in reader. */
export function useWechatBinding() {
  const isLogin = useSession((s) => s.isLogin);
  return useQuery({ ...wechatBindingQueryOptions(), enabled: isLogin });
}

/** Links a phone by its SMS code; the answer's session (perhaps another, merged account) is kept. */
export function useBindPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BindPhoneBody) => memberCall(APP_ROUTES.member.postBindPhone, { body }),
    onSuccess: (result) => {
      useSession.getState().login(result);
      void queryClient.invalidateQueries({ queryKey: ['member'] });
    },
  });
}

/** Removes the account's WeChat binding (only with a phone linked). */
export function useUnbindWechat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => memberCall(APP_ROUTES.member.postWechatUnbind, { body: {} }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['member', 'wechat'] }),
  });
}
