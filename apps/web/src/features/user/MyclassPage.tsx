import { useEffect } from 'react';
import { EmptyState } from '@/components/EmptyState';
import { FallbackImage } from '@/components/FallbackImage';
import { PageHeader } from '@/components/PageHeader';
import { RequireLogin } from '@/components/RequireLogin';
import { paths } from '@/config/paths';
import { List } from '@/lib/antd-mobile';
import { useNavigation } from '@/lib/navigation';
import { useSession } from '@/stores/session';
import { syncMyOrders } from './api/get-myorder';
import styles from './MyclassPage.module.css';
import { beijingDate } from './vip';

/**
 * pages/user/myclass (我的课程): the courses in the session store's `myclass` (SPEC §3, fetched with
 * the profile, SPEC §4, from `crm/ketang/myorder`: one row per paid course order, gone after a
 * refund), each with its cover, title and purchase day; or an empty state that points to the classroom.
 * The list is asked again on opening, so a course paid a moment ago (the order page's 去学习) is there.
 */
export default function MyclassPage() {
  return (
    <div className={styles.page}>
      <PageHeader back />
      <RequireLogin what="查看我的课程">
        <Courses />
      </RequireLogin>
    </div>
  );
}

function Courses() {
  const courses = useSession((s) => s.myclass);
  const navigation = useNavigation();
  useEffect(() => {
    const controller = new AbortController();
    // The courses already in the store show meanwhile; a failed refresh leaves them as they are.
    syncMyOrders(controller.signal).catch(() => {});
    return () => controller.abort();
  }, []);
  if (courses.length === 0) {
    return (
      <EmptyState
        title="还没有课程"
        text="购买的课程会出现在这里，可以随时回看。"
        action={{ label: '去课堂看看', onClick: () => navigation.switchTab(paths.ketang.path) }}
      />
    );
  }
  return (
    <List mode="card" header={`共 ${courses.length} 门课程`}>
      {courses.map((course) => {
        const day = beijingDate(course.grantedAt);
        return (
          <List.Item
            key={`${course.courseId}-${course.orderNo}`}
            prefix={
              <FallbackImage className={styles.cover} src={course.cover} alt="" width={96} height={54} />
            }
            description={day ? `购买于 ${day}` : undefined}
            onClick={() => navigation.navigate(paths.courseShow.getHref({ id: course.courseId }))}
          >
            <span className={styles.title}>{course.title}</span>
          </List.Item>
        );
      })}
    </List>
  );
}
