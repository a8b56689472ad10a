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
  NOT_FOUND: t(
    'Die Ressource existiert nicht für Ihren Händler in dieser Umgebung (Sandbox und Produktion haben getrennte Daten).',
    'The resource does not exist for your dealer in this environment (sandbox and production hold separate data).',
  ),
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
  IDEMPOTENCY_KEY_IN_USE: t(
    'Eine Anfrage mit diesem Idempotency-Key läuft noch; wiederholen Sie sie nach Retry-After, dann kommt ihre Antwort.',
    'A request with this Idempotency-Key is still in progress; retry after Retry-After to get its answer.',
  ),
  ORDER_NOT_ALLOWED: t(
    'Die Regeln des Arbeitgebers erlauben diese Bestellung nicht; es wurde nichts geändert.',
    'The employer’s rules do not allow this order; nothing was changed.',
  ),
  TOO_MANY_REQUESTS: t('Zu viele Anfragen. Bitte später erneut versuchen.', 'Too many requests. Try again later.'),
  INTERNAL_SERVER_ERROR: t('Unerwarteter Serverfehler.', 'Unexpected server error.'),
  SERVICE_UNAVAILABLE: t('Der Dienst ist vorübergehend nicht verfügbar.', 'The service is temporarily unavailable.'),
} as const satisfies Record<string, Text>;

export type ErrorCode = keyof typeof errorTexts;

/**
 * The published error reference (/docs/errors): for every code, what causes it and how to fix it.
 * Keyed like errorTexts, so a new code does not compile without its entry.
 */
