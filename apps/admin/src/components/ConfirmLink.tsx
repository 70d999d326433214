/**
 * An action of a table row that cannot be taken back (删除, 下架): a red link that asks first, so a
 * slip of the mouse never removes anything.
 */

import type { PopconfirmProps } from 'antd';
import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';

/**
 * The red link `action`, which runs `onConfirm` once the operator answers `title` (and
 * `description`) with the button of the same word; `dangerOk` paints that button red too.
 */
export function ConfirmLink({
  action,
  title,
  description,
  dangerOk = false,
  onConfirm,
}: {
  action: string;
  title: ReactNode;
  description?: ReactNode;
  dangerOk?: boolean;
  onConfirm: PopconfirmProps['onConfirm'];
}) {
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={action}
      okButtonProps={dangerOk ? { danger: true } : undefined}
      cancelText="取消"
      onConfirm={onConfirm}
    >
      <Button type="link" size="small" danger>
        {action}
      </Button>
    </Popconfirm>
  );
}
