import { EmptyState } from '@/components/EmptyState';
import { PageHeader } from '@/components/PageHeader';
import { RequireLogin } from '@/components/RequireLogin';
import { paths } from '@/config/paths';
import { Button, List } from '@/lib/antd-mobile';
import { useNavigation } from '@/lib/navigation';
import { type MyClassItem, useSession } from '@/stores/session';
import styles from './user.module.css';

/** The title of a purchased course; the course wire is not settled yet (SPEC §3 "not shown"). */
function courseTitle(course: MyClassItem): string {
  const fields = course as Record<string, unknown>;
  for (const key of ['title', 'name', 'course_name']) {
    const value = fields[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return `课程 ${course.id}`;
}

/**
 * pages/user/myclass (我的课程): the courses in the session store's `myclass` (SPEC §3, fetched with
 * the profile, SPEC §4), or an empty state that points to the classroom.
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
      {courses.map((course) => (
        <List.Item
          key={course.id}
          onClick={() => navigation.navigate(paths.courseShow.getHref({ id: course.id }))}
        >
          {courseTitle(course)}
        </List.Item>
      ))}
    </List>
  );
}
