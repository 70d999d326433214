import styles from './Fengshui.module.css';

/** The steps of a consultation, in order: each with what happens in it. */
export const FENGSHUI_STEPS: readonly { name: string; text: string }[] = [
  { name: '预约', text: '选好服务项目下单，在订单页查看师傅名片并添加微信。' },
  { name: '沟通需求', text: '发来户型图、大门朝向和想解决的问题，师傅先了解情况。' },
  { name: '勘察', text: '约好时间视频连线看房；部分城市可以预约上门勘察。' },
  { name: '方案', text: '勘察后三个工作日内，收到一份写明怎么调整的书面方案。' },
  { name: '回访', text: '调整一段时间后，师傅回访效果，解答执行中遇到的问题。' },
];

/** 服务流程: the steps as a numbered line. */
export function FengshuiSteps() {
  return (
    <section className={styles.section} aria-labelledby="fengshui-steps">
      <h2 className={styles.heading} id="fengshui-steps">
        服务流程
      </h2>
      <ol className={styles.steps}>
        {FENGSHUI_STEPS.map((step, i) => (
          <li key={step.name} className={styles.step}>
            <span className={styles.stepNumber} aria-hidden="true">
              {i + 1}
            </span>
            <span className={styles.stepText}>
              <strong className={styles.stepName}>{step.name}</strong>
              <span className={styles.stepBody}>{step.text}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
