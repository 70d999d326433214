import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_ACTION_LABELS } from '@xuanli/contracts/admin-labels';
import { describe, expect, it } from 'vitest';
import { anAuditEntry } from '@/testing/fixtures';
import { AUDIT_SENTENCES, auditSentence } from './audit-sentences';

/** The API's sources (apps/api/src), read as text: the console never imports them. */
const API_SOURCES = join(import.meta.dirname, '../../../../api/src');

/**
 * Every action string the API's audit writers use: the quoted dotted codes ('vip.grant') in each
 * source file that writes audit rows (through `writeAudit` or an `audited(…)` helper over it).
 */
function actionsWrittenByTheApi(): Set<string> {
  const actions = new Set<string>();
  const files = readdirSync(API_SOURCES, { recursive: true, encoding: 'utf8' }).filter(
    (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
  );
  for (const name of files) {
    const source = readFileSync(join(API_SOURCES, name), 'utf8');
    if (!/writeAudit|audited\(/.test(source)) continue;
    for (const match of source.matchAll(/'([a-z]+(?:\.[a-z-]+)+)'/g)) actions.add(match[1]);
  }
  return actions;
}

describe('audit sentences', () => {
  it('has a sentence for every action the API writes, and for every action the log offers', () => {
    const written = actionsWrittenByTheApi();
    // The scan finds the writers (a broken scan would find nothing and prove nothing).
    expect(written.size).toBeGreaterThanOrEqual(30);
    expect(written).toContain('order.ship');
    const missing = [...written, ...Object.keys(AUDIT_ACTION_LABELS)].filter(
      (action) => !(action in AUDIT_SENTENCES),
    );
    expect(missing, 'actions without a sentence in AUDIT_SENTENCES').toEqual([]);
  });

  it("names a user's own merge of two accounts as the user's doing", () => {
    expect(
      auditSentence(
        anAuditEntry({
          operatorId: null,
          operatorName: null,
          actor: 'user:42',
          action: 'user.merge',
          target: 'user:42',
          subject: '138****0000',
          after: { mergedUser: 57, vipExpire: null },
          reason: 'bind-phone',
        }),
      ),
    ).toBe('用户本人 绑定手机号时将账号 #57 并入了 138****0000');
  });

  it('names the operator and the object, with the change in words', () => {
    expect(
      auditSentence(
        anAuditEntry({
          before: { vipExpire: null },
          after: { vipExpire: '2026-02-14T04:00:00.000Z', days: 30 },
        }),
      ),
    ).toBe('赵客服 为用户 138****0000 开通会员 30 天（到期 2026-02-14）');
    // Still running when granted: an extension.
    expect(
      auditSentence(
        anAuditEntry({
          before: { vipExpire: '2026-01-20T04:00:00.000Z' },
          after: { vipExpire: '2026-02-19T04:00:00.000Z', days: 30 },
        }),
      ),
    ).toBe('赵客服 为用户 138****0000 延长会员 30 天（到期 2026-02-19）');
    expect(
      auditSentence(
        anAuditEntry({
          operatorName: '张三',
          action: 'order.ship',
          target: 'order:20260115000012345678',
          subject: '20260115000012345678',
          before: { status: 'paid' },
          after: { status: 'shipped', tracking: '顺丰速运 SF1234567890' },
        }),
      ),
    ).toBe('张三 将订单 20260115000012345678 标记为已发货（顺丰速运 SF1234567890）');
    expect(
      auditSentence(
        anAuditEntry({
          operatorName: '李四',
          action: 'article.publish',
          target: 'article:7',
          subject: '玄历用户协议',
        }),
      ),
    ).toBe('李四 发布了文章《玄历用户协议》');
    expect(
      auditSentence(
        anAuditEntry({
          action: 'order.refund',
          target: 'order:20260115000012345678',
          after: { refund: 'R1', amount: 12_800, channel: 'wechat' },
        }),
      ),
    ).toBe('赵客服 为订单 20260115000012345678 退款 ¥128.00');
    expect(
      auditSentence(
        anAuditEntry({
          action: 'holiday.save',
          target: 'holiday:2027-10-09',
          subject: '2027-10-09',
          after: { date: '2027-10-09', name: '国庆节', offDay: false },
        }),
      ),
    ).toBe('赵客服 将 2027-10-09 设为调休上班（国庆节）');
    expect(
      auditSentence(
        anAuditEntry({
          action: 'operator.role',
          target: 'operator:5',
          subject: '周编辑',
          before: { role: 'editor' },
          after: { role: 'admin' },
        }),
      ),
    ).toBe('赵客服 将后台账号 周编辑 的角色从内容编辑改为管理员');
    expect(
      auditSentence(anAuditEntry({ action: 'operator.password', target: 'operator:3', subject: '赵客服' })),
    ).toBe('赵客服 修改了自己的后台密码');
  });

  it('names the command line by its user and host', () => {
    expect(
      auditSentence(
        anAuditEntry({ operatorId: null, operatorName: null, actor: 'cli:ops@web-1', action: 'vip.revoke' }),
      ),
    ).toBe('命令行（ops@web-1） 取消了用户 138****0000 的会员');
    expect(
      auditSentence(
        anAuditEntry({
          operatorId: null,
          operatorName: null,
          actor: 'root@vm (admin channel)',
          action: 'vip.revoke',
        }),
      ),
    ).toBe('命令行（root@vm，admin channel） 取消了用户 138****0000 的会员');
  });

  it('reads an action it does not know as a generic sentence with the object', () => {
    expect(
      auditSentence(
        anAuditEntry({
          operatorName: '张三',
          action: 'user.rename',
          target: 'user:42',
          subject: '138****0000',
        }),
      ),
    ).toBe('张三 执行了「user.rename」：138****0000');
    // A ban is one it knows.
    expect(
      auditSentence(
        anAuditEntry({ operatorName: '张三', action: 'user.ban', target: 'user:42', subject: '138****0000' }),
      ),
    ).toBe('张三 封禁了用户 138****0000');
    // No name known: the target as recorded.
    expect(auditSentence(anAuditEntry({ action: 'vip.revoke', subject: null }))).toBe(
      '赵客服 取消了用户 user:42 的会员',
    );
  });
});
