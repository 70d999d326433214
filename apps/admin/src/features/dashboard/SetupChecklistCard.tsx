/**
 * 开店清单 (admins): each setting to make before opening, 示例 while the seed's example or the
 * development stand-in is in use, 已设置 once it is the operators' own, with where it is set — a page
 * of the console, or for a server setting the README section that explains it.
 */
import type { SetupCheck, SetupChecklist } from '@xuanli/contracts/admin-dashboard';
import {
  SETUP_ITEM_LABELS,
  SETUP_STATE_LABELS,
  type SetupItem,
} from '@xuanli/contracts/admin-dashboard-labels';
import { Alert, Card, List, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router';

/** Where an item is set: a console page (with what to open there) or a README section. */
type Where = { page: string; text: string } | { readme: string };

/** Where each item is set. */
export const SETUP_WHERE: Record<SetupItem, Where> = {
  customerService: { page: '/masters', text: '大师与客服 → 客服名片' },
  payment: { readme: "The shop's payments and the operators' commands" },
  sms: { readme: 'Login codes by SMS' },
  agreements: { page: '/content', text: '文章与标签 → 协议文本' },
  masters: { page: '/masters', text: '大师与客服 → 大师' },
};

function WhereToSet({ item }: { item: SetupItem }) {
  const where = SETUP_WHERE[item];
  if ('page' in where) return <Link to={where.page}>{where.text}</Link>;
  return (
    <Typography.Text type="secondary">
      服务器配置，见 README「<Typography.Text code>{where.readme}</Typography.Text>」
    </Typography.Text>
  );
}

/** The checklist card. */
export function SetupChecklistCard({
  checklist,
  failure,
}: {
  checklist: SetupChecklist | null;
  failure: string | null;
}) {
  const done = checklist?.items.filter((entry) => entry.state === 'set').length ?? 0;
  return (
    <Card title="开店清单" extra={checklist ? `${done} / ${checklist.items.length} 项已设置` : null}>
      {failure ? <Alert type="error" showIcon message={failure} /> : null}
      {!checklist && !failure ? <Spin /> : null}
      {checklist ? (
        <List<SetupCheck>
          size="small"
          dataSource={checklist.items}
          renderItem={(entry) => (
            <List.Item actions={[<WhereToSet key="where" item={entry.item} />]}>
              <List.Item.Meta
                title={
                  <span>
                    {SETUP_ITEM_LABELS[entry.item]}{' '}
                    <Tag color={entry.state === 'set' ? 'green' : 'orange'}>
                      {SETUP_STATE_LABELS[entry.state]}
                    </Tag>
                  </span>
                }
                description={entry.note}
              />
            </List.Item>
          )}
        />
      ) : null}
    </Card>
  );
}
