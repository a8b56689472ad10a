import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../client';
import { randomOf } from './lived-in-data';

// Dating the lived-in offers back: the domain wrote every row moments ago; this moves each row's
// times to where the plan (lived-in.ts) puts it, within working hours and before `now`.

const DAY = 24 * 60 * 60 * 1000;

/** `at`, or the next morning when `at` falls outside working hours. */
function workingHourFrom(at: number, rnd: () => number): number {
  const d = new Date(at);
  const hour = d.getUTCHours();
  if (hour >= 6 && hour < 17) return at;
  if (hour >= 17) d.setTime(d.getTime() + DAY);
  d.setUTCHours(6, Math.floor(rnd() * 120), Math.floor(rnd() * 60), 0);
  return d.getTime();
}

/** How far after the previous entry each kind of history entry happens, in ms (before scaling). */
function gapAfter(action: string, rnd: () => number): number {
  switch (action) {
    case 'processed':
      return 2_000 + rnd() * 40_000;
    case 'updated':
      return (2 + rnd() * 70) * 60 * 60 * 1000;
    case 'customer_link_sent':
      return (1 + rnd() * 48) * 60 * 60 * 1000;
    case 'start_order':
      return (0.5 + rnd() * 72) * 60 * 60 * 1000;
    case 'submit_order':
      return (1 + rnd() * 96) * 60 * 60 * 1000;
    case 'employer_approve':
    case 'employer_decline':
      return (4 + rnd() * 100) * 60 * 60 * 1000;
    case 'operator_approve':
    case 'operator_decline':
      return (2 + rnd() * 60) * 60 * 60 * 1000;
    default:
      return (12 + rnd() * 200) * 60 * 60 * 1000;
  }
}

/**
 * Dates the rows of the given offers back along their plan: the history entries one after the
 * other from the offer's planned creation (gaps by kind of step, squeezed to end before `now`), and
 * from them the offer's own times, its notifications and mails (sent; those of the last two weeks unread), its
 * employer request and its customer links. The domain wrote all of them moments ago.
 */
export async function dateBack(db: Db, planned: { id: string; createdAt: Date }[], now: number, seed = 36): Promise<void> {
  if (planned.length === 0) return;
  const rnd = randomOf(seed + 1);
  const ids = planned.map((p) => p.id);
  const idList = sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
  const rows = rowsOf<{ id: number | string; offer_id: string; action: string }>(
    await db.execute(sql`select id, offer_id, action from offer_history where offer_id in ${idList} order by offer_id, id`),
  );
  const byOffer = new Map<string, { id: number; action: string }[]>();
  for (const r of rows) {
    const list = byOffer.get(r.offer_id) ?? [];
    list.push({ id: Number(r.id), action: r.action });
    byOffer.set(r.offer_id, list);
  }
  const times: { id: number; at: string }[] = [];
  for (const p of planned) {
    const entries = byOffer.get(p.id) ?? [];
    const start = p.createdAt.getTime();
    const gaps = entries.map((e, k) => (k === 0 ? 0 : gapAfter(e.action, rnd)));
    const span = gaps.reduce((s, g) => s + g, 0);
    // Squeeze the story into part of the time between its creation and a few minutes ago (a
    // part, so that stories squeezed do not all end at the same moment).
    const room = Math.max(60_000, (now - 5 * 60_000 - start) * (0.3 + rnd() * 0.65));
    const scale = span > room ? room / span : 1;
    const latest = now - 5 * 60_000;
    let at = start;
    entries.forEach((e, k) => {
      at += gaps[k]! * scale;
      // People act in working hours (06–17 UTC); the processor and customers at any time.
      if (e.action !== 'processed' && e.action !== 'start_order' && e.action !== 'submit_order') {
        const shifted = workingHourFrom(at, rnd);
        if (shifted <= latest) at = shifted;
      }
      at = Math.min(at, latest);
      times.push({ id: e.id, at: new Date(at).toISOString() });
    });
  }
  const timesJson = JSON.stringify(times);
  const t = sql`(select (value->>'id')::bigint as id, (value->>'at')::timestamptz as at from jsonb_array_elements(${timesJson}::jsonb))`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`update offer_history h set occurred_at = t.at from ${t} t where h.id = t.id`);
    await tx.execute(sql`
      update offers o set created_at = s.first, updated_at = s.last, status_changed_at = s.changed
      from (select offer_id, min(occurred_at) as first, max(occurred_at) as last,
              coalesce(max(occurred_at) filter (where to_status is not null and to_status is distinct from from_status), min(occurred_at)) as changed
            from offer_history where offer_id in ${idList} group by offer_id) s
      where o.id = s.offer_id`);
    // A notification or mail belongs to the entry that moved the offer into its status: the one it
    // names, else the latest such entry; account-less mails without a status to the latest entry.
    await tx.execute(sql`
      update notifications n set created_at = coalesce(
          (select h.occurred_at from offer_history h where h.id = n.history_id),
          (select max(h.occurred_at) from offer_history h where h.offer_id = n.offer_id and h.to_status = n.status),
          (select max(h.occurred_at) from offer_history h where h.offer_id = n.offer_id))
      where n.offer_id in ${idList}`);
    await tx.execute(sql`
      update notifications set mail_next_at = null, mail_sent_at = created_at + interval '40 seconds', mail_attempts = 1, mail_link = null,
        read_at = case when user_id is null then created_at
                       when created_at < ${new Date(now - 14 * DAY).toISOString()}::timestamptz then created_at + interval '3 hours'
                       else null end
      where offer_id in ${idList}`);
    // The lists of notifications read newest first by id: their rows again, in the order of their times.
    const columns = rowsOf<{ name: string }>(
      await tx.execute(sql`select column_name as name from information_schema.columns where table_name = 'notifications' and column_name <> 'id' order by ordinal_position`),
    ).map((c) => sql.identifier(c.name));
    const list = sql.join(columns, sql`, `);
    await tx.execute(sql`
      with moved as (delete from notifications where offer_id in ${idList} returning *)
      insert into notifications (${list}) select ${list} from moved order by created_at, id`);
    await tx.execute(sql`
      update employer_requests r set
        submitted_at = (select max(h.occurred_at) from offer_history h where h.offer_id = r.offer_id and h.action = 'submit_order'),
        decided_at = case when r.decided_at is null then null
          else (select max(h.occurred_at) from offer_history h where h.offer_id = r.offer_id and h.action in ('employer_approve', 'employer_decline')) end,
        closed_at = case when r.closed_at is null then null
          else coalesce((select max(h.occurred_at) from offer_history h where h.offer_id = r.offer_id and h.from_status = 'employer_decision_pending'), r.closed_at) end
      where r.offer_id in ${idList}`);
    await tx.execute(sql`
      update offer_customer_links l set
        created_at = coalesce((select max(h.occurred_at) from offer_history h where h.offer_id = l.offer_id and h.action = 'customer_link_sent'), l.created_at),
        replaced_at = case when l.replaced_at is null then null else l.created_at end
      where l.offer_id in ${idList}`);
    await tx.execute(sql`
      update offer_customer_links set expires_at = created_at + (expires_at - now()) where offer_id in ${idList}`);
  });
}
