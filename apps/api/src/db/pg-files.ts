/**
 * Reading PostgreSQL's own files in a data folder, so that a damaged one is refused with a sentence
 * before PGlite opens it: PGlite answers a missing WAL segment with "Aborted()", a garbled setting
 * with "PGlite failed to initialize properly" and a bad pg_hba.conf with a TypeError, none of which
 * says which file is wrong. PostgreSQL has tools for this (pg_controldata, pg_waldump), but not in a
 * WASM build we can run before the database opens, so the few fields needed are read here by hand,
 * each read checked against another (the system id in pg_control and in the WAL, the segment's address
 * and its name) so that a layout we do not know is skipped, never mistaken for damage.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { isIP } from 'node:net';
import { PG_SETTING_NAMES } from './pg-settings.gen.ts';

const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
    table[i] = c >>> 0;
  }
  return table;
})();

/** Feeds `bytes` into a running CRC-32C (start with 0xffffffff, finish with `~crc >>> 0`). */
export function crc32cUpdate(crc: number, bytes: Uint8Array): number {
  let state = crc;
  for (const byte of bytes) state = CRC32C_TABLE[(state ^ byte) & 0xff] ^ (state >>> 8);
  return state >>> 0;
}

/** The fields of `global/pg_control` the WAL check needs. */
export interface ControlFacts {
  systemId: bigint;
  /** Where the last checkpoint record starts, and where its redo (replay) begins. */
  checkPoint: bigint;
  redo: bigint;
  timeline: number;
  walBlockSize: number;
  walSegmentSize: number;
}

/** PostgreSQL's FLOATFORMAT_VALUE, stored in pg_control right before the block and segment sizes. */
const FLOAT_FORMAT = 1234567.0;

const isPowerOfTwo = (n: number) => n > 0 && (n & (n - 1)) === 0;

/**
 * The fields of an intact pg_control, or undefined when its layout is not the one PostgreSQL 11–18
 * writes. The first fields (system id, versions, state, time, checkPoint, then the checkpoint copy
 * starting with its redo pointer and timeline) sit at fixed offsets; the sizes follow the constant
 * float 1234567.0 at an offset that depends on the build, so that constant is looked for.
 */
export function readControlFacts(control: Uint8Array): ControlFacts | undefined {
  const view = new DataView(control.buffer, control.byteOffset, control.byteLength);
  let sizes = -1;
  for (let offset = 48; offset + 32 <= control.length; offset += 8) {
    if (view.getFloat64(offset, true) === FLOAT_FORMAT) {
      sizes = offset + 8;
      break;
    }
  }
  if (sizes < 0) return undefined;
  const facts: ControlFacts = {
    systemId: view.getBigUint64(0, true),
    checkPoint: view.getBigUint64(32, true),
    redo: view.getBigUint64(40, true),
    timeline: view.getUint32(48, true),
    // After blcksz and relseg_size.
    walBlockSize: view.getUint32(sizes + 8, true),
    walSegmentSize: view.getUint32(sizes + 12, true),
  };
  const plausible =
    facts.timeline >= 1 &&
    facts.redo <= facts.checkPoint &&
    isPowerOfTwo(facts.walBlockSize) &&
    facts.walBlockSize >= 1024 &&
    facts.walBlockSize <= 65536 &&
    isPowerOfTwo(facts.walSegmentSize) &&
    facts.walSegmentSize >= 1 << 20 &&
    facts.walSegmentSize <= 1 << 30;
  return plausible ? facts : undefined;
}

/** The file name of WAL segment `segment` on `timeline` (PostgreSQL's XLogFileName). */
export function walFileName(timeline: number, segment: bigint, segmentSize: number): string {
  const perId = 0x100000000n / BigInt(segmentSize);
  const hex = (n: bigint | number) => n.toString(16).toUpperCase().padStart(8, '0');
  return hex(timeline) + hex(segment / perId) + hex(segment % perId);
}

/** `length` bytes of `file` from `position` (fewer at its end). */
function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, read);
}

/** XLP_LONG_HEADER: the first page of a segment carries the long header. */
const XLP_LONG_HEADER = 0x0002;
/** sizeof(XLogRecord), and the offset of its CRC. */
const RECORD_HEADER = 24;
const RECORD_CRC_OFFSET = 20;

