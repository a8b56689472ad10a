import Link from 'next/link';

export const metadata = { title: 'API reference' };

export default function DocsComingSoon() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-2xl font-bold">API reference</h1>
      <p className="mt-4 text-slate-700">
        The interactive reference is coming. The README&apos;s quickstart shows every call with curl: get a token from /oauth/token, then
        create, read, list, update and cancel offers under /v1.
      </p>
      <Link href="/" className="mt-6 inline-block text-brand-700 underline">
        Back to the start page
      </Link>
    </main>
  );
}
