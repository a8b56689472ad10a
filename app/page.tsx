import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button';

const steps = [
  { title: 'Submit', text: 'Dealer systems send one bicycle plus accessories to POST /v1/offers and get 202 with a status object.' },
  { title: 'Processing', text: 'Spoke checks leasability, employer policy, product data and prices within seconds.' },
  { title: 'Track and fix', text: 'Read the status: draft to go on, rejected with every reason, field by field, to fix and resubmit.' },
];

export default function Home() {
  return (
    <main className="mx-auto max-w-4xl px-6 py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Spoke</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-ink">Lease offers for company bikes, without the back-and-forth.</h1>
      <p className="mt-4 max-w-2xl text-lg text-ink-muted">
        Spoke is the leasing offers service between bicycle dealers and the leasing operator: a versioned API for shop and ERP systems,
        a portal for dealer staff at the counter, and a console for the operator&apos;s review team.
      </p>
      <nav aria-label="Get started" className="mt-8 flex flex-wrap gap-3">
        <Link href="/portal" className={buttonVariants({ variant: 'primary' })}>
          Dealer portal sign-in
        </Link>
        <Link href="/docs" className={buttonVariants({ variant: 'secondary' })}>
          API reference
        </Link>
        {/* A JSON endpoint, not a page: a plain link (the lint rule takes the /api catch-all route for pages). */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/api/health" className={buttonVariants({ variant: 'ghost' })}>
          Service health
        </a>
      </nav>
      <ol className="mt-12 grid gap-4 sm:grid-cols-3">
        {steps.map((s, i) => (
          <li key={s.title} className="rounded-card border border-line bg-surface p-5">
            <p className="text-sm font-semibold text-brand-700">
              {i + 1}. {s.title}
            </p>
            <p className="mt-2 text-sm text-ink-muted">{s.text}</p>
          </li>
        ))}
      </ol>
    </main>
  );
}
