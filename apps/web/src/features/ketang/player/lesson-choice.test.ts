/** Which lesson the player opens, where 下一课 leads, where a lesson resumes and how times read. */
import { describe, expect, it } from 'vitest';
import { chooseLesson, courseIdOf, lessonIdOf, nextPlayableLesson } from './lesson-choice';
import { resumePosition } from './resume-position';
import { courseDetail, lesson, visitorCourse } from './testing';

describe('lesson choice', () => {
  it('reads the course and the lesson from the link, refusing what cannot exist', () => {
    expect(courseIdOf(new URLSearchParams('course=bazi-rumen'))).toBe('bazi-rumen');
    expect(courseIdOf(new URLSearchParams('course=../x'))).toBeNull();
    expect(courseIdOf(new URLSearchParams(''))).toBeNull();
    expect(lessonIdOf(new URLSearchParams('lesson=12'))).toBe(12);
    for (const bad of ['lesson=0', 'lesson=-3', 'lesson=1.5', 'lesson=abc', 'lesson=99999999999', '']) {
      expect(lessonIdOf(new URLSearchParams(bad))).toBeNull();
    }
  });

  it('opens the named lesson, else the last one watched, else the first playable, else the first', () => {
    const course = courseDetail({ lastLesson: 13 });
    expect(chooseLesson(course, 12)?.id).toBe(12);
    expect(chooseLesson(course, 99)?.id).toBe(13);
    expect(chooseLesson(course, null)?.id).toBe(13);
    expect(chooseLesson(courseDetail(), null)?.id).toBe(11);
    const locked = visitorCourse();
    expect(chooseLesson({ ...locked, lessons: locked.lessons.slice(1) }, null)?.id).toBe(12);
    expect(chooseLesson({ lessons: [], lastLesson: null }, 3)).toBeNull();
  });

  it('leads 下一课 to the next lesson that plays, and nowhere after the last', () => {
    const lessons = [
      lesson({ id: 1, title: '一', playable: true }),
      lesson({ id: 2, title: '二', playable: false }),
      lesson({ id: 3, title: '三', playable: true }),
    ];
    expect(nextPlayableLesson(lessons, 1)?.id).toBe(3);
    expect(nextPlayableLesson(lessons, 3)).toBeNull();
    expect(nextPlayableLesson(lessons, 9)).toBeNull();
  });

  it('resumes at the saved position unless it is in the last 5 seconds', () => {
    expect(resumePosition(42, 300)).toBe(42);
    expect(resumePosition(294, 300)).toBe(294);
    expect(resumePosition(295, 300)).toBe(0);
    expect(resumePosition(300, 300)).toBe(0);
    expect(resumePosition(0, 300)).toBe(0);
    expect(resumePosition(42, Number.NaN)).toBe(42);
  });
});
