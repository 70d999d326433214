/** Which lesson 开始学习 / 继续学习 opens. */
import type { Lesson } from '@xuanli/contracts/ketang';
import { describe, expect, it } from 'vitest';
import { doneCount, learningTarget } from './course-learning';

const lesson = (id: number, extra: Partial<Lesson> = {}): Lesson => ({
  id,
  title: `第${id}讲`,
  duration: 300,
  free: false,
  playable: true,
  done: false,
  position: 0,
  ...extra,
});

describe('learningTarget', () => {
  it('starts at the first playable lesson when nothing is saved', () => {
    const target = learningTarget({ lastLesson: null, lessons: [lesson(1, { playable: false }), lesson(2)] });
    expect(target).toEqual({ lesson: expect.objectContaining({ id: 2 }), started: false });
  });

  it('continues the lesson watched last while it is unfinished', () => {
    const target = learningTarget({
      lastLesson: 2,
      lessons: [lesson(1, { done: true }), lesson(2, { position: 90 }), lesson(3)],
    });
    expect(target).toEqual({ lesson: expect.objectContaining({ id: 2 }), started: true });
  });

  it('goes on to the next unfinished lesson once the last one is done', () => {
    const lessons = [lesson(1), lesson(2, { done: true }), lesson(3, { done: true }), lesson(4)];
    expect(learningTarget({ lastLesson: 2, lessons })?.lesson.id).toBe(4);
    // Nothing unfinished after it: back to the first unfinished one.
    expect(
      learningTarget({ lastLesson: 4, lessons: lessons.map((l) => ({ ...l, done: l.id !== 1 })) })?.lesson.id,
    ).toBe(1);
  });

  it('takes the first unfinished lesson when progress exists without a last lesson', () => {
    const target = learningTarget({ lastLesson: null, lessons: [lesson(1, { done: true }), lesson(2)] });
    expect(target).toEqual({ lesson: expect.objectContaining({ id: 2 }), started: true });
  });

  it('reopens the last lesson when every lesson is done, and has nothing to open without lessons', () => {
    const lessons = [lesson(1, { done: true }), lesson(2, { done: true })];
    expect(learningTarget({ lastLesson: 2, lessons })?.lesson.id).toBe(2);
    expect(learningTarget({ lastLesson: null, lessons: [] })).toBeNull();
    expect(doneCount({ lessons })).toBe(2);
  });
});
