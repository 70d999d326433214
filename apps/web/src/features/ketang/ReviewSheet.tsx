import type { Review } from '@xuanli/contracts/ketang';
import { REVIEW_COMMENT_MAX } from '@xuanli/contracts/ketang-labels';
import { useId, useState } from 'react';
import { SheetSubmit } from '@/components/SheetSubmit';
import { Popup, Rate, TextArea } from '@/lib/antd-mobile';
import { ApiError } from '@/lib/api';
import { userMessage } from '@/lib/error-message';
import { toast } from '@/lib/feedback';
import { useSaveReview } from './api/save-review';
import styles from './ReviewSheet.module.css';

/** What each number of stars means, said beside the stars. */
const RATING_WORDS = ['', '很不满意', '不太满意', '一般', '满意', '非常满意'] as const;

/** Props of {@link ReviewSheet}. */
export interface ReviewSheetProps {
  courseId: string;
  open: boolean;
  /** The caller's earlier review: the form starts from it (改评价). */
  mine: Review | null;
  onClose: () => void;
}

/**
 * The review form sliding up from the bottom: the stars (PRODUCT.md#input-rules: 1–5, tapping the chosen
 * value clears it — the form cannot be sent without stars and says 请选择评分) and optional words of up to
 * REVIEW_COMMENT_MAX characters. A saved review says 评价已提交 and closes; a refusal is said in the form, which
 * stays open.
 */
export function ReviewSheet({ courseId, open, mine, onClose }: ReviewSheetProps) {
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet} destroyOnClose>
      {open ? <ReviewForm courseId={courseId} mine={mine} onClose={onClose} /> : null}
    </Popup>
  );
}

function ReviewForm({ courseId, mine, onClose }: Omit<ReviewSheetProps, 'open'>) {
  const id = useId();
  const save = useSaveReview();
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [comment, setComment] = useState(mine?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const title = mine ? '修改评价' : '写评价';

  const submit = async () => {
    if (rating < 1 || save.isPending) return;
    setError(null);
    try {
      await save.mutateAsync({ id: courseId, rating, comment: comment.trim() || undefined });
      onClose();
      toast('评价已提交', 'success');
    } catch (failure) {
      setError(reviewFailure(failure));
    }
  };

  return (
    <section className={styles.body} aria-labelledby={`${id}-title`}>
      <header className={styles.head}>
        <h2 id={`${id}-title`} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.close} aria-label="关闭" onClick={onClose}>
          ×
        </button>
      </header>
      <div className={styles.field}>
        <span className={styles.label} id={`${id}-rating`}>
          评分
        </span>
        <Rate
          className={styles.rate}
          aria-labelledby={`${id}-rating`}
          value={rating}
          onChange={(value) => {
            setRating(value);
            setError(null);
          }}
        />
        <span className={rating > 0 ? styles.ratingWord : styles.ratingHint} aria-live="polite">
          {rating > 0 ? RATING_WORDS[rating] : '请选择评分'}
        </span>
      </div>
      <label className={styles.label} htmlFor={`${id}-comment`}>
        评价内容（选填）
      </label>
      <TextArea
        id={`${id}-comment`}
        className={styles.comment}
        placeholder="说说这门课哪里讲得好、哪里还能更好"
        value={comment}
        onChange={setComment}
        maxLength={REVIEW_COMMENT_MAX}
        showCount
        rows={4}
      />
      <SheetSubmit
        failure={error}
        failureClassName={styles.error}
        className={styles.submit}
        disabled={rating < 1 || save.isPending}
        onSubmit={submit}
      >
        {save.isPending ? '正在提交…' : '提交评价'}
      </SheetSubmit>
    </section>
  );
}

/** Why a review was refused, in Chinese: the rule of who may rate, or the general message of the code. */
function reviewFailure(error: unknown): string {
  if (error instanceof ApiError && error.code === 'Forbidden') return '购买课程或开始学习后才能评价';
  return userMessage(error);
}