export const errorReferenceTexts = {
  INVALID_REQUEST: {
    cause: t(
      'Der Inhalt ist kein JSON, der Content-Type ist nicht application/json, oder der Inhalt ist größer als 256 KiB oder zu tief verschachtelt.',
      'The body is not JSON, its Content-Type is not application/json, or it is larger than 256 KiB or nested too deep.',
    ),
    fix: t(
      'Senden Sie ein JSON-Objekt mit „Content-Type: application/json“ (bei curl: -H und --data-binary @- mit einer Heredoc).',
      'Send one JSON object with "Content-Type: application/json" (with curl: -H and --data-binary @- from a heredoc).',
    ),
  },
  MISSING_PARAMETER: {
    cause: t('Ein Pflichtfeld oder Pflichtparameter fehlt; `details` nennt seinen Pfad.', 'A required field or parameter is missing; `details` names its path.'),
    fix: t('Ergänzen Sie das Feld aus `details` und senden Sie die Anfrage erneut.', 'Add the field named in `details` and send the request again.'),
  },
  INVALID_PARAMETER: {
    cause: t(
      'Ein Wert hat den falschen Typ, das falsche Format oder liegt außerhalb des erlaubten Bereichs; `details` nennt das Feld, die Meldung den erlaubten Wert.',
      'A value has the wrong type, format or range; `details` names the field and the message the allowed values.',
    ),
    fix: t('Korrigieren Sie den Wert wie in der Meldung beschrieben. Jeder Fehler der Anfrage steht in `errors`.', 'Correct the value as the message says. Every problem of the request is listed in `errors`.'),
  },
  UNAUTHORIZED: {
    cause: t('Das Zugriffstoken fehlt, ist ungültig oder abgelaufen, oder der Client ist gesperrt.', 'The access token is missing, invalid or expired, or the client is disabled.'),
    fix: t(
      'Holen Sie ein neues Token bei POST /oauth/token und senden Sie es als „Authorization: Bearer <token>“.',
      'Get a new token from POST /oauth/token and send it as "Authorization: Bearer <token>".',
    ),
  },
  FORBIDDEN: {
    cause: t(
      'Das Token hat den Scope der Operation nicht (`details` nennt ihn), oder die Operation steht dieser Umgebung nicht offen (Sandbox-Schritte).',
      'The token lacks the scope of the operation (`details` names it), or the operation is not open to this environment (sandbox steps).',
    ),
    fix: t('Fordern Sie ein Token mit dem genannten Scope an; Sandbox-Schritte nur mit Sandbox-Zugangsdaten.', 'Request a token with the scope named; sandbox steps only with sandbox credentials.'),
  },
  NOT_FOUND: {
    cause: t(
      'Unter dieser Kennung gibt es nichts für Ihren Händler in dieser Umgebung (auch: das Angebot eines anderen Händlers, ein unbekannter Pfad).',
      'Nothing exists under this id for your dealer in this environment (also: another dealer’s offer, an unknown path).',
    ),
    fix: t('Prüfen Sie die Kennung und ob Sie mit den Zugangsdaten der richtigen Umgebung (Sandbox oder Produktion) arbeiten.', 'Check the id, and that you use the credentials of the right environment (sandbox or production).'),
  },
  METHOD_NOT_ALLOWED: {
    cause: t('Der Pfad bietet diese HTTP-Methode nicht an.', 'The path does not offer this HTTP method.'),
    fix: t('Verwenden Sie eine der Methoden im Header „Allow“.', 'Use one of the methods in the "Allow" header.'),
  },
  OFFER_IS_BEING_PROCESSED: {
    cause: t(
      'Eine frühere Änderung des Angebots ist noch nicht verarbeitet (Status pending).',
      'An earlier change of the offer is not processed yet (status pending).',
    ),
    fix: t(
      'Warten Sie die Sekunden aus „Retry-After“ (bis zur nächsten Verarbeitung) und senden Sie die Änderung dann erneut, oder lesen Sie das Angebot, bis es nicht mehr pending ist.',
      'Wait the seconds of "Retry-After" (until the next processing run), then send the change again, or read the offer until it is no longer pending.',
    ),
  },
  CONFLICT: {
    cause: t(
      'Die externalOfferId gehört schon zu einem aktiven Angebot Ihres Händlers (`details` nennt dessen Angebotsnummer und Kennung), oder ein Webhook-Endpunkt mit dieser URL existiert bereits.',
      'The externalOfferId already belongs to an active offer of your dealer (`details` names its offer number and id), or a webhook endpoint with this URL already exists.',
    ),
    fix: t(
      'Ändern Sie das genannte Angebot (PUT) statt ein neues anzulegen, stornieren Sie es zuerst, oder verwenden Sie eine andere externalOfferId.',
      'Update the offer named (PUT) instead of creating a new one, cancel it first, or use another externalOfferId.',
    ),
  },
  OFFER_NOT_MODIFIABLE: {
    cause: t(
      'Der Status des Angebots erlaubt diese Änderung nicht: Änderungen (auch des Kunden) nur in draft und rejected, Storno in jedem Status außer done und canceled (ein Storno, mit denselben Angaben wiederholt, antwortet das stornierte Angebot). `details` nennt den Status.',
      'The offer’s status forbids this change: updates (of the customer too) only in draft and rejected, cancel in any status but done and canceled (a cancel repeated with the same values answers the canceled offer). `details` names the status.',
    ),
    fix: t(
      'Folgen Sie dem Vorschlag in `details`: meist das Angebot stornieren und ein neues anlegen (die externalOfferId wird mit dem Storno frei).',
      'Follow what `details` suggests: usually cancel the offer and create a new one (cancel frees the externalOfferId).',
    ),
  },
  IDEMPOTENCY_KEY_REUSED: {
    cause: t('Derselbe Idempotency-Key wurde schon mit einem anderen Inhalt gesendet.', 'The same Idempotency-Key was already sent with a different body.'),
    fix: t('Verwenden Sie pro neuem Angebot einen neuen Schlüssel; beim Wiederholen denselben Schlüssel mit genau demselben Inhalt.', 'Use a new key for each new offer; when retrying, the same key with exactly the same body.'),
  },
  IDEMPOTENCY_KEY_IN_USE: {
    cause: t('Die erste Anfrage mit diesem Idempotency-Key ist noch nicht beantwortet (ein Wiederholen, während sie läuft).', 'The first request with this Idempotency-Key has not been answered yet (a retry while it runs).'),
    fix: t('Warten Sie die Sekunden aus „Retry-After“ und senden Sie dieselbe Anfrage mit demselben Schlüssel erneut: Sie erhalten dann die Antwort der ersten.', 'Wait the seconds of "Retry-After" and send the same request with the same key again: you then get the first one’s answer.'),
  },
  ORDER_NOT_ALLOWED: {
    cause: t(
      'Die Kundin oder der Kunde ist bei keinem Arbeitgeber registriert, oder die Regeln des Arbeitgebers schließen das Angebot aus (eine Kategorie, ein Preis über seiner Grenze). Jede verletzte Regel steht in `errors`.',
      'The customer is registered with no employer, or the employer’s rules exclude the offer (a category, a price above its limit). Every rule broken is listed in `errors`.',
    ),
    fix: t(
      'Das Angebot anpassen (andere Kategorie, niedrigerer Preis) oder mit dem Arbeitgeber klären; eine Registrierung nimmt der Leasinggeber vor.',
      'Change the offer (another category, a lower price) or settle it with the employer; the leasing operator registers employees.',
    ),
  },
  TOO_MANY_REQUESTS: {
    cause: t('Das Anfragelimit des Clients ist überschritten.', 'The client’s rate limit is exceeded.'),
    fix: t('Warten Sie die Sekunden aus „Retry-After“; verteilen Sie Anfragen (RateLimit-Remaining zeigt, wie viele bleiben).', 'Wait the seconds of "Retry-After"; spread requests (RateLimit-Remaining shows how many are left).'),
  },
  INTERNAL_SERVER_ERROR: {
    cause: t('Ein unerwarteter Fehler im Dienst; Einzelheiten werden nicht offengelegt.', 'An unexpected error in the service; no details are disclosed.'),
    fix: t(
      'Wiederholen Sie die Anfrage später. Bleibt der Fehler, nennen Sie dem Support die Spoke-Request-ID der Antwort.',
      'Retry later. If it persists, give support the Spoke-Request-ID of the answer.',
    ),
  },
  SERVICE_UNAVAILABLE: {
    cause: t('Der Dienst ist vorübergehend nicht verfügbar (zum Beispiel ist die Datenbank nicht erreichbar).', 'The service is temporarily unavailable (for example, the database is unreachable).'),
    fix: t('Wiederholen Sie die Anfrage nach den Sekunden aus „Retry-After“.', 'Retry after the seconds of "Retry-After".'),
  },
} as const satisfies Record<ErrorCode, { cause: Text; fix: Text }>;

