/**
 * A confirmation that asks for a reason: for changes whose only input is why (取消 VIP, 强制下线,
 * 停用账号). The reason goes into the audit row the server writes with the change.
 */
import { ModalForm } from '@ant-design/pro-components';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { type FailureWords, useFeedback } from '@/lib/feedback';
import { ReasonField, reasonOf } from './ReasonField';

/** The dialog; `onConfirm` does the change and throws to keep the dialog open (the error is shown). */
export function ReasonDialog({
  title,
  description,
  submitText,
  reasonRequired = true,
  failureWords,
  open,
  onOpenChange,
  onConfirm,
}: {
  title: string;
  description: ReactNode;
  submitText: string;
  reasonRequired?: boolean;
  /** What the change's failures mean, by code, when the server does not say it in Chinese. */
  failureWords?: FailureWords;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: string | undefined) => Promise<void>;
}) {
  const { showError } = useFeedback();
  return (
    <ModalForm<{ reason?: string }>
      title={title}
      open={open}
      onOpenChange={onOpenChange}
      width={480}
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      submitter={{
        searchConfig: { submitText, resetText: '取消' },
        submitButtonProps: { danger: true },
      }}
      onFinish={async ({ reason }) => {
        try {
          await onConfirm(reasonOf(reason));
          return true;
        } catch (error) {
          showError(error, failureWords);
          return false;
        }
      }}
    >
      <Typography.Paragraph>{description}</Typography.Paragraph>
      <ReasonField required={reasonRequired} />
    </ModalForm>
  );
}
