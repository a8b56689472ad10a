import 'server-only';
import { listEmployerChanges } from '@/db/repositories/employer-roster';
import { getDb } from '@/lib/database';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import type { Lang } from '@/lib/i18n/messages';
import type { EmployerStaff } from './requests';

// The employer's history of its rules and roster, newest first: who (HR staff or the operator),
// when, what, each value old → new. Category codes are named in the reader's language.

export type ChangeValue = { kind: 'money' | 'count' | 'text' | 'list'; value: number | string | string[] | null };
export type EmployerChange = {
  id: number;
  occurredAt: string;
  actorType: 'employer' | 'operator';
  actorName: string;
  kind: string;
  subject: string | null;
  changes: { field: string; old: ChangeValue; new: ChangeValue }[];
};

const MONEY = ['minTotalPriceGross', 'maxTotalPriceGross', 'totalPriceFloorGross', 'totalPriceCeilingGross'];
const COUNT = ['maxBicyclesAtOnce', 'bicyclesAtOnceCeiling'];

export async function employerChanges(staff: EmployerStaff, lang: Lang, page: { limit: number; offset: number }): Promise<{ changes: EmployerChange[]; total: number }> {
  const [{ rows, total }, catalogue] = await Promise.all([listEmployerChanges(getDb(), staff.employerId, page), loadCatalogue()]);
  const valueOf = (field: string, v: unknown): ChangeValue => {
    if (v === null || v === undefined) return { kind: 'text', value: null };
    if (MONEY.includes(field)) return { kind: 'money', value: Number(v) };
    if (COUNT.includes(field)) return { kind: 'count', value: Number(v) };
    if (Array.isArray(v)) {
      return {
        kind: 'list',
        value: v.map((code) => {
          const node = catalogue.get(String(code));
          return node ? (lang === 'en' ? node.nameEn : node.nameDe) : String(code);
        }),
      };
    }
    return { kind: 'text', value: String(v) };
  };
  return {
    total,
    changes: rows.map((r) => ({
      id: r.id,
      occurredAt: r.occurredAt.toISOString(),
      actorType: r.actorType === 'operator' ? 'operator' : 'employer',
      actorName: r.actorName ?? '',
      kind: r.kind,
      subject: r.subject,
      changes: r.changes.map((c) => ({ field: c.field, old: valueOf(c.field, c.old), new: valueOf(c.field, c.new) })),
    })),
  };
}