/** Texts of request-validation problems; `{field}` and other parameters are filled in. */
export const validationTexts = {
  required: t('{field} ist ein Pflichtfeld.', '{field} is required.'),
  type: t('{field} muss vom Typ {expected} sein.', '{field} must be of type {expected}.'),
  bidexCode: t('{field} muss ein sechsstelliger Code sein.', '{field} must be a six-digit code.'),
  email: t(
    '{field} muss eine E-Mail-Adresse wie name@example.com sein, nur aus ASCII-Zeichen (keine Umlaute oder Akzente, auch nicht im Domainnamen).',
    '{field} must be an e-mail address such as name@example.com, in ASCII characters only (no umlauts or accents, in the domain name neither).',
  ),
  money: t(
    '{field} muss ein Betrag ≥ 0 mit höchstens zwei Nachkommastellen sein.',
    '{field} must be an amount ≥ 0 with at most two decimals.',
  ),
  moneyMax: t('{field} darf höchstens {maximum} betragen.', '{field} must be at most {maximum}.'),
  emailSpaces: t(
    '{field} beginnt oder endet mit Leerzeichen; senden Sie die E-Mail-Adresse ohne Leerzeichen davor und danach.',
    '{field} starts or ends with spaces; send the e-mail address without spaces before or after it.',
  ),
  deliveryDatePast: t(
    '{field} liegt vor dem heutigen Tag ({today}, Europe/Berlin); eine Lieferung muss heute oder später sein.',
    '{field} is before today ({today}, Europe/Berlin); a delivery must be today or later.',
  ),
  dateTime: t(
    '{field} muss ein Zeitpunkt nach ISO 8601 mit Zeitzone sein, den es im Kalender gibt, von 1970-01-01T00:00:00Z bis 9999-12-31T23:59:59Z.',
    '{field} must be an ISO 8601 date-time with offset that exists in the calendar, from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59Z.',
  ),
  deliveryDate: t(
    '{field} muss ein Zeitpunkt nach ISO 8601 mit Zeitzone (2026-12-24T09:00:00+01:00) oder ein Tag (2026-12-24, Beginn des Tages in Europe/Berlin) sein, den es im Kalender gibt, von 1970-01-01 bis 9999-12-31.',
    '{field} must be an ISO 8601 date-time with offset (2026-12-24T09:00:00+01:00) or a day (2026-12-24, the start of that day in Europe/Berlin) that exists in the calendar, from 1970-01-01 to 9999-12-31.',
  ),
  datePlus: t(
    '{field} ist kein Zeitpunkt: Das + der Zeitzone kam als Leerzeichen an (in einer URL bedeutet + ein Leerzeichen). Schreiben Sie es als %2B ({field}={example}) oder verwenden Sie Z.',
    '{field} is not a date-time: the + of its offset arrived as a space (in a URL, + means a space). Write it as %2B ({field}={example}) or use Z.',
  ),
  date: t(
    '{field} muss ein Datum (JJJJ-MM-TT) oder ein Zeitpunkt nach ISO 8601 sein, den es im Kalender gibt, von 1970-01-01T00:00:00Z bis 9999-12-31T23:59:59Z.',
    '{field} must be a date (YYYY-MM-DD) or an ISO 8601 date-time that exists in the calendar, from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59Z.',
  ),
  tooLong: t('{field} darf höchstens {maximum} Zeichen lang sein.', '{field} must be at most {maximum} characters long.'),
  tooShort: t('{field} darf nicht leer sein.', '{field} must not be empty.'),
  tooMany: t('{field} darf höchstens {maximum} Einträge haben.', '{field} may have at most {maximum} entries.'),
  oneOf: t('{field} muss einer dieser Werte sein: {values}.', '{field} must be one of: {values}.'),
  integerRange: t('{field} muss eine ganze Zahl von {minimum} bis {maximum} sein.', '{field} must be a whole number from {minimum} to {maximum}.'),
  integer: t('{field} muss eine ganze Zahl sein.', '{field} must be a whole number.'),
  percent: t(
    '{field} muss ein Prozentsatz von {minimum} bis {maximum} mit höchstens drei Nachkommastellen sein.',
    '{field} must be a percentage from {minimum} to {maximum} with at most three decimals.',
  ),
  uuid: t('{field} muss eine UUID sein.', '{field} must be a UUID.'),
  invalid: t('{field} ist ungültig.', '{field} is invalid.'),
  idempotencyKey: t(
    '{field} muss 1 bis 255 sichtbare ASCII-Zeichen lang sein (ohne Leerzeichen; gesendet: {length} Zeichen), zum Beispiel eine UUID.',
    '{field} must be 1 to 255 visible ASCII characters (no spaces; sent: {length} characters), for example a UUID.',
  ),
  json: t('Der Inhalt ist kein gültiges JSON.', 'The body is not valid JSON.'),
  jsonAt: t(
    'Der Inhalt ist kein gültiges JSON: Fehler in Zeile {line}, Spalte {column}.',
    'The body is not valid JSON: it breaks at line {line}, column {column}.',
  ),
  repeatedKey: t(
    '{field} steht mehrfach im Inhalt; senden Sie jedes Feld einmal.',
    '{field} appears more than once in the body; send each field once.',
  ),
  contentType: t('Content-Type muss application/json sein.', 'Content-Type must be application/json.'),
  bodyTooLarge: t('Der Inhalt ist größer als {maximum}.', 'The body is larger than {maximum}.'),
  bodyTooDeep: t('Der Inhalt ist tiefer als {maximum} Ebenen verschachtelt.', 'The body nests deeper than {maximum} levels.'),
  noBody: t(
    'Diese Operation liest keinen Inhalt; er würde ignoriert. Ihre Eingaben gehören in die Query: {parameters}.',
    'This operation reads no request body; it would be ignored. Its input goes in the query string: {parameters}.',
  ),
  conflictingValues: t(
    '{field} steht in der Query ({query}) und im Inhalt ({body}) mit verschiedenen Werten; senden Sie es einmal.',
    '{field} is in the query string ({query}) and in the body ({body}) with different values; send it once.',
  ),
  requiredTypo: t(
    '{field} ist ein Pflichtfeld. Der Inhalt hat stattdessen {unknown}, das kein Feld dieser Anfrage ist (Tippfehler?).',
    '{field} is required. The body has {unknown} instead, which is not a field of this request (a typo?).',
  ),
  bodyObject: t('Der Inhalt muss ein JSON-Objekt sein.', 'The body must be a JSON object.'),
  loneSurrogate: t('{field} enthält ein ungültiges Unicode-Zeichen (ein einzelnes Surrogat).', '{field} holds an invalid Unicode character (a lone surrogate).'),
  nulCharacter: t('{field} darf kein NUL-Zeichen (U+0000) enthalten.', '{field} must not contain the NUL character (U+0000).'),
  repeated: t('{field} ist mehrfach angegeben; geben Sie den Parameter einmal an (mehrere Werte durch Kommas getrennt, wo er sie erlaubt).', '{field} is given more than once; give the parameter once (several values separated by commas where it takes them).'),
  controlCharacter: t('{field} darf keine Steuerzeichen (wie Zeilenumbrüche) enthalten.', '{field} must not contain control characters (such as line breaks).'),
  unknownCancelInput: t(
    '{field} ist keine Angabe eines Stornos; es wurde nichts storniert. Gültig sind: {values}.',
    '{field} is not an input of a cancel; nothing was canceled. Valid names: {values}.',
  ),
  unknownField: t('{field} kennt den Namen „{value}“ nicht. Gültig sind: {values}.', '{field} does not know the name "{value}". Valid names: {values}.'),
  dateRange: t('{field} liegt vor dem Beginn des Zeitraums.', '{field} is before the start of the range.'),
  webhookUrl: t('{field} muss eine absolute http- oder https-URL sein.', '{field} must be an absolute http or https URL.'),
  webhookHttps: t('{field} muss eine https-URL sein.', '{field} must be an https URL.'),
  webhookCredentials: t('{field} darf keinen Benutzernamen und kein Passwort enthalten.', '{field} must not contain a user name or password.'),
  webhookPrivate: t(
    '{field} zeigt auf eine private, Loopback- oder Link-Local-Adresse; Webhooks gehen nur an öffentliche Adressen.',
    '{field} points to a private, loopback or link-local address; webhooks are only sent to public addresses.',
  ),
  webhookUnresolvable: t('Der Host von {field} lässt sich nicht auflösen.', 'The host of {field} cannot be resolved.'),
  webhookOwnService: t(
    '{field} zeigt auf einen Dienst dieses Servers (seinen eigenen Port, PostgreSQL oder Redis); Webhooks gehen nur an Empfänger außerhalb.',
    "{field} points to one of this server's own services (its own port, PostgreSQL or Redis); webhooks are only sent to receivers outside it.",
  ),
} as const satisfies Record<string, Text>;

