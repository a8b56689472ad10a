import 'server-only';
import { env } from '@/lib/env';

// Who is behind the customer's pages, mails and documents: the leasing operator as configured
// (OPERATOR_NAME, OPERATOR_ADDRESS, OPERATOR_REGISTER, OPERATOR_PRIVACY_CONTACT; the demo
// operator's where unset), and where its Impressum and privacy notice are. Every customer page
// (app/order/**), customer mail (lib/notifications) and customer document (lib/documents) names
// the operator and links both.

export type OperatorDetails = {
  name: string;
  /** The postal address, one line per part. */
  addressLines: string[];
  register: string;
  privacyContact: string;
};

export function operatorDetails(): OperatorDetails {
  const o = env.operator;
  return {
    name: o.name,
    addressLines: o.address
      .split(/\s*(?:\r?\n|,)\s*/)
      .map((l) => l.trim())
      .filter(Boolean),
    register: o.register,
    privacyContact: o.privacyContact,
  };
}

/** The paths of the Impressum and the privacy notice (the customer's pages link them). */
export const LEGAL_PATHS = { impressum: '/impressum', privacy: '/privacy' } as const;

/** Their full addresses, for mails and documents read outside the site. */
export const legalUrls = () => ({ impressum: `${env.publicUrl}${LEGAL_PATHS.impressum}`, privacy: `${env.publicUrl}${LEGAL_PATHS.privacy}` });

/** How long customer data is kept (the privacy notice states it): days after an offer's last change. */
export const retentionDays = () => env.retention;
