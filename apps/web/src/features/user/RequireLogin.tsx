import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/lib/antd-mobile';
import { useNavigation } from '@/lib/navigation';
import { useSession } from '@/stores/session';
import styles from './user.module.css';

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
    <section className={styles.empty}>
      <p className={styles.emptyTitle}>登录后才能{what}</p>
      <Button
        color="primary"
        shape="rounded"
        size="large"
        className={styles.emptyButton}
        onClick={() => navigation.navigate(paths.login.getHref({ redirect: pathname + search }))}
      >
        去登录
      </Button>
    </section>
  );
}