export type ValidationKey = keyof typeof validationTexts;

/**
 * A validation key with the values its text needs, as one string — the form a zod schema carries
 * as its message (`integerRange?minimum=1&maximum=100`), so that every issue of that schema, even a
 * wrong type that knows no bounds, names them.
 */
export function textKey(key: ValidationKey, params: TextParams = {}): string {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return query ? `${key}?${query}` : key;
}

/** The key and values of a `textKey` string, or undefined when it is not one. */
export function parseTextKey(message: string): { key: ValidationKey; params: TextParams } | undefined {
  const [key = '', query = ''] = message.split('?', 2);
  if (!Object.hasOwn(validationTexts, key)) return undefined;
  return { key: key as ValidationKey, params: Object.fromEntries(new URLSearchParams(query)) };
}

/** Where a text cannot be filled (a value is unknown), the next less specific one; `invalid` ends every chain. */
const VALIDATION_FALLBACK: Partial<Record<ValidationKey, ValidationKey>> = {
  integerRange: 'integer',
  bodyTooLarge: 'json',
  jsonAt: 'json',
};

/** The chain of texts to try for `key`: itself, its fallbacks, then `invalid` (which needs only `field`). */
export function validationTextChain(key: ValidationKey): Text[] {
  const chain: Text[] = [];
  for (let k: ValidationKey | undefined = key; k; k = VALIDATION_FALLBACK[k]) chain.push(validationTexts[k]);
  if (chain[chain.length - 1] !== validationTexts.invalid) chain.push(validationTexts.invalid);
  return chain;
}

