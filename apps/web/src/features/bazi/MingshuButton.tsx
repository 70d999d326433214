import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { userMessage } from '@/lib/error-message';
import { isVip, useSession } from '@/stores/session';
import { getMingshu, saveBlob } from './api/get-mingshu';
import styles from './MingshuButton.module.css';
import type { ChartRequest } from './profiles';

/**
 * 下载命书: a VIP gets the chart's printable 命书 (a PDF made on the server); anyone else is led to VIP福利,
 * where the benefit is explained, rather than shown a button that would only be refused.
 */
export function MingshuButton({ request }: { request: ChartRequest }) {
  const vip = useSession((s) => isVip(s.user));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const what = <p className={styles.what}>命盘、五行与喜用神、大运流年和解读，排成一份可打印的 PDF。</p>;
  if (!vip) {
    return (
      <div className={styles.wrap}>
        {what}
        <Link className={styles.link} to={paths.fuli.getHref()}>
          下载命书是VIP福利，查看开通方式<span aria-hidden="true"> ›</span>
        </Link>
      </div>
    );
  }

  async function download() {
    setBusy(true);
    setProblem(null);
    try {
      const { blob, fileName } = await getMingshu(request);
      saveBlob(blob, fileName);
    } catch (error) {
      setProblem(userMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.wrap}>
      {what}
      <button type="button" className={styles.button} onClick={download} disabled={busy}>
        {busy ? '命书生成中…' : '下载命书'}
      </button>
      {problem ? (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
