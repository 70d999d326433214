/**
 * One course in the console (`/courses/:id`): its form (title, teacher, category, cover, introduction,
 * free), 发布/下架, the lessons in order — 上移/下移, the 免费试看 switch, editing (with the terms a lesson
 * teaches, its tags, which the app's chart links to) and deleting, and
 * 添加课时 with a chunked, resumable 上传视频 whose length is read from the file — and the course's
 * courseware (PDF uploads). Every change answers the course as the server now has it. The course form
 * and the lesson and courseware dialogs ask before unsaved changes are dropped.
 */
import { ArrowDownOutlined, ArrowLeftOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ModalForm,
  PageContainer,
  ProForm,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
} from '@ant-design/pro-components';
import type {
  AdminCourseDetail,
  AdminCourseOptions,
  AdminCourseUpdateBody,
  AdminLesson,
  UploadResult,
} from '@xuanli/contracts/admin-courses';
import {
  COURSE_SUBTITLE_MAX,
  COURSEWARE_TITLE_MAX,
  LESSON_TAG_MAX,
  LESSON_TAGS_MAX,
  LESSON_TITLE_MAX,
} from '@xuanli/contracts/admin-courses-labels';
import { Button, Card, Form, Popconfirm, Result, Space, Spin, Switch, Table, Tag, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  addCourseware,
  addLesson,
  courseOptions,
  deleteLesson,
  getCourse,
  publishCourse,
  removeCourseware,
  reorderLessons,
  updateCourse,
  updateLesson,
} from '@/api/courses';
import { ChunkedUpload } from '@/components/ChunkedUpload';
import { ConfirmLink } from '@/components/ConfirmLink';
import { ImageUpload } from '@/components/ImageUpload';
import { RichTextEditor } from '@/components/RichTextEditor';
import { useUnsavedChanges } from '@/components/UnsavedChanges';
import { useFeedback } from '@/lib/feedback';
import { filledWithin } from '@/lib/form-rules';
import {
  CategoryField,
  CourseTitleField,
  categoryOptionsOf,
  TeacherField,
  teacherOptionsOf,
} from './CourseFields';

/** `m:ss` (or `h:mm:ss`) of a lesson's seconds. */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The lesson form's values. */
interface LessonForm {
  title: string;
  video?: string;
  duration?: number;
  free?: boolean;
  tags?: string[];
}

/**
 * The tags field's rule: at most {@link LESSON_TAGS_MAX} tags of at most {@link LESSON_TAG_MAX}
 * characters (blank ones are dropped by the server), said beside the field before anything is sent.
 */
export function lessonTagsProblem(tags: readonly string[] | undefined): string | null {
  const kept = (tags ?? []).map((tag) => tag.trim()).filter((tag) => tag !== '');
  if (kept.length > LESSON_TAGS_MAX) return `最多 ${LESSON_TAGS_MAX} 个标签`;
  const long = kept.find((tag) => [...tag].length > LESSON_TAG_MAX);
  return long === undefined ? null : `标签“${long}”超过 ${LESSON_TAG_MAX} 个字`;
}

/**
 * 添加课时 / 编辑: title, 上传视频 (sets the video and, when the file states it, the length), 免费试看, and
 * 知识点标签 (the terms it teaches; the app's chart lists it under a term's 相关课程).
 */