/** Warnings of `meta.warnings`: input that was ignored. */
export const warningTexts = {
  UNKNOWN_FIELD: t(
    '{field} ist kein Feld dieser Anfrage und wurde ignoriert (Tippfehler?).',
    '{field} is not a field of this request and was ignored (a typo?).',
  ),
  UNKNOWN_PARAMETER: t(
    'Der Parameter {parameter} ist hier unbekannt und wurde ignoriert.',
    'The parameter {parameter} is not known here and was ignored.',
  ),
  FIELD_NOT_UPDATABLE: t(
    '{field} kann nach dem Anlegen nicht geändert werden; der gesendete Wert wurde ignoriert.',
    '{field} cannot be changed after the offer was created; the value sent was ignored.',
  ),
  SHIPPING_COST_IGNORED: t(
    'shippingCostGross zählt nur mit withShipping: true; ohne sie (withShipping fehlt oder ist false) ist das Angebot ohne Versand, die gesendeten {amount:amount} wurden ignoriert und sind nicht Teil von totalPriceGross.',
    'shippingCostGross counts only with withShipping: true; without it (withShipping left out or false) the offer is without shipping, so the {amount:amount} sent was ignored and is not part of totalPriceGross.',
  ),
  NO_CHANGE: t(
    'Die Änderung enthält nichts Neues: Das Angebot bleibt, wie es ist (Status {status}), und wird nicht erneut geprüft.',
    'The change holds nothing new: the offer stays as it is (status {status}) and is not checked again.',
  ),
  ALREADY_CANCELED: t(
    'Das Angebot war bereits mit denselben Angaben storniert; nichts wurde geändert.',
    'The offer was already canceled with the same values; nothing changed.',
  ),
  LANGUAGE_NOT_SUPPORTED: t(
    'Die Sprache „{lang}“ gibt es nicht (nur de und en); die Namen sind auf Deutsch.',
    'The language "{lang}" is not supported (only de and en); the names are in German.',
  ),
  SEARCH_TOO_SHORT: t(
    'search wirkt erst ab {minimum} Zeichen und wurde ignoriert.',
    'search applies from {minimum} characters only and was ignored.',
  ),
} as const satisfies Record<string, Text>;

export type WarningCode = keyof typeof warningTexts;

/** The error reference's entries of the warning codes (`meta.warnings`): what was ignored, what to do. */
export const warningReferenceTexts = {
  UNKNOWN_FIELD: {
    cause: t('Der Inhalt hat ein Feld, das die Operation nicht kennt (oft ein Tippfehler); es wurde ignoriert.', 'The body has a field the operation does not know (often a typo); it was ignored.'),
    fix: t('Korrigieren oder entfernen Sie das Feld aus `field`.', 'Correct or remove the field named in `field`.'),
  },
  UNKNOWN_PARAMETER: {
    cause: t('Die Query hat einen Parameter, den die Operation nicht kennt; er wurde ignoriert.', 'The query has a parameter the operation does not know; it was ignored.'),
    fix: t('Korrigieren oder entfernen Sie den Parameter aus `parameter`.', 'Correct or remove the parameter named in `parameter`.'),
  },
  FIELD_NOT_UPDATABLE: {
    cause: t('Ein PUT sendete externalOfferId, customerName oder customerEmail mit neuem Wert; ein Update ändert sie nicht.', 'A PUT sent externalOfferId, customerName or customerEmail with a new value; an update does not change them.'),
    fix: t('Den Kunden korrigiert PUT /v1/offers/{id}/customer; eine neue externalOfferId braucht ein neues Angebot.', 'Correct the customer with PUT /v1/offers/{id}/customer; a new externalOfferId needs a new offer.'),
  },
  SHIPPING_COST_IGNORED: {
    cause: t('shippingCostGross wurde ohne withShipping: true gesendet; Versandkosten zählen nur mit Versand und wurden nicht übernommen.', 'shippingCostGross was sent without withShipping: true; a shipping cost counts only with shipping and was not kept.'),
    fix: t('Senden Sie withShipping: true, wenn versendet wird; sonst lassen Sie shippingCostGross weg.', 'Send withShipping: true when the bicycle is shipped; otherwise leave shippingCostGross out.'),
  },
  NO_CHANGE: {
    cause: t('Die Änderung enthielt nichts Neues; das Angebot blieb, wie es ist (nicht erneut pending).', 'The change held nothing new; the offer stayed as it is (not pending again).'),
    fix: t('Nichts zu tun. Zum erneuten Prüfen ohne Änderung gibt es keinen Weg über die API: ändern Sie etwas.', 'Nothing to do. There is no way through the API to recheck without a change: change something.'),
  },
  ALREADY_CANCELED: {
    cause: t('Ein Storno wurde mit denselben Angaben wiederholt; das Angebot war schon storniert.', 'A cancel was repeated with the same values; the offer was already canceled.'),
    fix: t('Nichts zu tun: Ihr erster Storno hat gewirkt.', 'Nothing to do: your first cancel worked.'),
  },
  LANGUAGE_NOT_SUPPORTED: {
    cause: t('lang nannte eine Sprache, die der Katalog nicht hat; die Namen kamen auf Deutsch (der Rückfall der Spezifikation).', 'lang named a language the catalogue does not have; the names came in German (the spec’s fallback).'),
    fix: t('Senden Sie lang=de oder lang=en, oder lassen Sie lang weg.', 'Send lang=de or lang=en, or leave lang out.'),
  },
  SEARCH_TOO_SHORT: {
    cause: t('search wirkt erst ab 2 Zeichen; ein kürzerer Suchbegriff wurde ignoriert und alle Angebote geliefert.', 'search applies from 2 characters; a shorter term was ignored and all offers were answered.'),
    fix: t('Senden Sie mindestens 2 Zeichen oder lassen Sie search weg.', 'Send at least 2 characters, or leave search out.'),
  },
} as const satisfies Record<WarningCode, { cause: Text; fix: Text }>;

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

