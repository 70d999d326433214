/**
 * A picture field for ProForm and antd Form: the operator picks a JPEG, PNG, WebP or GIF, it is sent
 * to `POST /api/admin/images` with the console's bearer token, and the field's value becomes the URL
 * the app loads it from — one URL (`multiple` off) or a list of URLs in the order shown. A file over
 * 5 MB is refused before it is sent; the server's refusal (not a picture) is shown as it says it.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Upload, type UploadFile } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { IMAGE_ACCEPT, uploadImage } from '@/api/images';
import { useFeedback } from '@/lib/feedback';

/** The field's props: antd Form passes `value` and `onChange`. */
export interface ImageUploadProps {
  /** One URL, or the URLs of a `multiple` field. */
  value?: string | string[] | null;
  onChange?: (value: string | string[] | null) => void;
  /** Several pictures: the value is a list. */
  multiple?: boolean;
  /** Most pictures of a `multiple` field (9 by default). */
  max?: number;
  /** Text of the upload button, also its accessible name (e.g. 上传头像). */
  label?: string;
  disabled?: boolean;
}

/** The URLs of a value of either shape. */
function urlsOf(value: ImageUploadProps['value']): string[] {
  if (!value) return [];
  return Array.isArray(value) ? value : [value];
}

/** A picture field uploading through the console's API. */
export function ImageUpload({
  value,
  onChange,
  multiple = false,
  max = 9,
  label = '上传图片',
  disabled,
}: ImageUploadProps): ReactNode {
  const { showError } = useFeedback();
  const [uploading, setUploading] = useState<UploadFile[]>([]);
  const urls = urlsOf(value);
  const limit = multiple ? max : 1;
  // The value as last emitted: two uploads finishing before a re-render both append.
  const latest = useRef<string[]>(urls);
  latest.current = urls;

  const emit = (next: string[]) => {
    latest.current = next;
    if (multiple) onChange?.(next);
    else onChange?.(next[next.length - 1] ?? null);
  };

  const fileList: UploadFile[] = [
    ...urls.map((url, index) => ({
      uid: `${index}:${url}`,
      name: url.split('/').pop() ?? url,
      status: 'done' as const,
      url,
      thumbUrl: url,
    })),
    ...uploading,
  ];

  return (
    <Upload
      accept={IMAGE_ACCEPT}
      listType="picture-card"
      multiple={multiple}
      disabled={disabled}
      fileList={fileList}
      showUploadList={{ showPreviewIcon: false, removeIcon: <DeleteOutlined aria-label="删除图片" /> }}
      locale={{ removeFile: '删除图片', uploading: '上传中…', uploadError: '上传失败' }}
      customRequest={async ({ file }) => {
        const picked = file as File;
        const uid = `uploading:${Math.random().toString(36).slice(2)}`;
        setUploading((list) => [...list, { uid, name: picked.name, status: 'uploading', percent: 50 }]);
        try {
          const url = await uploadImage(picked, picked.name);
          emit([...latest.current, url].slice(-limit));
        } catch (error) {
          showError(error);
        } finally {
          setUploading((list) => list.filter((item) => item.uid !== uid));
        }
      }}
      onRemove={(item) => {
        if (item.status === 'done') {
          const index = Number.parseInt(item.uid, 10);
          emit(urls.filter((_, i) => i !== index));
        }
        return false;
      }}
    >
      {fileList.length >= limit && multiple ? null : (
        <div>
          <PlusOutlined aria-hidden />
          <div style={{ marginTop: 8 }}>{urls.length > 0 && !multiple ? '更换图片' : label}</div>
        </div>
      )}
    </Upload>
  );
}
