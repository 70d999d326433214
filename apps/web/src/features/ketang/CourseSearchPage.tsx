/**
 * The course list (`pages/ketang/search?keyword=&category=`, PRODUCT.md#classroom, with a header
 * button to the reader's own courses): the classroom's search bar, the category chips, 共 N 门课程 and the
 * courses, the next page loading as the reader nears the end. The words and the category live in the address
 * (written with replace on each search), so a reload or coming back from a course shows the same list. 我的 in
 * the header opens my courses. When nothing matches, a few words to try are offered.
 */

import { COURSE_KEYWORD_MAX } from '@xuanli/contracts/ketang-labels';
import { useSearchParams } from 'react-router';
import { CategoryChips } from '@/components/CategoryChips';
import { EmptyState } from '@/components/EmptyState';
import { LoadFailure } from '@/components/LoadFailure';
import { HeaderButton, PageHeader } from '@/components/PageHeader';
import { SearchField } from '@/components/SearchField';
import { paths } from '@/config/paths';
import { InfiniteScroll } from '@/lib/antd-mobile';
import { useNavigation } from '@/lib/navigation';
import { useCourseCategories } from './api/get-categories';
import { type CourseFilter, useCourses } from './api/get-courses';
import { CourseCard } from './CourseCard';
import { CourseListSkeleton } from './CourseListSkeleton';
import styles from './CourseSearchPage.module.css';
import layout from './KetangLayout.module.css';

/** Words offered when a search finds nothing: the subjects most courses teach. */
export const SUGGESTED_WORDS = ['八字', '风水', '择日'] as const;

/** The filter the address names: `keyword` the words (at most 40 characters), `category` a category id. */
export function courseFilterOf(params: URLSearchParams): CourseFilter {
  const raw = params.get('category');
  const category =
    raw !== null && /^\d{1,10}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 2_147_483_647
      ? Number(raw)
      : undefined;
  const keyword = params.get('keyword')?.trim().slice(0, COURSE_KEYWORD_MAX) || undefined;
  return { keyword, category };
}

/** The course list page. */
export default function CourseSearchPage() {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const filter = courseFilterOf(params);
  const categories = useCourseCategories();
  const courses = useCourses(filter);

  const setFilter = (next: CourseFilter) => {
    const query: Record<string, string> = {};
    if (next.keyword) query.keyword = next.keyword;
    if (next.category !== undefined) query.category = String(next.category);
    setParams(query, { replace: true });
  };

  const items = courses.data?.pages.flatMap((page) => page.list) ?? [];
  const total = courses.data?.pages[0]?.total ?? 0;
  const filtered = filter.keyword !== undefined || filter.category !== undefined;

  return (
    <div className={layout.page}>
      <PageHeader
        back
        right={<HeaderButton onClick={() => navigation.navigate(paths.myclass.getHref())}>我的</HeaderButton>}
      />
      <div className={styles.tools}>
        <SearchField
          label="搜索课程"
          maxLength={COURSE_KEYWORD_MAX}
          value={filter.keyword ?? ''}
          onSearch={(keyword) => setFilter({ ...filter, keyword: keyword || undefined })}
        />
        <CategoryChips
          label="课程分类"
          categories={categories.data?.list ?? []}
          selected={filter.category ?? null}
          onSelect={(category) => setFilter({ ...filter, category: category ?? undefined })}
        />
      </div>
      <section className={styles.body} aria-label="课程列表">
        {courses.data ? (
          items.length === 0 ? (
            <NothingFound
              filter={filter}
              onWord={(keyword) => setFilter({ keyword })}
              onAll={filtered ? () => setFilter({}) : undefined}
            />
          ) : (
            <>
              <p className={styles.total} aria-live="polite">
                共 {total} 门课程
              </p>
              <ul className={styles.list}>
                {items.map((course) => (
                  <CourseCard key={course.id} course={course} />
                ))}
              </ul>
              <InfiniteScroll
                className={styles.more}
                hasMore={courses.hasNextPage}
                loadMore={async () => {
                  const next = await courses.fetchNextPage();
                  // InfiniteScroll offers its own 重新加载 when this throws.
                  if (next.isError) throw next.error;
                }}
              />
            </>
          )
        ) : courses.isError ? (
          <LoadFailure error={courses.error} onRetry={() => void courses.refetch()} />
        ) : (
          <CourseListSkeleton rows={4} />
        )}
      </section>
    </div>
  );
}

/** What an empty list says: nothing matched (with words to try and 查看全部课程), or no courses yet. */
function NothingFound({
  filter,
  onWord,
  onAll,
}: {
  filter: CourseFilter;
  onWord: (keyword: string) => void;
  onAll?: () => void;
}) {
  if (!onAll) return <EmptyState title="课程正在筹备中" text="老师们正在录制新课，请稍后再来" />;
  return (
    <div className={styles.nothing}>
      <EmptyState
        title="没有找到相关课程"
        text={filter.keyword ? `没有与“${filter.keyword}”相关的课程，换个词试试` : '这个分类还没有课程'}
        action={{ label: '查看全部课程', onClick: onAll }}
      />
      <div className={styles.suggest}>
        <p className={styles.suggestTitle} id="course-suggest">
          大家都在搜
        </p>
        <ul className={styles.words} aria-labelledby="course-suggest">
          {SUGGESTED_WORDS.map((word) => (
            <li key={word}>
              <button type="button" className={styles.word} onClick={() => onWord(word)}>
                {word}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