function LessonDialog({
  lesson,
  trigger,
  onSave,
}: {
  lesson?: AdminLesson;
  trigger: ReactNode;
  onSave: (values: LessonForm) => Promise<boolean>;
}) {
  const [form] = Form.useForm<LessonForm>();
  const [fromFile, setFromFile] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const guard = useUnsavedChanges({ active: open });
  const uploaded = (result: UploadResult) => {
    const seconds = result.durationSeconds === undefined ? null : Math.round(result.durationSeconds);
    setFromFile(seconds);
    form.setFieldsValue({ video: result.key, ...(seconds === null ? {} : { duration: seconds }) });
  };
  return (
    <ModalForm<LessonForm>
      title={lesson ? '编辑课时' : '添加课时'}
      name={lesson ? `lesson-${lesson.id}` : 'new-lesson'}
      form={form}
      trigger={trigger}
      open={open}
      initialValues={lesson ? { ...lesson } : { free: false }}
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      onOpenChange={guard.guardOpenChange((next) => {
        if (next) setFromFile(null);
        setOpen(next);
      })}
      onInit={guard.watchForm}
      onFinish={async (values) => {
        const saved = await onSave(values);
        if (saved) guard.markSaved();
        return saved;
      }}
    >
      <ProFormText name="title" label="课时标题" rules={filledWithin(LESSON_TITLE_MAX, '请填写课时标题')} />
      <Form.Item label="视频" required>
        <ChunkedUpload purpose="video" onUploaded={uploaded} />
      </Form.Item>
      <ProFormText
        name="video"
        label="视频文件"
        readonly
        rules={[{ required: true, message: '请先上传视频' }]}
      />
      <ProFormDigit
        name="duration"
        label="时长（秒）"
        min={0}
        max={86_400}
        fieldProps={{ precision: 0 }}
        readonly={fromFile !== null}
        extra={
          fromFile !== null ? `已从视频文件读出：${formatDuration(fromFile)}` : '视频文件写明时长时自动填写'
        }
      />
      <ProFormSwitch name="free" label="免费试看" />
      <ProFormSelect
        name="tags"
        label="知识点标签"
        mode="tags"
        placeholder="输入后回车，如：十神、七杀、纳音"
        extra={`App 排盘页点开这些术语时，会在“相关课程”里列出本课时；最多 ${LESSON_TAGS_MAX} 个，每个不超过 ${LESSON_TAG_MAX} 个字`}
        fieldProps={{ tokenSeparators: [',', '，', '、'], suffixIcon: null }}
        rules={[
          {
            validator: async (_, tags: string[] | undefined) => {
              const problem = lessonTagsProblem(tags);
              if (problem) throw new Error(problem);
            },
          },
        ]}
      />
    </ModalForm>
  );
}

