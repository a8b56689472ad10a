import 'server-only';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import path from 'node:path';
import * as fontkit from 'fontkit';

// The documents' font stack, the same for every PDF: DejaVu Sans (the package @fontsource/dejavu-sans,
// whose files hold the whole font: Latin with its extensions, Greek, Cyrillic and more; Bitstream
// Vera licence, free to embed), then Noto Sans SC (the package @expo-google-fonts/noto-sans-sc:
// Chinese, Japanese kana, with Latin and Greek; SIL Open Font License, free to embed), each embedded
// as a subset of the glyphs used. A text is drawn whole in the first font of the stack that has every
// one of its characters; a text that no font has whole is drawn in DejaVu Sans, and a character it
// has no glyph for is drawn as U+FFFD "�" — visibly not a letter — never as another character, and
// so is every control and format character (bidirectional overrides, zero-width marks): what the
// document says is what the data says, or visibly nothing.

const FILES = path.join(process.cwd(), 'node_modules/@fontsource/dejavu-sans/files');
const CJK_FILES = path.join(process.cwd(), 'node_modules/@expo-google-fonts/noto-sans-sc');

export const REPLACEMENT = '\uFFFD';

/**
 * A WOFF 1.0 font as the TrueType file it wraps (its tables inflated, in an sfnt of their own).
 * fontkit reads WOFF, but inflates the whole glyph table again for every glyph it reads: a
 * 50-accessory document took 13 s to lay out; from the TrueType bytes, milliseconds.
 */
export function woffToTtf(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const [tag, offset, compLength, origLength, checksum] = [woff.readUInt32BE(at), woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12), woff.readUInt32BE(at + 16)];
    const stored = woff.subarray(offset, offset + compLength);
    return { tag, checksum, data: compLength < origLength ? inflateSync(stored) : stored };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    header.writeUInt32BE(t.tag, 12 + i * 16);
    header.writeUInt32BE(t.checksum, 16 + i * 16);
    header.writeUInt32BE(offset, 20 + i * 16);
    header.writeUInt32BE(t.data.length, 24 + i * 16);
    const padded = Buffer.alloc(Math.ceil(t.data.length / 4) * 4);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

type Face = { regular: Buffer; bold: Buffer; covers: (codePoint: number) => boolean };
let dejavu: Face | undefined;
let cjk: Face | undefined;

function face(regular: Buffer, bold: Buffer): Face {
  const [plain, strong] = [fontkit.create(regular), fontkit.create(bold)] as fontkit.Font[];
  return { regular, bold, covers: (cp) => plain!.hasGlyphForCodePoint(cp) && strong!.hasGlyphForCodePoint(cp) };
}

/** The first font's files, read once per process. */
export function documentFonts(): Face {
  dejavu ??= face(
    woffToTtf(readFileSync(path.join(FILES, 'dejavu-sans-latin-400-normal.woff'))),
    woffToTtf(readFileSync(path.join(FILES, 'dejavu-sans-latin-700-normal.woff'))),
  );
  return dejavu;
}

/** The fallback font's files (some 10 MB each), read once per process when a text first needs them. */
function cjkFonts(): Face {
  cjk ??= face(
    readFileSync(path.join(CJK_FILES, '400Regular/NotoSansSC_400Regular.ttf')),
    readFileSync(path.join(CJK_FILES, '700Bold/NotoSansSC_700Bold.ttf')),
  );
  return cjk;
}

// Control (Cc) and format (Cf) characters draw nothing readable; line breaks are kept where a text may have them.
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

export type Weight = 'regular' | 'bold';
const NAMES = { dejavu: { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' }, cjk: { regular: 'NotoSansSC', bold: 'NotoSansSC-Bold' } } as const;
const registered = new WeakSet<PDFKit.PDFDocument>();
const registeredCjk = new WeakSet<PDFKit.PDFDocument>();

/** Selects the stack's first font in `weight` for static texts of the document's own words. */
export function selectFont(doc: PDFKit.PDFDocument, weight: Weight = 'regular'): PDFKit.PDFDocument {
  if (!registered.has(doc)) {
    const f = documentFonts();
    doc.registerFont(NAMES.dejavu.regular, f.regular);
    doc.registerFont(NAMES.dejavu.bold, f.bold);
    registered.add(doc);
  }
  return doc.font(NAMES.dejavu[weight]);
}

/**
 * `text` as the document prints it, with the font of the stack it is drawn in selected on `doc`:
 * NFC, line breaks kept only with `lineBreaks`, tabs as spaces.
 */
export function typeset(doc: PDFKit.PDFDocument, text: string, weight: Weight = 'regular', options: { lineBreaks?: boolean } = {}): string {
  const chars = clean(text, options);
  const drawable = options.lineBreaks ? chars.filter((c) => c !== '\n') : chars;
  const first = documentFonts();
  if (drawable.every((c) => !INVISIBLE.test(c) && first.covers(c.codePointAt(0)!))) {
    selectFont(doc, weight);
    return chars.join('');
  }
  const fallback = cjkFonts();
  if (drawable.every((c) => !INVISIBLE.test(c) && (c === ' ' || fallback.covers(c.codePointAt(0)!)))) {
    if (!registeredCjk.has(doc)) {
      doc.registerFont(NAMES.cjk.regular, fallback.regular);
      doc.registerFont(NAMES.cjk.bold, fallback.bold);
      registeredCjk.add(doc);
    }
    doc.font(NAMES.cjk[weight]);
    return chars.join('');
  }
  selectFont(doc, weight);
  return printable(text, options);
}

function clean(text: string, options: { lineBreaks?: boolean }): string[] {
  const out: string[] = [];
  for (const char of text.normalize('NFC')) {
    if (options.lineBreaks && char === '\r') continue;
    out.push(char === '\t' ? ' ' : char);
  }
  return out;
}

/** `text` in the first font alone: NFC, every character it cannot draw (or that draws nothing) as U+FFFD. */
export function printable(text: string, options: { lineBreaks?: boolean } = {}): string {
  const { covers } = documentFonts();
  let out = '';
  for (const char of text.normalize('NFC')) {
    if ((char === '\n' || char === '\r') && options.lineBreaks) out += char === '\n' ? char : '';
    else if (char === '\t') out += ' ';
    else out += INVISIBLE.test(char) || !covers(char.codePointAt(0)!) ? REPLACEMENT : char;
  }
  return out;
}
