/**
 * The contact card of the master and customer-service dialogs and of the 定制 tab (PRODUCT.md#dingzhi,
 * #content): avatar, name, introduction, the WeChat ID with a copy button, the WeChat QR code (long-press to
 * scan or save it) and a link to the VIP benefits. PRODUCT.md#vip: VIP is handled by people, so this card is
 * how a reader becomes VIP.
 */
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { toast } from '@/lib/feedback';
import styles from './ContactCard.module.css';
import { FallbackImage } from './FallbackImage';

/** What a contact card shows (a master's fields, PRODUCT.md#content). */
export interface ContactCardInfo {
  avatar: string;
  nickname: string;
  intro: string;
  wx: string;
  qrcode: string;
}

/** PRODUCT.md#content: the name of a master whose record has none. */
export const DEFAULT_MASTER_NICKNAME = '七星堂师傅';
/** The name shown on a customer-service card without one. */
export const DEFAULT_KEFU_NICKNAME = '在线客服';
/** Shown when there is no WeChat ID (PRODUCT.md#content). */
export const NO_WECHAT_TEXT = '暂无微信号';
/** What copying the WeChat ID says (PRODUCT.md#content). */
export const COPY_SUCCESS = '复制成功，请前往微信添加！';
export const COPY_FAILURE = '复制失败，请长按微信号复制！';

/**
 * Copies `text`: the asynchronous clipboard where the browser allows it, else the old hidden-textarea
 * `execCommand('copy')`, which is what works inside WeChat's own browser. Resolves whether it worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (not a secure context, no permission): try the old way.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // Off screen but selectable; 16 px so iOS does not zoom in.
  area.style.cssText = 'position:fixed;top:0;left:-9999px;opacity:0;font-size:16px';
  document.body.appendChild(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    return document.execCommand?.('copy') === true;
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Props of {@link ContactCard}. */
export interface ContactCardProps {
  info: ContactCardInfo;
  /** Name shown when `info.nickname` is empty. */
  defaultNickname?: string;
  /** A line above the card's details, e.g. why to add this contact. */
  lead?: string;
  /** Called when the reader follows the 查看VIP福利 link (a dialog closes itself then). */
  onLeave?: () => void;
}

/** One contact: avatar, name, introduction, WeChat ID with 复制, QR code, and 查看VIP福利. */
export function ContactCard({
  info,
  defaultNickname = DEFAULT_MASTER_NICKNAME,
  lead,
  onLeave,
}: ContactCardProps) {
  const nickname = info.nickname.trim() || defaultNickname;
  const wx = info.wx.trim();

  async function copy() {
    const copied = await copyText(wx);
    toast(copied ? COPY_SUCCESS : COPY_FAILURE, copied ? 'success' : 'fail');
  }

  return (
    <article className={styles.card} aria-label={nickname}>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      <header className={styles.head}>
        <FallbackImage className={styles.avatar} src={info.avatar} alt={`${nickname}的头像`} />
        <div className={styles.names}>
          <h2 className={styles.nickname}>{nickname}</h2>
          {info.intro ? <p className={styles.intro}>{info.intro}</p> : null}
        </div>
      </header>
      <div className={styles.wxRow}>
        <span className={styles.wxLabel}>微信号</span>
        {wx ? (
          <>
            {/* One line, whatever its length: the type shrinks to the room there is (down to 14 px),
                then the line scrolls. Selectable as a whole, for the long-press copy when the button
                cannot copy. */}
            <span className={styles.wxBox}>
              <span
                className={styles.wx}
                data-testid="wechat-id"
                style={{ '--wx-chars': [...wx].length } as CSSProperties}
              >
                {wx}
              </span>
            </span>
            <button type="button" className={styles.copy} onClick={copy} aria-label={`复制微信号 ${wx}`}>
              复制
            </button>
          </>
        ) : (
          <span className={styles.noWx}>{NO_WECHAT_TEXT}</span>
        )}
      </div>
      {info.qrcode ? (
        <figure className={styles.qr}>
          <FallbackImage className={styles.qrImage} src={info.qrcode} alt={`${nickname}的微信二维码`} />
          <figcaption className={styles.qrCaption}>长按二维码识别或保存，添加微信</figcaption>
        </figure>
      ) : null}
      <Link className={styles.fuli} to={paths.fuli.getHref()} onClick={onLeave}>
        查看VIP福利<span aria-hidden="true"> ›</span>
      </Link>
    </article>
  );
}
