/**
 * `POST crm/ketang/review {id, rating, comment?}` (classroom wire): a buyer of the course — or, for a
 * free course, a learner who has started it — rates it 1–5 with optional words; rating again replaces
 * the earlier review. Answers the saved review and the course's new rating. 403 Forbidden for anyone
 * else; a visitor is never sent (`memberRequest`).
 */
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseDetail, CourseList, ReviewBody, ReviewResult } from '@xuanli/contracts/ketang';
import { APP_ROUTES } from '@/lib/api';
import { memberCall } from '@/stores/session';
import { reviewsQueryPrefix } from './get-reviews';

/** Path of the call. */
export const SAVE_REVIEW_PATH = '/crm/ketang/review';

/** Saves the caller's review of course `body.id`. */
export function saveReview(body: ReviewBody): Promise<ReviewResult> {
  return memberCall(APP_ROUTES.ketang.postReview, { body });
}

/**
 * Mutation saving a review. On success the course page shows the answered rating at once, and the
 * reviews, the course and the course lists (which show ratings) are read again.
 */
export function useSaveReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveReview,
    onSuccess: async (result, body) => {
      client.setQueriesData<CourseDetail>({ queryKey: ['ketang', 'course', body.id] }, (course) =>
        course ? { ...course, rating: result.rating } : course,
      );
      client.setQueriesData<InfiniteData<CourseList>>({ queryKey: ['ketang', 'courses'] }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                list: page.list.map((c) => (c.id === body.id ? { ...c, rating: result.rating } : c)),
              })),
            }
          : data,
      );
      await Promise.all([
        client.invalidateQueries({ queryKey: reviewsQueryPrefix(body.id) }),
        client.invalidateQueries({ queryKey: ['ketang', 'course', body.id] }),
      ]);
    },
  });
}
