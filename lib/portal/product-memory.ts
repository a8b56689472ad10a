// The dealer's remembered products (GET /api/portal/products): what the builder suggests while a
// brand or model is typed. Both sides: the answer's types and the matching of typed text.

export type RememberedBicycle = {
  bidexCode: string;
  brandName: string;
  modelName: string;
  modelYear?: string;
  color?: string;
  size?: string;
  driveManufacturer?: string;
  batteryCapacity?: string;
  priceGross?: number;
  listPriceGross?: number;
};

export type RememberedAccessory = {
  bidexCode: string;
  brandName?: string;
  modelName?: string;
  priceGross?: number;
  listPriceGross?: number;
};

/**
 * Most recently offered first; `categoryWords`: the names of each remembered product's category
 * and the groups above it, in German and English ("Bügelschloss U-lock Fahrradschlösser Bike
 * locks"), so a search for "Schloss" or "lock" finds a product by what it is.
 */
export type ProductMemory = { bicycles: RememberedBicycle[]; accessories: RememberedAccessory[]; categoryWords?: Record<string, string> };

/** Lower case without accents (`Müller` → `muller`), so typing finds names as people write them. */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase();

/** What a remembered product is found by: its brand and model, then its year, colour and size. */
const haystack = (p: RememberedBicycle | RememberedAccessory) =>
  fold([p.brandName, p.modelName, 'modelYear' in p ? p.modelYear : undefined, 'color' in p ? p.color : undefined, 'size' in p ? p.size : undefined].filter(Boolean).join(' '));

/**
 * The products whose words start with every word typed (`cu kath` finds Cube Kathmandu), or — for
 * a word of three letters or more — whose category names (`categoryWords`, both languages) hold it
 * anywhere (`schloss` finds a Bügelschloss, German compounds), in the memory's order (most
 * recently offered first); nothing for fewer than `minimum` characters.
 */
export function matchProducts<P extends RememberedBicycle | RememberedAccessory>(
  products: readonly P[],
  typed: string,
  limit = 6,
  minimum = 1,
  categoryWords: Readonly<Record<string, string>> = {},
): P[] {
  const words = fold(typed).split(/\s+/).filter(Boolean);
  if (words.join('').length < minimum) return [];
  const found: P[] = [];
  for (const p of products) {
    const have = haystack(p).split(/[\s/\-–(),.]+/);
    const category = fold(categoryWords[p.bidexCode] ?? '');
    if (words.every((w) => have.some((h) => h.startsWith(w)) || (w.length >= 3 && category.includes(w)))) found.push(p);
    if (found.length === limit) break;
  }
  return found;
}
