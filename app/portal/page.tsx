import Link from 'next/link';

export const metadata = { title: 'Dealer portal' };

export default function PortalComingSoon() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-2xl font-bold">Dealer portal</h1>
      <p className="mt-4 text-slate-700">The dealer portal is coming. Until then, dealer systems use the v1 API with their sandbox credentials.</p>
      <Link href="/" className="mt-6 inline-block text-brand-700 underline">
        Back to the start page
      </Link>
    </main>
  );
}
