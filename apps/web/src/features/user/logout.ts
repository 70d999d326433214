import { useCallback } from 'react';
import { paths } from '@/config/paths';
import { confirm, toast } from '@/lib/feedback';
import { useNavigation } from '@/lib/navigation';
import { logoutMember } from './api/logout';

/**
 * 退出登录 (PRODUCT.md#account): asks first (取消 / 确认退出), then ends the session on the server, clears the
 * user and the stored record — on this phone even when the server cannot be reached — and goes to
 * the 我的 tab. Resolves whether the reader logged out.
 */
export function useLogout(): () => Promise<boolean> {
  const navigation = useNavigation();
  return useCallback(async () => {
    const confirmed = await confirm({
      title: '退出登录',
      content: '确定要退出当前账号吗？',
      cancelText: '取消',
      confirmText: '确认退出',
    });
    if (!confirmed) return false;
    await logoutMember();
    toast('已退出登录');
    navigation.switchTab(paths.user.path);
    return true;
  }, [navigation]);
}
