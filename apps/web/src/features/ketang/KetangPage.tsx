/**
 * The 课堂 tab (`pages/ketang/index`, PRODUCT.md#classroom): a search bar that opens the course
 * list, the categories with their course counts, the entries to 免费课件 and 风水医院, 精选课程 (the
 * first courses in the operators' order), 免费课程, and the teachers of the courses — a tap on one opens
 * the master contact dialog.
 */

import type { CourseSummary } from '@xuanli/contracts/ketang';
import { CompassOutline, FileOutline, RightOutline, SearchOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ConnectionNotice } from '@/components/ConnectionNotice';
import { EmptyState } from '@/components/EmptyState';
import { LoadFailure } from '@/components/LoadFailure';
import { PageHeader } from '@/components/PageHeader';
import { Skeleton, SkeletonBlock } from '@/components/Skeleton';
import { paths } from '@/config/paths';
import { useCourseCategories } from './api/get-categories';
import { useCourses } from './api/get-courses';
import { CategoryGrid } from './CategoryGrid';
import { CourseCard } from './CourseCard';
import { CourseListSkeleton } from './CourseListSkeleton';
import layout from './KetangLayout.module.css';
import styles from './KetangPage.module.css';
import { KetangSection } from './KetangSection';
import { TeacherList, teachersOf } from './TeacherList';

/** How many courses 精选课程 and 免费课程 show at most. */
export const TAB_SECTION_SIZE = 4;

/** The 课堂 tab. */
export default function KetangPage() {
  const categories = useCourseCategories();
  // The first page of all courses, in the operators' order (the list page shares it for 全部).
  const courses = useCourses({});
  const list = courses.data?.pages[0]?.list ?? [];
  const free = list.filter((course) => course.free).slice(0, TAB_SECTION_SIZE);
  const teachers = teachersOf(list);

  return (
    <div className={layout.page}>
      <PageHeader />
      <ConnectionNotice />
      <div className={styles.body}>
        <Link className={styles.search} to={paths.courseSearch.getHref()}>
          <SearchOutline className={styles.searchIcon} aria-hidden="true" />
          <span>搜索课程</span>
        </Link>

        <div className={layout.section}>
          {categories.data ? (
            <CategoryGrid categories={categories.data.list} />
          ) : categories.isError ? (
            <LoadFailure error={categories.error} onRetry={() => void categories.refetch()} />
          ) : (
            <Skeleton label="正在加载分类">
              <span className={styles.categorySkeleton}>
                {Array.from({ length: 4 }, (_, i) => (
                  <SkeletonBlock key={i} height={64} radius={10} />
                ))}
              </span>
            </Skeleton>
          )}
        </div>

        <nav className={styles.entries} aria-label="课堂服务">
          <Entry
            to={paths.kejian.getHref()}
            icon={<FileOutline />}
            title="免费课件"
            text="讲义图表 免费下载"
          />
          <Entry
            to={paths.fengshui.getHref()}
            icon={<CompassOutline />}
            title="风水医院"
            text="住宅 办公 店铺"
          />
        </nav>

        {courses.data ? (
          list.length === 0 ? (
            <EmptyState title="课程正在筹备中" text="老师们正在录制新课，请稍后再来" />
          ) : (
            <>
              <CourseSection
                id="ketang-featured"
                title="精选课程"
                courses={list.slice(0, TAB_SECTION_SIZE)}
                more
              />
              {free.length > 0 ? <CourseSection id="ketang-free" title="免费课程" courses={free} /> : null}
              {teachers.length > 0 ? <TeacherList teachers={teachers} /> : null}
            </>
          )
        ) : courses.isError ? (
          <LoadFailure error={courses.error} onRetry={() => void courses.refetch()} />
        ) : (
          <section className={layout.section}>
            <CourseListSkeleton />
          </section>
        )}
      </div>
    </div>
  );
}

/** A large entry card to another classroom page. */
function Entry({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Link className={styles.entry} to={to}>
      <span className={styles.entryIcon} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.entryText}>
        <span className={styles.entryTitle}>{title}</span>
        <span className={styles.entryNote}>{text}</span>
      </span>
    </Link>
  );
}

/** A titled list of course cards; `more` adds 查看全部 to the course list. */
function CourseSection({
  id,
  title,
  courses,
  more = false,
}: {
  id: string;
  title: string;
  courses: readonly CourseSummary[];
  more?: boolean;
}) {
  return (
    <KetangSection
      id={id}
      title={title}
      aside={
        more ? (
          <Link className={layout.more} to={paths.courseSearch.getHref()} aria-label="查看全部课程">
            查看全部
            <RightOutline aria-hidden="true" />
          </Link>
        ) : null
      }
    >
      <ul className={styles.list}>
        {courses.map((course) => (
          <CourseCard key={course.id} course={course} />
        ))}
      </ul>
    </KetangSection>
  );
}
