/**
 * The 我的 tab's WeChat parts: inside WeChat a visitor is offered 微信登录 (with their nickname and
 * picture) beside phone login, and a signed-in reader sees which ways in their account has — 手机号
 * and 微信 — with 去绑定 for a missing phone. Nothing shows while WeChat login is off, except the phone
 * link of an account that has none.
 */
import { paths } from '@/config/paths';
import { List } from '@/lib/antd-mobile';
import { useNavigation } from '@/lib/navigation';
import { isWechatBrowser, startWechatLogin } from '@/lib/wechat';
import type { User } from '@/stores/session';
import { useWechatBinding, useWechatStatus } from './api/wechat';
import styles from './UserPage.module.css';

/** Whether 微信登录 is offered here: inside WeChat, with the 公众号 configured. */
export function useWechatLoginOffered(): boolean {
  const inWechat = isWechatBrowser();
  const status = useWechatStatus();
  return inWechat && status.data?.enabled === true;
}

/** Starts 微信登录 from the 我的 tab, coming back to it through the login page. */
export function startWechatLoginFromUserPage(): void {
  startWechatLogin(paths.login.getHref({ redirect: paths.user.path }), 'userinfo');
}

/** The account's ways in, under the member card. */
export function AccountBinding({ user }: { user: User }) {
  const navigation = useNavigation();
  const binding = useWechatBinding();
  const wechatOn = binding.data?.enabled === true;
  if (!wechatOn && user.phone !== '') return null;
  return (
    <List mode="card" className={styles.list} header="账号绑定">
      <List.Item
        extra={user.phone || <span className={styles.bindLink}>去绑定</span>}
        onClick={user.phone ? undefined : () => navigation.navigate(paths.bindPhone.path)}
        arrowIcon={user.phone ? false : undefined}
      >
        手机号
      </List.Item>
      {wechatOn ? (
        <List.Item
          extra={
            binding.data?.bound
              ? `已绑定${binding.data.nickname ? `（${binding.data.nickname}）` : ''}`
              : '未绑定'
          }
          onClick={() => navigation.navigate(paths.setting.path)}
        >
          微信
        </List.Item>
      ) : null}
    </List>
  );
}
