/**
 * The address book (pages/user/address) and the address form (pages/user/address-edit): the list with
 * its default, 设为默认 / 编辑 / 删除, select mode coming back with `addressId`, the form's messages
 * beside its fields (its own checks and the server's), and the 省/市/区 picker.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Address, AddressList } from '@xuanli/contracts/shop';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { type ApiCall, answerDialog, installFakeApi, pageTests, renderPage } from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import AddressBookPage from './AddressBookPage';
import AddressEditPage, { ADDRESS_MESSAGES } from './AddressEditPage';
import { address } from './testing';

const HOME = address();
const OFFICE = address({
  id: 2,
  name: '李四',
  phone: '13900139000',
  province: '北京市',
  city: '北京市',
  district: '海淀区',
  detail: '中关村大街 1 号',
  isDefault: false,
});

/** An address server over `list`; POST answers id 9, PUT and DELETE answer what they were sent. */
function server(list: Address[], refuse?: (call: ApiCall) => Response | undefined) {
  return installFakeApi((call) => {
    const refused = refuse?.(call);
    if (refused) return refused;
    if (call.path === '/shop/addresses' && call.method === 'GET') return okAnswer<AddressList>({ list });
    if (call.path === '/shop/addresses' && call.method === 'POST') return okAnswer({ id: 9, ...call.body });
    const id = Number(call.path.split('/').at(-1));
    if (call.method === 'PUT') return okAnswer({ id, ...call.body });
    if (call.method === 'DELETE') return okAnswer({ id });
    return undefined;
  });
}

/** Picks 省, 市 and 区 in the open cascade picker (a tap on each wheel's item) and confirms. */
async function pickRegion(...names: string[]) {
  const wheels = () => [...document.querySelectorAll<HTMLElement>('.adm-picker-view-column')];
  for (const [index, name] of names.entries()) {
    // A wheel settles on its first item when its column arrives; a tap before that is undone, so
    // tap until the wheel says the item is chosen.
    await waitFor(() => {
      const wheel = wheels()[index]!;
      const chosen = `当前选择的是：${name}`;
      if (!within(wheel).queryByRole('button', { name: chosen }))
        fireEvent.click(within(wheel).getByText(name));
      expect(within(wheel).getByRole('button', { name: chosen })).toBeTruthy();
    });
  }
  // The picker hands a wheel's choice on after a zero-delay debounce: let it pass before 确定.
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  fireEvent.click(screen.getByText('确定'));
}

pageTests({ loggedIn: true });

describe('AddressBookPage (pages/user/address)', () => {
  it('lists the default first with its tag, and sets another address as the default', async () => {
    const calls = server([HOME, OFFICE]);
    renderPage(<AddressBookPage />, { path: paths.address.path });
    const items = within(await screen.findByRole('list', { name: '收货地址' })).getAllByRole('listitem');
    expect(within(items[0]!).getByText('默认')).toBeTruthy();
    expect(within(items[0]!).getByText('13800138000')).toBeTruthy();
    expect(within(items[1]!).queryByText('默认')).toBeNull();
    expect(items[1]!.textContent).toContain('北京市 北京市 海淀区 中关村大街 1 号');
    fireEvent.click(within(items[1]!).getByRole('button', { name: '设为默认' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/shop/addresses/2');
    const { id: _id, ...input } = OFFICE;
    expect(put.body).toEqual({ ...input, isDefault: true });
  });

  it('deletes an address only after the buyer confirms, and opens the form to edit one', async () => {
    const calls = server([HOME, OFFICE]);
    const { here } = renderPage(<AddressBookPage />, { path: paths.address.path });
    fireEvent.click(await screen.findByRole('button', { name: '删除 李四 的地址' }));
    await answerDialog('取消');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '删除 李四 的地址' }));
    await answerDialog('删除');
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/shop/addresses/2'));
    fireEvent.click(screen.getByRole('button', { name: '编辑 张三 的地址' }));
    expect(here()).toBe(paths.addressEdit.getHref({ id: 1 }));
  });

  it('in select mode, goes back to checkout with the tapped addressId; 返回 goes back unchanged', async () => {
    server([HOME, OFFICE]);
    const back = paths.checkout.getHref({ items: '12x2', from: 'cart' });
    const path = paths.address.getHref({ select: 1, back });
    const first = renderPage(<AddressBookPage />, { path });
    expect(screen.getByRole('heading', { level: 1, name: '选择收货地址' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /^李四/ }));
    expect(first.location()?.pathname).toBe(paths.checkout.path);
    expect(Object.fromEntries(new URLSearchParams(first.location()?.search))).toEqual({
      items: '12x2',
      from: 'cart',
      addressId: '2',
    });
    first.unmount();

    const second = renderPage(<AddressBookPage />, { path });
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(second.here()).toBe(back);
  });

  it('ignores a back address outside the app', async () => {
    server([HOME]);
    const { location } = renderPage(<AddressBookPage />, {
      path: paths.address.getHref({ select: 1, back: 'https://example.com/phish' }),
    });
    await screen.findByRole('list', { name: '收货地址' });
    expect(screen.queryByRole('button', { name: /^默认张三/ })).toBeNull();
    expect(screen.getByText('张三')).toBeTruthy();
    expect(location()?.pathname).toBe(paths.address.path);
  });
});

