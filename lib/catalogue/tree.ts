import 'server-only';
import type { CategoryRow } from '@/db/repositories/catalogue';
import type { Lang } from '@/lib/i18n/messages';
import type { CategoryKind } from '@/lib/shared/model';

// The catalogue of BIDEX codes as a tree: what a check asks of it, and its entries as the API
// answers them. Read from the database by loadCatalogue (catalogue.ts).

export type { CategoryKind };
type Node = CategoryRow;

/** A category entry as the API answers it. */
export type CategoryEntry = {
  bidexCode: string;
  name: string;
  categoryPath: string[];
  kind: CategoryKind;
  SpokeExtension: boolean;
};

export class Catalogue {
  private readonly byCode: Map<string, Node>;

  constructor(readonly nodes: readonly Node[]) {
    this.byCode = new Map(nodes.map((n) => [n.bidexCode, n]));
  }

  get(code: string): Node | undefined {
    return this.byCode.get(code);
  }

  /** True when `code` is a leasable entry of that kind. */
  isLeasable(code: string, kind: CategoryKind): boolean {
    const node = this.byCode.get(code);
    return !!node && node.leasable && node.kind === kind;
  }

  /** The code itself and its ancestors, top first. */
  lineage(code: string): Node[] {
    const out: Node[] = [];
    for (let node = this.byCode.get(code); node; node = node.parentCode ? this.byCode.get(node.parentCode) : undefined) {
      out.unshift(node);
      if (out.length > 10) break;
    }
    return out;
  }

  /** True when an employer's excluded codes cover `code` (the code or one of its ancestors). */
  isExcluded(code: string, excluded: readonly string[]): boolean {
    if (excluded.length === 0) return false;
    return this.lineage(code).some((n) => excluded.includes(n.bidexCode)) || excluded.includes(code);
  }

  /** The leasable entries of a kind in catalogue order, named in `lang`, minus excluded ones. */
  entries(kind: CategoryKind, lang: Lang, excluded: readonly string[] = []): CategoryEntry[] {
    return this.nodes
      .filter((n) => n.kind === kind && n.leasable && !this.isExcluded(n.bidexCode, excluded))
      .map((n) => {
        const path = this.lineage(n.bidexCode).map((p) => (lang === 'en' ? p.nameEn : p.nameDe));
        return {
          bidexCode: n.bidexCode,
          name: path[path.length - 1]!,
          categoryPath: path,
          kind: n.kind,
          SpokeExtension: n.spokeExtension,
        };
      });
  }
}
