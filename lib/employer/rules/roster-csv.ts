// The roster file HR import (docs/employer.md, "Importing the roster"): a CSV with a header line
// naming its columns `email`, `name` and `personnelNumber` (in any order; `;` or `,` between
// fields, the header decides), one person per line, fields quoted with `"` where they must be.
// Pure: it reads the text and says, for every line, the person or why the line is bad. Line
// numbers are the file's own (the header is line 1); blank lines are skipped, never counted away.

export const ROSTER_IMPORT_MAX_LINES = 5000;
export const PERSONNEL_NUMBER = /^[\p{L}\p{N}][\p{L}\p{N}._/-]{0,29}$/u;
const EMAIL = /^[^\s@"<>()[\],;:\\]+@[^\s@"<>()[\],;:\\]+\.[^\s@"<>()[\],;:\\]+$/;
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
export const NAME_MAX = 200;

/** A bad field as the reason quotes it: without control characters, cut short. */
const shown = (v: string) => v.replace(/[\p{Cc}\u2028\u2029]/gu, '').slice(0, 80);

export type RosterLine = { line: number; email: string; name: string; personnelNumber: string | null };

export type BadLineCode =
  | 'header'
  | 'quote'
  | 'columns'
  | 'emailInvalid'
  | 'nameMissing'
  | 'nameInvalid'
  | 'numberInvalid'
  | 'emailTwice'
  | 'numberTwice'
  | 'tooManyLines'
  | 'empty';

export type BadLine = { line: number; code: BadLineCode; params?: Record<string, string | number> };

const HEADER_NAMES: Record<string, 'email' | 'name' | 'personnelNumber'> = {
  email: 'email',
  'e-mail': 'email',
  name: 'name',
  personnelnumber: 'personnelNumber',
  'personnel number': 'personnelNumber',
  personalnummer: 'personnelNumber',
};

/** One line's fields, split at `sep` outside quotes (`""` is a quote inside); null when a quote is left open. */
export function splitLine(text: string, sep: string): string[] | null {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === sep) {
      fields.push(field);
      field = '';
    } else field += c;
  }
  if (quoted) return null;
  fields.push(field);
  return fields.map((f) => f.trim());
}

/** The people of a roster file and its bad lines (each named by its line number and why). */
export function parseRosterCsv(text: string): { rows: RosterLine[]; bad: BadLine[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const headerText = lines[0] ?? '';
  const sep = headerText.includes(';') ? ';' : ',';
  const header = splitLine(headerText, sep)?.map((h) => HEADER_NAMES[h.toLowerCase()]);
  if (!header || !header.includes('email') || !header.includes('name') || new Set(header).size !== header.length || header.some((h) => h === undefined)) {
    return { rows: [], bad: [{ line: 1, code: 'header' }] };
  }
  const rows: RosterLine[] = [];
  const bad: BadLine[] = [];
  const emails = new Map<string, number>();
  const numbers = new Map<string, number>();
  let people = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = i + 1;
    const raw = lines[i]!;
    if (raw.trim() === '' || raw.split(sep).every((f) => f.trim() === '')) continue;
    if (++people > ROSTER_IMPORT_MAX_LINES) {
      bad.push({ line, code: 'tooManyLines', params: { max: ROSTER_IMPORT_MAX_LINES } });
      break;
    }
    const fields = splitLine(raw, sep);
    if (!fields) {
      bad.push({ line, code: 'quote' });
      continue;
    }
    if (fields.length !== header.length) {
      bad.push({ line, code: 'columns', params: { expected: header.length, found: fields.length } });
      continue;
    }
    const value = (key: 'email' | 'name' | 'personnelNumber') => {
      const at = header.indexOf(key);
      return at < 0 ? '' : fields[at]!;
    };
    const email = value('email').toLowerCase();
    const name = value('name');
    const number = value('personnelNumber');
    const before = bad.length;
    if (!EMAIL.test(email) || email.length > 255 || CONTROL.test(email)) bad.push({ line, code: 'emailInvalid', params: { value: shown(email) } });
    if (name === '') bad.push({ line, code: 'nameMissing' });
    else if (name.length > NAME_MAX || CONTROL.test(name)) bad.push({ line, code: 'nameInvalid' });
    if (number !== '' && !PERSONNEL_NUMBER.test(number)) bad.push({ line, code: 'numberInvalid', params: { value: shown(number) } });
    if (bad.length > before) continue;
    const sameEmail = emails.get(email);
    if (sameEmail !== undefined) {
      bad.push({ line, code: 'emailTwice', params: { first: sameEmail } });
      continue;
    }
    emails.set(email, line);
    if (number !== '') {
      const sameNumber = numbers.get(number);
      if (sameNumber !== undefined) {
        bad.push({ line, code: 'numberTwice', params: { first: sameNumber } });
        continue;
      }
      numbers.set(number, line);
    }
    rows.push({ line, email, name, personnelNumber: number === '' ? null : number });
  }
  if (rows.length === 0 && bad.length === 0) bad.push({ line: 1, code: 'empty' });
  return { rows, bad };
}
