/**
 * The lessons' voice: espeak-ng's Mandarin, one call per caption line, so the video knows to the
 * sample when each line is said and shows it as the caption while it is heard.
 *
 * We use the voice `cmn-latn-pinyin`: the same Mandarin voice as `cmn`, except that Latin letters are
 * read as pinyin. Two reasons. Debian's espeak-ng dictionary gives every character a reading, but for
 * characters it lacks a rule for the plain `cmn` voice spells the reading out in English ("xing two");
 * the pinyin voice says them as Mandarin. And it lets us fix a reading: where the dictionary takes the
 * wrong reading of a character with several (地 always as the particle de, 正月 as zhèng), the text
 * is sent with that word in numbered pinyin ({@link READINGS}); the caption keeps the characters.
 * Numbers are said in words: a year digit by digit (二〇二七年), anything else as Chinese reads it.
 */
import { execFile, execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** espeak-ng's voice and speed (words a minute; for Mandarin a syllable is a word): unhurried, as for older listeners. */
export const VOICE = { name: 'cmn-latn-pinyin', speed: 140, pitch: 48 } as const;

/**
 * Words whose reading espeak-ng gets wrong, each with the numbered pinyin it is sent as (5 = neutral
 * tone). Found by listing every two-character word of the lectures that holds a character of several
 * readings with the phonemes espeak-ng gives it (`espeak-ng -x`), and reading the list.
 */
export const READINGS: Readonly<Record<string, string>> = {
  天干地支: 'tian1 gan1 di4 zhi1',
  正月: 'zheng1 yue4',
  世应: 'shi4 ying4',
  应爻: 'ying4 yao2',
  应在: 'ying4 zai4',
  临应: 'lin2 ying4',
  对应: 'dui4 ying4',
  感应: 'gan3 ying4',
  调候: 'tiao2 hou4',
  调光: 'tiao2 guang1',
  得到: 'de2 dao4',
  得令: 'de2 ling4',
  得地: 'de2 di4',
  得势: 'de2 shi4',
  得力: 'de2 li4',
  得出: 'de2 chu1',
  得月建: 'de2 yue4 jian4',
  所得: 'suo3 de2',
  两得: 'liang3 de2',
  着急: 'zhao2 ji2',
  几行: 'ji3 hang2',
  少阳: 'shao4 yang2',
  少阴: 'shao4 yin1',
  旺相: 'wang4 xiang4',
  为相: 'wei2 xiang4',
  相称: 'xiang1 chen4',
  生长: 'sheng1 zhang3',
  成长: 'cheng2 zhang3',
  长起来: 'zhang3 qi3 lai2',
  长辈: 'zhang3 bei4',
  相重: 'xiang1 chong2',
  重复: 'chong2 fu4',
  重新: 'chong2 xin1',
  火爻相: 'huo3 yao2 xiang4',
  空地: 'kong4 di4',
  空白: 'kong4 bai2',
  当作: 'dang4 zuo4',
  当成: 'dang4 cheng2',
  处理: 'chu3 li3',
  假日: 'jia4 ri4',
  假期: 'jia4 qi1',
  芒种: 'mang2 zhong4',
  分量: 'fen4 liang4',
  充分: 'chong1 fen4',
  勉强: 'mian3 qiang3',
  睡觉: 'shui4 jiao4',
  教大家: 'jiao1 da4 jia1',
  数一数: 'shu3 yi4 shu3',
  往上数: 'wang3 shang4 shu3',
  往后数: 'wang3 hou4 shu3',
  数起: 'shu3 qi3',
  数到: 'shu3 dao4',
  不占: 'bu4 zhan1',
  只占: 'zhi3 zhan1',
  才占: 'cai2 zhan1',
  一占: 'yi1 zhan1',
  现场量: 'xian4 chang3 liang2',
  量的时候: 'liang2 de5 shi2 hou4',
  量朝向: 'liang2 chao2 xiang4',
  怎么量: 'zen3 me5 liang2',
  为什么: 'wei4 shen2 me5',
  为了: 'wei4 le5',
  因为: 'yin1 wei4',
  为教学: 'wei4 jiao4 xue2',
  为自己家: 'wei4 zi4 ji3 jia1',
  了解: 'liao3 jie3',
};

/**
 * Characters espeak-ng always reads one way and the lectures nearly always mean the other: 地 as the
 * particle de (the lectures say dì: write them without the particle 地) and 为 as wèi (the lectures
 * mostly say wéi, "is, as"; the wèi words are in {@link READINGS}). Applied after READINGS.
 */
const ALWAYS: Readonly<Record<string, string>> = { 地: 'di4', 为: 'wei2' };

/** Longest caption line, in characters: two lines of the caption box. */
export const CAPTION_MAX = 44;

/**
 * The caption lines of a passage: its sentences, each cut further at its commas when longer than
 * {@link CAPTION_MAX} (never inside a clause), trimmed.
 */
export function captionLines(passage: string): string[] {
  const sentences = passage.match(/[^。！？；]+[。！？；]?/gu) ?? [];
  const lines: string[] = [];
  for (const sentence of sentences.map((s) => s.trim()).filter(Boolean)) {
    if ([...sentence].length <= CAPTION_MAX) {
      lines.push(sentence);
      continue;
    }
    let line = '';
    for (const clause of sentence.match(/[^，、：]+[，、：]?/gu) ?? []) {
      if (line && [...(line + clause)].length > CAPTION_MAX) {
        lines.push(line);
        line = clause;
      } else {
        line += clause;
      }
    }
    if (line) lines.push(line);
  }
  return lines;
}

const DIGITS = '〇一二三四五六七八九';

/** 0 … 9999 as Chinese reads a quantity: 十五, 一百零八, 二千零二十七 → spoken with 两 where Mandarin says it. */
export function chineseNumber(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 9999) throw new Error(`cannot say ${n}`);
  if (n < 10) return n === 0 ? '零' : DIGITS[n]!;
  if (n < 20) return `十${n % 10 ? DIGITS[n % 10] : ''}`;
  const units = ['', '十', '百', '千'];
  const digits = String(n).split('').map(Number);
  let out = '';
  let zero = false;
  digits.forEach((d, i) => {
    const unit = units[digits.length - 1 - i]!;
    if (d === 0) {
      zero = out !== '';
      return;
    }
    if (zero) out += '零';
    zero = false;
    // 两百, 两千 (二百 is written, 两百 is said); 二十 stays.
    const digit = d === 2 && (unit === '百' || unit === '千') ? '两' : DIGITS[d]!;
    out += digit + unit;
  });
  return out;
}

