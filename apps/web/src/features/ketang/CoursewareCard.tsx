import type { Courseware } from '@xuanli/contracts/ketang';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Dialog } from '@/lib/antd-mobile';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/feedback';
import { useCourse } from './api/get-course';
import styles from './CoursewareCard.module.css';
import { factsOf } from './courseware-facts';
import { previewFile } from './courseware-preview';
import { downloadFailureMessage, downloadFile, WECHAT_DOWNLOAD_HINT } from './download';

/** Props of {@link CoursewareCard}. */
export interface CoursewareCardProps {
  file: Courseware;
  /** WeChat's in-app browser: it cannot save files, so 下载 explains what to do instead. */
  wechat: boolean;
  /** Shows the course the file belongs with (off on a list of one course's files). */
  showCourse: boolean;
}

/** Where a download is: not started (or done), receiving bytes (percent when known), or failed. */
type DownloadState =
  | { phase: 'idle' }
  | { phase: 'loading'; percent: number | null }
  | { phase: 'failed'; message: string };

/** Files a phone's browser shows by itself. */
const previewable = (type: string) => type === 'application/pdf' || type.startsWith('image/');

/**
 * One courseware file: its kind's badge, title, file name, pages and size, the course it belongs
 * with, and 预览 (PDFs and pictures) and 下载 (saved under its file name, PRODUCT.md#classroom). 下载 shows its
 * progress while the bytes arrive and says a failure under the buttons until the next try.
 */
export function CoursewareCard({ file, wechat, showCourse }: CoursewareCardProps) {
  const titleId = useId();
  const [state, setState] = useState<DownloadState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);
  // Leaving the page stops a download nobody waits for.
  useEffect(() => () => running.current?.abort(), []);

  async function download() {
    if (wechat) {
      void Dialog.alert({
        title: '微信里无法直接下载',
        content: `${WECHAT_DOWNLOAD_HINT}，也可以先点「预览」在线查看。`,
        confirmText: '知道了',
      });
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: 'loading', percent: null });
    try {
      await downloadFile(file.url, file.fileName, {
        signal: controller.signal,
        onProgress: (percent) => setState({ phase: 'loading', percent }),
      });
      setState({ phase: 'idle' });
      toast(`已保存 ${file.fileName}`, 'success');
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ phase: 'failed', message: downloadFailureMessage(error) });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  const loading = state.phase === 'loading';
  const badge = file.type === 'application/pdf' ? 'PDF' : extensionOf(file.fileName);
  return (
    <li className={styles.item}>
      <article className={styles.card} aria-labelledby={titleId}>
        <div className={styles.head}>
          <FileBadge label={badge} />
          <div className={styles.text}>
            <h2 className={styles.title} id={titleId}>
              {file.title}
            </h2>
            <p className={styles.fileName}>{file.fileName}</p>
            <p className={styles.facts}>{factsOf(file)}</p>
            {showCourse && file.courseId ? <CourseLink id={file.courseId} /> : null}
          </div>
        </div>
        <div className={styles.actions}>
          {previewable(file.type) ? (
            <button type="button" className={styles.preview} onClick={() => previewFile(file.url)}>
              预览
            </button>
          ) : null}
          <button
            type="button"
            className={styles.download}
            onClick={() => void download()}
            disabled={loading}
            aria-busy={loading}
          >
            {loading ? (state.percent === null ? '下载中…' : `下载中 ${state.percent}%`) : '下载'}
          </button>
        </div>
        {state.phase === 'failed' ? (
          <p className={styles.failure} role="alert">
            下载失败：{state.message}
          </p>
        ) : null}
      </article>
    </li>
  );
}

/** The course a file belongs with, named once its page has loaded; nothing for a course that is gone. */
function CourseLink({ id }: { id: string }) {
  const course = useCourse(id);
  if (course.error instanceof ApiError && course.error.status === 404) return null;
  return (
    <Link className={styles.course} to={paths.courseShow.getHref({ id })}>
      <span className={styles.courseLabel}>所属课程</span>
      <span className={styles.courseTitle}>{course.data ? `《${course.data.title}》` : '查看课程'}</span>
      <span aria-hidden="true">›</span>
    </Link>
  );
}

/** A document glyph with the file's kind on it (PDF, DOCX …). */
function FileBadge({ label }: { label: string }) {
  return (
    <span className={styles.badge} aria-hidden="true">
      <svg viewBox="0 0 40 48" width="40" height="48" aria-hidden="true">
        <path d="M4 2h22l10 10v32a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z" className={styles.sheet} />
        <path d="M26 2v8a2 2 0 0 0 2 2h8" className={styles.fold} />
      </svg>
      <span className={styles.badgeLabel}>{label}</span>
    </span>
  );
}

/** 'DOCX' for '讲义.docx'; 'FILE' without an extension. */
function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1, dot + 5).toUpperCase() : 'FILE';
}
