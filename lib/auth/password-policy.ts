import 'server-only';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ApiError } from '@/lib/api/errors';
import { answerTexts, format, formatEach, passwordWeaknessTexts, type Text } from '@/lib/i18n/messages';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/lib/shared/model';

// What a staff password must be (docs/decisions.md, "Dealer staff logins"): 10 to 200 characters,
// and not easy to guess — zxcvbn's estimate over its packaged lists of common passwords and words,
// keyboard rows, repeats, sequences and dates, with the user's own e-mail and name as words too.
// A password whose score is below MIN_SCORE is refused with the reason zxcvbn found.

/** zxcvbn's score from 0 (guessed at once) to 4; 2 holds against guessing that is rate-limited. */
const MIN_SCORE = 2;

let estimator: ZxcvbnFactory | undefined;
const zxcvbn = () => (estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

const COMMON_WARNINGS = new Set(['topTen', 'topHundred', 'common', 'similarToCommon', 'wordByItself', 'namesByThemselves', 'commonNames', 'pwned']);
const REASONS = new Set<string>(['simpleRepeat', 'extendedRepeat', 'sequences', 'straightRow', 'keyPattern', 'recentYears', 'dates', 'userInputs']);

/** Why a password is easy to guess, by zxcvbn's warning (the catalogue's `passwordWeakness`). */
function reasonOf(warning: string): Text {
  const key = REASONS.has(warning) ? warning : COMMON_WARNINGS.has(warning) ? 'common' : 'guessable';
  return passwordWeaknessTexts[key as keyof typeof passwordWeaknessTexts];
}

function refuse(field: string, reason: Text): never {
  throw new ApiError('INVALID_PARAMETER', { text: formatEach(answerTexts.passwordWeak, (lang) => ({ reason: reason[lang] })), details: field });
}

/** The password when it meets the rule; else 400 INVALID_PARAMETER naming `field` and saying why. */
export function checkPassword(password: unknown, field: string, user: { email?: string; name?: string } = {}): string {
  if (typeof password !== 'string' || password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw new ApiError('INVALID_PARAMETER', {
      text: format(answerTexts.passwordLength, { min: PASSWORD_MIN, max: PASSWORD_MAX }),
      details: field,
    });
  }
  const inputs = [user.email, user.email?.split('@')[0], ...(user.name?.split(/\s+/) ?? [])].filter((s): s is string => !!s && s.length >= 3);
  const result = zxcvbn().check(password, inputs);
  if (result.score >= MIN_SCORE) return password;
  const warning = result.feedback.warning ?? '';
  refuse(field, reasonOf(warning));
}