/**
 * What is wrong with the WAL segment `file` that holds the checkpoint `facts` names (its size was
 * checked by the caller), or undefined: its first page must be a long header of this database for
 * this segment, the checkpoint's page must carry its own address, and the checkpoint record, when it
 * lies within one page, must pass its CRC-32C.
 */
export function checkpointSegmentProblem(file: string, facts: ControlFacts): string | undefined {
  const size = BigInt(facts.walSegmentSize);
  const segment = facts.checkPoint / size;
  const fd = openSync(file, 'r');
  try {
    const head = readAt(fd, 0, 40);
    if (head.length < 40) return 'is cut short';
    const ok =
      (head.readUInt16LE(2) & XLP_LONG_HEADER) !== 0 &&
      head.readBigUInt64LE(8) === segment * size &&
      head.readBigUInt64LE(24) === facts.systemId &&
      head.readUInt32LE(32) === facts.walSegmentSize &&
      head.readUInt32LE(36) === facts.walBlockSize;
    if (!ok) return 'does not begin with a WAL header of this database';
    const offset = Number(facts.checkPoint % size);
    const pageStart = offset - (offset % facts.walBlockSize);
    const page = readAt(fd, pageStart, facts.walBlockSize);
    if (page.length < facts.walBlockSize || page.readBigUInt64LE(8) !== segment * size + BigInt(pageStart)) {
      return 'has lost the page of the last checkpoint';
    }
    const at = offset - pageStart;
    if (at + RECORD_HEADER > page.length) return 'has lost the last checkpoint record';
    const length = page.readUInt32LE(at);
    // A record that goes on in the next page is checked by PostgreSQL itself.
    if (length < RECORD_HEADER || at + length > page.length) return undefined;
    const record = page.subarray(at, at + length);
    let crc = crc32cUpdate(0xffffffff, record.subarray(RECORD_HEADER));
    crc = crc32cUpdate(crc, record.subarray(0, RECORD_CRC_OFFSET));
    return ~crc >>> 0 === record.readUInt32LE(RECORD_CRC_OFFSET)
      ? undefined
      : 'holds a last checkpoint record that fails its checksum';
  } finally {
    closeSync(fd);
  }
}

/** A token of PostgreSQL's configuration file lexer (guc-file.l), in its order of precedence. */
const GUC_TOKENS: [kind: string, pattern: RegExp][] = [
  ['id', /[A-Za-z_\u0080-\uffff][A-Za-z_0-9$\u0080-\uffff]*/y],
  [
    'qualified',
    /[A-Za-z_\u0080-\uffff][A-Za-z_0-9$\u0080-\uffff]*\.[A-Za-z_\u0080-\uffff][A-Za-z_0-9$\u0080-\uffff]*/y,
  ],
  ['string', /'(?:[^'\\\n]|\\.|'')*'/y],
  ['unquoted', /[A-Za-z_\u0080-\uffff][A-Za-z_0-9\u0080-\uffff\-.:/]*/y],
  ['integer', /[-+]?(?:0x[0-9a-fA-F]+|\d+)[a-zA-Z]*/y],
  ['real', /[-+]?\d*\.\d*(?:[Ee][-+]?\d+)?/y],
  ['equals', /=/y],
];

/** The tokens (kind, text) of one line of a configuration file, or undefined at a character the lexer refuses. */
function gucTokens(line: string): [kind: string, text: string][] | undefined {
  const tokens: [string, string][] = [];
  let at = 0;
  while (at < line.length) {
    const blank = /[ \t\r]+/y;
    blank.lastIndex = at;
    if (blank.test(line)) {
      at = blank.lastIndex;
      continue;
    }
    if (line[at] === '#') break;
    // The longest match wins; among equals the earlier rule, as in flex.
    let best: [string, number] | undefined;
    for (const [kind, pattern] of GUC_TOKENS) {
      pattern.lastIndex = at;
      if (pattern.test(line) && (!best || pattern.lastIndex > best[1])) best = [kind, pattern.lastIndex];
    }
    if (!best || best[1] === at) return undefined;
    tokens.push([best[0], line.slice(at, best[1])]);
    at = best[1];
  }
  return tokens;
}

/** Directives of a configuration file that take a file or folder name instead of a setting's value. */
const GUC_INCLUDES = new Set(['include', 'include_if_exists', 'include_dir']);

const GUC_VALUES = new Set(['id', 'string', 'unquoted', 'integer', 'real']);

