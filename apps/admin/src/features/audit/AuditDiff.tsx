/** An audit row's change as readable lines (audit-diff.ts): old values struck through, new ones after. */
import { Typography } from 'antd';
import { diffLines } from './audit-diff';

/** The change from `before` to `after`. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const lines = diffLines(before, after);
  if (lines.length === 0) return <Typography.Text type="secondary">无字段变化</Typography.Text>;
  const kind = before == null && after != null ? '新建' : after == null && before != null ? '删除' : null;
  return (
    <div>
      {kind ? <Typography.Text strong>{kind}</Typography.Text> : null}
      {lines.map((line) => (
        <div key={line.field}>
          <Typography.Text type="secondary">{line.label}：</Typography.Text>
          {line.before !== null ? (
            <Typography.Text delete={line.after !== null || kind === '删除'} type="danger">
              {line.before}
            </Typography.Text>
          ) : null}
          {line.before !== null && line.after !== null ? ' → ' : null}
          {line.after !== null ? <Typography.Text type="success">{line.after}</Typography.Text> : null}
        </div>
      ))}
    </div>
  );
}
