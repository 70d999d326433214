import { screen, within } from '@testing-library/react';
import type { AdminMe, TotpEnrolResult, TotpState } from '@xuanli/contracts/admin';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '@/lib/session';
import { callsTo, failureAnswer, installFakeApi, okAnswer } from '@/testing/fake-api';
import { anOperator } from '@/testing/fixtures';
import { meAnswer, renderConsole } from '@/testing/render-console';
import { totpQrDataUrl } from './totp-qr';

const enrolment: TotpEnrolResult = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl:
    'otpauth://totp/%E7%8E%84%E5%8E%86%E5%90%8E%E5%8F%B0:kefu01?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=%E7%8E%84%E5%8E%86%E5%90%8E%E5%8F%B0&algorithm=SHA1&digits=6&period=30',
};

describe('my account', () => {
  it('enrols an authenticator: QR code of the otpauth URL, then a code turns two-step verification on', async () => {
    const calls = installFakeApi((call) => {
      if (call.path === '/me/totp/enrol') return okAnswer(enrolment);
      if (call.path === '/me/totp/confirm') {
        if (call.body.code !== '246810') return failureAnswer('TotpInvalid', 'wrong TOTP code');
        const state: TotpState = { operator: anOperator('support', { totpEnabled: true }) };
        return okAnswer(state);
      }
      return meAnswer(call, 'support');
    });
    const { user } = renderConsole({ path: '/me', role: 'support' });
    await user.click(await screen.findByRole('button', { name: '开启两步验证' }));

    const qr = (await screen.findByAltText('两步验证二维码')) as HTMLImageElement;
    // The picture is the QR code of the otpauth URL (not of the bare secret).
    expect(qr.src).toBe(await totpQrDataUrl(enrolment.otpauthUrl));
    expect(qr.src).toMatch(/^data:image\/png;base64,/);
    screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    await user.type(screen.getByLabelText('动态验证码'), '135791');
    await user.click(screen.getByRole('button', { name: '确认开启' }));
    await screen.findByText('动态码不对或已用过，请等下一个码出现后再试');

    await user.clear(screen.getByLabelText('动态验证码'));
    await user.type(screen.getByLabelText('动态验证码'), '246810');
    await user.click(screen.getByRole('button', { name: '确认开启' }));
    await screen.findByText('两步验证已开启，下次登录需要输入动态验证码');
    await screen.findByRole('button', { name: '关闭两步验证' });
    expect(callsTo(calls, 'POST', '/me/totp/confirm').map((call) => call.body)).toEqual([
      { code: '135791' },
      { code: '246810' },
    ]);
    expect(JSON.parse(window.sessionStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').operator.totpEnabled).toBe(
      true,
    );
  });

  it('changes the password after checking the two new entries agree', async () => {
    const calls = installFakeApi((call) => {
      if (call.path !== '/me/password') return meAnswer(call, 'editor');
      if (call.body.oldPassword !== 'old password 1')
        return failureAnswer('WrongOldPassword', 'the current password is wrong');
      const me: AdminMe = { operator: anOperator('editor'), expiresAt: '2026-01-15T16:00:00.000Z' };
      return okAnswer(me);
    });
    const { user } = renderConsole({ path: '/me', role: 'editor' });
    const card = (await screen.findByText('修改密码', { selector: '.ant-pro-card-title' })).closest(
      '.ant-pro-card',
    ) as HTMLElement;
    await user.type(within(card).getByLabelText('当前密码'), 'old password 0');
    await user.type(within(card).getByLabelText('新密码'), 'short');
    await user.type(within(card).getByLabelText('再输一次'), 'different');
    await user.click(within(card).getByRole('button', { name: '保存新密码' }));
    await within(card).findByText('密码至少 10 位');
    await within(card).findByText('两次输入的密码不一样');
    expect(callsTo(calls, 'POST', '/me/password')).toEqual([]);

    await user.clear(within(card).getByLabelText('新密码'));
    await user.type(within(card).getByLabelText('新密码'), 'a much longer pass');
    await user.clear(within(card).getByLabelText('再输一次'));
    await user.type(within(card).getByLabelText('再输一次'), 'a much longer pass');
    await user.click(within(card).getByRole('button', { name: '保存新密码' }));
    // A wrong current password is that field's message.
    await within(card).findByText('原密码不对，请重新输入');

    await user.clear(within(card).getByLabelText('当前密码'));
    await user.type(within(card).getByLabelText('当前密码'), 'old password 1');
    await user.click(within(card).getByRole('button', { name: '保存新密码' }));
    await screen.findByText('密码已修改，其他地方的登录已退出');
    expect(callsTo(calls, 'POST', '/me/password').map((call) => call.body)).toEqual([
      { oldPassword: 'old password 0', password: 'a much longer pass' },
      { oldPassword: 'old password 1', password: 'a much longer pass' },
    ]);
  });
});
