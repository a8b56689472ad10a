// What the dealer states at the counter: the frame number always, the battery's serial number for
// an e-bike, the day of the handover (Berlin; today when not given) — not in the future and not
// before the operator's approval.

/** Letters, digits and hyphens, 4 to 30 of them. */
export const FRAME_NUMBER_PATTERN = /^[A-Za-z0-9-]{4,30}$/;
/** A battery's serial number: the same characters, 1 to 40 of them. */
export const BATTERY_SERIAL_PATTERN = /^[A-Za-z0-9-]{1,40}$/;

/** Whether a bicycle's category is an e-bike's: the main groups 102000 (pedelecs) and 103000 (S-pedelecs) and their codes. */
export const isEBikeCategory = (bidexCode: string) => /^10[23]\d{3}$/.test(bidexCode);

/** Why a handover day is refused, or null: `future` after `today`, `beforeApproval` before the order was issued. */
export function handoverDayProblem(day: string, today: string, approvedOn: string): 'future' | 'beforeApproval' | null {
  if (day > today) return 'future';
  if (day < approvedOn) return 'beforeApproval';
  return null;
}
