import {
  AaOutline,
  BellOutline,
  BillOutline,
  CalendarOutline,
  EditSOutline,
  GiftOutline,
  LocationOutline,
  MessageOutline,
  PayCircleOutline,
  PlayOutline,
  ReceivePaymentOutline,
  SetOutline,
  ShopbagOutline,
  TruckOutline,
  UndoOutline,
  UserOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { ConnectionNotice } from '@/components/ConnectionNotice';
import { FallbackImage } from '@/components/FallbackImage';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import { List } from '@/lib/antd-mobile';
import { useNavigation } from '@/lib/navigation';
import { useDialogs } from '@/stores/dialogs';
import { type User, useSession } from '@/stores/session';
import { AccountBinding, startWechatLoginFromUserPage, useWechatLoginOffered } from './AccountBinding';
import styles from './UserPage.module.css';
import { vipStatus } from './vip';

/** One entry of the list: where it goes (or what it does) and whether it needs a logged-in user. */
interface Entry {
  title: string;
  icon: ReactNode;
  /** A route, or an action such as opening the customer-service card. */
  to: string | (() => void);
  needsLogin?: boolean;
  extra?: ReactNode;
}

/**
 * The 我的 tab (pages/user/index, PRODUCT.md#screens): the user's card — avatar, nickname, masked phone and VIP
 * state, and which ways in the account has (AccountBinding.tsx) — then the entries of the user centre.
 * A visitor sees a 登录/注册 card instead (inside WeChat: 微信登录 and 手机号登录); entries that need an
 * account open the login page, which comes back to the entry afterwards.
 */
export default function UserPage() {
  const user = useSession((s) => s.user);
  const courses = useSession((s) => s.myclass.length);
  const navigation = useNavigation();
  const wechatOffered = useWechatLoginOffered();

  const open = (entry: Entry) => {
    if (typeof entry.to === 'function') entry.to();
    else if (entry.needsLogin && !user) navigation.navigate(paths.login.getHref({ redirect: entry.to }));
    else navigation.navigate(entry.to);
  };

  const entries: Entry[] = [
    { title: '个人资料', icon: <UserOutline />, to: paths.profile.path, needsLogin: true },
    { title: '购物车', icon: <ShopbagOutline />, to: paths.cart.path, needsLogin: true },
    { title: '收货地址', icon: <LocationOutline />, to: paths.address.path, needsLogin: true },
    {
      title: '我的课程',
      icon: <PlayOutline />,
      to: paths.myclass.path,
      needsLogin: true,
      extra: user && courses > 0 ? `${courses} 门` : undefined,
    },
    { title: '我的提醒', icon: <BellOutline />, to: paths.reminders.path, needsLogin: true },
    { title: '日历订阅', icon: <CalendarOutline />, to: paths.subscribe.path, needsLogin: true },
    { title: '主题设置', icon: <AaOutline />, to: paths.theme.path },
    { title: 'VIP福利', icon: <GiftOutline />, to: paths.fuli.path },
    { title: '在线客服', icon: <MessageOutline />, to: () => useDialogs.getState().open('kefu') },
    { title: '意见反馈', icon: <EditSOutline />, to: paths.feedback.path, needsLogin: true },
    { title: '系统设置', icon: <SetOutline />, to: paths.setting.path },
  ];

  return (
    <div className={styles.page}>
      <PageHeader />
      <ConnectionNotice />
      {user ? (
        <>
          <MemberCard user={user} onOpen={(to) => navigation.navigate(to)} />
          <AccountBinding user={user} />
        </>
      ) : wechatOffered ? (
        <VisitorCard
          onLogin={startWechatLoginFromUserPage}
          loginLabel="微信登录"
          onPhone={() => navigation.navigate(paths.login.getHref({ manual: 1, redirect: paths.user.path }))}
        />
      ) : (
        <VisitorCard onLogin={() => navigation.navigate(paths.login.path)} />
      )}
      <List mode="card" className={styles.list}>
        <List.Item
          prefix={
            <span className={styles.icon}>
              <BillOutline />
            </span>
          }
          extra="查看全部"
          onClick={() => open({ title: '我的订单', icon: null, to: paths.orders.path, needsLogin: true })}
        >
          我的订单
        </List.Item>
        <List.Item>
          <nav className={styles.orderShortcuts} aria-label="订单状态">
            {ORDER_SHORTCUTS.map((shortcut) => (
              <button
                key={shortcut.status}
                type="button"
                className={styles.orderShortcut}
                onClick={() =>
                  open({
                    ...shortcut,
                    to: paths.orders.getHref({ status: shortcut.status }),
                    needsLogin: true,
                  })
                }
              >
                <span className={styles.icon}>{shortcut.icon}</span>
                {shortcut.title}
              </button>
            ))}
          </nav>
        </List.Item>
      </List>
      <List mode="card" className={styles.list}>
        {entries.map((entry) => (
          <List.Item
            key={entry.title}
            prefix={<span className={styles.icon}>{entry.icon}</span>}
            extra={entry.extra}
            onClick={() => open(entry)}
          >
            {entry.title}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

/** The order states 我的订单 opens directly (pages/user/orders?status=…). */
const ORDER_SHORTCUTS = [
  { title: '待支付', status: 'pending', icon: <PayCircleOutline /> },
  { title: '待发货', status: 'paid', icon: <ReceivePaymentOutline /> },
  { title: '待收货', status: 'shipped', icon: <TruckOutline /> },
  { title: '退款', status: 'refunding', icon: <UndoOutline /> },
] as const;

/** The logged-in user's card: tapping it opens the profile; the badge shows VIP or offers it. */
function MemberCard({ user, onOpen }: { user: User; onOpen: (to: string) => void }) {
  const vip = vipStatus(user);
  return (
    <section className={`${styles.card} ${styles.memberCard}`} aria-label="我的账号">
      <button type="button" className={styles.who} onClick={() => onOpen(paths.profile.path)}>
        <FallbackImage src={user.avatar} alt="头像" className={styles.avatar} width={64} height={64} />
        <span className={styles.names}>
          <span className={styles.nickname}>{user.nickname}</span>
          <span className={styles.phone}>{user.phone}</span>
        </span>
      </button>
      <div className={styles.vipBar}>
        {vip.active ? (
          <>
            <span className={styles.badgeOn}>VIP 至 {vip.until}</span>
            <button type="button" className={styles.vipLink} onClick={() => onOpen(paths.fuli.path)}>
              会员福利
            </button>
          </>
        ) : (
          <>
            <span className={styles.vipText}>{vip.expired ? 'VIP 已到期' : '开通会员，享五项专属福利'}</span>
            <button type="button" className={styles.badge} onClick={() => onOpen(paths.fuli.path)}>
              {vip.expired ? '续费VIP' : '开通VIP'}
            </button>
          </>
        )}
      </div>
    </section>
  );
}

/** A visitor's card: the default picture and the way in (inside WeChat, WeChat's, with phone login beside it). */
function VisitorCard({
  onLogin,
  loginLabel = '登录/注册',
  onPhone,
}: {
  onLogin: () => void;
  loginLabel?: string;
  onPhone?: () => void;
}) {
  return (
    <section className={styles.card} aria-label="未登录">
      <FallbackImage src="" alt="" className={styles.avatar} width={64} height={64} />
      <div className={styles.names}>
        <button type="button" className={styles.login} onClick={onLogin}>
          {loginLabel}
        </button>
        {onPhone ? (
          <button type="button" className={styles.phoneLogin} onClick={onPhone}>
            手机号登录
          </button>
        ) : (
          <span className={styles.phone}>登录后可同步课程与会员权益</span>
        )}
      </div>
    </section>
  );
}
