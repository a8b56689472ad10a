// The words and figures the bench's data set is made of (bench/load-offers.ts): names, bicycles
// and accessories with their prices, the mix of statuses and rejections, cancel reasons, cities.

export const FIRST_NAMES = [
  'Anna', 'Lukas', 'Marie', 'Jonas', 'Sophie', 'Leon', 'Emma', 'Felix', 'Mia', 'Paul', 'Hannah', 'Maximilian',
  'Lea', 'Jürgen', 'Sabine', 'Thomas', 'Katrin', 'Stefan', 'Birgit', 'Andreas', 'Özlem', 'Mehmet', 'Ayşe',
  'Piotr', 'Agnieszka', 'Giulia', 'Marco', 'Elena', 'Dimitrios', 'Fatima', 'Ahmed', 'Olga', 'Sergei', 'Lucía',
  'Mateo', 'Chloé', 'Noah', 'Ida', 'Björn', 'Sven', 'Ingrid', 'Jan', 'Zoë', 'Tobias', 'Franziska', 'Ulrike',
];
export const LAST_NAMES = [
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann',
  'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann',
  'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Yılmaz', 'Kaya', 'Nowak', 'Kowalski', 'Rossi', 'Bianchi',
  'Papadopoulos', 'Ivanova', 'García', 'Martin', 'Jensen', 'Nguyen', 'Öztürk', 'van der Berg', 'Dubois',
];
export const MAIL_DOMAINS = ['acme.example', 'example.com', 'firma.example', 'stadtwerke.example', 'klinikum.example', 'bank.example', 'logistik.example'];

