import 'server-only';
import { z } from 'zod';
import { CATEGORY_KINDS } from '@/lib/shared/model';
import { warningsSchema, type Conforms } from '@/lib/api/response-schemas';
import { bidexCodeSchema } from '@/lib/offers/contract/schemas';
import type { accessoryCategories, allCategories } from './read-catalogue';

// What the catalogue endpoints answer (docs/contract.md, "Endpoints": a category entry).

export const categoryEntrySchema = z
  .strictObject({
    bidexCode: bidexCodeSchema,
    name: z.string().meta({ description: 'The name in the requested language.' }),
    categoryPath: z.array(z.string()).min(1).meta({
      description: 'The names from the top category down to this entry, in the requested language.',
    }),
    kind: z.enum(CATEGORY_KINDS),
    SpokeExtension: z.boolean().meta({ description: 'True on operator-specific entries outside the standard classification.' }),
  })
  .meta({ id: 'CategoryEntry', description: 'A leasable bicycle or accessory category.' });

const lang = z.enum(['de', 'en']).meta({ description: 'The language of the names.' });

export const accessoryCatalogueSchema = z
  .strictObject({
    data: z.array(categoryEntrySchema),
    meta: z.strictObject({ lang, totalCount: z.int().min(0), warnings: warningsSchema }).meta({ id: 'AccessoryCatalogueMeta' }),
  })
  .meta({ id: 'AccessoryCatalogue', description: 'The leasable accessory categories.' });

export const categoriesSchema = z
  .strictObject({
    data: z
      .strictObject({
        bicycles: z.array(categoryEntrySchema),
        accessories: z.array(categoryEntrySchema),
      })
      .meta({ id: 'CategoryTree' }),
    meta: z
      .strictObject({
        lang,
        restrictedForEmployee: z.boolean().meta({
          description: 'True when `email` named a registered employee and the entries are restricted to what the employer allows.',
        }),
        totalCount: z.int().min(0).meta({ description: 'The number of entries: bicycles and accessories together.' }),
        warnings: warningsSchema,
      })
      .meta({ id: 'CategoriesMeta' }),
  })
  .meta({ id: 'Categories', description: 'All leasable bicycle and accessory categories.' });

// The catalogue functions answer these shapes.
type _AccessoriesConform = Conforms<Awaited<ReturnType<typeof accessoryCategories>>, z.output<typeof accessoryCatalogueSchema>>;
type _CategoriesConform = Conforms<Awaited<ReturnType<typeof allCategories>>, z.output<typeof categoriesSchema>>;
