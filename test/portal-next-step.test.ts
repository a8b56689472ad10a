import { describe, expect, it } from 'vitest';
import { nextStepOf, type NextStepInput } from '@/lib/portal/next-step';
import { OFFER_STATUSES } from '@/lib/shared/model';

// The portal's one next step per offer state (lib/portal/next-step.ts): never "the person can
// order now" while they cannot (no employer) or before a working link was sent, and the one
// action that stands first.

const base: NextStepInput = { status: 'draft', declined: false, hasEmployer: true, link: null };

describe('the offer page’s next step', () => {
  it('a draft: send first; after a working link the person can order; a link that ended is sent again', () => {
    expect(nextStepOf(base)).toEqual({ kind: 'send', primary: 'send' });
    expect(nextStepOf({ ...base, link: { working: true } })).toEqual({ kind: 'sent', primary: null });
    expect(nextStepOf({ ...base, link: { working: false } })).toEqual({ kind: 'resend', primary: 'send' });
    // While the link's state loads, nothing is claimed.
    expect(nextStepOf({ ...base, link: undefined })).toEqual({ kind: 'unknown', primary: null });
  });

  it('a customer with no employer cannot order: that is the step, whatever links were sent', () => {
    for (const link of [null, { working: true }, { working: false }, undefined]) {
      expect(nextStepOf({ ...base, hasEmployer: false, link })).toEqual({ kind: 'noEmployer', primary: null });
    }
  });

  it('a rejection by the checks is fixed by editing; one by a decision starts a new offer', () => {
    expect(nextStepOf({ ...base, status: 'rejected' })).toEqual({ kind: 'fix', primary: 'edit' });
    expect(nextStepOf({ ...base, status: 'rejected', declined: true })).toEqual({ kind: 'declined', primary: 'copy' });
  });

  it('every status has exactly one next step; only a draft with a working link says the person can order now', () => {
    for (const status of OFFER_STATUSES) {
      for (const hasEmployer of [true, false]) {
        for (const link of [null, { working: true }, { working: false }]) {
          const step = nextStepOf({ status, declined: false, hasEmployer, link });
          expect(step.kind, `${status} ${hasEmployer} ${JSON.stringify(link)}`).toBeTruthy();
          if (step.kind === 'sent') expect(status === 'draft' && hasEmployer && link?.working).toBe(true);
          if (step.primary === 'send') expect(status).toBe('draft');
        }
      }
    }
  });
});