// [brand, model, drive manufacturer ('' = none), battery ('' = none), product code, list price]
export const BIKES: readonly [string, string, string, string, string, number][] = [
  ['Cube', 'Kathmandu Hybrid Pro 750', 'Bosch', '750 Wh', '102020', 3699],
  ['Cube', 'Reaction Hybrid Pro 625', 'Bosch', '625 Wh', '102030', 3299],
  ['Cube', 'Nuroad C:62 Race', '', '', '101030', 2199],
  ['Riese & Müller', 'Load 75 Touring', 'Bosch', '750 Wh', '102050', 8999],
  ['Riese & Müller', 'Nevo4 GT vario', 'Bosch', '625 Wh', '102020', 6499],
  ['Riese & Müller', 'Charger4 HS', 'Bosch', '750 Wh', '103010', 7399],
  ['Gazelle', 'Ultimate C380 HMB', 'Bosch', '500 Wh', '102010', 3799],
  ['Gazelle', 'Chamonix C7', '', '', '101020', 1099],
  ['Kalkhoff', 'Endeavour 5.B Move+', 'Bosch', '625 Wh', '102020', 3499],
  ['Kalkhoff', 'Image 3.B Excite', 'Bosch', '545 Wh', '102010', 2999],
  ['Trek', 'Allant+ 7', 'Bosch', '625 Wh', '102020', 3999],
  ['Trek', 'FX 3 Disc', '', '', '101030', 1149],
  ['Specialized', 'Turbo Vado 4.0', 'Specialized', '710 Wh', '102010', 4300],
  ['Specialized', 'Turbo Levo Comp Alloy', 'Specialized', '700 Wh', '102030', 6200],
  ['Haibike', 'AllMtn 7', 'Yamaha', '720 Wh', '102030', 5299],
  ['Canyon', 'Pathlite:ON 7', 'Bosch', '625 Wh', '102020', 3799],
  ['Canyon', 'Grizl CF SL 8', '', '', '104010', 2499],
  ['Stevens', 'E-Triton 6.5', 'Bosch', '625 Wh', '102020', 3590],
  ['Giant', 'Explore E+ 1', 'Yamaha', '625 Wh', '102020', 3899],
  ['Focus', 'Aventura² 6.8', 'Bosch', '625 Wh', '102020', 3999],
  ['Raleigh', 'Stoker Pro', 'Bosch', '500 Wh', '102010', 2899],
  ['Brompton', 'Electric C Line Explore', 'Brompton', '300 Wh', '102060', 3850],
  ['Tern', 'GSD S10', 'Bosch', '545 Wh', '102050', 6499],
  ['Urban Arrow', 'Family Performance Line', 'Bosch', '545 Wh', '102050', 6499],
  ['Stromer', 'ST3 Sport', 'Stromer', '814 Wh', '103020', 7990],
  ['Hercules', 'Robert/a Pro I-F8', 'Bosch', '500 Wh', '102010', 3199],
  ['Pegasus', 'Solero E8F Sport', 'Bosch', '500 Wh', '102010', 2999],
  ['Diamant', 'Zouma Deluxe+', 'Bosch', '625 Wh', '102020', 4199],
  ['Bergamont', 'E-Horizon Premium', 'Bosch', '625 Wh', '102020', 3999],
  ['Rose', 'Backroad Al GRX', '', '', '104010', 1899],
  ['VanMoof', 'S5', 'VanMoof', '487 Wh', '102010', 3498],
  ['Cannondale', 'Tesoro Neo X 2', 'Bosch', '625 Wh', '102020', 4299],
  ['Ghost', 'E-Teru Advanced', 'Shimano', '630 Wh', '102020', 3299],
  ['Merida', 'eSPEED 400', 'Shimano', '504 Wh', '102010', 2899],
  ['Orbea', 'Kemen 30', 'Shimano', '540 Wh', '102020', 3999],
  ['Babboe', 'Curve-E', 'Yamaha', '500 Wh', '102050', 4599],
];
export const COLORS = ['Schwarz matt', 'Anthrazit', 'Weiß', 'Dunkelblau', 'Olivgrün', 'Rot', 'Silber', 'Petrol', 'Sand', 'Grau metallic'];
export const SIZES = ['S', 'M', 'L', 'XL', '45 cm', '50 cm', '55 cm', '60 cm'];
export const YEARS = ['2024', '2025', '2025', '2026'];
// [code, brand, model, price]
export const ACCESSORIES: readonly [string, string, string, number][] = [
  ['201010', 'Abus', 'Granit X-Plus 540', 89.95],
  ['201020', 'Abus', 'Bordo 6500', 99.99],
  ['201030', 'Kryptonite', 'Evolution 4 Chain', 119],
  ['201040', 'AXA', 'Defender', 39.95],
  ['201110', 'Busch + Müller', 'IQ-X', 79.9],
  ['201120', 'Busch + Müller', 'Toplight Line', 29.9],
  ['201220', 'SKS', 'Bluemels Basic', 34.99],
  ['201310', 'Racktime', 'Addit', 59.9],
  ['201410', 'Ortlieb', 'Back-Roller Classic', 139.99],
  ['201420', 'Ortlieb', 'Ultimate Six', 109.99],
  ['201510', 'Klickfix', 'Korb Uni', 49.95],
  ['201620', 'Thule', 'Yepp Nexxt Maxi', 159.95],
  ['201710', 'Croozer', 'Kid Vaaya 2', 999],
  ['201810', 'Garmin', 'Edge Explore 2', 249.99],
  ['201830', 'SP Connect', 'Bike Bundle II', 59.95],
  ['201920', 'Pletscher', 'Comp Flex', 24.9],
  ['202010', 'Bosch', 'PowerTube 625', 899],
  ['202020', 'Bosch', '4A Charger', 149],
  ['901010', 'Spoke', 'Inspektion 12 Monate', 149],
  ['902010', 'Spoke', 'Diebstahlschutz 36 Monate', 189],
];
// The statuses of a working offer book, in percent; nothing pending (the processor would pick it up).
export const STATUS_MIX: readonly [string, number][] = [
  ['draft', 28],
  ['order_journey_started', 8],
  ['employer_decision_pending', 5],
  ['operator_decision_pending', 4],
  ['done', 30],
  ['canceled', 10],
  ['rejected', 15],
];
export const REJECTIONS = [
  `[{"code":"PRICE_ABOVE_LIST_PRICE","field":"product.priceGross","params":{"price":"4099.00","listPrice":"3999.00"}}]`,
  `[{"code":"CATEGORY_NOT_ALLOWED","field":"product.bidexCode","params":{"code":"103010"}}]`,
  `[{"code":"MISSING_PRODUCT_DATA","field":"product.modelName"}]`,
  `[{"code":"EMPLOYER_DECLINED"}]`,
];
export const CANCEL_REASONS = ['customer_wants_different_bicycle', 'not_deliverable', 'delivery_date_cannot_be_met', 'other'];
export const CITIES = ['Berlin', 'Hamburg', 'München', 'Köln', 'Frankfurt', 'Stuttgart', 'Düsseldorf', 'Leipzig', 'Dortmund', 'Essen', 'Bremen', 'Dresden', 'Hannover', 'Nürnberg', 'Freiburg', 'Münster', 'Kiel', 'Rostock', 'Augsburg', 'Bonn'];

/** The uuid of generated dealer `n` (3..dealers); 1 and 2 are the demo dealers A and B. */
/** A version-4-shaped uuid from an md5 (the API validates ids as RFC 9562 uuids). */
