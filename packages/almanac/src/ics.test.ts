import { describe, expect, it } from 'vitest';
import { formatBeijing } from './beijingTime.ts';
import { icsCalendar } from './ics.ts';
import { termTime } from './solarTermTime.ts';

describe('icsCalendar', () => {
  const text = icsCalendar({ from: 2024, to: 2024, stamp: 1_700_000_000 });
  const lines = text.split('\r\n');

  it('is a well-formed RFC 5545 calendar with CRLF lines of at most 75 octets', () => {
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(text.endsWith('\r\n')).toBe(true);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(text.split('BEGIN:VEVENT').length).toBe(text.split('END:VEVENT').length);
    const uids = lines.filter((l) => l.startsWith('UID:'));
    expect(new Set(uids).size).toBe(uids.length);
  });

  it('has the 24 terms at their UTC instants, festivals and 休/班 days', () => {
    expect(lines.filter((l) => l.startsWith('DTSTART:') && l.endsWith('Z'))).toHaveLength(24);
    // 立春 2024 at its Beijing instant minus eight hours.
    const [date, clock] = formatBeijing(termTime(2024, 2) - 8 * 3600).split(' ');
    expect(text).toContain(
      `DTSTART:${date.replaceAll('-', '')}T${clock.replaceAll(':', '')}Z\r\nSUMMARY:立春`,
    );
    expect(date).toBe('2024-02-04');
    expect(text).toContain('DTSTART;VALUE=DATE:20240210\r\nSUMMARY:春节');
    expect(text).toContain('SUMMARY:休 春节');
    expect(text).toContain('DTSTART;VALUE=DATE:20240204\r\nSUMMARY:班 春节调休上班');
    expect(text).toContain('DTSTAMP:20231114T221320Z');
  });

  it('rejects bad ranges', () => {
    expect(() => icsCalendar({ from: 1899, to: 1900 })).toThrow('wrong solar year');
    expect(() => icsCalendar({ from: 2025, to: 2024 })).toThrow('wrong count');
    expect(() => icsCalendar({ from: 1990, to: 2030 })).toThrow('wrong count');
  });
});
