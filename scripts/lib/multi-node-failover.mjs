// The failover check of scripts/multi-node.mjs: four clients create and read offers through the
// balancer, one node gets SIGKILL, and afterwards every answered create is readable with its own
// key, no key has two offers and no offer lacks its history entry. Answers the figures.
import { assert, offerBody, req } from './multi-node-helpers.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * `victim`: the node's child process (its process group is killed); `sql(text)`: one value from
 * the run's database; `token`: a client's bearer token whose rate limit is not shared.
 */
export async function killUnderLoad({ lbUrl, token, victim, sql, log }) {
  const auth = { authorization: `Bearer ${token}` };
  const stats = { requests: 0, errors: 0, answered: new Map(), lastErrorAt: 0 };
  let stop = false;
  const failed = () => {
    stats.errors++;
    stats.lastErrorAt = Date.now();
  };
  const worker = async (w) => {
    for (let n = 0; !stop; n++) {
      const key = `mn-kill-${w}-${n}`;
      let id;
      let last = '';
      // Retried with the same key until answered: through the balancer's failover (nginx may
      // briefly hold both upstreams as failed after a kill) for up to 20 s.
      for (const until = Date.now() + 20_000; !id && Date.now() < until; ) {
        stats.requests++;
        const r = await req(`${lbUrl}/v1/offers`, { method: 'POST', body: JSON.stringify(offerBody(key)), headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': key } });
        if (r.status === 202 || r.status === 201 || r.status === 200) id = r.json.data.id;
        else {
          last = String(r.status);
          failed();
          await sleep(200);
        }
      }
      if (!id) throw new Error(`${key}: no 202 within 20 s of retries (last answer ${last})`);
      stats.answered.set(key, id);
      stats.requests++;
      if ((await req(`${lbUrl}/v1/offers/${id}`, { headers: auth })).status !== 200) failed();
      // Paced below the client's rate limit: a 429 here would say nothing about the failover.
      await sleep(400);
    }
  };
  const workers = Array.from({ length: 4 }, (_, w) => worker(w));
  await sleep(3000);
  const killedAt = Date.now();
  process.kill(-victim.pid, 'SIGKILL');
  log('node 2 killed (SIGKILL)');
  await sleep(6000);
  stop = true;
  await Promise.all(workers);

  for (const [key, id] of stats.answered) {
    const r = await req(`${lbUrl}/v1/offers/${id}`, { headers: auth });
    assert(r.status === 200 && r.json.data.externalOfferId === key, `${key}: ${r.status}`);
  }
  const dupes = sql(`select count(*) from (select external_offer_id from offers where external_offer_id like 'mn-kill-%' group by 1 having count(*) > 1) x`);
  assert(dupes === '0', `keys with more than one offer: ${dupes}`);
  const stored = Number(sql(`select count(*) from offers where external_offer_id like 'mn-kill-%'`));
  assert(stored === stats.answered.size, `stored ${stored}, answered ${stats.answered.size}`);
  const halfWritten = sql(`select count(*) from offers o where external_offer_id like 'mn-kill-%' and not exists (select 1 from offer_history h where h.offer_id = o.id and h.action = 'created')`);
  assert(halfWritten === '0', `offers without their history entry: ${halfWritten}`);
  return { requests: stats.requests, errors: stats.errors, offers: stats.answered.size, recoverMs: stats.lastErrorAt > killedAt ? stats.lastErrorAt - killedAt : 0 };
}
