import type { Metadata } from 'next';
import { OfferDetail } from '@/components/portal/offer-detail';
import { translator } from '@/lib/portal/i18n';
import { currentLang } from '@/lib/portal/http/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await currentLang())('offerData') };
}

export default async function OfferPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <OfferDetail id={id} />;
}
