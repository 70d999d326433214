import { screen, waitFor, within } from '@testing-library/react';
import type { AdminMaster, AdminMasterList, AdminServiceCard } from '@xuanli/contracts/admin-content';
import { describe, expect, it } from 'vitest';
import { findDialog } from '@/testing/antd-queries';
import { callsTo, failureAnswer, installFakeApi, okAnswer } from '@/testing/fake-api';
import { meAnswer, renderConsole } from '@/testing/render-console';

const QR = '/api/files/console/images/2026/44444444-4444-4444-8444-444444444444.webp';

const aMaster = (overrides: Partial<AdminMaster> = {}): AdminMaster => ({
  sellid: 1,
  avatar: '',
  nickname: '七星堂·张师傅',
  intro: '研习子平八字二十余年。',
  wx: 'xuanli_zhang',
  qrcode: '',
  sort: 1,
  active: true,
  demo: false,
  updatedAt: '2026-11-20T02:00:00.000Z',
  ...overrides,
});

const card: AdminServiceCard = {
  avatar: '',
  nickname: '玄历客服',
  intro: '工作时间 9:00–21:00。',
  wx: '',
  qrcode: '',
  body: '添加客服微信。',
  demo: false,
  updatedAt: '2026-11-20T02:00:00.000Z',
};

function fakeMastersApi(seeded = { master: aMaster(), card }) {
  const masters = [seeded.master];
  let serviceCard = seeded.card;
  return installFakeApi((call) => {
    const me = meAnswer(call, 'editor');
    if (me) return me;
    if (call.method === 'GET' && call.path === '/masters') {
      const list: AdminMasterList = { list: masters };
      return okAnswer(list);
    }
    if (call.method === 'GET' && call.path === '/customer-service') return okAnswer(serviceCard);
    if (call.method === 'POST' && call.path === '/customer-service') {
      // As the server does: a save in the console ends the seed's example.
      serviceCard = { ...serviceCard, ...(call.body as Partial<AdminServiceCard>), demo: false };
      return okAnswer(serviceCard);
    }
    if (call.method === 'POST' && call.path === '/images') return okAnswer({ url: QR });
    if (call.method === 'POST' && call.path === '/masters') {
      if (call.body.sellid === 1) return failureAnswer('Conflict', '编号 1 已有大师，请换一个编号');
      const created = aMaster(call.body as Partial<AdminMaster>);
      masters.push(created);
      return okAnswer(created);
    }
    if (call.method === 'POST' && call.path === '/masters/1') {
      Object.assign(masters[0], call.body, { demo: false });
      return okAnswer(masters[0]);
    }
    return undefined;
  });
}

describe('大师与客服', () => {
  it("marks the seed's example master and card 示例 until an operator saves them", async () => {
    fakeMastersApi({ master: aMaster({ demo: true }), card: { ...card, wx: 'xuanli_kefu', demo: true } });
    const { user } = renderConsole({ path: '/masters', role: 'editor' });
    const row = (await screen.findByText('七星堂·张师傅')).closest('tr') as HTMLElement;
    expect(within(row).getByText('示例')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('示例')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: '保存客服名片' }));
    await waitFor(() => expect(screen.getAllByText('示例')).toHaveLength(1));
    expect(within(row).getByText('示例')).toBeTruthy();
  });

  it('changes a master, hiding it from the app', async () => {
    const calls = fakeMastersApi();
    const { user } = renderConsole({ path: '/masters', role: 'editor' });
    const row = (await screen.findByText('七星堂·张师傅')).closest('tr') as HTMLElement;
    expect(within(row).getByText('显示中')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('编辑大师：七星堂·张师傅');
    await user.click(within(dialog).getByRole('switch', { name: '在 App 中显示' }));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/masters/1')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/masters/1')[0].body).toEqual({
      nickname: '七星堂·张师傅',
      intro: '研习子平八字二十余年。',
      wx: 'xuanli_zhang',
      avatar: '',
      qrcode: '',
      sort: 1,
      active: false,
    });
    expect(await screen.findByText('已隐藏')).toBeTruthy();
  });

  it('adds a master with an uploaded QR code and shows a taken number beside its field', async () => {
    const calls = fakeMastersApi();
    const { user } = renderConsole({ path: '/masters', role: 'editor' });
    await user.click(await screen.findByRole('button', { name: /新增大师/ }));
    const dialog = await findDialog('新增大师');
    await user.type(within(dialog).getByRole('spinbutton', { name: /大师编号/ }), '1');
    await user.type(within(dialog).getByRole('textbox', { name: '昵称' }), '七星堂·王师傅');
    const inputs = dialog.querySelectorAll('input[type=file]');
    await user.upload(
      inputs[1] as HTMLInputElement,
      new File([new Uint8Array(10)], 'qr.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(dialog.querySelector(`img[src="${QR}"]`)).toBeTruthy());
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('编号 1 已有大师，请换一个编号')).toBeTruthy();

    const sellid = within(dialog).getByRole('spinbutton', { name: /大师编号/ });
    await user.clear(sellid);
    await user.type(sellid, '8');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/masters')).toHaveLength(2));
    expect(callsTo(calls, 'POST', '/masters')[1].body).toMatchObject({
      sellid: 8,
      nickname: '七星堂·王师傅',
      qrcode: QR,
      avatar: '',
      active: true,
    });
  });

  it('saves the customer-service card', async () => {
    const calls = fakeMastersApi();
    const { user } = renderConsole({ path: '/masters', role: 'editor' });
    const wx = await screen.findByRole('textbox', { name: '客服微信号' });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: '客服昵称' })).toHaveProperty('value', '玄历客服'),
    );
    await user.type(wx, 'xuanli_kefu');
    await user.click(screen.getByRole('button', { name: '保存客服名片' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/customer-service')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/customer-service')[0].body).toEqual({
      avatar: '',
      nickname: '玄历客服',
      intro: '工作时间 9:00–21:00。',
      wx: 'xuanli_kefu',
      qrcode: '',
      body: '添加客服微信。',
    });
    expect(await screen.findByText('客服名片已保存，App 中立即生效')).toBeTruthy();
  });
});
