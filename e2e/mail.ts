import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { SMTPServer } from 'smtp-server';

// A real SMTP server in the test process: the app under test sends every mail to it (SMTP_URL of
// playwright.config.ts names its port), and a test waits for the mail it expects. One server per
// worker process, started by the first spec that asks for it.

export type Mail = { to: string[]; subject: string; text: string };

const received: Mail[] = [];
let started: Promise<void> | undefined;

/** The port the app sends to (playwright.config.ts passes the same to the server's SMTP_URL). */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 9);

/** Decodes a mail's headers and quoted-printable body into its subject and text. */
function parse(data: string, to: string[]): Mail {
  const [head = '', ...rest] = data.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const encodedWord = /=\?UTF-8\?([QB])\?([^?]*)\?=/gi;
  const decodeWord = (_m: string, kind: string, value: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(value, 'base64').toString('utf8') : qp(value.replace(/_/g, ' '));
  const rawSubject = /^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '';
  const subject = rawSubject.replace(/\?=\s+=\?/g, '?==?').replace(encodedWord, decodeWord);
  return { to, subject, text: qp(rest.join('\n\n').replace(/=\r?\n/g, '')) };
}

function qp(text: string): string {
  return Buffer.from(text.replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}

/** Starts the server once per process; resolves when it listens. */
export function startMailbox(): Promise<void> {
  started ??= new Promise<void>((resolve, reject) => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(parse(Buffer.concat(chunks).toString('latin1'), session.envelope.rcptTo.map((r) => r.address.toLowerCase())));
          callback();
        });
      },
    });
    server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', () => {
      const address = server.server.address() as AddressInfo;
      if (address.port !== SMTP_PORT) reject(new Error(`SMTP server on ${address.port}`));
      resolve();
    });
  });
  return started;
}

/** How many mails have arrived so far (wait for the ones after a mark). */
export const mailMark = () => received.length;

/** Waits for a mail to `to` (after `since`) whose subject matches, and answers it. */
export async function waitForMail(to: string, subject: RegExp, since = 0): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(() => (found = received.slice(since).find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject))) !== undefined, {
      message: `a mail to ${to} about ${subject}`,
      timeout: 60_000,
    })
    .toBe(true);
  return found!;
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: Mail, prefix: string): string {
  const url = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!url) throw new Error(`no link ${prefix}… in the mail "${mail.subject}"`);
  return url;
}
