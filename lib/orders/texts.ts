import 'server-only';
import type { Text } from '@/lib/i18n/messages';

// The API texts of customer links and employer requests (the catalogue of their error entries,
// like lib/i18n/messages.ts for every code): German and English.

const t = (de: string, en: string): Text => ({ de, en });

export const orderTexts = {
  linkNotSendable: t(
    'Ein Angebot im Status „{status}“ kann nicht an die Kundin oder den Kunden geschickt werden; nur in draft und order_journey_started.',
    'An offer in status {status} cannot be sent to its customer; only in draft and order_journey_started.',
  ),
  linkQuotaOffer: t(
    'Für dieses Angebot wurden in der letzten Stunde schon {limit} Links verschickt. Bitte in {minutes} Minuten erneut versuchen.',
    '{limit} links were already sent for this offer in the last hour. Please try again in {minutes} minutes.',
  ),
  linkQuotaRecipient: t(
    'An diese E-Mail-Adresse wurden in der letzten Stunde schon {limit} Links verschickt. Bitte in {minutes} Minuten erneut versuchen.',
    '{limit} links were already sent to this e-mail address in the last hour. Please try again in {minutes} minutes.',
  ),
  linkRequestsThrottled: t('Zu viele Anfragen nach einem Link. Bitte später erneut versuchen.', 'Too many requests for a link. Please try again later.'),
  emailRequired: t('Bitte geben Sie eine E-Mail-Adresse ein.', 'Please enter an e-mail address.'),
  requestNotOpen: t(
    'Diese Anfrage ist nicht mehr offen; über sie kann nicht mehr entschieden werden.',
    'This request is no longer open; it can no longer be decided.',
  ),
} as const satisfies Record<string, Text>;
