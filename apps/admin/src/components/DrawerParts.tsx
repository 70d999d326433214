/**
 * The parts of the console's detail drawers (an order, a user, a product's SKUs): the loading and
 * failure state and the headed sections of a record (their tables are CompactTables), so every
 * drawer reads alike.
 */
import { Alert, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * What a drawer shows before its record: the failure in words when it could not be fetched, a
 * spinner while it loads (`loaded` false, no failure), nothing once it is there.
 */
export function DrawerLoadState({ failure, loaded }: { failure: string | null; loaded: boolean }) {
  return (
    <>
      {failure ? <Alert type="error" showIcon message={failure} /> : null}
      {!loaded && !failure ? <Spin /> : null}
    </>
  );
}

/** A part of a drawer under its own heading (商品, 支付记录, 订单进度…). */
export function DrawerSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </div>
  );
}
