/**
 * The classroom's demo as the classroom module's seed takes it: the categories, courses and courseware
 * of courses.ts with the covers of covers.ts, each course's cover in its category's motif.
 */
import type { DemoClassroom } from '../../src/modules/ketang/index.ts';
import { CATEGORY_SEEDS, COURSE_SEEDS, COURSEWARE_COURSES, type DemoCourse, TOPIC_OF } from './courses.ts';
import { type CoverDesign, coverKey, renderCover } from './covers.ts';

export { demoLessonTitles } from './courses.ts';

/** The cover design of a demo course. */
function designOf(course: DemoCourse): CoverDesign {
  return { motif: TOPIC_OF[course.category], ...course.cover };
}

/** The demo classroom every fresh install starts with. */
export const DEMO_CLASSROOM: DemoClassroom<DemoCourse> = {
  categories: CATEGORY_SEEDS,
  courses: COURSE_SEEDS,
  courseware: COURSEWARE_COURSES,
  covers: {
    key: (course) => coverKey(course.id, designOf(course)),
    render: (course) => renderCover(designOf(course)),
  },
};
