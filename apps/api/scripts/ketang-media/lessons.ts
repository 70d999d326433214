/**
 * The demo lessons' scripts: one short lecture for every lesson of every demo course, in the order
 * and under the titles the classroom's seed gives them (seed/ketang/courses.ts), so each
 * lesson plays a video about what its title says. Written by us, one file per course in `lessons/`;
 * where a lecture quotes a computed fact (a solar-term instant, a day's god, a ten god, a 纳音) it
 * asks the engine in packages/almanac, so the video says what the app's own calendar says.
 *
 * A lecture is an opening line, three to five key points — a short line written on the slide and
 * what the teacher says about it — and a closing line; the generator adds the greeting and what the
 * next lesson is about, reads it all with espeak-ng and shows each line as a caption while it is said.
 */
import { MASTER_SEEDS } from '../../seed/content/texts/masters.ts';
import { COURSE_SEEDS } from '../../seed/ketang/courses.ts';
import { BAZI_RUMEN } from './lessons/bazi-rumen.ts';
import { FENGSHUI_JUJIA } from './lessons/fengshui-jujia.ts';
import { FENGSHUI_SHANGPU } from './lessons/fengshui-shangpu.ts';
import { GANZHI_RUMEN } from './lessons/ganzhi-rumen.ts';
import { HUANGLI_YONGFA } from './lessons/huangli-yongfa.ts';
import { LIUYAO_JICHU } from './lessons/liuyao-jichu.ts';
import { LIUYAO_QIGUA } from './lessons/liuyao-qigua.ts';
import { ZERI_SHIWU } from './lessons/zeri-shiwu.ts';

/** One key point: the line written on the slide and what the teacher says about it. */
export interface KeyPoint {
  /** On the slide: one line, at most about 24 characters. */
  text: string;
  /** Said (and captioned line by line): a few sentences. */
  say: string;
  /** Heading in the closing summary when the part of `text` before '：' is not a good one. */
  short?: string;
}

/** A lecture as a course file writes it. */
export interface LessonText {
  /** The lesson's title, exactly as the classroom's seed has it (checked). */
  title: string;
  /** One large character drawn faintly behind the slides. */
  mark: string;
  /** Said after the greeting: what this lesson is about and why it matters. */
  intro: string;
  points: KeyPoint[];
  /** Said over the summary: what to take away. */
  outro: string;
}

/** A lecture with where it belongs: its course, its number in the course and its teacher. */
export interface LessonScript extends LessonText {
  course: string;
  courseTitle: string;
  /** 1-based, as the classroom numbers lessons. */
  no: number;
  teacher: string;
  /** The next lesson's title, or null for the last one. */
  next: string | null;
}

/** Each demo course's lectures, by course id, in lesson order. */
const BY_COURSE: Readonly<Record<string, readonly LessonText[]>> = {
  'bazi-rumen': BAZI_RUMEN,
  'ganzhi-rumen': GANZHI_RUMEN,
  'fengshui-jujia': FENGSHUI_JUJIA,
  'fengshui-shangpu': FENGSHUI_SHANGPU,
  'liuyao-jichu': LIUYAO_JICHU,
  'liuyao-qigua': LIUYAO_QIGUA,
  'huangli-yongfa': HUANGLI_YONGFA,
  'zeri-shiwu': ZERI_SHIWU,
};

/** The teacher's name as the lecture says it: the master's nickname without the studio (张师傅). */
function teacherName(sellid: number): string {
  const master = MASTER_SEEDS.find((m) => m.sellid === sellid);
  if (!master) throw new Error(`no seeded master ${sellid}`);
  return master.nickname.split('·').pop()!;
}

/**
 * Every lecture of every demo course, courses in the classroom's order. Throws when a course file and
 * the classroom's seed disagree on a lesson's count or title: a video must be about its lesson.
 */
export function lessonScripts(): LessonScript[] {
  const scripts: LessonScript[] = [];
  for (const course of COURSE_SEEDS) {
    const texts = BY_COURSE[course.id];
    if (!texts) throw new Error(`no lectures for demo course ${course.id}`);
    if (texts.length !== course.lessons.length)
      throw new Error(`${course.id}: ${texts.length} lectures for ${course.lessons.length} lessons`);
    texts.forEach((lesson, i) => {
      const seeded = course.lessons[i]!.title;
      if (lesson.title !== seeded) throw new Error(`${course.id} ${i + 1}: "${lesson.title}" ≠ "${seeded}"`);
      scripts.push({
        ...lesson,
        course: course.id,
        courseTitle: course.title,
        no: i + 1,
        teacher: teacherName(course.teacherSellid),
        next: course.lessons[i + 1]?.title ?? null,
      });
    });
  }
  return scripts;
}

/** What the teacher says on the opening card: greeting, lesson and the opening line. */
export function openingWords(lesson: LessonScript): string {
  const greeting =
    lesson.no === 1 ? `大家好，我是${lesson.teacher}，欢迎学习${lesson.courseTitle}。` : '大家好。';
  return `${greeting}这是第${lesson.no}讲，${lesson.title}。${lesson.intro}`;
}

/** 第一 … 第五, as a recap counts. */
const ORDINALS = ['第一', '第二', '第三', '第四', '第五'] as const;

/**
 * What the teacher says over the summary: each key point again, the closing line and what comes next.
 */
export function closingWords(lesson: LessonScript): string {
  const recap = lesson.points.map((point, i) => `${ORDINALS[i]}，${point.text}。`).join('');
  const next = lesson.next
    ? `下一讲，我们学习${lesson.next}。`
    : `${lesson.courseTitle}到这里就全部讲完了，感谢大家的学习。`;
  return `本讲小结。${recap}${lesson.outro}${next}`;
}
