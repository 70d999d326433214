/**
 * 上传视频 / 上传课件: picks a file and sends it in chunks (api/uploads.ts) with a progress bar. When
 * the connection drops, the bar stays where the server's chunks end and 继续上传 sends the rest; the
 * same file chosen again later (even after closing the tab) resumes too, since the upload's id is kept
 * in localStorage by the file's name, size and modification time.
 */
import { UploadOutlined } from '@ant-design/icons';
import type { UploadResult } from '@xuanli/contracts/admin-courses';
import { UPLOAD_MAX_BYTES, type UploadPurpose } from '@xuanli/contracts/admin-courses-labels';
import { Button, Progress, Space, Typography, Upload } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { type UploadProgress, uploadInChunks } from '@/api/uploads';
import { errorText } from '@/lib/feedback';

/** The component's props. */
export interface ChunkedUploadProps {
  purpose: UploadPurpose;
  /** Called with the stored file once the upload completes. */
  onUploaded: (result: UploadResult, file: File) => void;
  /** The button's label (上传视频 / 上传课件 by purpose). */
  label?: string;
}

const ACCEPT: Record<UploadPurpose, string> = {
  video: 'video/mp4,video/webm,.mp4,.webm',
  courseware: 'application/pdf,.pdf',
};

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A chunked upload button with its progress. */
export function ChunkedUpload({ purpose, onUploaded, label }: ChunkedUploadProps): ReactNode {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const running = useRef(false);

  const send = async (chosen: File) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      const result = await uploadInChunks(chosen, purpose, { onProgress: setProgress });
      setDone(true);
      onUploaded(result, chosen);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  const choose = (chosen: File) => {
    setFile(chosen);
    setProgress(null);
    if (chosen.size > UPLOAD_MAX_BYTES[purpose]) {
      setError(`文件不能超过 ${megabytes(UPLOAD_MAX_BYTES[purpose])}`);
      return false;
    }
    void send(chosen);
    // The file is sent by `send`, not by antd's own request.
    return false;
  };

  const percent = progress && progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Upload accept={ACCEPT[purpose]} showUploadList={false} beforeUpload={choose} disabled={busy}>
        <Button icon={<UploadOutlined />} loading={busy}>
          {label ?? (purpose === 'video' ? '上传视频' : '上传课件')}
        </Button>
      </Upload>
      {file ? (
        <div>
          <Typography.Text>{file.name}</Typography.Text>
          <Progress
            percent={done ? 100 : percent}
            status={error ? 'exception' : done ? 'success' : 'active'}
            aria-label="上传进度"
          />
          {progress ? (
            <Typography.Text type="secondary">
              已上传 {megabytes(progress.sent)} / {megabytes(progress.total)}
            </Typography.Text>
          ) : null}
          {error ? (
            <Space>
              <Typography.Text type="danger" role="alert">
                {error}
              </Typography.Text>
              {file.size <= UPLOAD_MAX_BYTES[purpose] ? (
                <Button size="small" onClick={() => void send(file)} disabled={busy}>
                  继续上传
                </Button>
              ) : null}
            </Space>
          ) : null}
        </div>
      ) : null}
    </Space>
  );
}
