import 'server-only';

// The API texts of customer links and employer requests: the `orders` group of the catalogue
// (messages/<lang>/api.json).
export { orderTexts } from '@/lib/i18n/messages';
