import type { Address, AddressInput } from '@xuanli/contracts/shop';
import { useSearchParams } from 'react-router';
import bottomBar from '@/components/bottom-bar.module.css';
import { EmptyState } from '@/components/EmptyState';
import { LoadFailure } from '@/components/LoadFailure';
import { PageHeader } from '@/components/PageHeader';
import { RequireLogin } from '@/components/RequireLogin';
import { Skeleton } from '@/components/Skeleton';
import { paths } from '@/config/paths';
import { userMessage } from '@/lib/error-message';
import { confirm, notify, toast } from '@/lib/feedback';
import { useNavigation } from '@/lib/navigation';
import styles from './AddressBookPage.module.css';
import { AddressView } from './AddressView';
import { useDeleteAddress } from './api/delete-address';
import { useAddresses } from './api/get-addresses';
import { useUpdateAddress } from './api/update-address';
import { safeBack, withParam } from './back-href';
import common from './order.module.css';

/**
 * pages/user/address (收货地址): the buyer's addresses, the default first with a 默认 tag, each with
 * 设为默认, 编辑 and 删除 (asked first), and 新增收货地址 at the bottom. In select mode
 * (`?select=1&back=<checkout href>`) a tap on an address goes back to `back` with its `addressId`;
 * 返回 goes back there unchanged.
 */
export default function AddressBookPage() {
  const [params] = useSearchParams();
  const back = params.get('select') === '1' ? safeBack(params.get('back')) : null;
  const navigation = useNavigation();
  return (
    <div className={common.page}>
      <PageHeader
        back
        title={back ? '选择收货地址' : undefined}
        onBack={back ? () => navigation.redirect(back) : undefined}
      />
      <RequireLogin what="管理收货地址">
        <AddressBook back={back} />
      </RequireLogin>
    </div>
  );
}

/** An address as the form saves it (the list answers it with its id). */
function inputOf({ id: _id, ...input }: Address): AddressInput {
  return input;
}

function AddressBook({ back }: { back: string | null }) {
  const addresses = useAddresses();
  const navigation = useNavigation();
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  const add = () => navigation.navigate(paths.addressEdit.path);

  async function makeDefault(address: Address) {
    try {
      await update.mutateAsync({ id: address.id, input: { ...inputOf(address), isDefault: true } });
      toast('已设为默认地址', 'success');
    } catch (error) {
      notify(userMessage(error));
    }
  }

  async function handleDelete(address: Address) {
    const sure = await confirm({
      title: '删除地址',
      content: `确定删除 ${address.name} 的这个地址吗？已下的订单不受影响。`,
      confirmText: '删除',
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(address.id);
      toast('已删除', 'success');
    } catch (error) {
      notify(userMessage(error));
    }
  }

  if (addresses.isError)
    return <LoadFailure error={addresses.error} onRetry={() => void addresses.refetch()} />;
  if (!addresses.data) return <Skeleton lines={6} label="正在加载收货地址" className={styles.loading} />;

  const list = addresses.data.list;
  return (
    <>
      {list.length === 0 ? (
        <EmptyState title="还没有收货地址" text="添加一个地址，下单时就不用再填了。" />
      ) : (
        <ul className={`${common.body} ${common.withBar} ${styles.list}`} aria-label="收货地址">
          {list.map((address) => (
            <li key={address.id} className={common.card}>
              {back ? (
                <button
                  type="button"
                  className={styles.pick}
                  onClick={() => navigation.redirect(withParam(back, 'addressId', address.id))}
                >
                  {address.isDefault ? <span className={styles.tag}>默认</span> : null}
                  <AddressView address={address} />
                </button>
              ) : (
                <div className={styles.pick}>
                  {address.isDefault ? <span className={styles.tag}>默认</span> : null}
                  <AddressView address={address} />
                </div>
              )}
              <div className={styles.tools}>
                {address.isDefault ? (
                  <span className={styles.isDefault}>默认地址</span>
                ) : (
                  <button
                    type="button"
                    className={common.linkButton}
                    disabled={update.isPending}
                    onClick={() => void makeDefault(address)}
                  >
                    设为默认
                  </button>
                )}
                <span className={styles.spacer} />
                <button
                  type="button"
                  className={common.linkButton}
                  aria-label={`编辑 ${address.name} 的地址`}
                  onClick={() => navigation.navigate(paths.addressEdit.getHref({ id: address.id }))}
                >
                  编辑
                </button>
                <button
                  type="button"
                  className={`${common.linkButton} ${styles.delete}`}
                  aria-label={`删除 ${address.name} 的地址`}
                  onClick={() => void handleDelete(address)}
                >
                  删除
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <footer className={`${bottomBar.bar} ${common.bar}`}>
        <button type="button" className={`${common.button} ${common.primary} ${styles.add}`} onClick={add}>
          新增收货地址
        </button>
      </footer>
    </>
  );
}
