/**
 * 示例: a card the seed filled with an example (WeChat ID, avatar, QR code) that no operator has saved
 * yet. Readers see it as it is, so it must be replaced before opening (概览 → 开店清单 lists it too).
 */
import { Tag, Tooltip } from 'antd';

/** The marker beside a card that is still the seed's example. */
export function DemoTag() {
  return (
    <Tooltip title="初始示例内容，读者可见。开业前请改成您自己的微信号、头像和二维码，保存后此标记消失。">
      <Tag color="orange">示例</Tag>
    </Tooltip>
  );
}