/**
 * What `rejected` means when the offer was not rejected by the checks but declined by a decision
 * (the status error's code): nothing to fix; the next steps are a new offer or cancelling.
 */
export const declinedStatusTexts = {
  EMPLOYER_DECLINED: t(
    'Der Arbeitgeber hat die Bestellung abgelehnt (Begründung unten). Es gibt nichts zu beheben: Sie können dem Kunden ein neues Angebot machen oder dieses stornieren.',
    'The employer declined the order (reason below). There is nothing to fix: you can make the customer a new offer or cancel this one.',
  ),
  OPERATOR_DECLINED: t(
    'Der Leasinggeber hat die Bestellung abgelehnt (Begründung unten). Es gibt nichts zu beheben: Sie können dem Kunden ein neues Angebot machen oder dieses stornieren.',
    'The leasing operator declined the order (reason below). There is nothing to fix: you can make the customer a new offer or cancel this one.',
  ),
} as const satisfies Record<string, Text>;

/** The label of a decision's reason in a dealer's mail. */
export const declineReasonLabel = t('Begründung', 'Reason');

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
  PRODUCT_PRICE_ZERO: t(
    'Der Preis des Fahrrads ({field}) ist 0; ein Leasingvertrag braucht einen Preis über 0.',
    'The bicycle’s price ({field}) is 0; a lease needs a price above 0.',
  ),
  PRICE_ABOVE_LIST_PRICE: t(
    'Der Preis {price:amount} liegt über dem Listenpreis {listPrice:amount}.',
    'The price {price:amount} is above the list price {listPrice:amount}.',
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
    'Die eigene Angebotsnummer ist bereits mit anderen Angeboten verknüpft: {offerNumbers}.',
    'Your offer number is already linked to other offers: {offerNumbers}.',
  ),
  EXTERNAL_ID_IN_USE: t(
    'Die eigene Angebotsnummer gehört bereits zum offenen Angebot {offerNumber}; ein neues Angebot mit ihr würde abgewiesen (409).',
    'Your offer number already belongs to the open offer {offerNumber}; a new offer with it would be refused (409).',
  ),
  INTERNAL_SERVER_ERROR: t(
    'Das Angebot konnte wegen eines internen Fehlers nicht verarbeitet werden. Bitte erneut einreichen.',
    'The offer could not be processed because of an internal error. Please resubmit it.',
  ),
  EMPLOYER_DECLINED: t('Der Arbeitgeber hat das Angebot abgelehnt.', 'The employer declined the offer.'),
  OPERATOR_DECLINED: t('Der Leasinggeber hat das Angebot abgelehnt.', 'The leasing operator declined the offer.'),
} as const satisfies Record<string, Text>;

export type StatusEntryCode = keyof typeof statusEntryTexts;

/**
 * The error reference's entries of the status object's codes (/docs/errors): what causes each and
 * what to do. Keyed like statusEntryTexts, so a new code does not compile without its entry.
 */
