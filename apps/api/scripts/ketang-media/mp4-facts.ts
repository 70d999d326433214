/**
 * Facts about an MP4 read from its boxes, to check what the generator wrote is what phones stream:
 * the top-level box order (`moov` before `mdat` = faststart), the movie's length, the H.264 profile
 * and frame size, and whether it has an AAC track.
 */

/** A box of an ISO BMFF (MP4) file: its type and where its payload lies. */
interface Box {
  type: string;
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
    list.push({ type: bytes.toString('latin1', at + 4, at + 8), body, end: at + size });
    at += size;
  }
  return list;
}

/** The first child of `parent` of each type along `path` (e.g. trak › mdia › minf › stbl). */
function child(bytes: Buffer, parent: Box, ...path: string[]): Box | undefined {
  let box: Box | undefined = parent;
  for (const type of path) box = box && boxes(bytes, box.body, box.end).find((b) => b.type === type);
  return box;
}

/** What an MP4 is. */
export interface Mp4Facts {
  order: string[];
  seconds: number;
  width: number;
  height: number;
  /** avcC profile: 66 Baseline, 77 Main, 100 High. */
  profile: number;
  audio: boolean;
}

/** The facts of the MP4 in `bytes`. */
export function mp4Facts(bytes: Buffer): Mp4Facts {
  const top = boxes(bytes, 0, bytes.length);
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) throw new Error('no moov');
  const mvhd = child(bytes, moov, 'mvhd');
  if (!mvhd) throw new Error('no mvhd');
  const version = bytes[mvhd.body];
  const timescale = bytes.readUInt32BE(mvhd.body + (version === 1 ? 20 : 12));
  const duration =
    version === 1 ? Number(bytes.readBigUInt64BE(mvhd.body + 24)) : bytes.readUInt32BE(mvhd.body + 16);
  const entries = boxes(bytes, moov.body, moov.end)
    .filter((b) => b.type === 'trak')
    .map((trak) => {
      const stsd = child(bytes, trak, 'mdia', 'minf', 'stbl', 'stsd');
      // stsd: version/flags (4) and entry count (4), then the sample entries.
      return stsd ? boxes(bytes, stsd.body + 8, stsd.end)[0] : undefined;
    });
  const avc1 = entries.find((e) => e?.type === 'avc1');
  // A visual sample entry keeps width and height at bytes 24–27 of its payload and its child boxes
  // (avcC among them) after a 78-byte header.
  const avcC = avc1 && boxes(bytes, avc1.body + 78, avc1.end).find((b) => b.type === 'avcC');
  return {
    order: top.map((b) => b.type),
    seconds: duration / timescale,
    width: avc1 ? bytes.readUInt16BE(avc1.body + 24) : 0,
    height: avc1 ? bytes.readUInt16BE(avc1.body + 26) : 0,
    profile: avcC ? (bytes[avcC.body + 1] ?? 0) : 0,
    audio: entries.some((e) => e?.type === 'mp4a'),
  };
}

/** Why `facts` are not a lesson video phones stream well (faststart H.264 Baseline/Main + AAC), or null. */
export function streamProblem(facts: Mp4Facts, width: number, height: number): string | null {
  const moov = facts.order.indexOf('moov');
  const mdat = facts.order.indexOf('mdat');
  if (facts.order[0] !== 'ftyp') return 'does not start with ftyp';
  if (moov < 0 || mdat < 0 || moov > mdat) return 'moov is not before mdat (no faststart)';
  if (![66, 77].includes(facts.profile)) return `H.264 profile ${facts.profile}, not Baseline or Main`;
  if (facts.width !== width || facts.height !== height) return `${facts.width}×${facts.height}`;
  if (!facts.audio) return 'no AAC track';
  return null;
}