/**
 * The first line of a postgresql.conf-style file that PostgreSQL would refuse, as "line N …", or
 * undefined. Each line is empty, a comment, or `name [=] value`, and a plain name (not `ext.name`,
 * which extensions own) must be one of PostgreSQL's settings or an include directive. Included files
 * are not followed: their paths are PGlite's, inside its WASM file system.
 */
export function gucFileProblem(text: string): string | undefined {
  if (text.includes('\0')) return 'holds binary data (NUL bytes)';
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const tokens = gucTokens(lines[i]);
    if (tokens === undefined) return `line ${i + 1} holds a character outside any setting`;
    if (tokens.length === 0) continue;
    const [[kind, name], ...rest] = tokens;
    const value = rest[0]?.[0] === 'equals' ? rest.slice(1) : rest;
    if ((kind !== 'id' && kind !== 'qualified') || value.length !== 1 || !GUC_VALUES.has(value[0][0])) {
      return `line ${i + 1} is not a setting (name = value)`;
    }
    const known =
      kind === 'qualified' ||
      GUC_INCLUDES.has(name.toLowerCase()) ||
      PG_SETTING_NAMES.has(name.toLowerCase());
    if (!known) return `line ${i + 1} sets ${name.slice(0, 60)}, which PostgreSQL does not know`;
  }
  return undefined;
}

const HBA_TYPES = new Set(['local', 'host', 'hostssl', 'hostnossl', 'hostgssenc', 'hostnogssenc']);
const HBA_INCLUDES = new Set(['include', 'include_if_exists', 'include_dir']);
const HBA_METHODS = new Set(
  ['trust', 'reject', 'scram-sha-256', 'md5', 'password', 'gss', 'sspi', 'ident', 'peer', 'pam'].concat([
    'ldap',
    'radius',
    'cert',
    'bsd',
    'oauth',
  ]),
);

/** The fields of one pg_hba.conf line: quoted words kept whole, comma lists joined, the comment cut. */
function hbaFields(line: string): string[] | undefined {
  const words: string[] = [];
  // A word may mix plain and quoted parts (ldapprefix="cn="); a comma is a word of its own.
  const word = /(?:[^\s",#]|"(?:[^"]|"")*")+|,|#.*$/y;
  let at = 0;
  while (at < line.length) {
    if (/\s/.test(line[at])) {
      at += 1;
      continue;
    }
    word.lastIndex = at;
    const match = word.exec(line);
    if (!match) return undefined;
    if (match[0].startsWith('#')) break;
    words.push(match[0]);
    at = word.lastIndex;
  }
  // `a, b` and `a,b` are one field.
  const fields: string[] = [];
  for (const token of words) {
    const last = fields.at(-1);
    if (last !== undefined && (token === ',' || last.endsWith(','))) fields[fields.length - 1] = last + token;
    else fields.push(token);
  }
  return fields;
}

/** The problem of one pg_hba.conf record's fields, or undefined. */
function hbaRecordProblem(fields: string[]): string | undefined {
  const [type, ...rest] = fields;
  if (HBA_INCLUDES.has(type)) return rest.length === 1 ? undefined : `${type} needs one file name`;
  if (!HBA_TYPES.has(type)) return 'does not begin with a connection type (local, host …)';
  // local: database user method; host…: database user address [mask] method.
  let method = type === 'local' ? 2 : 3;
  if (type !== 'local') {
    const address = rest[2];
    if (address === undefined) return 'has no address';
    // An address without its /prefix is followed by a netmask.
    if (isIP(address) !== 0) method += 1;
  }
  if (rest.length <= method || !HBA_METHODS.has(rest[method])) return 'has no known authentication method';
  if (rest.slice(method + 1).some((option) => !/^[\w-]+=/.test(option)))
    return 'has an option that is not name=value';
  return undefined;
}

/** The first record of a pg_hba.conf that PostgreSQL would refuse, as "line N …", or undefined. */
export function hbaFileProblem(text: string): string | undefined {
  if (text.includes('\0')) return 'holds binary data (NUL bytes)';
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    const first = i;
    // A backslash at the end continues the record on the next line.
    while (line.endsWith('\\') && i + 1 < lines.length) line = line.slice(0, -1) + lines[++i];
    const fields = hbaFields(line);
    if (fields === undefined) return `line ${first + 1} cannot be read as fields`;
    if (fields.length === 0) continue;
    const problem = hbaRecordProblem(fields);
    if (problem) return `line ${first + 1} ${problem}`;
  }
  return undefined;
}