describe('AddressEditPage (pages/user/address-edit)', () => {
  it('says what is missing beside each field and sends nothing', async () => {
    const calls = server([]);
    renderPage(<AddressEditPage />, { path: paths.addressEdit.path });
    fireEvent.click(await screen.findByRole('button', { name: '保存' }));
    for (const message of Object.values(ADDRESS_MESSAGES))
      expect(await screen.findByText(message)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '1380013800' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(ADDRESS_MESSAGES.phone)).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('picks 省/市/区 from the region data and saves a new address, the first one as default', async () => {
    const calls = server([]);
    const { location } = renderPage(<AddressEditPage />, {
      path: paths.addressEdit.getHref({ back: paths.checkout.getHref({ items: '12x2' }) }),
    });
    fireEvent.change(await screen.findByLabelText('收货人'), { target: { value: ' 王五 ' } });
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13700137000' } });
    fireEvent.click(screen.getByLabelText('所在地区'));
    await pickRegion('广东省', '深圳市', '南山区');
    expect(await screen.findByText('广东省 深圳市 南山区')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('详细地址'), { target: { value: '科技园 1 号' } });
    expect(screen.getByRole('switch')).toHaveProperty('ariaChecked', 'true');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: '王五',
      phone: '13700137000',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      detail: '科技园 1 号',
      isDefault: true,
    });
    // Back to checkout, with the new address chosen.
    await waitFor(() => expect(location()?.pathname).toBe(paths.checkout.path));
    expect(new URLSearchParams(location()?.search).get('addressId')).toBe('9');
  });

  it('names a municipality as its own city and a province-governed city without a district', async () => {
    server([]);
    renderPage(<AddressEditPage />, { path: paths.addressEdit.path });
    fireEvent.click(await screen.findByLabelText('所在地区'));
    await pickRegion('北京市', '北京市', '朝阳区');
    expect(await screen.findByText('北京市 北京市 朝阳区')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('所在地区'));
    await pickRegion('湖北省', '仙桃市');
    expect(await screen.findByText('湖北省 仙桃市')).toBeTruthy();
  });

  it('edits an address with its values filled in, and shows a server refusal beside its field', async () => {
    const calls = server([HOME, OFFICE], (call) =>
      call.method === 'PUT' && call.body.detail === '中关村大街 1 号 A 座'
        ? failureAnswer('ValidationError', '请求内容 detail 最多 100 个字符', 'detail')
        : undefined,
    );
    const { location } = renderPage(<AddressEditPage />, { path: paths.addressEdit.getHref({ id: 2 }) });
    expect(screen.getByRole('heading', { level: 1, name: '编辑收货地址' })).toBeTruthy();
    const detail = (await screen.findByLabelText('详细地址')) as HTMLTextAreaElement;
    expect(detail.value).toBe('中关村大街 1 号');
    expect(screen.getByText('北京市 北京市 海淀区')).toBeTruthy();
    fireEvent.change(detail, { target: { value: '中关村大街 1 号 A 座' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(ADDRESS_MESSAGES.detail)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.path).toBe('/shop/addresses/2');

    fireEvent.change(detail, { target: { value: '中关村大街 2 号' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]?.body).toMatchObject({
      name: '李四',
      detail: '中关村大街 2 号',
      isDefault: false,
    });
    // Without `back` it returns to the page it came from (here: the root, as there is no history).
    await waitFor(() => expect(location()?.pathname).not.toBe(paths.addressEdit.path));
  });
});
