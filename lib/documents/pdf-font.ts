import 'server-only';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import path from 'node:path';
import * as fontkit from 'fontkit';

// The documents' typeface: DejaVu Sans (the package @fontsource/dejavu-sans, whose files hold the
// whole font: Latin with its extensions, Greek, Cyrillic and more; Bitstream Vera licence, free to
// embed), embedded in every PDF as a subset of the glyphs used. A character the font has no glyph
// for is drawn as U+FFFD "�" — visibly not a letter — never as another character, and so is every
// control and format character (bidirectional overrides, zero-width marks): what the document says
// is what the data says, or visibly nothing.

const FILES = path.join(process.cwd(), 'node_modules/@fontsource/dejavu-sans/files');

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

type Fonts = { regular: Buffer; bold: Buffer; covers: (codePoint: number) => boolean };
let fonts: Fonts | undefined;

/** The font files, read once per process. */
export function documentFonts(): Fonts {
  if (!fonts) {
    const regular = woffToTtf(readFileSync(path.join(FILES, 'dejavu-sans-latin-400-normal.woff')));
    const bold = woffToTtf(readFileSync(path.join(FILES, 'dejavu-sans-latin-700-normal.woff')));
    const [plain, strong] = [fontkit.create(regular), fontkit.create(bold)] as fontkit.Font[];
    fonts = { regular, bold, covers: (cp) => plain!.hasGlyphForCodePoint(cp) && strong!.hasGlyphForCodePoint(cp) };
  }
  return fonts;
}

// Control (Cc) and format (Cf) characters draw nothing readable; line breaks are kept where a text may have them.
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

/** `text` as the document prints it: NFC, every character the font cannot draw (or that draws nothing) as U+FFFD. */
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
