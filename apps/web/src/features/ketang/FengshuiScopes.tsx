import styles from './Fengshui.module.css';

/** A kind of space a consultation covers: a one-character mark, its name and what is looked at. */
interface Scope {
  mark: string;
  name: string;
  text: string;
}

/** What a 风水 consultation covers (our words; about comfort, light and flow, never about fortune). */
export const FENGSHUI_SCOPES: readonly Scope[] = [
  {
    mark: '宅',
    name: '住宅',
    text: '看户型与朝向，理顺入户、客厅、卧室和厨卫的布局，兼顾采光、通风与收纳，住得安稳舒服。',
  },
  {
    mark: '办',
    name: '办公',
    text: '安排老板位、工位和会议区，让每个人背后安稳、视线开阔，走动和交谈互不打扰。',
  },
  {
    mark: '店',
    name: '店铺',
    text: '从门头、入口到收银台和货架，让客人进得来、逛得顺，结账排队不堵门。',
  },
  {
    mark: '厂',
    name: '厂房/仓库',
    text: '梳理大门、通道与办公、生产、仓储的分区，装卸路线顺畅，消防通道留足。',
  },
  {
    mark: '吉',
    name: '新居择日入宅',
    text: '结合家人的生肖与黄历挑选搬家入宅的日子和时辰，并讲清入宅当天的习俗怎么安排。',
  },
];

/** 服务范围: a card for each kind of space. */
export function FengshuiScopes() {
  return (
    <section className={styles.section} aria-labelledby="fengshui-scopes">
      <h2 className={styles.heading} id="fengshui-scopes">
        服务范围
      </h2>
      <ul className={styles.scopes}>
        {FENGSHUI_SCOPES.map((scope) => (
          <li key={scope.name} className={styles.scope}>
            <span className={styles.mark} aria-hidden="true">
              {scope.mark}
            </span>
            <span className={styles.scopeText}>
              <strong className={styles.scopeName}>{scope.name}</strong>
              <span className={styles.scopeBody}>{scope.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
