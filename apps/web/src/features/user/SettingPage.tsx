import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '@/components/PageHeader';
import { APP_VERSION } from '@/config/env';
import { paths } from '@/config/paths';
import { Button, Dialog, List } from '@/lib/antd-mobile';
import { confirm, toast } from '@/lib/feedback';
import { useNavigation } from '@/lib/navigation';
import { useSession } from '@/stores/session';
import { useDeleteAccount } from './api/delete-account';
import { clearCachedStorage, formatBytes, measureCache } from './cache';
import { failureMessage } from './errors';
import { useLogout } from './logout';
import styles from './user.module.css';
import { WechatSetting } from './WechatSetting';

/** What deleting the account does, said before the reader confirms (accounts wire `crm/member/delete`). */
const DELETE_EXPLAINED =
  '注销后，您的昵称、头像和手机号将从账号中删除（资料匿名化），所有设备上的登录都会退出，' +
  '会员权益和已购课程随之失效，且无法恢复。未支付的订单会被取消；有待发货、待收货或退款中的订单时，' +
  '需等订单完成后再注销。之后仍可用这个手机号重新注册，但原有内容不会找回。';

/**
 * pages/user/setting (系统设置): clear the cache, about 玄历 (its version, PRODUCT.md#who), the agreements and —
 * for a logged-in user — the password, the WeChat binding, account deletion (two confirmations) and
 * logout.
 */
export default function SettingPage() {
  const user = useSession((s) => s.user);
  const navigation = useNavigation();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const deletion = useDeleteAccount();
  const [cacheSize, setCacheSize] = useState(() => measureCache());

  function handleClearCache() {
    const cleared = clearCachedStorage();
    // The cached master record also lives in memory; answers in the query cache are fetched anew.
    useSession.getState().setDashi(null);
    queryClient.clear();
    setCacheSize(measureCache());
    toast(
      cleared.count > 0
        ? `已清除 ${cleared.count} 项缓存，约 ${formatBytes(cleared.bytes)}`
        : '暂无可清除的缓存',
    );
  }

  function handleAbout() {
    void Dialog.alert({
      title: '关于玄历',
      content: (
        <div className={styles.text}>
          <p>
            中华玄历 · 版本 {APP_VERSION.name} (build {APP_VERSION.build})
          </p>
          <p>万年历、老黄历、节气节日与八字排盘，日历和黄历离线也能查看。</p>
        </div>
      ),
      confirmText: '知道了',
    });
  }

  async function handleDelete() {
    const first = await confirm({
      title: '注销账号',
      content: DELETE_EXPLAINED,
      cancelText: '再想想',
      confirmText: '继续注销',
    });
    if (!first) return;
    const second = await confirm({
      title: '再次确认',
      content: '确定要永久注销这个账号吗？此操作无法撤销。',
      cancelText: '取消',
      confirmText: '确认注销',
    });
    if (!second) return;
    try {
      await deletion.mutateAsync();
    } catch (error) {
      toast(failureMessage(error));
      return;
    }
    toast('账号已注销');
    navigation.switchTab(paths.user.path);
  }

  return (
    <div className={styles.page}>
      <PageHeader back />
      <List mode="card" header="通用">
        <List.Item
          onClick={handleClearCache}
          extra={cacheSize.count > 0 ? formatBytes(cacheSize.bytes) : undefined}
          description="合盘结果、客服与师傅信息等，不影响登录和保存的命例"
        >
          清除缓存
        </List.Item>
        <List.Item onClick={handleAbout} extra={`版本 ${APP_VERSION.name} (build ${APP_VERSION.build})`}>
          关于玄历
        </List.Item>
        <List.Item
          onClick={() => navigation.navigate(paths.article.getHref({ label: '协议', name: '用户协议' }))}
        >
          用户协议
        </List.Item>
        <List.Item
          onClick={() => navigation.navigate(paths.article.getHref({ label: '协议', name: '隐私政策' }))}
        >
          隐私政策
        </List.Item>
      </List>
      {user ? (
        <>
          <List mode="card" header="账号与安全">
            <List.Item
              onClick={() => navigation.navigate(paths.password.path)}
              extra={user.hasPassword ? '已设置' : '未设置'}
            >
              设置密码
            </List.Item>
            <WechatSetting phone={user.phone} />
            <List.Item onClick={handleDelete} description="删除账号资料并退出所有设备">
              <span className={styles.danger}>注销账号</span>
            </List.Item>
          </List>
          <div className={styles.footer}>
            <Button block shape="rounded" size="large" onClick={() => void logout()}>
              退出登录
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
