/**
 * How many have learned a course, as its card and page say it: N 人学过 from the threshold of the
 * contracts (`POPULARITY_SHOWN_FROM`, shared with the shop's 已售) on, 新课 below it — a new course
 * reading 0 人学过 says nobody wanted it, which is not what it means.
 */
import { popularityShown } from '@xuanli/contracts/popularity';

/** 320 人学过, or 新课 below the threshold. */
export function learnersText(learners: number): string {
  return popularityShown(learners) ? `${learners} 人学过` : '新课';
}