export const statusEntryReferenceTexts = {
  PRODUCT_NOT_LEASABLE: {
    cause: t('status.errors: Der bidexCode des Fahrrads ist keine leasingfähige Fahrradkategorie des Katalogs.', 'status.errors: the bicycle’s bidexCode is not a leasable bicycle category of the catalogue.'),
    fix: t('Wählen Sie einen Code aus GET /v1/offers/categories (bicycles) und reichen Sie das Angebot mit PUT erneut ein.', 'Pick a code from GET /v1/offers/categories (bicycles) and resubmit the offer with PUT.'),
  },
  ACCESSORY_NOT_LEASABLE: {
    cause: t('status.errors: Ein Zubehör-Code steht nicht im Zubehörkatalog (je Zubehör ein Eintrag, `field` nennt es).', 'status.errors: an accessory code is not in the accessory catalogue (one entry per accessory, `field` names it).'),
    fix: t('Prüfen Sie Codes vorab mit GET /v1/offers/accessory; entfernen oder ersetzen Sie das Zubehör und reichen Sie erneut ein.', 'Check codes beforehand with GET /v1/offers/accessory; remove or replace the accessory and resubmit.'),
  },
  CATEGORY_NOT_ALLOWED: {
    cause: t('status.errors: Der Arbeitgeber des Kunden (nach customerEmail) schließt die Kategorie aus.', 'status.errors: the customer’s employer (by customerEmail) excludes the category.'),
    fix: t('Fragen Sie GET /v1/offers/categories?email=… nach den erlaubten Kategorien und wählen Sie eine davon; stimmt die E-Mail nicht, korrigieren Sie sie (PUT /v1/offers/{id}/customer).', 'Ask GET /v1/offers/categories?email=… for the allowed categories and pick one; if the e-mail is wrong, correct it (PUT /v1/offers/{id}/customer).'),
  },
  MISSING_PRODUCT_DATA: {
    cause: t('status.errors: Für den Vertrag fehlt Marke, Modell oder Preis des Fahrrads (`field` nennt es).', 'status.errors: the bicycle’s brand, model or price, needed for the contract, is missing (`field` names it).'),
    fix: t('Ergänzen Sie das Feld und reichen Sie mit PUT erneut ein.', 'Add the field and resubmit with PUT.'),
  },
  PRODUCT_PRICE_ZERO: {
    cause: t('status.errors: Der Preis des Fahrrads (product.priceGross) ist 0; geleast wird nur ein Fahrrad mit Preis.', 'status.errors: the bicycle’s price (product.priceGross) is 0; only a bicycle with a price is leased.'),
    fix: t('Senden Sie den Bruttopreis des Fahrrads und reichen Sie mit PUT erneut ein.', 'Send the bicycle’s gross price and resubmit with PUT.'),
  },
  PRICE_ABOVE_LIST_PRICE: {
    cause: t('status.errors: Ein Preis (priceGross) liegt über seinem Listenpreis (listPriceGross).', 'status.errors: a price (priceGross) is above its list price (listPriceGross).'),
    fix: t('Korrigieren Sie Preis oder Listenpreis an der Stelle aus `field` und reichen Sie erneut ein.', 'Correct the price or the list price at `field` and resubmit.'),
  },
  TEXT_NORMALIZED: {
    cause: t('status.infos: Leerzeichen am Rand oder mehrfache Leerzeichen eines Textfelds wurden bei der Annahme bereinigt.', 'status.infos: leading, trailing or repeated whitespace of a text field was cleaned up on acceptance.'),
    fix: t('Nichts zu tun; senden Sie bereinigte Texte, wenn Sie die Meldung vermeiden wollen.', 'Nothing to do; send clean text to avoid the info.'),
  },
  BIDEX_CODE_REMAPPED: {
    cause: t('status.infos: Die Codes 202120, 202130, 202140 und 202150 werden auf 202100 (Schaltungs-Upgrades) umgeschlüsselt.', 'status.infos: the codes 202120, 202130, 202140 and 202150 are remapped to 202100 (gear-system upgrades).'),
    fix: t('Nichts zu tun; das Angebot trägt ab jetzt 202100.', 'Nothing to do; the offer carries 202100 from now on.'),
  },
  EXTERNAL_ID_ALREADY_USED: {
    cause: t('status.infos: Ihre externalOfferId gehört schon zu abgelehnten, stornierten oder abgeschlossenen Angeboten.', 'status.infos: your externalOfferId already belongs to rejected, canceled or done offers.'),
    fix: t('Nichts zu tun, wenn das gewollt ist; sonst eine neue Nummer verwenden.', 'Nothing to do if that is intended; otherwise use a new number.'),
  },
  EXTERNAL_ID_IN_USE: {
    cause: t('Trockenlauf (POST /v1/offers/validate): Ein offenes Angebot hält die externalOfferId; ein Anlegen würde mit 409 abgewiesen.', 'Dry run (POST /v1/offers/validate): an open offer holds the externalOfferId; a create would be refused with 409.'),
    fix: t('Ändern Sie das offene Angebot (PUT), stornieren Sie es, oder verwenden Sie eine andere Nummer.', 'Update the open offer (PUT), cancel it, or use another number.'),
  },
  INTERNAL_SERVER_ERROR: {
    cause: t('status.errors: Die Verarbeitung ist nach mehreren Versuchen an einem internen Fehler gescheitert.', 'status.errors: processing failed on an internal error after several attempts.'),
    fix: t('Reichen Sie das Angebot erneut ein; bleibt es, nennen Sie dem Support die Angebotsnummer.', 'Resubmit the offer; if it persists, give support the offer number.'),
  },
  EMPLOYER_DECLINED: {
    cause: t('status.errors: Der Arbeitgeber hat die Anfrage des Mitarbeiters abgelehnt (der Grund steht in der Meldung).', 'status.errors: the employer declined the employee’s request (the reason is in the message).'),
    fix: t('Nichts zu beheben: eine Entscheidung. Klären Sie den Grund mit dem Kunden; machen Sie ihm bei Bedarf ein neues Angebot oder stornieren Sie dieses.', 'Nothing to fix: a decision. Clarify the reason with the customer; make a new offer if needed, or cancel this one.'),
  },
  OPERATOR_DECLINED: {
    cause: t('status.errors: Der Leasinggeber hat das Angebot abgelehnt (der Grund steht in der Meldung).', 'status.errors: the leasing operator declined the offer (the reason is in the message).'),
    fix: t('Nichts zu beheben: eine Entscheidung. Machen Sie dem Kunden bei Bedarf ein neues Angebot, das den genannten Grund berücksichtigt, oder stornieren Sie dieses.', 'Nothing to fix: a decision. Make the customer a new offer that takes the reason given into account, if needed, or cancel this one.'),
  },
} as const satisfies Record<StatusEntryCode, { cause: Text; fix: Text }>;

/**
 * Who takes a step of the lifecycle (the `actor` of each of the status object's `nextSteps`):
 * the words say who acts next (lib/offers/lifecycle.ts, TRANSITIONS).
 */
