/**
 * The committed classroom media (seed-media/ketang, made by scripts/make-ketang-media.ts) against their
 * manifest: every file listed exists and nothing else is there, the videos stay within their budget
 * and are what phones stream — MP4 with `moov` before `mdat` (+faststart), H.264 Baseline/Main at
 * 640×360, AAC audio, as long as the manifest says — and the courseware are whole PDFs of the stated
 * size and page count.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIR = fileURLToPath(new URL('../seed-media/ketang/', import.meta.url));

interface Manifest {
  videos: { file: string; title: string; seconds: number; topic: string }[];
  courseware: { file: string; title: string; pages: number; bytes: number }[];
}

const manifest = JSON.parse(readFileSync(join(DIR, 'manifest.json'), 'utf8')) as Manifest;

/** A box of an ISO BMFF (MP4) file: its type and where its payload lies. */
interface Box {
  type: string;
  start: number;
  body: number;
  end: number;
}

/** The boxes lying one after another in `bytes` between `from` and `to`. */
function boxes(bytes: Buffer, from: number, to: number): Box[] {
  const list: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = bytes.readUInt32BE(at);
    let body = at + 8;
    if (size === 1) {
      size = Number(bytes.readBigUInt64BE(at + 8));
      body = at + 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < 8 || at + size > to) throw new Error(`bad box at ${at}`);
    list.push({ type: bytes.toString('latin1', at + 4, at + 8), start: at, body, end: at + size });
    at += size;
  }
  return list;
}

/** The first child of `parent` of each type along `path` (e.g. trak › mdia › minf › stbl). */
function child(bytes: Buffer, parent: Box, ...path: string[]): Box | undefined {
  let box: Box | undefined = parent;
  for (const type of path) {
    box = box && boxes(bytes, box.body, box.end).find((b) => b.type === type);
  }
  return box;
}

/** Facts about an MP4 read from its boxes. */
function inspectMp4(bytes: Buffer) {
  const top = boxes(bytes, 0, bytes.length);
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) throw new Error('no moov');
  const mvhd = child(bytes, moov, 'mvhd')!;
  const version = bytes[mvhd.body];
  const timescale = bytes.readUInt32BE(mvhd.body + (version === 1 ? 20 : 12));
  const duration =
    version === 1 ? Number(bytes.readBigUInt64BE(mvhd.body + 24)) : bytes.readUInt32BE(mvhd.body + 16);
  const sampleEntries = boxes(bytes, moov.body, moov.end)
    .filter((b) => b.type === 'trak')
    .map((trak) => {
      const stsd = child(bytes, trak, 'mdia', 'minf', 'stbl', 'stsd')!;
      // stsd: version/flags (4) and entry count (4), then the sample entries.
      return boxes(bytes, stsd.body + 8, stsd.end)[0];
    });
  const avc1 = sampleEntries.find((e) => e.type === 'avc1');
  // A visual sample entry keeps width and height at bytes 24–27 of its payload and its child boxes
  // (avcC among them) after a 78-byte header.
  const avcC = avc1 && boxes(bytes, avc1.body + 78, avc1.end).find((b) => b.type === 'avcC');
  return {
    order: top.map((b) => b.type),
    seconds: duration / timescale,
    width: avc1 ? bytes.readUInt16BE(avc1.body + 24) : 0,
    height: avc1 ? bytes.readUInt16BE(avc1.body + 26) : 0,
    profile: avcC ? bytes[avcC.body + 1] : 0,
    audio: sampleEntries.some((e) => e.type === 'mp4a'),
  };
}

describe('classroom demo media', () => {
  it('holds exactly the files its manifest lists', () => {
    const listed = [...manifest.videos, ...manifest.courseware].map((item) => item.file).sort();
    const present = readdirSync(DIR)
      .filter((name) => name !== 'manifest.json')
      .sort();
    expect(present).toEqual(listed);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('has 10–12 lesson videos of 20–40 s, ≤ 3 MB together, each titled and with a topic', () => {
    expect(manifest.videos.length).toBeGreaterThanOrEqual(10);
    expect(manifest.videos.length).toBeLessThanOrEqual(12);
    let total = 0;
    for (const video of manifest.videos) {
      expect(video.file).toMatch(/^[a-z0-9-]+\.mp4$/);
      expect(video.title).toMatch(/\p{Script=Han}/u);
      expect(video.topic).toMatch(/^[a-z]+$/);
      expect(video.file.startsWith(`${video.topic}-`)).toBe(true);
      expect(video.seconds).toBeGreaterThanOrEqual(20);
      expect(video.seconds).toBeLessThanOrEqual(40);
      total += statSync(join(DIR, video.file)).size;
    }
    expect(total).toBeLessThanOrEqual(3_000_000);
  });

  it.each(manifest.videos.map((v) => [v.file, v] as const))(
    '%s streams: faststart H.264 640×360 + AAC',
    (file, video) => {
      const facts = inspectMp4(readFileSync(join(DIR, file)));
      expect(facts.order[0]).toBe('ftyp');
      expect(facts.order.indexOf('moov')).toBeGreaterThan(0);
      expect(facts.order.indexOf('moov')).toBeLessThan(facts.order.indexOf('mdat'));
      // 66 Baseline, 77 Main: what every phone decodes in hardware.
      expect([66, 77]).toContain(facts.profile);
      expect([facts.width, facts.height]).toEqual([640, 360]);
      expect(facts.audio).toBe(true);
      expect(Math.abs(facts.seconds - video.seconds)).toBeLessThan(0.5);
    },
  );

  it('has 3–4 courseware PDFs', () => {
    expect(manifest.courseware.length).toBeGreaterThanOrEqual(3);
    expect(manifest.courseware.length).toBeLessThanOrEqual(4);
  });

  it.each(manifest.courseware.map((c) => [c.file, c] as const))(
    '%s is a whole A4 PDF of the stated size',
    (file, doc) => {
      const bytes = readFileSync(join(DIR, file));
      expect(file).toMatch(/^[a-z0-9-]+\.pdf$/);
      expect(doc.title).toMatch(/\p{Script=Han}/u);
      expect(bytes.length).toBe(doc.bytes);
      expect(bytes.length).toBeLessThanOrEqual(300_000);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.subarray(-5).toString('latin1')).toBe('%%EOF');
      const text = bytes.toString('latin1');
      expect(text.match(/\/Type \/Page\b/g)?.length).toBe(doc.pages);
      expect(text).toContain(`/Count ${doc.pages}`);
      expect(text.match(/\/MediaBox \[0 0 595\.28 841\.89\]/g)?.length).toBe(doc.pages);
      // The cross-reference table points at real objects: each offset starts "n 0 obj".
      const xrefAt = Number(/startxref\n(\d+)\n%%EOF$/.exec(text)?.[1]);
      expect(text.startsWith('xref', xrefAt)).toBe(true);
      const offsets = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
      expect(offsets.length).toBeGreaterThan(doc.pages * 3);
      offsets.forEach((offset, i) => {
        expect(text.startsWith(`${i + 1} 0 obj`, offset)).toBe(true);
      });
    },
  );
});
