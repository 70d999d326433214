/**
 * The course page (`pages/ketang/show?id=`, PRODUCT.md#classroom): the cover, title and selling
 * line, price or 免费 with the 会员价 a VIP pays, rating, learners (新课 below the threshold) and the
 * teacher (a tap opens the master contact dialog); the
 * lessons in order with 试看, lock, 已学完 and 学到 m:ss marks (a playable one opens the player, a
 * locked one offers to buy — or to log in first); the introduction; 学员评价; and the bar at the
 * bottom: 立即购买 to the shop's checkout for a paid course not bought, 开始学习 / 继续学习 otherwise.
 */
import type { CourseDetail } from '@xuanli/contracts/ketang';
import { COURSE_ID_PATTERN } from '@xuanli/contracts/ketang-labels';
import { RightOutline } from 'antd-mobile-icons';
import { useLocation, useSearchParams } from 'react-router';
import { FallbackImage } from '@/components/FallbackImage';
import { ItemPage } from '@/components/ItemPage';
import { Skeleton, SkeletonBlock } from '@/components/Skeleton';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { confirm, toast } from '@/lib/feedback';
import { useNavigation } from '@/lib/navigation';
import { useDialogs } from '@/stores/dialogs';
import { useSession } from '@/stores/session';
import { useCourse } from './api/get-course';
import { CourseActionBar } from './CourseActionBar';
import { CourseLessons } from './CourseLessons';
import { CoursePrice } from './CoursePrice';
import styles from './CourseShowPage.module.css';
import { CourseStars } from './CourseStars';
import { courseSize } from './course-time';
import layout from './KetangLayout.module.css';
import { KetangSection } from './KetangSection';
import { learnersText } from './popularity';
import { ReviewSection } from './ReviewSection';
import { TeacherAvatar } from './TeacherAvatar';

const COURSE_ID = new RegExp(COURSE_ID_PATTERN);

/** The course id a link names (`?id=bazi-rumen`), or null when it cannot be one. */
export function courseIdOf(params: URLSearchParams): string | null {
  const id = params.get('id')?.trim() ?? '';
  return COURSE_ID.test(id) ? id : null;
}

/** The checkout of one course: its SKU, one piece (the shop's `items` parameter). */
export const courseCheckoutHref = (skuId: number) => paths.checkout.getHref({ items: `${skuId}x1` });

/** The course page. */
export default function CourseShowPage() {
  const [params] = useSearchParams();
  const id = courseIdOf(params);
  const query = useCourse(id);
  useDocumentTitle(query.data?.title ?? paths.courseShow.title);
  const card = query.data
    ? {
        title: query.data.title,
        desc: query.data.subtitle || '中华玄历 · 在线课堂',
        imgUrl: query.data.cover,
      }
    : null;
  return (
    <ItemPage
      className={layout.page}
      named={id !== null}
      query={query}
      card={card}
      gone={{
        text: '这门课程不存在，可能已经下架。',
        className: styles.missing,
        linkClassName: styles.missingLink,
        to: paths.ketang.getHref(),
        linkText: '回到课堂',
      }}
      skeleton={
        <Skeleton label="正在加载课程">
          <SkeletonBlock height="auto" radius={0} className={styles.skeletonCover} />
          <span className={styles.skeletonText}>
            <SkeletonBlock height={24} width="80%" />
            <SkeletonBlock height={16} width="60%" />
            <SkeletonBlock height={16} width="40%" />
          </span>
        </Skeleton>
      }
    >
      {(course) => <CourseView course={course} />}
    </ItemPage>
  );
}

/** A loaded course. */
function CourseView({ course }: { course: CourseDetail }) {
  const isLogin = useSession((s) => s.isLogin);
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const here = pathname + search;

  const login = () => navigation.navigate(paths.login.getHref({ redirect: here }));
  const play = (lessonId: number) =>
    navigation.navigate(paths.coursePlayer.getHref({ course: course.id, lesson: lessonId }));
  const buy = () => {
    if (course.skuId === null) return;
    if (!isLogin) login();
    else navigation.navigate(courseCheckoutHref(course.skuId));
  };

  const locked = async () => {
    if (!isLogin) {
      if (
        await confirm({
          title: '登录后观看',
          content: '这一讲需要购买课程后观看，请先登录。',
          confirmText: '去登录',
        })
      )
        login();
      return;
    }
    if (course.skuId === null) {
      toast('这门课程暂未开售，可以先看试看课时');
      return;
    }
    const ok = await confirm({
      title: '购买后观看',
      content: `购买本课程（${course.lessons.length} 课时）后即可观看全部内容。`,
      confirmText: '立即购买',
    });
    if (ok) buy();
  };

  return (
    <>
      <div className={styles.content}>
        <FallbackImage className={styles.cover} src={course.cover} alt="" />

        <section className={layout.section} aria-label="课程信息">
          <h2 className={styles.title}>{course.title}</h2>
          {course.subtitle ? <p className={styles.subtitle}>{course.subtitle}</p> : null}
          <div className={styles.priceRow}>
            <CoursePrice course={course} large showVip={!course.owned} />
            {course.owned ? <span className={styles.owned}>已购买</span> : null}
          </div>
          <p className={styles.stats}>
            {course.rating.count > 0 ? (
              <span className={styles.rating}>
                <CourseStars value={course.rating.average} />
                <span>
                  {course.rating.average.toFixed(1)} · {course.rating.count} 人评价
                </span>
              </span>
            ) : (
              <span>暂无评分</span>
            )}
            <span>{learnersText(course.learners)}</span>
            <span>{courseSize(course.lessons.length, course.duration)}</span>
          </p>
        </section>

        <button
          type="button"
          className={`${layout.section} ${styles.teacher}`}
          onClick={() => useDialogs.getState().open('dashi', { sellid: course.teacher.sellid })}
        >
          <TeacherAvatar teacher={course.teacher} size={44} />
          <span className={styles.teacherText}>
            <span className={styles.teacherName}>{course.teacher.nickname}</span>
            <span className={styles.teacherRole}>主讲老师</span>
          </span>
          <span className={styles.contact}>
            联系老师
            <RightOutline aria-hidden="true" />
          </span>
        </button>

        <CourseLessons course={course} onPlay={(lesson) => play(lesson.id)} onLocked={locked} />

        {course.intro ? (
          <KetangSection id="course-intro" title="课程介绍">
            <div
              className={styles.intro}
              // Safe: the API sanitises the introduction with its allow-list before sending it.
              dangerouslySetInnerHTML={{ __html: course.intro }}
            />
          </KetangSection>
        ) : null}

        <ReviewSection course={course} />
      </div>

      <CourseActionBar course={course} onBuy={buy} onLearn={play} />
    </>
  );
}
