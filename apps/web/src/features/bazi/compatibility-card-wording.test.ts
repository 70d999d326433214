import {
  COMPAT_RELATIONS,
  COMPAT_TOPICS,
  compatibility,
  TOPIC_LABELS,
} from '@xuanli/almanac/bazi/compatibility';
import { BRANCHES } from '@xuanli/almanac/ganzhi';
import { describe, expect, it } from 'vitest';
import { topicReading, topicWords } from './compatibility-card-wording';

describe('合盘 words for a 凶 topic', () => {
  it('gives the advice of the topic and the relation found as its reason', () => {
    expect(topicWords('marriage', '中凶', '害', 'year')).toEqual({
      label: '缘分需经营',
      reason: '生肖相害',
      caution: true,
    });
    expect(topicWords('marriage', '大凶', '冲', 'day')).toEqual({
      label: '缘分需经营',
      reason: '日支相冲',
      caution: true,
    });
    const advice = [
      [['lawsuit', '大凶', '刑', 'year'], '宜和不宜争', '生肖相刑'],
      [['moving', '大凶', '破', 'year'], '迁居宜缓行', '生肖相破'],
      [['illness', '中凶', '克', 'day'], '起居宜调养', '五行相克'],
      [['wealth', '小凶', '助', 'year'], '求财宜稳健', '生肖欠合'],
    ] as const;
    for (const [[topic, jx, relation, basis], label, reason] of advice) {
      expect(topicWords(topic, jx, relation, basis)).toMatchObject({ label, reason });
    }
  });

  it('leaves 吉 and 中平 as they are', () => {
    expect(topicWords('marriage', '大吉', '六合', 'year')).toEqual({
      label: '大吉',
      reason: null,
      caution: false,
    });
    expect(topicWords('wealth', '中平', '克', 'day')).toEqual({
      label: '中平',
      reason: null,
      caution: false,
    });
  });

  it('takes the bare grade out of a 凶 reading and keeps the relation and its meaning', () => {
    expect(topicReading('子午相冲，婚姻中凶：相冲主对立。', '婚姻', '中凶')).toBe('子午相冲：相冲主对立。');
    expect(topicReading('子丑六合，婚姻大吉：六合主融洽。', '婚姻', '大吉')).toBe(
      '子丑六合，婚姻大吉：六合主融洽。',
    );
  });

  it('shows no 凶 anywhere for every pair of branches the engine answers', () => {
    const seen = new Set<string>();
    for (const wo of BRANCHES) {
      for (const ta of BRANCHES) {
        const answer = compatibility(wo, ta);
        seen.add(answer.relation);
        for (const topic of COMPAT_TOPICS) {
          const { jx, desc } = answer[topic];
          for (const basis of ['year', 'day'] as const) {
            const words = topicWords(topic, jx, answer.relation, basis);
            const shown = `${words.label} ${words.reason ?? ''} ${topicReading(desc, TOPIC_LABELS[topic], jx)}`;
            expect(shown, `${wo}${ta} ${topic}`).not.toContain('凶');
          }
        }
      }
    }
    expect([...seen].sort()).toEqual([...COMPAT_RELATIONS].sort());
  });
});
