/**
 * 免费课件 (`pages/ketang/kejian`, PRODUCT.md#classroom): the free courseware, each file with 预览 and 下载 (saved
 * under its own name, PRODUCT.md#classroom). `?course=<id>` lists only the files of that course (its page
 * links here). In WeChat's in-app browser, which cannot save files, a notice says how to download instead.
 */
import { COURSE_ID_PATTERN } from '@xuanli/contracts/ketang-labels';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { LoadFailure } from '@/components/LoadFailure';
import { PageHeader } from '@/components/PageHeader';
import { Skeleton, SkeletonBlock } from '@/components/Skeleton';
import { paths } from '@/config/paths';
import { NoticeBar } from '@/lib/antd-mobile';
import { useNavigation } from '@/lib/navigation';
import { useCourse } from './api/get-course';
import { useCourseware } from './api/get-courseware';
import { CoursewareCard } from './CoursewareCard';
import { isWechatBrowser, WECHAT_DOWNLOAD_HINT } from './download';
import styles from './KejianPage.module.css';

const COURSE_ID = new RegExp(COURSE_ID_PATTERN);

/** The course the address narrows the list to, or null (none, or not a course id). */
export function courseOf(params: URLSearchParams): string | null {
  const course = params.get('course')?.trim() ?? '';
  return COURSE_ID.test(course) ? course : null;
}

/** The courseware page. */
export default function KejianPage() {
  const [params] = useSearchParams();
  const course = courseOf(params);
  const files = useCourseware(course);
  const navigation = useNavigation();
  const wechat = isWechatBrowser();
  const list = files.data?.list ?? [];

  return (
    <div className={styles.page}>
      <PageHeader back />
      <div className={styles.body}>
        {course ? (
          <CourseScope id={course} />
        ) : (
          <p className={styles.lead}>课程配套的讲义和图表，免费下载；PDF 可以先点「预览」在手机上查看。</p>
        )}
        {wechat ? (
          // antd-mobile's bar rather than components/Notice: that one stays inside the calendar route's chunks.
          <div role="alert">
            <NoticeBar color="alert" wrap content={`微信里无法直接保存文件：${WECHAT_DOWNLOAD_HINT}。`} />
          </div>
        ) : null}
        {files.data ? (
          list.length === 0 ? (
            course ? (
              <EmptyState
                title="这门课还没有课件"
                text="其他课程的讲义也可以免费下载"
                action={{ label: '查看全部课件', onClick: () => navigation.redirect(paths.kejian.getHref()) }}
              />
            ) : (
              <EmptyState
                title="课件正在整理中"
                text="整理好后会放在这里，先去看看课程吧"
                action={{ label: '去看课程', onClick: () => navigation.switchTab(paths.ketang.path) }}
              />
            )
          ) : (
            <ul className={styles.list} aria-label="课件列表">
              {list.map((file) => (
                <CoursewareCard key={file.id} file={file} wechat={wechat} showCourse={course === null} />
              ))}
            </ul>
          )
        ) : files.isError ? (
          <LoadFailure error={files.error} onRetry={() => void files.refetch()} />
        ) : (
          <ListSkeleton />
        )}
      </div>
    </div>
  );
}

/** Which course's files these are, with the way back to all of them. */
function CourseScope({ id }: { id: string }) {
  const course = useCourse(id);
  return (
    <p className={styles.scope}>
      <span className={styles.scopeText}>
        {course.data ? `《${course.data.title}》的课件` : '本课程的课件'}
      </span>
      <Link className={styles.scopeAll} to={paths.kejian.getHref()} replace>
        查看全部课件
      </Link>
    </p>
  );
}

/** Grey cards in the list's shape while it loads. */
function ListSkeleton() {
  return (
    <Skeleton label="正在加载课件" className={styles.list}>
      {Array.from({ length: 3 }, (_, i) => (
        <span key={i} className={styles.skeletonCard}>
          <SkeletonBlock width={40} height={48} radius={6} />
          <span className={styles.skeletonText}>
            <SkeletonBlock height={18} width="80%" />
            <SkeletonBlock height={14} width="50%" />
            <SkeletonBlock height={44} radius={22} />
          </span>
        </span>
      ))}
    </Skeleton>
  );
}
