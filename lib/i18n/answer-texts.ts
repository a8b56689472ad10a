import type { Text } from './messages';

// Messages of particular API answers that say more than their code's text (lib/i18n/messages.ts,
// errorTexts): the values they name are filled in with `format`.

const t = (de: string, en: string): Text => ({ de, en });

/** The message of 406 OFFER_IS_BEING_PROCESSED, with the seconds until the next processing run. */
export const beingProcessedText = t(
  'Eine frühere Änderung des Angebots wird noch verarbeitet; die nächste Verarbeitung ist in etwa {seconds} s. Senden Sie die Änderung dann erneut.',
  'An earlier change of the offer is still being processed; the next processing run is due in about {seconds} s. Send the change again then.',
);

/** The message of 404 NOT_FOUND for a path no operation has (rather than a resource that is not there). */
export const unknownPathText = t(
  'Den Pfad {path} gibt es in dieser API nicht; ihre Pfade stehen in GET /v1/openapi.json.',
  'The path {path} does not exist in this API; its paths are listed in GET /v1/openapi.json.',
);

/** The messages of 409 CONFLICT by what is held twice. */
export const conflictTexts = {
  externalOfferId: t(
    'Die eigene Angebotsnummer (externalOfferId) gehört bereits zu einem aktiven Angebot.',
    'Your offer number (externalOfferId) already belongs to an active offer.',
  ),
  webhookUrl: t(
    'Für diese URL ist bereits ein Webhook-Endpunkt registriert (webhookId nennt ihn).',
    'A webhook endpoint is already registered for this URL (webhookId names it).',
  ),
} as const satisfies Record<string, Text>;
