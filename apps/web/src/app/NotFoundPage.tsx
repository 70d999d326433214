import { Link } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import styles from './NotFoundPage.module.css';

/** Shown for an address that matches no route, e.g. an old or mistyped link. */
export function NotFoundPage() {
  return (
    <>
      <PageHeader back title="页面不存在" />
      <div className={styles.body}>
        <p>没有找到这个页面。</p>
        <Link className={styles.link} to={paths.calendar.path} replace>
          回到首页
        </Link>
      </div>
    </>
  );
}