export const stepActorTexts = {
  processing: t('Spoke prüft das Angebot automatisch.', 'Spoke checks the offer automatically.'),
  dealer: t('Der Händler, indem er das Angebot ändert.', 'The dealer, by changing the offer.'),
  customer: t('Die Kundin oder der Kunde, über den Link des Händlers.', 'The customer, through the dealer’s link.'),
  employer: t('Der Arbeitgeber (seine Personalabteilung).', 'The employer (its HR staff).'),
  operator: t('Der Leasinggeber.', 'The leasing operator.'),
  dealer_or_operator: t('Der Händler oder der Leasinggeber.', 'The dealer or the leasing operator.'),
} as const satisfies Record<string, Text>;

export type StepActor = keyof typeof stepActorTexts;

/**
 * The employer's rules as checks of one offer (lib/orders/policy.ts): the words of a broken rule,
 * with what to do, and of a kept one.
 */
export const policyTexts = {
  NOT_AN_EMPLOYEE: t(
    'Die E-Mail-Adresse {email} ist bei keinem Arbeitgeber als Mitarbeiterin oder Mitarbeiter registriert. Bitte sprechen Sie mit Ihrem Arbeitgeber oder Ihrem Händler.',
    'The e-mail address {email} is not registered as an employee with any employer. Please talk to your employer or your dealer.',
  ),
  CATEGORY_EXCLUDED: t(
    '{employer} schließt die Kategorie „{category}“ aus ({item}). Bitte sprechen Sie mit Ihrem Händler über eine andere Wahl.',
    '{employer} excludes the category "{category}" ({item}). Please talk to your dealer about another choice.',
  ),
  PRICE_ABOVE_LIMIT: t(
    'Die Gesamtsumme {total:amount} liegt über der Grenze von {employer} ({limit:amount}). Bitte sprechen Sie mit Ihrem Händler oder Ihrem Arbeitgeber.',
    'The total {total:amount} is above the limit of {employer} ({limit:amount}). Please talk to your dealer or your employer.',
  ),
  EMPLOYEE_REGISTERED: t('Als Mitarbeiterin oder Mitarbeiter von {employer} registriert.', 'Registered as an employee of {employer}.'),
  CATEGORIES_ALLOWED: t('Alle Kategorien sind bei {employer} erlaubt.', 'Every category is allowed by {employer}.'),
  PRICE_WITHIN_LIMIT: t('Die Gesamtsumme liegt innerhalb der Grenze von {limit:amount}.', 'The total is within the limit of {limit:amount}.'),
  NO_PRICE_LIMIT: t('{employer} setzt keine Preisgrenze.', '{employer} sets no price limit.'),
} as const satisfies Record<string, Text>;

export type PolicyTextCode = keyof typeof policyTexts;

// ---- Filling a text -------------------------------------------------------------------------
//
// A placeholder is `{name}` or `{name:amount}` (an amount in euros, written in the reader's locale:
// "3.999,00 €" in German, "€3,999.00" in English). A text is filled only when every placeholder has
// a value: `format` refuses an incomplete fill, so no `{` of a template can reach a reader.

const PLACEHOLDER = /\{(\w+)(?::(amount))?\}/g;
const LOCALES: Record<Lang, string> = { de: 'de-DE', en: 'en-GB' };
const amountFormats = Object.fromEntries(
  LANGS.map((lang) => [lang, new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'EUR' })]),
) as Record<Lang, Intl.NumberFormat>;

export type TextParams = Record<string, string | number>;

/** The names of the placeholders of a text (both languages). */
export function placeholdersOf(text: Text): string[] {
  const names = new Set<string>();
  for (const lang of LANGS) for (const m of text[lang].matchAll(PLACEHOLDER)) names.add(m[1]!);
  return [...names];
}

/** Whether `params` has a value for every placeholder of `text`. */
export function canFill(text: Text, params: TextParams): boolean {
  return placeholdersOf(text).every((name) => params[name] !== undefined && params[name] !== '');
}

function fillOne(template: string, lang: Lang, params: TextParams): string {
  return template.replace(PLACEHOLDER, (_m, name: string, kind?: string) => {
    const value = params[name]!;
    const amount = kind === 'amount' ? Number(value) : NaN;
    // Plain spaces: Intl's no-break spaces would surprise anyone who compares or greps the text.
    return Number.isFinite(amount) ? amountFormats[lang].format(amount).replace(/[\u00a0\u202f]/g, ' ') : String(value);
  });
}

/** The text with every placeholder filled; throws (a programming error) when a value is missing. */
export function format(text: Text, params: TextParams = {}): Text {
  if (!canFill(text, params)) {
    const missing = placeholdersOf(text).filter((name) => params[name] === undefined || params[name] === '');
    throw new TypeError(`Text "${text.en}" lacks values for ${missing.join(', ')}`);
  }
  return { de: fillOne(text.de, 'de', params), en: fillOne(text.en, 'en', params) };
}

/** The first of `texts` that `params` fills completely, filled; the last one is the fallback and must fill. */
export function formatFirst(texts: readonly Text[], params: TextParams): Text {
  const text = texts.find((candidate) => canFill(candidate, params)) ?? texts[texts.length - 1]!;
  return format(text, params);
}

/** The first supported language of an `Accept-Language` header or `lang` parameter, else `fallback`. */
export function pickLang(value: string | null | undefined, fallback: Lang): Lang {
  for (const part of (value ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase().slice(0, 2);
    if (tag === 'de' || tag === 'en') return tag;
  }
  return fallback;
}
