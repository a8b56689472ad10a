import { DEMO } from './index';

// The lived-in demo's fixed data: the other employers and their employees, the customers, the
// bikes and accessories dealer A sells — and the seeded generator every drawn choice comes from.

/** A small deterministic generator (mulberry32): the same seed gives the same shop every time. */
export function randomOf(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const MORE_EMPLOYERS = [
  {
    id: '0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000e2',
    name: 'Stadtwerke Nordhafen AG',
    // E-cargo bikes and S-pedelecs are not allowed; at most 4.500 € per order.
    excluded: ['102050', '103000'],
    maxTotalPriceGross: '4500.00',
    // No subsidy: the employee pays the whole rate (2.9 % a month) and insurance (0.35 %).
    terms: { leaseTermMonths: 36, leasingFactorPercent: '2.900', insurancePercent: '0.350', employerSubsidyMonthly: '0.00' },
  },
  {
    id: '0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000e3',
    name: 'Bäckerei Sonnenschein KG',
    excluded: ['104000', '201700'],
    maxTotalPriceGross: '3000.00',
    // 48 months at 3.05 %, insurance 0.45 %, 15 € a month from the bakery.
    terms: { leaseTermMonths: 48, leasingFactorPercent: '3.050', insurancePercent: '0.450', employerSubsidyMonthly: '15.00' },
  },
] as const;

export type Employee = { email: string; name: string; employerId: string };

/** Registered employees (Acme's first is the demo's Erika Mustermann, seeded by seedDemo). */
export const EMPLOYEES: readonly Employee[] = [
  { email: DEMO.employeeEmail, name: 'Erika Mustermann', employerId: DEMO.employer.id },
  { email: 'murat.yilmaz@acme.example', name: 'Murat Yılmaz', employerId: DEMO.employer.id },
  { email: 'agnieszka.lukasiewicz@acme.example', name: 'Agnieszka Łukasiewicz', employerId: DEMO.employer.id },
  { email: 'nguyen.van.an@acme.example', name: 'Nguyễn Văn An', employerId: DEMO.employer.id },
  { email: 'eleni.papadopoulou@acme.example', name: 'Ελένη Παπαδοπούλου', employerId: DEMO.employer.id },
  { email: 'jonas.becker@acme.example', name: 'Jonas Becker', employerId: DEMO.employer.id },
  { email: 'li.na@stadtwerke-nordhafen.example', name: '李娜', employerId: MORE_EMPLOYERS[0].id },
  {
    email: 'charlotte.hohenberg@stadtwerke-nordhafen.example',
    name: 'Charlotte-Sophie Freifrau von Hohenberg-Wittelsbach zu Königswinter',
    employerId: MORE_EMPLOYERS[0].id,
  },
  { email: 'soeren.grosse@stadtwerke-nordhafen.example', name: 'Sören Große', employerId: MORE_EMPLOYERS[0].id },
  { email: 'ayse.kaya@stadtwerke-nordhafen.example', name: 'Ayşe Kaya', employerId: MORE_EMPLOYERS[0].id },
  { email: 'greta.hartmann@sonnenschein.example', name: 'Greta Hartmann', employerId: MORE_EMPLOYERS[1].id },
  { email: 'dragana.petrovic@sonnenschein.example', name: 'Dragana Petrović', employerId: MORE_EMPLOYERS[1].id },
  { email: 'sean.obriain@sonnenschein.example', name: 'Seán Ó Briain', employerId: MORE_EMPLOYERS[1].id },
];

/** Walk-in customers, not registered with an employer (their offers stay before the order). */
export const CUSTOMERS: readonly [string, string][] = [
  ['Anna Müller', 'anna.mueller@example.com'],
  ['Lukas Weber', 'lukas.weber@example.com'],
  ['Sophie Wagner', 's.wagner@posteo.example'],
  ['Maximilian Hoffmann', 'max.hoffmann@example.com'],
  ['Marie Schäfer', 'marie.schaefer@web.example'],
  ['Paul Koch', 'paul.koch@example.com'],
  ['Emilia Richter', 'emilia.richter@mail.example'],
  ['Felix Klein', 'felix.klein@example.com'],
  ['Hannah Wolf', 'hannah.wolf@web.example'],
  ['Leon Schröder', 'leon.schroeder@example.com'],
  ['Mia Neumann', 'mia.neumann@example.com'],
  ['Finn Schwarz', 'finn.schwarz@posteo.example'],
  ['Lina Zimmermann', 'lina.zimmermann@example.com'],
  ['Clara Krüger', 'clara.krueger@mail.example'],
  ['Elias Hofmann', 'elias.hofmann@example.com'],
  ['Noah Lange', 'noah.lange@example.com'],
  ['Jürgen Weiß', 'juergen.weiss@web.example'],
  ['Ömer Yılmaz', 'oemer.yilmaz@example.com'],
  ['Zofia Łukasiewicz', 'zofia.lukasiewicz@example.com'],
  ['Nguyễn Thị Minh Anh', 'minhanh.nguyen@example.com'],
  ['Ελένη Γεωργίου', 'eleni.georgiou@mail.example'],
  ['李娜', 'lina.2024@example.com'],
  ['王伟', 'wang.wei@example.com'],
  ['Ольга Смирнова', 'olga.smirnova@example.com'],
  ['Ahmet Öztürk', 'ahmet.oeztuerk@example.com'],
  ['José María García-Fernández', 'jm.garcia@example.com'],
  ['Aleksandra Wiśniewska', 'a.wisniewska@posteo.example'],
  ['Tomasz Dąbrowski', 'tomasz.dabrowski@example.com'],
  ['Maximiliane Leutheusser-Schnarrenberger-Oberndorfer', 'm.leutheusser@example.com'],
  ['Dr. Karl-Theodor Maria Nikolaus Johann Jacob Philipp Franz Joseph Sylvester von und zu Guttenberg-Rosenau', 'kt.guttenberg@example.com'],
  ['Mehmet Demir', 'mehmet.demir@web.example'],
  ['Ingrid Bergström', 'ingrid.bergstrom@example.com'],
];

export type Bike = { code: string; brand: string; model: string; price: number; list: number; year: string; drive?: string; battery?: string };

export const BIKES: readonly Bike[] = [
  { code: '102020', brand: 'Cube', model: 'Kathmandu Hybrid Pro 750', price: 3499, list: 3699, year: '2026', drive: 'Bosch Performance CX', battery: '750 Wh' },
  { code: '102020', brand: 'Kalkhoff', model: 'Endeavour 5.B Move+', price: 3799, list: 3999, year: '2026', drive: 'Bosch Performance Line', battery: '625 Wh' },
  { code: '102010', brand: 'Gazelle', model: 'Ultimate C380 HMB', price: 3649, list: 3799, year: '2025', drive: 'Bosch Performance Line', battery: '500 Wh' },
  { code: '102020', brand: 'Specialized', model: 'Turbo Vado 4.0', price: 4299, list: 4500, year: '2026', drive: 'Specialized 2.2', battery: '710 Wh' },
  { code: '102010', brand: 'Trek', model: 'Allant+ 7', price: 3999, list: 3999, year: '2025', drive: 'Bosch Performance Line', battery: '625 Wh' },
  { code: '102030', brand: 'Haibike', model: 'AllMtn 7', price: 5699, list: 5999, year: '2026', drive: 'Yamaha PW-X3', battery: '720 Wh' },
  { code: '102040', brand: 'Canyon', model: 'Grizl:ON CF 8', price: 5299, list: 5299, year: '2026', drive: 'Bosch Performance Line SX', battery: '400 Wh' },
  { code: '102050', brand: 'Riese & Müller', model: 'Load4 75 touring', price: 8999, list: 9349, year: '2026', drive: 'Bosch Cargo Line', battery: '2 × 750 Wh' },
  { code: '102050', brand: 'Urban Arrow', model: 'Family Performance Line', price: 6799, list: 6999, year: '2025', drive: 'Bosch Cargo Line', battery: '545 Wh' },
  { code: '102060', brand: 'Brompton', model: 'Electric C Line Explore', price: 3495, list: 3495, year: '2025', drive: 'Brompton', battery: '300 Wh' },
  { code: '103020', brand: 'Stromer', model: 'ST3 Pinion', price: 7490, list: 7990, year: '2026', drive: 'Stromer SYNO Drive II', battery: '814 Wh' },
  { code: '105010', brand: 'Canyon', model: 'Endurace CF 7', price: 2399, list: 2499, year: '2026' },
  { code: '105020', brand: 'Rose', model: 'Backroad AL GRX', price: 1999, list: 2199, year: '2025' },
  { code: '104010', brand: 'Ghost', model: 'Kato Universal', price: 849, list: 899, year: '2025' },
  { code: '104020', brand: 'YT', model: 'Jeffsy Core 2', price: 3699, list: 3999, year: '2026' },
  { code: '101020', brand: 'Velotraum', model: 'Cross CR 11', price: 2890, list: 2890, year: '2025' },
  { code: '101010', brand: 'Pegasus', model: 'Solero SL 7', price: 749, list: 799, year: '2025' },
  { code: '106010', brand: 'Bakfiets.nl', model: 'Cargobike Classic Long', price: 2699, list: 2799, year: '2024' },
  { code: '108020', brand: 'Puky', model: 'Cyke 26-8 Alu', price: 519, list: 549, year: '2026' },
];

export type Accessory = { code: string; brand: string; model: string; price: number };

export const ACCESSORIES: readonly Accessory[] = [
  { code: '201010', brand: 'Abus', model: 'Granit X-Plus 540', price: 109.95 },
  { code: '201020', brand: 'Abus', model: 'Bordo 6500', price: 119.95 },
  { code: '201040', brand: 'Abus', model: 'Pro Amparo 4750', price: 54.9 },
  { code: '201110', brand: 'Busch + Müller', model: 'IQ-XS', price: 89.9 },
  { code: '201310', brand: 'Racktime', model: 'Addit', price: 59.9 },
  { code: '201410', brand: 'Ortlieb', model: 'Back-Roller Classic', price: 149.99 },
  { code: '201420', brand: 'Ortlieb', model: 'Handlebar-Pack', price: 129.99 },
  { code: '201620', brand: 'Thule', model: 'Yepp 2 Maxi', price: 169.9 },
  { code: '201710', brand: 'Croozer', model: 'Kid Vaaya 2', price: 1099 },
  { code: '202010', brand: 'Bosch', model: 'PowerPack 545', price: 799 },
  { code: '202020', brand: 'Bosch', model: '4A Charger', price: 119 },
  { code: '201220', brand: 'SKS', model: 'Bluemels Style', price: 39.9 },
  { code: '201810', brand: 'Garmin', model: 'Edge 540', price: 349.99 },
  { code: '201930', brand: 'Pletscher', model: 'Comp Flex', price: 44.9 },
  { code: '901010', brand: 'Spoke', model: 'Inspektion 2 Jahre', price: 149 },
];

export const COLORS = ['Schwarz matt', 'Anthrazit', 'Salbeigrün', 'Petrol', 'Weiß', 'Sandbeige', 'Dunkelblau', 'Rot'];
export const SIZES = ['S', 'M', 'L', 'XL', '46 cm', '50 cm', '53 cm', '56 cm'];
