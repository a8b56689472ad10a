// The console's control styles, one definition for every form and action of it.
export const button = 'rounded-md border px-3 py-2 text-sm font-semibold disabled:opacity-60';
export const primary = `${button} border-brand-700 bg-brand-700 text-white hover:bg-brand-900`;
export const secondary = `${button} border-slate-400 bg-white text-slate-900 hover:bg-slate-100`;
export const small = 'rounded-md border px-2 py-1 text-xs font-semibold disabled:opacity-60';
export const input = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm';
export const label = 'block text-sm font-medium text-slate-800';
