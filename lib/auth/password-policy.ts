import 'server-only';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ApiError } from '@/lib/api/errors';
import type { Text } from '@/lib/i18n/messages';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/lib/shared/model';

// What a staff password must be (docs/decisions.md, "Dealer staff logins"): 10 to 200 characters,
// and not easy to guess — zxcvbn's estimate over its packaged lists of common passwords and words,
// keyboard rows, repeats, sequences and dates, with the user's own e-mail and name as words too.
// A password whose score is below MIN_SCORE is refused with the reason zxcvbn found.

/** zxcvbn's score from 0 (guessed at once) to 4; 2 holds against guessing that is rate-limited. */
const MIN_SCORE = 2;

let estimator: ZxcvbnFactory | undefined;
const zxcvbn = () => (estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

const t = (de: string, en: string): Text => ({ de, en });

/** Why a password is easy to guess, by zxcvbn's warning. */
const REASONS: Record<string, Text> = {
  simpleRepeat: t('Es wiederholt nur Zeichen (wie „aaaaaaaaaa“).', 'It only repeats characters (like "aaaaaaaaaa").'),
  extendedRepeat: t('Es wiederholt nur eine Zeichenfolge (wie „abcabcabc“).', 'It only repeats a sequence (like "abcabcabc").'),
  sequences: t('Es ist eine einfache Folge (wie „1234567890“ oder „abcdefghij“).', 'It is a simple sequence (like "1234567890" or "abcdefghij").'),
  straightRow: t('Es ist eine Tastenreihe (wie „qwertzuiop“).', 'It is a row of keys (like "qwertyuiop").'),
  keyPattern: t('Es ist ein Muster auf der Tastatur.', 'It is a pattern on the keyboard.'),
  recentYears: t('Es besteht vor allem aus Jahreszahlen.', 'It is mostly years.'),
  dates: t('Es besteht vor allem aus einem Datum.', 'It is mostly a date.'),
  userInputs: t('Es enthält Ihre E-Mail-Adresse oder Ihren Namen.', 'It contains your e-mail address or your name.'),
};
const COMMON = t('Es steht in den Listen häufig verwendeter Passwörter oder ist ihnen zu ähnlich.', 'It is on the lists of commonly used passwords, or too close to one.');
const COMMON_WARNINGS = new Set(['topTen', 'topHundred', 'common', 'similarToCommon', 'wordByItself', 'namesByThemselves', 'commonNames', 'pwned']);
const GUESSABLE = t('Es ist zu leicht zu erraten.', 'It is too easy to guess.');

function refuse(field: string, reason: Text): never {
  throw new ApiError('INVALID_PARAMETER', {
    text: t(`Dieses Passwort ist zu unsicher: ${reason.de} Wählen Sie ein längeres aus mehreren ungewöhnlichen Wörtern.`, `This password is too weak: ${reason.en} Choose a longer one of several unusual words.`),
    details: field,
  });
}

/** The password when it meets the rule; else 400 INVALID_PARAMETER naming `field` and saying why. */
export function checkPassword(password: unknown, field: string, user: { email?: string; name?: string } = {}): string {
  if (typeof password !== 'string' || password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw new ApiError('INVALID_PARAMETER', {
      text: t(`Das Passwort muss ${PASSWORD_MIN} bis ${PASSWORD_MAX} Zeichen lang sein.`, `The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long.`),
      details: field,
    });
  }
  const inputs = [user.email, user.email?.split('@')[0], ...(user.name?.split(/\s+/) ?? [])].filter((s): s is string => !!s && s.length >= 3);
  const result = zxcvbn().check(password, inputs);
  if (result.score >= MIN_SCORE) return password;
  const warning = result.feedback.warning ?? '';
  refuse(field, REASONS[warning] ?? (COMMON_WARNINGS.has(warning) ? COMMON : GUESSABLE));
}
