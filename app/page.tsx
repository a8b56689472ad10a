import Link from 'next/link';

const steps = [
  { title: 'Submit', text: 'Dealer systems send one bicycle plus accessories to POST /v1/offers and get 202 with a status object.' },
  { title: 'Processing', text: 'Spoke checks leasability, employer policy, product data and prices within seconds.' },
  { title: 'Track and fix', text: 'Read the status: draft to go on, rejected with every reason, field by field, to fix and resubmit.' },
];

export default function Home() {
  return (
    <main className="mx-auto max-w-4xl px-6 py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Spoke</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900">Lease offers for company bikes, without the back-and-forth.</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700">
        Spoke is the leasing offers service between bicycle dealers and the leasing operator: a versioned API for shop and ERP systems,
        a portal for dealer staff at the counter, and a console for the operator&apos;s review team.
      </p>
      <nav aria-label="Get started" className="mt-8 flex flex-wrap gap-3">
        <Link href="/portal" className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900">
          Dealer portal sign-in
        </Link>
        <Link href="/docs" className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-100">
          API reference
        </Link>
        {/* A JSON endpoint, not a page: a plain link (the lint rule takes the /api catch-all route for pages). */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/api/health" className="rounded-md px-4 py-2 font-medium text-slate-700 underline-offset-4 hover:underline">
          Service health
        </a>
      </nav>
      <ol className="mt-12 grid gap-4 sm:grid-cols-3">
        {steps.map((s, i) => (
          <li key={s.title} className="rounded-lg border border-slate-200 bg-white p-5">
            <p className="text-sm font-semibold text-brand-700">
              {i + 1}. {s.title}
            </p>
            <p className="mt-2 text-sm text-slate-700">{s.text}</p>
          </li>
        ))}
      </ol>
    </main>
  );
}
