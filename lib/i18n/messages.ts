// One catalogue of every text the API answers with, in German and English. Codes are the keys.

export type Lang = 'de' | 'en';
export const LANGS: readonly Lang[] = ['de', 'en'];
export type Text = Record<Lang, string>;

const t = (de: string, en: string): Text => ({ de, en });

export const errorTexts = {
  INVALID_REQUEST: t('Die Anfrage ist ungültig.', 'The request is invalid.'),
  MISSING_PARAMETER: t('Ein Pflichtfeld fehlt.', 'A required field is missing.'),
  INVALID_PARAMETER: t('Ein Wert ist ungültig.', 'A value is invalid.'),
  UNAUTHORIZED: t('Anmeldung fehlt oder ist ungültig.', 'Authentication is missing or invalid.'),
  FORBIDDEN: t('Keine Berechtigung für diese Aktion.', 'You are not allowed to do this.'),
  NOT_FOUND: t('Die Ressource existiert nicht.', 'The resource does not exist.'),
  METHOD_NOT_ALLOWED: t('Diese Methode ist hier nicht erlaubt.', 'This method is not allowed here.'),
  OFFER_IS_BEING_PROCESSED: t(
    'Eine frühere Änderung des Angebots wird noch verarbeitet. Bitte später erneut versuchen.',
    'An earlier change of the offer is still being processed. Try again later.',
  ),
  CONFLICT: t('Eine Ressource mit dieser Kennung existiert bereits.', 'A resource with this identifier already exists.'),
  OFFER_NOT_MODIFIABLE: t('Das Angebot kann in seinem Status nicht mehr geändert werden.', 'The offer cannot be changed in its current status.'),
  IDEMPOTENCY_KEY_REUSED: t(
    'Der Idempotency-Key wurde bereits für eine andere Anfrage verwendet.',
    'The Idempotency-Key was already used for a different request.',
  ),
  TOO_MANY_REQUESTS: t('Zu viele Anfragen. Bitte später erneut versuchen.', 'Too many requests. Try again later.'),
  INTERNAL_SERVER_ERROR: t('Unerwarteter Serverfehler.', 'Unexpected server error.'),
  SERVICE_UNAVAILABLE: t('Der Dienst ist vorübergehend nicht verfügbar.', 'The service is temporarily unavailable.'),
} as const satisfies Record<string, Text>;

export type ErrorCode = keyof typeof errorTexts;

/** Texts of request-validation problems; `{field}` and other parameters are filled in. */
export const validationTexts = {
  required: t('{field} ist ein Pflichtfeld.', '{field} is required.'),
  type: t('{field} muss vom Typ {expected} sein.', '{field} must be of type {expected}.'),
  bidexCode: t('{field} muss ein sechsstelliger Code sein.', '{field} must be a six-digit code.'),
  email: t('{field} muss eine gültige E-Mail-Adresse sein.', '{field} must be a valid e-mail address.'),
  money: t(
    '{field} muss ein Betrag ≥ 0 mit höchstens zwei Nachkommastellen sein.',
    '{field} must be an amount ≥ 0 with at most two decimals.',
  ),
  dateTime: t('{field} muss ein Zeitpunkt nach ISO 8601 sein.', '{field} must be an ISO 8601 date-time.'),
  date: t('{field} muss ein Datum (JJJJ-MM-TT) oder ein Zeitpunkt nach ISO 8601 sein.', '{field} must be a date (YYYY-MM-DD) or an ISO 8601 date-time.'),
  tooLong: t('{field} darf höchstens {maximum} Zeichen lang sein.', '{field} must be at most {maximum} characters long.'),
  tooShort: t('{field} darf nicht leer sein.', '{field} must not be empty.'),
  tooMany: t('{field} darf höchstens {maximum} Einträge haben.', '{field} may have at most {maximum} entries.'),
  oneOf: t('{field} muss einer dieser Werte sein: {values}.', '{field} must be one of: {values}.'),
  integerRange: t('{field} muss eine ganze Zahl von {minimum} bis {maximum} sein.', '{field} must be a whole number from {minimum} to {maximum}.'),
  uuid: t('{field} muss eine UUID sein.', '{field} must be a UUID.'),
  invalid: t('{field} ist ungültig.', '{field} is invalid.'),
  json: t('Der Inhalt ist kein gültiges JSON.', 'The body is not valid JSON.'),
  contentType: t('Content-Type muss application/json sein.', 'Content-Type must be application/json.'),
  bodyTooLarge: t('Der Inhalt ist größer als {maximum}.', 'The body is larger than {maximum}.'),
  bodyObject: t('Der Inhalt muss ein JSON-Objekt sein.', 'The body must be a JSON object.'),
  loneSurrogate: t('{field} enthält ein ungültiges Unicode-Zeichen (ein einzelnes Surrogat).', '{field} holds an invalid Unicode character (a lone surrogate).'),
  nulCharacter: t('{field} darf kein NUL-Zeichen (U+0000) enthalten.', '{field} must not contain the NUL character (U+0000).'),
  unknownField: t('{field} kennt den Namen „{value}“ nicht.', '{field} does not know the name "{value}".'),
  dateRange: t('{field} liegt vor dem Beginn des Zeitraums.', '{field} is before the start of the range.'),
  webhookUrl: t('{field} muss eine absolute http- oder https-URL sein.', '{field} must be an absolute http or https URL.'),
  webhookHttps: t('{field} muss eine https-URL sein.', '{field} must be an https URL.'),
  webhookCredentials: t('{field} darf keinen Benutzernamen und kein Passwort enthalten.', '{field} must not contain a user name or password.'),
  webhookPrivate: t(
    '{field} zeigt auf eine private, Loopback- oder Link-Local-Adresse; Webhooks gehen nur an öffentliche Adressen.',
    '{field} points to a private, loopback or link-local address; webhooks are only sent to public addresses.',
  ),
  webhookUnresolvable: t('Der Host von {field} lässt sich nicht auflösen.', 'The host of {field} cannot be resolved.'),
} as const satisfies Record<string, Text>;

