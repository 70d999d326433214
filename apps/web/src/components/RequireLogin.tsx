import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useNavigation } from '@/lib/navigation';
import { useSession } from '@/stores/session';
import { EmptyState } from './EmptyState';

/**
 * Shows `children` to a logged-in user; a visitor gets a short note and a 去登录 button that comes
 * back here after login. Member pages render nothing that would call the API for a visitor.
 */
export function RequireLogin({ children, what }: { children: ReactNode; what: string }) {
  const isLogin = useSession((s) => s.isLogin);
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  if (isLogin) return <>{children}</>;
  return (
    <EmptyState
      title={`登录后才能${what}`}
      action={{
        label: '去登录',
        onClick: () => navigation.navigate(paths.login.getHref({ redirect: pathname + search })),
      }}
    />
  );
}
