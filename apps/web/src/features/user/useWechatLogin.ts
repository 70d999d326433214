/**
 * WeChat login on the login page. Inside WeChat, with the 公众号 configured, the page starts 网页授权
 * by itself (silent, snsapi_base) unless the reader chose phone login (`manual=1`) or an authorisation
 * just failed; the authorisation comes back to this page with `wxticket`, which is traded once for a
 * session, or with `wxerror`, which is said beside the form — so SMS login stays there for everyone.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { isWechatBrowser, startWechatLogin, WECHAT_OAUTH_FAILURE_TEXT } from '@/lib/wechat';
import { useSession } from '@/stores/session';
import { useWechatStatus, wechatLogin } from './api/wechat';
import { failureMessage } from './errors';

/** Where the login page is in the WeChat flow. */
export type WechatLoginStep = 'idle' | 'leaving' | 'signing-in';

/** The login page's own address with `redirect` kept, for the authorisation to come back to. */
function loginRoute(redirect: string | null): string {
  return paths.login.getHref(redirect ? { redirect } : undefined);
}

/**
 * Runs the WeChat side of the login page: `onSignedIn` once a ticket became a session; `failure` is
 * the sentence to show beside the form. `offered` says whether to show 微信一键登录.
 */
export function useWechatLogin(onSignedIn: () => void) {
  const [search] = useSearchParams();
  const ticket = search.get('wxticket');
  const oauthFailure = search.get('wxerror');
  const redirect = search.get('redirect');
  const inWechat = isWechatBrowser();
  const status = useWechatStatus();
  const isLogin = useSession((s) => s.isLogin);
  const enabled = inWechat && status.data?.enabled === true;
  const [step, setStep] = useState<WechatLoginStep>(ticket ? 'signing-in' : 'idle');
  const [failure, setFailure] = useState<string | null>(
    oauthFailure ? (WECHAT_OAUTH_FAILURE_TEXT[oauthFailure] ?? WECHAT_OAUTH_FAILURE_TEXT.unavailable) : null,
  );
  // A ticket works once: React may run an effect twice, the exchange must not.
  const traded = useRef<string | null>(null);
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;

  useEffect(() => {
    if (!ticket || traded.current === ticket) return;
    traded.current = ticket;
    wechatLogin(ticket).then(
      () => signedIn.current(),
      (error: unknown) => {
        setStep('idle');
        setFailure(failureMessage(error));
      },
    );
  }, [ticket]);

  // Never again once signed in: the reader may be here to switch accounts by phone.
  const silent = enabled && !isLogin && !ticket && !oauthFailure && search.get('manual') !== '1';
  useEffect(() => {
    if (!silent) return;
    setStep('leaving');
    startWechatLogin(loginRoute(redirect), 'base');
  }, [silent, redirect]);

  return {
    step,
    failure,
    offered: enabled && step === 'idle',
    /** 微信一键登录: asks WeChat for the nickname and picture too. */
    startWithProfile: () => {
      setStep('leaving');
      startWechatLogin(loginRoute(redirect), 'userinfo');
    },
  };
}
