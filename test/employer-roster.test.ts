import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { listEmployerChanges } from '@/db/repositories/employer-roster';
import { employees } from '@/db/schema';
import { employerLeases } from '@/lib/employer/use-cases/leases';
import { rosterPage } from '@/lib/employer/use-cases/roster';
import { api } from './helpers/api';
import { addEmployee, hrOf, lease, newEmployer } from './helpers/employer-session';

// The employer's roster kept by its HR staff (docs/employer.md, "The roster"): one person at a
// time, or a CSV file checked first and applied in one transaction; a file with a bad line changes
// nothing and names each bad line by its number; every change is in the employer's history.

const roster = async (employerId: string) =>
  (await getDb().select().from(employees).where(eq(employees.employerId, employerId))).map((e) => [e.email, e.name, e.personnelNumber]).sort();

const importFile = (headers: Record<string, string>, csv: string, apply: boolean, lang = 'de') =>
  api.post('/api/employer/employees/import', { headers: { ...headers, 'accept-language': lang }, body: { csv, apply } });

describe('the roster', () => {
  it('adds, edits and removes one person, each in the history old → new; a removed person’s lease stays', async () => {
    const acme = await newEmployer();
    const hr = await hrOf(acme, 'Hanna Hübner');
    const add = await api.post('/api/employer/employees', { headers: hr.headers, body: { email: 'Jonas.Becker@Example.com', name: 'Jonas Becker', personnelNumber: '4711' } });
    expect(add.status, add.text).toBe(201);
    expect(add.body.data).toEqual({ email: 'jonas.becker@example.com' });
    const twice = await api.post('/api/employer/employees', { headers: hr.headers, body: { email: 'jonas.becker@example.com', name: 'J. B.' } });
    expect(twice.status).toBe(409);
    const taken = await api.post('/api/employer/employees', { headers: hr.headers, body: { email: 'lea@example.com', name: 'Lea', personnelNumber: '4711' } });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0]).toMatchObject({ details: 'personnelNumber' });
    expect((await api.post('/api/employer/employees', { headers: hr.headers, body: { email: 'x@example.com', name: 'X', personnelNumber: '=1+1' } })).status).toBe(400);

    const edit = await api.put('/api/employer/employees/jonas.becker%40example.com', { headers: hr.headers, body: { name: 'Jonas Becker-Roth', personnelNumber: '4712' } });
    expect(edit.status, edit.text).toBe(200);
    expect((await rosterPage(hr.staff, { page: 1 })).rows).toMatchObject([{ email: 'jonas.becker@example.com', name: 'Jonas Becker-Roth', personnelNumber: '4712' }]);

    const running = await lease(acme.id, 'jonas.becker@example.com', '2026-01-01', '2028-12-31', { name: 'Jonas Becker' });
    const removed = await api.delete('/api/employer/employees/jonas.becker%40example.com', { headers: hr.headers });
    expect(removed.status, removed.text).toBe(200);
    expect(await roster(acme.id)).toEqual([]);
    const leases = await employerLeases(hr.staff, { sort: 'name', page: 1 });
    expect(leases.leases).toMatchObject([{ offerNumber: running.offerNumber, personnelNumber: null }]);

    const { rows } = await listEmployerChanges(getDb(), acme.id, { limit: 10, offset: 0 });
    expect(rows.map((r) => [r.kind, r.subject, r.actorType, r.actorName, r.changes])).toEqual([
      ['employee_removed', 'jonas.becker@example.com', 'employer', 'Hanna Hübner', [{ field: 'name', old: 'Jonas Becker-Roth', new: null }, { field: 'personnelNumber', old: '4712', new: null }]],
      ['employee_changed', 'jonas.becker@example.com', 'employer', 'Hanna Hübner', [{ field: 'name', old: 'Jonas Becker', new: 'Jonas Becker-Roth' }, { field: 'personnelNumber', old: '4711', new: '4712' }]],
      ['employee_added', 'jonas.becker@example.com', 'employer', 'Hanna Hübner', [{ field: 'name', old: null, new: 'Jonas Becker' }, { field: 'personnelNumber', old: null, new: '4711' }]],
    ]);
  });

  it('refuses a file with bad lines by line number and why, in the reader’s language, and changes nothing; another employer’s employee tells nothing of it', async () => {
    const acme = await newEmployer();
    const hr = await hrOf(acme);
    const kept = await addEmployee(acme.id, 'Karl Kept', 'K-1');
    const other = await newEmployer('Geheim & Co KG');
    const theirs = await addEmployee(other.id, 'Olga Other', 'O-1');
    const before = await roster(acme.id);
    const csv = [
      'email;name;personnelNumber',
      'new.one@example.com;Neue Eins;N-1',
      'not-an-email;Kaputt;N-2',
      '',
      `${theirs};Olga Other;N-3`,
      'new.two@example.com;;N-4',
      'new.one@example.com;Doppelt;N-5',
      `fresh@example.com;Frisch;K-1`,
    ].join('\r\n');
    for (const apply of [false, true]) {
      const res = await importFile(hr.headers, csv, apply);
      expect(res.status, res.text).toBe(400);
      expect(res.body.errors.map((e: { details: string; message: string }) => [e.details, e.message])).toEqual([
        ['line 3', 'Zeile 3: „not-an-email“ ist keine gültige E-Mail-Adresse.'],
        ['line 5', `Zeile 5: Die E-Mail-Adresse ${theirs} kann nicht eingetragen werden. Bitte wenden Sie sich an den Leasinggeber.`],
        ['line 6', 'Zeile 6: Der Name fehlt.'],
        ['line 7', 'Zeile 7: Diese E-Mail-Adresse steht schon in Zeile 2.'],
        ['line 8', 'Zeile 8: Die Personalnummer K-1 hat schon Karl Kept, die oder der nicht in der Datei steht.'],
      ]);
      expect(res.text).not.toContain('Geheim');
    }
    expect(await roster(acme.id)).toEqual(before);
    expect(before.map((r) => r[0])).toEqual([kept]);
    const english = await importFile(hr.headers, 'email,name\nbad,Bad', true, 'en');
    expect(english.body.errors[0]).toMatchObject({ details: 'line 2', message: 'Line 2: “bad” is not a valid e-mail address.' });
    const header = await importFile(hr.headers, 'mail;vorname\na@example.com;A', false);
    expect(header.body.errors[0]).toMatchObject({ details: 'line 1' });
    expect((await listEmployerChanges(getDb(), acme.id, { limit: 10, offset: 0 })).total).toBe(0);
  });

  it('shows what a good file changes, then applies it in one transaction: adds and updates, removes nobody, history old → new', async () => {
    const acme = await newEmployer();
    const hr = await hrOf(acme, 'Paula Personal');
    const anna = await addEmployee(acme.id, 'Anna Alt', 'A-1');
    const stays = await addEmployee(acme.id, 'Stefan Stays', 'S-1');
    const same = await addEmployee(acme.id, 'Sam Same', 'X-9');
    // `,` separated, quoted name with a comma, the personnel number moves between two people of the file.
    const csv = `\uFEFFname,email,personnelNumber\n"Ahrens, Anna",${anna.toUpperCase()},B-2\nBeate Neu,beate@example.com,A-1\nSam Same,${same},X-9\n`;
    const preview = await importFile(hr.headers, csv, false);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data).toMatchObject({
      applied: false,
      added: [{ email: 'beate@example.com', name: 'Beate Neu', personnelNumber: 'A-1' }],
      changed: [{ email: anna, changes: [{ field: 'name', old: 'Anna Alt', new: 'Ahrens, Anna' }, { field: 'personnelNumber', old: 'A-1', new: 'B-2' }] }],
      unchanged: 1,
    });
    expect((await roster(acme.id)).find((r) => r[0] === anna)).toEqual([anna, 'Anna Alt', 'A-1']);

    const applied = await importFile(hr.headers, csv, true);
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.data.applied).toBe(true);
    expect(await roster(acme.id)).toEqual(
      [
        [anna, 'Ahrens, Anna', 'B-2'],
        ['beate@example.com', 'Beate Neu', 'A-1'],
        [same, 'Sam Same', 'X-9'],
        [stays, 'Stefan Stays', 'S-1'],
      ].sort(),
    );
    const { rows } = await listEmployerChanges(getDb(), acme.id, { limit: 10, offset: 0 });
    expect(rows.map((r) => [r.kind, r.subject, r.actorName]).sort()).toEqual(
      [
        ['employee_added', 'beate@example.com', 'Paula Personal'],
        ['employee_changed', anna, 'Paula Personal'],
      ].sort(),
    );
  });

  it('keeps each employer’s roster its own: another employer’s HR neither sees, edits nor removes it', async () => {
    const acme = await newEmployer();
    const hr = await hrOf(acme);
    const anna = await addEmployee(acme.id, 'Anna Acme', 'A-1');
    const beta = await newEmployer();
    const betaHr = await hrOf(beta);
    expect((await rosterPage(betaHr.staff, { page: 1 })).rows).toEqual([]);
    expect((await rosterPage(betaHr.staff, { q: 'anna', page: 1 })).total).toBe(0);
    const path = `/api/employer/employees/${encodeURIComponent(anna)}`;
    expect((await api.put(path, { headers: betaHr.headers, body: { name: 'Stolen', personnelNumber: null } })).status).toBe(404);
    expect((await api.delete(path, { headers: betaHr.headers })).status).toBe(404);
    const add = await api.post('/api/employer/employees', { headers: betaHr.headers, body: { email: anna, name: 'Anna' } });
    expect(add.status).toBe(409);
    expect(add.text).not.toContain(acme.name);
    expect((await rosterPage(hr.staff, { page: 1 })).rows).toMatchObject([{ email: anna, name: 'Anna Acme', personnelNumber: 'A-1' }]);
    expect((await api.post('/api/employer/employees', { headers: { origin: hr.headers.origin! }, body: { email: 'a@example.com', name: 'A' } })).status).toBe(401);
  });
});
