import type { ReactNode } from 'react';
import { EmptyState } from '@/components/EmptyState';
import { PageHeader } from '@/components/PageHeader';
import { RequireLogin } from '@/components/RequireLogin';
import { paths } from '@/config/paths';
import { useNavigation } from '@/lib/navigation';
import common from './order.module.css';

/**
 * The frame of a page a payment link opens (the sandbox cashier, the WeChat QR code): the header, the
 * login it needs, and — when the link lacks what the page must have — the same 支付链接不完整 notice
 * leading back to the buyer's orders, so a broken link reads alike whichever channel made it.
 */
export function PayLinkFrame({ complete, children }: { complete: boolean; children: ReactNode }) {
  const navigation = useNavigation();
  return (
    <div className={common.page}>
      <PageHeader back />
      <RequireLogin what="支付订单">
        {complete ? (
          children
        ) : (
          <EmptyState
            title="支付链接不完整"
            text="请回到订单重新发起支付。"
            action={{ label: '查看我的订单', onClick: () => navigation.redirect(paths.orders.path) }}
          />
        )}
      </RequireLogin>
    </div>
  );
}