/** `text` as it is sent to espeak-ng: numbers in words, then the fixed readings of {@link READINGS}. */
export function spokenText(text: string): string {
  let spoken = text
    // A year is read digit by digit: 2027年 → 二〇二七年.
    .replace(/(\d{4})年/g, (_, year: string) => `${[...year].map((d) => DIGITS[Number(d)]).join('')}年`)
    // A time: 10:46 → 十点四十六分.
    .replace(/(\d{1,2}):(\d{2})/g, (_, h: string, m: string) =>
      Number(m) === 0
        ? `${chineseNumber(Number(h))}点`
        : `${chineseNumber(Number(h))}点${chineseNumber(Number(m))}分`,
    )
    .replace(/\d+/g, (digits) => chineseNumber(Number(digits)))
    // Marks espeak-ng would read out or stumble on.
    .replace(/[“”「」『』《》〈〉（）()]/g, '')
    .replace(/[·•]/g, '，')
    .replace(/[—–~～]+/g, '到');
  // Longest words first, so 天干地支 wins over 地支.
  for (const word of Object.keys(READINGS).sort((a, b) => b.length - a.length)) {
    spoken = spoken.split(word).join(` ${READINGS[word]} `);
  }
  for (const [character, reading] of Object.entries(ALWAYS))
    spoken = spoken.split(character).join(` ${reading} `);
  return spoken.replace(/\s+/g, ' ').trim();
}

/** Sample rate of espeak-ng's output, and so of the lesson's sound before AAC. */
export const SAMPLE_RATE = 22050;

/** Says `text` with espeak-ng into `wavPath`; answers its mono 16-bit samples at {@link SAMPLE_RATE}. */
export async function speak(text: string, wavPath: string): Promise<Int16Array> {
  await run('espeak-ng', [
    '-v',
    VOICE.name,
    '-s',
    String(VOICE.speed),
    '-p',
    String(VOICE.pitch),
    '-w',
    wavPath,
    spokenText(text),
  ]);
  return wavSamples(await readFile(wavPath));
}

/** The samples of a 16-bit mono PCM WAV file (as espeak-ng writes it), found by its `data` chunk. */
export function wavSamples(bytes: Buffer): Int16Array {
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE')
    throw new Error('not a WAV file');
  let at = 12;
  let rate = 0;
  while (at + 8 <= bytes.length) {
    const id = bytes.toString('latin1', at, at + 4);
    let size = bytes.readUInt32LE(at + 4);
    if (id === 'fmt ') rate = bytes.readUInt32LE(at + 12);
    if (id === 'data') {
      if (rate !== SAMPLE_RATE) throw new Error(`espeak-ng wrote ${rate} Hz, expected ${SAMPLE_RATE}`);
      // espeak-ng streams to the file and may leave the size as 0 or too large: take what is there.
      if (size === 0 || at + 8 + size > bytes.length) size = bytes.length - at - 8;
      const data = bytes.subarray(at + 8, at + 8 + (size - (size % 2)));
      return new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.length));
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('WAV file without data');
}

/** A mono 16-bit PCM WAV file of `samples` at {@link SAMPLE_RATE}. */
export function wavFile(samples: Int16Array): Buffer {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** espeak-ng's version line, part of what a lesson's video is made from (a new voice re-makes them). */
export function espeakVersion(): string {
  return execFileSync('espeak-ng', ['--version'], { encoding: 'utf8' }).trim();
}
