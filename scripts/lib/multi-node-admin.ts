// Operator steps of scripts/multi-node.mjs, run against DATABASE_URL in one process each:
//   clients <n>      creates n sandbox clients of the demo dealer; prints [{clientId, secret}] as JSON
//   disable <id>     disables a client
//   rotate <id>      rotates a client's secret; prints {clientId, secret} as JSON
import { database } from '@/lib/database';
import { createClient, disableClient, rotateClientSecret } from '@/lib/auth/manage-clients';

async function main() {
  const [command, arg] = process.argv.slice(2);
  const db = database();
  try {
    if (command === 'clients') {
      const out = [];
      for (let i = 0; i < Number(arg); i++) {
        const c = await createClient(db.db, { dealer: 'Radhaus Demo', environment: 'sandbox', name: `multi-node ${i + 1}` });
        out.push({ clientId: c.clientId, secret: c.secret });
      }
      console.log(JSON.stringify(out));
    } else if (command === 'disable' && arg) {
      await disableClient(db.db, arg);
      console.log(JSON.stringify({ disabled: arg }));
    } else if (command === 'rotate' && arg) {
      const r = await rotateClientSecret(db.db, arg);
      console.log(JSON.stringify({ clientId: r.clientId, secret: r.secret }));
    } else {
      throw new Error('usage: clients <n> | disable <id> | rotate <id>');
    }
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