/** 添加课件: a dialog that asks before dropping a chosen PDF or a typed name. */
function CoursewareDialog({
  onSave,
}: {
  onSave: (values: { title: string; file: string }) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const guard = useUnsavedChanges({ active: open });
  return (
    <ModalForm<{ title: string; file: string }>
      title="添加课件"
      name="new-courseware"
      trigger={<Button icon={<PlusOutlined />}>添加课件</Button>}
      open={open}
      onOpenChange={guard.guardOpenChange(setOpen)}
      onInit={guard.watchForm}
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      onFinish={async (values) => {
        const saved = await onSave(values);
        if (saved) guard.markSaved();
        return saved;
      }}
    >
      <CoursewareFields />
    </ModalForm>
  );
}

/** 添加课件's fields: the name and 上传 PDF (which fills the file and, when empty, the name). */
function CoursewareFields() {
  const form = Form.useFormInstance();
  return (
    <>
      <ProFormText
        name="title"
        label="课件名称"
        rules={filledWithin(COURSEWARE_TITLE_MAX, '请填写课件名称')}
      />
      <Form.Item label="PDF 文件" required>
        <ChunkedUpload
          purpose="courseware"
          label="上传 PDF"
          onUploaded={(result, file) => {
            form.setFieldsValue({ file: result.key });
            if (!form.getFieldValue('title'))
              form.setFieldsValue({ title: file.name.replace(/\.pdf$/i, '') });
          }}
        />
      </Form.Item>
      <ProFormText
        name="file"
        label="课件文件"
        readonly
        rules={[{ required: true, message: '请先上传 PDF' }]}
      />
    </>
  );
}

/** The course page. */
export function CoursePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { message, showError } = useFeedback();
  const [course, setCourse] = useState<AdminCourseDetail | null>(null);
  const [missing, setMissing] = useState(false);
  const [options, setOptions] = useState<AdminCourseOptions>({ categories: [], teachers: [] });
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<AdminCourseUpdateBody>();
  const courseGuard = useUnsavedChanges({ form });

  useEffect(() => {
    getCourse(id).then(setCourse, (error) => {
      setMissing(true);
      showError(error);
    });
    courseOptions().then(setOptions, showError);
  }, [id]);

  /** Runs a change; the page then shows the course the server answered. */
  const change = useCallback(
    async (run: () => Promise<AdminCourseDetail>, done?: string): Promise<boolean> => {
      setBusy(true);
      try {
        setCourse(await run());
        if (done) message.success(done);
        return true;
      } catch (error) {
        showError(error);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [message, showError],
  );

  if (missing) return <Result status="404" title="没有这门课程" />;
  if (!course) return <Spin style={{ display: 'block', margin: 48 }} />;

  const lessons = course.lessons;
  const move = (index: number, by: -1 | 1) => {
    const ids = lessons.map((lesson) => lesson.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved);
    void change(() => reorderLessons(course.id, ids), '顺序已保存');
  };
  const lessonBody = (values: LessonForm, lesson?: AdminLesson) => ({
    title: values.title,
    video: values.video ?? lesson?.video ?? '',
    duration: values.duration,
    free: values.free ?? false,
    tags: (values.tags ?? lesson?.tags ?? []).map((tag) => tag.trim()).filter((tag) => tag !== ''),
  });

  return (
    <PageContainer
      title={course.title}
      onBack={() => navigate('/courses')}
      backIcon={<ArrowLeftOutlined aria-label="返回课程列表" />}
      tags={course.published ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>}
      extra={[
        course.published ? (
          <Popconfirm
            key="off"
            title="下架后 App 中不再列出这门课（已购买的用户仍可观看）"
            okText="下架"
            cancelText="取消"
            onConfirm={() => change(() => publishCourse(course.id, false), '已下架')}
          >
            <Button danger loading={busy}>
              下架
            </Button>
          </Popconfirm>
        ) : (
          <Button
            key="on"
            type="primary"
            loading={busy}
            onClick={() => change(() => publishCourse(course.id, true), '已发布，App 中立即可见')}
          >
            发布
          </Button>
        ),
      ]}
    >
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card title="课程信息">
          <ProForm<AdminCourseUpdateBody>
            name="course"
            form={form}
            initialValues={course}
            submitter={{ searchConfig: { submitText: '保存课程信息' }, resetButtonProps: false }}
            onInit={courseGuard.watchForm}
            onFinish={async (values) => {
              const saved = await change(
                () =>
                  updateCourse(course.id, {
                    title: values.title,
                    subtitle: values.subtitle ?? '',
                    cover: values.cover ?? '',
                    teacherSellid: values.teacherSellid,
                    categoryId: values.categoryId,
                    intro: values.intro ?? '',
                    free: values.free ?? false,
                    sort: values.sort ?? 0,
                  }),
                '课程信息已保存',
              );
              if (saved) courseGuard.markSaved();
              return saved;
            }}
          >
            <ProForm.Group>
              <CourseTitleField width="md" />
              <ProFormText
                name="subtitle"
                label="副标题"
                width="lg"
                rules={[{ max: COURSE_SUBTITLE_MAX, message: `不超过 ${COURSE_SUBTITLE_MAX} 个字` }]}
              />
            </ProForm.Group>
            <ProForm.Group>
              <TeacherField options={teacherOptionsOf(options)} width="sm" />
              <CategoryField options={categoryOptionsOf(options)} width="sm" />
              <ProFormDigit
                name="sort"
                label="排序"
                width="xs"
                fieldProps={{ precision: 0 }}
                tooltip="数字小的排在前面"
              />
              <ProFormSwitch name="free" label="免费课程" tooltip="免费课程的每节课所有人都能观看" />
            </ProForm.Group>
            <Form.Item name="cover" label="封面">
              <ImageUpload label="上传封面" />
            </Form.Item>
            <Form.Item name="intro" label="课程介绍">
              <RichTextEditor label="课程介绍" />
            </Form.Item>
          </ProForm>
        </Card>

        <Card
          title={`课时（${lessons.length}）`}
          extra={
            <LessonDialog
              trigger={
                <Button type="primary" icon={<PlusOutlined />}>
                  添加课时
                </Button>
              }
              onSave={(values) => change(() => addLesson(course.id, lessonBody(values)), '课时已添加')}
            />
          }
        >
          <Table<AdminLesson>
            rowKey="id"
            dataSource={lessons}
            pagination={false}
            locale={{ emptyText: '还没有课时：添加课时并上传视频' }}
            columns={[
              { title: '序号', dataIndex: 'no', width: 70 },
              { title: '标题', dataIndex: 'title' },
              { title: '时长', dataIndex: 'duration', width: 90, render: (s: number) => formatDuration(s) },
              {
                title: '标签',
                dataIndex: 'tags',
                render: (tags: string[]) => tags.map((tag) => <Tag key={tag}>{tag}</Tag>),
              },
              {
                title: '免费试看',
                dataIndex: 'free',
                width: 100,
                render: (free: boolean, lesson) => (
                  <Switch
                    checked={free}
                    aria-label={`免费试看：${lesson.title}`}
                    disabled={busy}
                    onChange={(checked) =>
                      change(
                        () =>
                          updateLesson(lesson.id, { ...lessonBody({ ...lesson, free: checked }, lesson) }),
                        checked ? '已设为免费试看' : '已取消免费试看',
                      )
                    }
                  />
                ),
              },
              {
                title: '操作',
                width: 280,
                render: (_, lesson, index) => (
                  <Space size={0}>
                    <Button
                      type="link"
                      size="small"
                      icon={<ArrowUpOutlined />}
                      disabled={busy || index === 0}
                      aria-label={`上移：${lesson.title}`}
                      onClick={() => move(index, -1)}
                    >
                      上移
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      disabled={busy || index === lessons.length - 1}
                      aria-label={`下移：${lesson.title}`}
                      onClick={() => move(index, 1)}
                    >
                      下移
                    </Button>
                    <LessonDialog
                      lesson={lesson}
                      trigger={
                        <Button type="link" size="small">
                          编辑
                        </Button>
                      }
                      onSave={(values) =>
                        change(() => updateLesson(lesson.id, lessonBody(values, lesson)), '课时已保存')
                      }
                    />
                    <ConfirmLink
                      action="删除"
                      title="删除这节课？学员在这节课的学习进度也会删除"
                      onConfirm={() => change(() => deleteLesson(lesson.id), '课时已删除')}
                    />
                  </Space>
                ),
              },
            ]}
          />
        </Card>

        <Card
          title={`课件（${course.courseware.length}）`}
          extra={
            <CoursewareDialog
              onSave={(values) => change(() => addCourseware(course.id, values), '课件已添加')}
            />
          }
        >
          <Table
            rowKey="id"
            dataSource={course.courseware}
            pagination={false}
            locale={{ emptyText: '这门课还没有课件' }}
            columns={[
              { title: '名称', dataIndex: 'title' },
              {
                title: '文件',
                dataIndex: 'fileName',
                render: (name: string, item) => (
                  <Typography.Link href={item.url} target="_blank" rel="noreferrer">
                    {name}
                  </Typography.Link>
                ),
              },
              {
                title: '大小',
                dataIndex: 'bytes',
                render: (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`,
              },
              {
                title: '操作',
                render: (_, item) => (
                  <ConfirmLink
                    action="删除"
                    title="删除这个课件？"
                    onConfirm={() => change(() => removeCourseware(item.id), '课件已删除')}
                  />
                ),
              },
            ]}
          />
        </Card>
      </Space>
    </PageContainer>
  );
}
