import type { Metadata } from 'next';
import { Suspense } from 'react';
import { OfferList } from '@/components/portal/offer-list';
import { translator } from '@/lib/portal/i18n';
import { currentLang } from '@/lib/portal/http/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await currentLang())('offersTitle') };
}

export default function OffersPage() {
  return (
    <Suspense>
      <OfferList />
    </Suspense>
  );
}
