/**
 * pages/user/subscribe (日历订阅): a secret link the phone's own calendar app subscribes to — the 24
 * terms, the festival groups chosen here, the 休/班 days, the user's reminders and saved 吉日 — shown
 * as a `webcal://` link, an https address to copy and a QR code (drawn by `qrcode`, loaded only when a
 * link is shown), with 重置链接 (a new link, the old one stops) and 停止订阅, and how to add it on an
 * iPhone, an Android phone and in Outlook. The link is shown once, when it is made: the server keeps
 * only its hash.
 */
import type { FestivalChoice } from '@xuanli/contracts/reminders';
import {
  DEFAULT_FESTIVAL_CHOICE,
  FESTIVAL_GROUP_LABELS,
  FESTIVAL_GROUPS,
  type FestivalGroup,
} from '@xuanli/contracts/reminders-labels';
import { useEffect, useState } from 'react';
import { PageHeader } from '@/components/PageHeader';
import { RequireLogin } from '@/components/RequireLogin';
import { paths } from '@/config/paths';
import { userMessage } from '@/lib/error-message';
import { confirm, toast } from '@/lib/feedback';
import { useNavigation } from '@/lib/navigation';
import {
  useCreateSubscription,
  useStopSubscription,
  useSubscriptionState,
  useUpdateSubscription,
  webcalUrl,
} from './api';
import styles from './reminders.module.css';

export default function SubscribePage() {
  return (
    <div className={styles.page}>
      <PageHeader back />
      <RequireLogin what="订阅日历">
        <Subscription />
        <Instructions />
      </RequireLogin>
    </div>
  );
}

function Subscription() {
  const navigation = useNavigation();
  const state = useSubscriptionState();
  const create = useCreateSubscription();
  const update = useUpdateSubscription();
  const stop = useStopSubscription();
  const [url, setUrl] = useState<string | null>(null);
  const [draft, setDraft] = useState<FestivalChoice>(DEFAULT_FESTIVAL_CHOICE);
  const active = state.data?.active ?? false;
  const festivals = active && state.data ? state.data.festivals : draft;

  async function run<T>(action: () => Promise<T>, done: string): Promise<T | undefined> {
    try {
      const answer = await action();
      toast(done, 'success');
      return answer;
    } catch (error) {
      toast(userMessage(error), 'fail');
      return undefined;
    }
  }
  async function make(again: boolean) {
    if (
      again &&
      !(await confirm({ content: '重置后旧链接立即失效，已订阅的日历需要用新链接重新添加。继续？' }))
    )
      return;
    const made = await run(
      () => create.mutateAsync({ festivals }),
      again ? '已生成新链接' : '订阅链接已生成',
    );
    if (made) setUrl(made.url);
  }
  async function end() {
    if (!(await confirm({ content: '停止后，手机日历里订阅的内容将不再更新。继续？' }))) return;
    if (await run(() => stop.mutateAsync(), '已停止订阅')) setUrl(null);
  }
  function toggle(group: FestivalGroup, on: boolean) {
    if (active) void run(() => update.mutateAsync({ festivals: { [group]: on } }), '已保存');
    else setDraft({ ...draft, [group]: on });
  }

  if (state.isPending) return <p className={styles.help}>正在读取…</p>;
  if (state.isError) return <p className={styles.error}>{userMessage(state.error)}</p>;
  const busy = create.isPending || stop.isPending || update.isPending;
  return (
    <>
      <section className={styles.section} aria-labelledby="subscribe-festivals">
        <h2 id="subscribe-festivals" className={styles.sectionTitle}>
          日历里显示
        </h2>
        <p className={styles.help}>二十四节气、法定休/班安排、我的提醒和收藏的吉日总会写进日历。</p>
        {FESTIVAL_GROUPS.map((group) => (
          <div key={group} className={styles.checkRow}>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={festivals[group]}
                disabled={busy}
                aria-describedby={`festival-hint-${group}`}
                onChange={(e) => toggle(group, e.target.checked)}
              />
              <span>{FESTIVAL_GROUP_LABELS[group].name}</span>
            </label>
            <p id={`festival-hint-${group}`} className={styles.checkHint}>
              {FESTIVAL_GROUP_LABELS[group].hint}
            </p>
          </div>
        ))}
        <button
          type="button"
          className={styles.link}
          onClick={() => navigation.navigate(paths.reminders.path)}
        >
          管理我的提醒
        </button>
      </section>
      <section className={styles.section} aria-labelledby="subscribe-link">
        <h2 id="subscribe-link" className={styles.sectionTitle}>
          订阅链接
        </h2>
        {url ? (
          <FeedLink url={url} />
        ) : active ? (
          <p className={styles.help}>
            链接已生效。为保护隐私，链接只在生成时显示一次；要在另一台设备添加，请重置链接（旧链接随即失效）。
          </p>
        ) : (
          <p className={styles.help}>生成一个专属链接，添加到手机日历后自动更新。请勿把链接分享给他人。</p>
        )}
        <div className={styles.actions}>
          {active ? (
            <>
              <button
                type="button"
                className={styles.secondary}
                disabled={busy}
                onClick={() => void make(true)}
              >
                重置链接
              </button>
              <button
                type="button"
                className={styles.dangerButton}
                disabled={busy}
                onClick={() => void end()}
              >
                停止订阅
              </button>
            </>
          ) : (
            <button type="button" className={styles.primary} disabled={busy} onClick={() => void make(false)}>
              生成订阅链接
            </button>
          )}
        </div>
      </section>
    </>
  );
}

/** The link as `webcal://` (opens the calendar app), its https address with 复制, and its QR code. */
function FeedLink({ url }: { url: string }) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      // An SVG rather than a canvas: sharp at any zoom, and drawn without a canvas.
      .then((qrcode) => qrcode.toString(url, { type: 'svg', margin: 1 }))
      .then((svg) => live && setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [url]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast('链接已复制', 'success');
    } catch {
      toast('复制失败，请长按链接手动复制', 'fail');
    }
  }
  return (
    <div className={styles.feed}>
      <a className={styles.primary} href={webcalUrl(url)}>
        添加到手机日历
      </a>
      <p className={styles.url} data-testid="feed-url">
        {url}
      </p>
      <button type="button" className={styles.secondary} onClick={() => void copy()}>
        复制链接
      </button>
      {qr ? <img className={styles.qr} src={qr} alt="订阅链接二维码" width={200} height={200} /> : null}
      <p className={styles.help}>在电脑上可用手机扫码，或把链接粘贴到日历软件的“订阅”里。</p>
    </div>
  );
}

function Instructions() {
  return (
    <section className={styles.section} aria-labelledby="subscribe-how">
      <h2 id="subscribe-how" className={styles.sectionTitle}>
        如何添加
      </h2>
      <h3 className={styles.howTitle}>苹果手机（iPhone）</h3>
      <p className={styles.help}>
        点“添加到手机日历”后按“订阅”即可；或复制链接，打开 设置 → 日历 → 账户 → 添加账户 → 其他 →
        添加已订阅的日历，粘贴链接。
      </p>
      <h3 className={styles.howTitle}>安卓手机</h3>
      <p className={styles.help}>
        在电脑浏览器打开 Google 日历网页版，选“其他日历 → 通过网址添加”，粘贴链接，手机上的 Google
        日历会同步；也可在支持“订阅日历/通过 URL 添加”的手机自带日历里粘贴链接。
      </p>
      <h3 className={styles.howTitle}>Outlook</h3>
      <p className={styles.help}>打开 Outlook 日历，选“添加日历 → 从 Internet”，粘贴链接。</p>
    </section>
  );
}