export type ValidationKey = keyof typeof validationTexts;

/** Status codes of an offer: what the status means for the dealer. */
export const statusTexts = {
  pending: t('Das Angebot wurde angenommen und wird geprüft.', 'The offer was accepted and is being checked.'),
  draft: t('Das Angebot ist geprüft und gültig.', 'The offer has been checked and is valid.'),
  order_journey_started: t(
    'Der Mitarbeiter hat die Bestellung begonnen. Das Angebot kann nicht mehr geändert werden.',
    'The employee has started the order. The offer can no longer be changed.',
  ),
  employer_decision_pending: t('Die Freigabe durch den Arbeitgeber steht aus.', 'Awaiting the employer’s approval.'),
  operator_decision_pending: t('Die Freigabe durch den Leasinggeber steht aus.', 'Awaiting the leasing operator’s approval.'),
  done: t('Das Angebot ist abgeschlossen.', 'The offer is complete.'),
  canceled: t('Das Angebot wurde storniert.', 'The offer was canceled.'),
  rejected: t(
    'Das Angebot wurde abgelehnt. Bitte die Fehler beheben und erneut einreichen.',
    'The offer was rejected. Fix the errors and resubmit it.',
  ),
} as const satisfies Record<string, Text>;

/** Codes of status errors and infos written by processing and by the lifecycle. */
export const statusEntryTexts = {
  PRODUCT_NOT_LEASABLE: t(
    'Der Code {code} ist keine leasingfähige Fahrradkategorie.',
    'The code {code} is not a leasable bicycle category.',
  ),
  ACCESSORY_NOT_LEASABLE: t(
    'Das Zubehör mit dem Code {code} ist nicht leasingfähig.',
    'The accessory with the code {code} is not leasable.',
  ),
  CATEGORY_NOT_ALLOWED: t(
    'Der Arbeitgeber des Mitarbeiters erlaubt die Kategorie {code} nicht.',
    'The employee’s employer does not allow the category {code}.',
  ),
  MISSING_PRODUCT_DATA: t(
    'Für den Vertrag fehlt eine Angabe zum Fahrrad: {field}.',
    'The bicycle data needed for the contract is missing: {field}.',
  ),
  PRICE_ABOVE_LIST_PRICE: t(
    'Der Preis {price} liegt über dem Listenpreis {listPrice}.',
    'The price {price} is above the list price {listPrice}.',
  ),
  TEXT_NORMALIZED: t(
    'Leerzeichen in {field} wurden bereinigt.',
    'Whitespace in {field} was normalized.',
  ),
  BIDEX_CODE_REMAPPED: t(
    'Der Code {from} wurde auf {to} (Schaltungs-Upgrades) umgeschlüsselt.',
    'The code {from} was remapped to {to} (gear-system upgrades).',
  ),
  EXTERNAL_ID_ALREADY_USED: t(
    'Die externe Angebotsnummer ist bereits mit anderen Angeboten verknüpft: {offerNumbers}.',
    'The external offer id is already linked to other offers: {offerNumbers}.',
  ),
  INTERNAL_SERVER_ERROR: t(
    'Das Angebot konnte wegen eines internen Fehlers nicht verarbeitet werden. Bitte erneut einreichen.',
    'The offer could not be processed because of an internal error. Please resubmit it.',
  ),
  EMPLOYER_DECLINED: t('Der Arbeitgeber hat das Angebot abgelehnt.', 'The employer declined the offer.'),
  OPERATOR_DECLINED: t('Der Leasinggeber hat das Angebot abgelehnt.', 'The leasing operator declined the offer.'),
} as const satisfies Record<string, Text>;

export type StatusEntryCode = keyof typeof statusEntryTexts;

export function format(text: Text, params: Record<string, string | number> = {}): Text {
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
  return { de: fill(text.de), en: fill(text.en) };
}

/** The first supported language of an `Accept-Language` header or `lang` parameter, else `fallback`. */
export function pickLang(value: string | null | undefined, fallback: Lang): Lang {
  for (const part of (value ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase().slice(0, 2);
    if (tag === 'de' || tag === 'en') return tag;
  }
  return fallback;
}
