/**
 * Demo product-classification catalogue (BIDEX-style codes) used for seeding.
 *
 * Code structure (six digits):
 *   digits 1-2 = product category, digits 3-4 = main product group,
 *   digits 5-6 = sub-product group.
 *
 *   CC0000  category node   (leasable: false, parentCode: null)
 *   CCMM00  main group      (parent CC0000,   leasable: true)
 *   CCMMSS  sub group       (parent CCMM00,   leasable: true)
 *
 * Parents always appear before their children in `catalogueNodes`.
 *
 * Notes:
 * - S-pedelecs (45 km/h) are their own main group `103000` so that an
 *   employer can exclude them by code prefix `1030`.
 * - `202100` (gear-system upgrades) is listed as a main group only; the codes
 *   202120, 202130, 202140 and 202150 are remapped internally to 202100 and
 *   are intentionally NOT listed here.
 * - Category `90` holds operator-specific Spoke services that are not part of
 *   the standard classification (spokeExtension: true).
 * - Clothing, helmets, shoes and gloves are deliberately not part of the
 *   catalogue.
 */

import 'server-only';

export type CatalogueNode = {
  bidexCode: string; // six digits
  parentCode: string | null;
  kind: 'bicycle' | 'accessory';
  nameDe: string;
  nameEn: string;
  leasable: boolean; // false only for the top-level grouping nodes
  spokeExtension: boolean; // true for operator-specific entries not in the standard classification
};

