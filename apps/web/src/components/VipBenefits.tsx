import styles from './VipBenefits.module.css';

/** One VIP benefit: a one-character mark, a title and one sentence on what the member gets. */
export interface VipBenefit {
  mark: string;
  title: string;
  description: string;
}

/**
 * The five VIP benefits (pages/user/fuli, PRODUCT.md#vip). VIP is opened by
 * hand through customer service (PRODUCT.md#vip), so what involves a person — the 详批, answering questions,
 * reminders — happens over WeChat with the master or customer service.
 */
export const VIP_BENEFITS: readonly VipBenefit[] = [
  {
    mark: '运',
    title: '每日专属运势',
    description: '按您的八字与当天干支推算财运、事业、感情、健康、学业，附吉方、吉时与幸运色。',
  },
  {
    mark: '批',
    title: '八字详批一次',
    description: '师傅亲自为您详批一次八字，讲清格局喜忌、大运流年和需要留意的年份。',
  },
  {
    mark: '答',
    title: '大师一对一答疑',
    description: '会员期内可在微信上向师傅提问，择日、起名、家居风水都可以问。',
  },
  {
    mark: '课',
    title: '精品课程优惠',
    description: '在线课堂的付费课程享会员专属优惠，已购课程可以反复回看。',
  },
  {
    mark: '节',
    title: '节气吉日提醒',
    description: '逢节气与重要吉日，客服提前在微信上提醒您，并附上当天的宜忌要点。',
  },
];

/** The five VIP benefits as a list (pages/user/fuli and the 定制 tab for non-VIPs). */
export function VipBenefits() {
  return (
    <ul className={styles.list} aria-label="VIP会员福利">
      {VIP_BENEFITS.map((benefit) => (
        <li key={benefit.title} className={styles.item}>
          <span className={styles.mark} aria-hidden="true">
            {benefit.mark}
          </span>
          <div className={styles.body}>
            <h3 className={styles.title}>{benefit.title}</h3>
            <p className={styles.description}>{benefit.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
