/**
 * 课程: every course, published or not, searchable by title or id, filtered by category and state;
 * 新建课程 opens a form for the essentials and then the course's own page (lessons, courseware,
 * 发布). Roles admin and editor (admin-labels.ts `ADMIN_AREA_ROLES.courses`).
 */
import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, ModalForm, type ProColumns, ProFormText } from '@ant-design/pro-components';
import type { AdminCourseOptions, AdminCourseRow } from '@xuanli/contracts/admin-courses';
import { COURSE_ID_PATTERN } from '@xuanli/contracts/admin-courses-labels';
import { Button, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { courseOptions, createCourse, listCourses } from '@/api/courses';
import { actionsColumn, ListTable, searchField, updatedAtColumn } from '@/components/ListTable';
import { PageFrame } from '@/components/PageFrame';
import { useUnsavedChanges } from '@/components/UnsavedChanges';
import { useFeedback } from '@/lib/feedback';
import {
  CategoryField,
  type CourseOption,
  CourseTitleField,
  categoryOptionsOf,
  TeacherField,
  teacherOptionsOf,
} from './CourseFields';

/** The search form's values. */
interface CourseSearch {
  q?: string;
  category?: number;
  published?: 'true' | 'false';
  current?: number;
  pageSize?: number;
}

/** The 新建课程 form. */
interface NewCourse {
  id: string;
  title: string;
  teacherSellid: number;
  categoryId: number;
}

/** 新建课程: the essentials, then the course's own page; closing it with something typed asks first. */
function NewCourseDialog({
  teacherOptions,
  categoryOptions,
  onCreated,
}: {
  teacherOptions: CourseOption[];
  categoryOptions: CourseOption[];
  onCreated: (id: string) => void;
}) {
  const { message, showError } = useFeedback();
  const [open, setOpen] = useState(false);
  const guard = useUnsavedChanges({ active: open });
  return (
    <ModalForm<NewCourse>
      title="新建课程"
      trigger={
        <Button type="primary" icon={<PlusOutlined />}>
          新建课程
        </Button>
      }
      modalProps={{ destroyOnHidden: true }}
      open={open}
      onOpenChange={guard.guardOpenChange(setOpen)}
      onInit={guard.watchForm}
      onFinish={async (values) => {
        try {
          const course = await createCourse({ ...values, intro: '' });
          message.success('课程已创建，请添加课时后发布');
          // Saved: the course's own page opens without asking.
          guard.markSaved();
          onCreated(course.id);
          return true;
        } catch (error) {
          showError(error);
          return false;
        }
      }}
    >
      <ProFormText
        name="id"
        label="课程编号"
        placeholder="如 bazi-jinjie"
        tooltip="小写字母、数字和短横线，创建后不能修改"
        rules={[
          { required: true, message: '请填写课程编号' },
          {
            pattern: new RegExp(COURSE_ID_PATTERN),
            message: '只能用小写字母、数字和短横线，以字母或数字开头',
          },
        ]}
      />
      <CourseTitleField />
      <TeacherField options={teacherOptions} />
      <CategoryField options={categoryOptions} />
    </ModalForm>
  );
}

/** The courses page. */
export function CoursesPage() {
  const { showError } = useFeedback();
  const navigate = useNavigate();
  const table = useRef<ActionType>(undefined);
  const [options, setOptions] = useState<AdminCourseOptions>({ categories: [], teachers: [] });

  useEffect(() => {
    courseOptions().then(setOptions, showError);
  }, []);

  const categoryOptions = categoryOptionsOf(options);
  const teacherOptions = teacherOptionsOf(options);

  const columns: ProColumns<AdminCourseRow>[] = [
    searchField('q', '课程名称/编号', '标题或编号中的字'),
    {
      title: '课程',
      dataIndex: 'title',
      search: false,
      render: (_, course) => (
        <Button type="link" size="small" onClick={() => navigate(`/courses/${course.id}`)}>
          {course.title}
        </Button>
      ),
    },
    { title: '编号', dataIndex: 'id', search: false },
    {
      title: '分类',
      dataIndex: 'category',
      valueType: 'select',
      fieldProps: { options: categoryOptions, allowClear: true },
      render: (_, course) => course.categoryName,
    },
    { title: '老师', dataIndex: 'teacherNickname', search: false },
    { title: '课时', dataIndex: 'lessonCount', search: false, width: 70 },
    {
      title: '状态',
      dataIndex: 'published',
      valueType: 'select',
      fieldProps: {
        options: [
          { label: '已发布', value: 'true' },
          { label: '未发布', value: 'false' },
        ],
        allowClear: true,
      },
      render: (_, course) => (course.published ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>),
    },
    {
      title: '免费',
      dataIndex: 'free',
      search: false,
      width: 70,
      render: (_, course) => (course.free ? '免费' : '付费'),
    },
    updatedAtColumn({ width: undefined }),
    actionsColumn(undefined, (_, course) => [
      <Button key="edit" type="link" size="small" onClick={() => navigate(`/courses/${course.id}`)}>
        编辑
      </Button>,
    ]),
  ];

  return (
    <PageFrame page="courses" intro="课程、课时视频与课件；发布后立即在 App 的课堂中可见">
      <ListTable<AdminCourseRow, CourseSearch>
        rowKey="id"
        actionRef={table}
        columns={columns}
        headerTitle="课程列表"
        toolBarRender={() => [
          <NewCourseDialog
            key="new"
            teacherOptions={teacherOptions}
            categoryOptions={categoryOptions}
            onCreated={(id) => navigate(`/courses/${id}`)}
          />,
        ]}
        load={(params) =>
          listCourses({
            q: params.q?.trim() || undefined,
            category: params.category,
            published: params.published === undefined ? undefined : params.published === 'true',
            page: params.current,
            size: params.pageSize,
          })
        }
      />
    </PageFrame>
  );
}