export const catalogueNodes: readonly CatalogueNode[] = [
  // ---------------------------------------------------------------------------
  // 10 — Bicycles
  // ---------------------------------------------------------------------------
  { bidexCode: '100000', parentCode: null, kind: 'bicycle', nameDe: 'Fahrräder', nameEn: 'Bicycles', leasable: false, spokeExtension: false },

  // 1010 — City & trekking bikes
  { bidexCode: '101000', parentCode: '100000', kind: 'bicycle', nameDe: 'City- und Trekkingräder', nameEn: 'City and trekking bikes', leasable: true, spokeExtension: false },
  { bidexCode: '101010', parentCode: '101000', kind: 'bicycle', nameDe: 'Cityrad', nameEn: 'City bike', leasable: true, spokeExtension: false },
  { bidexCode: '101020', parentCode: '101000', kind: 'bicycle', nameDe: 'Trekkingrad', nameEn: 'Trekking bike', leasable: true, spokeExtension: false },
  { bidexCode: '101030', parentCode: '101000', kind: 'bicycle', nameDe: 'Urban Bike', nameEn: 'Urban bike', leasable: true, spokeExtension: false },

  // 1020 — Pedelecs (up to 25 km/h)
  { bidexCode: '102000', parentCode: '100000', kind: 'bicycle', nameDe: 'E-Bikes (Pedelecs bis 25 km/h)', nameEn: 'E-bikes (pedelecs up to 25 km/h)', leasable: true, spokeExtension: false },
  { bidexCode: '102010', parentCode: '102000', kind: 'bicycle', nameDe: 'E-Citybike', nameEn: 'E-city bike', leasable: true, spokeExtension: false },
  { bidexCode: '102020', parentCode: '102000', kind: 'bicycle', nameDe: 'E-Trekkingrad', nameEn: 'E-trekking bike', leasable: true, spokeExtension: false },
  { bidexCode: '102030', parentCode: '102000', kind: 'bicycle', nameDe: 'E-Mountainbike', nameEn: 'E-mountain bike', leasable: true, spokeExtension: false },
  { bidexCode: '102040', parentCode: '102000', kind: 'bicycle', nameDe: 'E-Gravelbike', nameEn: 'E-gravel bike', leasable: true, spokeExtension: false },
  { bidexCode: '102050', parentCode: '102000', kind: 'bicycle', nameDe: 'E-Lastenrad', nameEn: 'E-cargo bike', leasable: true, spokeExtension: false },
  { bidexCode: '102060', parentCode: '102000', kind: 'bicycle', nameDe: 'E-Faltrad', nameEn: 'E-folding bike', leasable: true, spokeExtension: false },

  // 1030 — S-pedelecs (up to 45 km/h) — own main group, excludable by prefix
  { bidexCode: '103000', parentCode: '100000', kind: 'bicycle', nameDe: 'S-Pedelecs (bis 45 km/h)', nameEn: 'S-pedelecs (up to 45 km/h)', leasable: true, spokeExtension: false },
  { bidexCode: '103010', parentCode: '103000', kind: 'bicycle', nameDe: 'S-Pedelec Trekking', nameEn: 'S-pedelec trekking', leasable: true, spokeExtension: false },
  { bidexCode: '103020', parentCode: '103000', kind: 'bicycle', nameDe: 'S-Pedelec Pendler', nameEn: 'S-pedelec commuter', leasable: true, spokeExtension: false },

  // 1040 — Mountain bikes
  { bidexCode: '104000', parentCode: '100000', kind: 'bicycle', nameDe: 'Mountainbikes', nameEn: 'Mountain bikes', leasable: true, spokeExtension: false },
  { bidexCode: '104010', parentCode: '104000', kind: 'bicycle', nameDe: 'Hardtail', nameEn: 'Hardtail', leasable: true, spokeExtension: false },
  { bidexCode: '104020', parentCode: '104000', kind: 'bicycle', nameDe: 'Vollgefedertes Mountainbike (Fully)', nameEn: 'Full-suspension mountain bike', leasable: true, spokeExtension: false },

  // 1050 — Road & gravel bikes
  { bidexCode: '105000', parentCode: '100000', kind: 'bicycle', nameDe: 'Renn- und Gravelräder', nameEn: 'Road and gravel bikes', leasable: true, spokeExtension: false },
  { bidexCode: '105010', parentCode: '105000', kind: 'bicycle', nameDe: 'Rennrad', nameEn: 'Road bike', leasable: true, spokeExtension: false },
  { bidexCode: '105020', parentCode: '105000', kind: 'bicycle', nameDe: 'Gravelbike', nameEn: 'Gravel bike', leasable: true, spokeExtension: false },
  { bidexCode: '105030', parentCode: '105000', kind: 'bicycle', nameDe: 'Cyclocross-Rad', nameEn: 'Cyclocross bike', leasable: true, spokeExtension: false },

  // 1060 — Cargo bikes (non-electric)
  { bidexCode: '106000', parentCode: '100000', kind: 'bicycle', nameDe: 'Lastenräder (ohne Motor)', nameEn: 'Cargo bikes (non-electric)', leasable: true, spokeExtension: false },
  { bidexCode: '106010', parentCode: '106000', kind: 'bicycle', nameDe: 'Lastenrad Long John', nameEn: 'Front-loader cargo bike (Long John)', leasable: true, spokeExtension: false },
  { bidexCode: '106020', parentCode: '106000', kind: 'bicycle', nameDe: 'Lastenrad Longtail', nameEn: 'Longtail cargo bike', leasable: true, spokeExtension: false },
  { bidexCode: '106030', parentCode: '106000', kind: 'bicycle', nameDe: 'Lastendreirad', nameEn: 'Cargo tricycle', leasable: true, spokeExtension: false },

  // 1070 — Folding bikes
  { bidexCode: '107000', parentCode: '100000', kind: 'bicycle', nameDe: 'Falträder', nameEn: 'Folding bikes', leasable: true, spokeExtension: false },
  { bidexCode: '107010', parentCode: '107000', kind: 'bicycle', nameDe: 'Faltrad 16 Zoll', nameEn: '16-inch folding bike', leasable: true, spokeExtension: false },
  { bidexCode: '107020', parentCode: '107000', kind: 'bicycle', nameDe: 'Faltrad 20 Zoll', nameEn: '20-inch folding bike', leasable: true, spokeExtension: false },

  // 1080 — Kids' & youth bikes
  { bidexCode: '108000', parentCode: '100000', kind: 'bicycle', nameDe: 'Kinder- und Jugendräder', nameEn: "Kids' and youth bikes", leasable: true, spokeExtension: false },
  { bidexCode: '108010', parentCode: '108000', kind: 'bicycle', nameDe: 'Kinderrad', nameEn: "Children's bike", leasable: true, spokeExtension: false },
  { bidexCode: '108020', parentCode: '108000', kind: 'bicycle', nameDe: 'Jugendrad', nameEn: 'Youth bike', leasable: true, spokeExtension: false },

  // ---------------------------------------------------------------------------
  // 20 — Accessories (only items fixed to or securing the bike)
  // ---------------------------------------------------------------------------
  { bidexCode: '200000', parentCode: null, kind: 'accessory', nameDe: 'Zubehör', nameEn: 'Accessories', leasable: false, spokeExtension: false },

  // 2010 — Locks
  { bidexCode: '201000', parentCode: '200000', kind: 'accessory', nameDe: 'Fahrradschlösser', nameEn: 'Bike locks', leasable: true, spokeExtension: false },
  { bidexCode: '201010', parentCode: '201000', kind: 'accessory', nameDe: 'Bügelschloss', nameEn: 'U-lock', leasable: true, spokeExtension: false },
  { bidexCode: '201020', parentCode: '201000', kind: 'accessory', nameDe: 'Faltschloss', nameEn: 'Folding lock', leasable: true, spokeExtension: false },
  { bidexCode: '201030', parentCode: '201000', kind: 'accessory', nameDe: 'Kettenschloss', nameEn: 'Chain lock', leasable: true, spokeExtension: false },
  { bidexCode: '201040', parentCode: '201000', kind: 'accessory', nameDe: 'Rahmenschloss', nameEn: 'Frame lock', leasable: true, spokeExtension: false },

  // 2011 — Lighting
  { bidexCode: '201100', parentCode: '200000', kind: 'accessory', nameDe: 'Fahrradbeleuchtung', nameEn: 'Bike lighting', leasable: true, spokeExtension: false },
  { bidexCode: '201110', parentCode: '201100', kind: 'accessory', nameDe: 'Frontscheinwerfer', nameEn: 'Front light', leasable: true, spokeExtension: false },
  { bidexCode: '201120', parentCode: '201100', kind: 'accessory', nameDe: 'Rücklicht', nameEn: 'Rear light', leasable: true, spokeExtension: false },
  { bidexCode: '201130', parentCode: '201100', kind: 'accessory', nameDe: 'Dynamo-Beleuchtungsset', nameEn: 'Dynamo lighting set', leasable: true, spokeExtension: false },

  // 2012 — Mudguards
  { bidexCode: '201200', parentCode: '200000', kind: 'accessory', nameDe: 'Schutzbleche', nameEn: 'Mudguards', leasable: true, spokeExtension: false },
  { bidexCode: '201210', parentCode: '201200', kind: 'accessory', nameDe: 'Steckschutzblech', nameEn: 'Clip-on mudguard', leasable: true, spokeExtension: false },
  { bidexCode: '201220', parentCode: '201200', kind: 'accessory', nameDe: 'Schutzblech-Set (fest montiert)', nameEn: 'Full-length mudguard set', leasable: true, spokeExtension: false },

  // 2013 — Racks
  { bidexCode: '201300', parentCode: '200000', kind: 'accessory', nameDe: 'Gepäckträger', nameEn: 'Racks', leasable: true, spokeExtension: false },
  { bidexCode: '201310', parentCode: '201300', kind: 'accessory', nameDe: 'Gepäckträger hinten', nameEn: 'Rear rack', leasable: true, spokeExtension: false },
  { bidexCode: '201320', parentCode: '201300', kind: 'accessory', nameDe: 'Gepäckträger vorne', nameEn: 'Front rack', leasable: true, spokeExtension: false },

  // 2014 — Bike bags (attached to the bike)
  { bidexCode: '201400', parentCode: '200000', kind: 'accessory', nameDe: 'Fahrradtaschen', nameEn: 'Bike bags', leasable: true, spokeExtension: false },
  { bidexCode: '201410', parentCode: '201400', kind: 'accessory', nameDe: 'Gepäckträgertasche', nameEn: 'Pannier', leasable: true, spokeExtension: false },
  { bidexCode: '201420', parentCode: '201400', kind: 'accessory', nameDe: 'Lenkertasche', nameEn: 'Handlebar bag', leasable: true, spokeExtension: false },
  { bidexCode: '201430', parentCode: '201400', kind: 'accessory', nameDe: 'Rahmentasche', nameEn: 'Frame bag', leasable: true, spokeExtension: false },
  { bidexCode: '201440', parentCode: '201400', kind: 'accessory', nameDe: 'Satteltasche', nameEn: 'Saddle bag', leasable: true, spokeExtension: false },

  // 2015 — Baskets
  { bidexCode: '201500', parentCode: '200000', kind: 'accessory', nameDe: 'Fahrradkörbe', nameEn: 'Bike baskets', leasable: true, spokeExtension: false },
  { bidexCode: '201510', parentCode: '201500', kind: 'accessory', nameDe: 'Lenkerkorb', nameEn: 'Front basket', leasable: true, spokeExtension: false },
  { bidexCode: '201520', parentCode: '201500', kind: 'accessory', nameDe: 'Gepäckträgerkorb', nameEn: 'Rear basket', leasable: true, spokeExtension: false },

  // 2016 — Child seats
  { bidexCode: '201600', parentCode: '200000', kind: 'accessory', nameDe: 'Kindersitze', nameEn: 'Child seats', leasable: true, spokeExtension: false },
  { bidexCode: '201610', parentCode: '201600', kind: 'accessory', nameDe: 'Kindersitz vorne', nameEn: 'Front child seat', leasable: true, spokeExtension: false },
  { bidexCode: '201620', parentCode: '201600', kind: 'accessory', nameDe: 'Kindersitz hinten', nameEn: 'Rear child seat', leasable: true, spokeExtension: false },

  // 2017 — Trailers
  { bidexCode: '201700', parentCode: '200000', kind: 'accessory', nameDe: 'Fahrradanhänger', nameEn: 'Bike trailers', leasable: true, spokeExtension: false },
  { bidexCode: '201710', parentCode: '201700', kind: 'accessory', nameDe: 'Kinderanhänger', nameEn: 'Child trailer', leasable: true, spokeExtension: false },
  { bidexCode: '201720', parentCode: '201700', kind: 'accessory', nameDe: 'Lastenanhänger', nameEn: 'Cargo trailer', leasable: true, spokeExtension: false },

  // 2018 — Navigation & electronics
  { bidexCode: '201800', parentCode: '200000', kind: 'accessory', nameDe: 'Navigation und Elektronik', nameEn: 'Navigation and electronics', leasable: true, spokeExtension: false },
  { bidexCode: '201810', parentCode: '201800', kind: 'accessory', nameDe: 'Fahrradcomputer', nameEn: 'Bike computer', leasable: true, spokeExtension: false },
  { bidexCode: '201820', parentCode: '201800', kind: 'accessory', nameDe: 'GPS-Navigationsgerät', nameEn: 'GPS navigation device', leasable: true, spokeExtension: false },
  { bidexCode: '201830', parentCode: '201800', kind: 'accessory', nameDe: 'Smartphone-Halterung', nameEn: 'Phone mount', leasable: true, spokeExtension: false },

  // 2019 — Fitted parts
  { bidexCode: '201900', parentCode: '200000', kind: 'accessory', nameDe: 'Anbauteile', nameEn: 'Fitted parts', leasable: true, spokeExtension: false },
  { bidexCode: '201910', parentCode: '201900', kind: 'accessory', nameDe: 'Fahrradklingel', nameEn: 'Bell', leasable: true, spokeExtension: false },
  { bidexCode: '201920', parentCode: '201900', kind: 'accessory', nameDe: 'Seitenständer', nameEn: 'Side kickstand', leasable: true, spokeExtension: false },
  { bidexCode: '201930', parentCode: '201900', kind: 'accessory', nameDe: 'Zweibeinständer', nameEn: 'Double-leg kickstand', leasable: true, spokeExtension: false },
  { bidexCode: '201940', parentCode: '201900', kind: 'accessory', nameDe: 'Rahmenpumpe', nameEn: 'Frame-mounted pump', leasable: true, spokeExtension: false },

  // 2020 — E-bike batteries & chargers
  { bidexCode: '202000', parentCode: '200000', kind: 'accessory', nameDe: 'E-Bike-Akkus und Ladegeräte', nameEn: 'E-bike batteries and chargers', leasable: true, spokeExtension: false },
  { bidexCode: '202010', parentCode: '202000', kind: 'accessory', nameDe: 'Ersatzakku', nameEn: 'Spare e-bike battery', leasable: true, spokeExtension: false },
  { bidexCode: '202020', parentCode: '202000', kind: 'accessory', nameDe: 'Ladegerät', nameEn: 'Charger', leasable: true, spokeExtension: false },

  // 2021 — Gear-system upgrades (main group only; 202120/202130/202140/202150
  // are remapped internally to 202100 and must not be listed)
  { bidexCode: '202100', parentCode: '200000', kind: 'accessory', nameDe: 'Schaltungs-Upgrades', nameEn: 'Gear-system upgrades', leasable: true, spokeExtension: false },

  // ---------------------------------------------------------------------------
  // 90 — Spoke services (operator-specific extension)
  // ---------------------------------------------------------------------------
  { bidexCode: '900000', parentCode: null, kind: 'accessory', nameDe: 'Spoke-Services', nameEn: 'Spoke services', leasable: false, spokeExtension: true },

  // 9010 — Service packages
  { bidexCode: '901000', parentCode: '900000', kind: 'accessory', nameDe: 'Servicepakete', nameEn: 'Service packages', leasable: true, spokeExtension: true },
  { bidexCode: '901010', parentCode: '901000', kind: 'accessory', nameDe: 'Inspektionspaket', nameEn: 'Inspection package', leasable: true, spokeExtension: true },
  { bidexCode: '901020', parentCode: '901000', kind: 'accessory', nameDe: 'Verschleißpaket', nameEn: 'Wear-and-tear package', leasable: true, spokeExtension: true },

  // 9020 — Insurance add-ons
  { bidexCode: '902000', parentCode: '900000', kind: 'accessory', nameDe: 'Versicherungsbausteine', nameEn: 'Insurance add-ons', leasable: true, spokeExtension: true },
  { bidexCode: '902010', parentCode: '902000', kind: 'accessory', nameDe: 'Diebstahlschutz', nameEn: 'Theft protection', leasable: true, spokeExtension: true },
  { bidexCode: '902020', parentCode: '902000', kind: 'accessory', nameDe: 'Garantieverlängerung', nameEn: 'Extended warranty', leasable: true, spokeExtension: true },
];
