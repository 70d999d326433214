/**
 * The fields a course is created with and later edited by (课程名称, 老师, 分类): the 新建课程 dialog
 * and the course's own page ask for them alike.
 */
import { ProFormSelect, ProFormText } from '@ant-design/pro-components';
import type { AdminCourseOptions } from '@xuanli/contracts/admin-courses';
import { COURSE_TITLE_MAX } from '@xuanli/contracts/admin-courses-labels';
import { filledWithin } from '@/lib/form-rules';

/** A choice of a select: what the operator reads and the id it stands for. */
export interface CourseOption {
  label: string;
  value: number;
}

/** The teachers to choose from, by nickname (a teacher without one by their number). */
export function teacherOptionsOf(options: AdminCourseOptions): CourseOption[] {
  return options.teachers.map((t) => ({ label: t.nickname || `老师 ${t.sellid}`, value: t.sellid }));
}

/** The course categories to choose from. */
export function categoryOptionsOf(options: AdminCourseOptions): CourseOption[] {
  return options.categories.map((c) => ({ label: c.name, value: c.id }));
}

/** 课程名称, required and at most `COURSE_TITLE_MAX` characters. */
export function CourseTitleField({ width }: { width?: 'md' }) {
  return (
    <ProFormText
      name="title"
      label="课程名称"
      width={width}
      rules={filledWithin(COURSE_TITLE_MAX, '请填写课程名称')}
    />
  );
}

/** 老师 of a course, required. */
export function TeacherField({ options, width }: { options: CourseOption[]; width?: 'sm' }) {
  return (
    <ProFormSelect
      name="teacherSellid"
      label="老师"
      width={width}
      options={options}
      rules={[{ required: true, message: '请选择老师' }]}
    />
  );
}

/** 分类 of a course, required. */
export function CategoryField({ options, width }: { options: CourseOption[]; width?: 'sm' }) {
  return (
    <ProFormSelect
      name="categoryId"
      label="分类"
      width={width}
      options={options}
      rules={[{ required: true, message: '请选择分类' }]}
    />
  );
}
