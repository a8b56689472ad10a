import { describe, expect, it } from 'vitest';
import { parseRosterCsv } from '@/lib/employer/rules/roster-csv';

// The roster file's reading (lib/employer/rules/roster-csv.ts): the header decides the separator
// and the columns; every bad line is named by the file's own line number.

describe('the roster file', () => {
  it('reads `;` or `,`, quoted fields, any column order, skips blank lines and keeps the line numbers', () => {
    expect(parseRosterCsv('\uFEFFPersonalnummer;E-Mail;Name\r\nP-1;A@Example.com;"Ahrens; Anna"\r\n\r\n;b@example.com;"Bea ""B"" Brandt"\r\n')).toEqual({
      rows: [
        { line: 2, email: 'a@example.com', name: 'Ahrens; Anna', personnelNumber: 'P-1' },
        { line: 4, email: 'b@example.com', name: 'Bea "B" Brandt', personnelNumber: null },
      ],
      bad: [],
    });
    expect(parseRosterCsv('name,email\nCarl,c@example.com').rows).toEqual([{ line: 2, email: 'c@example.com', name: 'Carl', personnelNumber: null }]);
  });

  it('names each bad line and why', () => {
    const { bad } = parseRosterCsv(['email;name;personnelNumber', 'a\u0000b@example.com;A;1', 'b@example.com;"open;2', 'c@example.com;C', 'd@example.com;D;=1+1', 'e@example.com;E\u0007;3'].join('\n'));
    expect(bad.map((b) => [b.line, b.code])).toEqual([
      [2, 'emailInvalid'],
      [3, 'quote'],
      [4, 'columns'],
      [5, 'numberInvalid'],
      [6, 'nameInvalid'],
    ]);
    expect(bad[0]!.params).toEqual({ value: 'ab@example.com' });
    expect(parseRosterCsv('mail;name\nx@example.com;X').bad).toEqual([{ line: 1, code: 'header' }]);
    expect(parseRosterCsv('email;name\n\n').bad).toEqual([{ line: 1, code: 'empty' }]);
  });
});
