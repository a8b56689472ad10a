import type { Metadata } from 'next';
import { OfferDetail } from '@/components/portal/offer-detail';
import { offerPageMetadata } from '@/lib/portal/http/offer-title';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return offerPageMetadata(params, 'detailTitle');
}

export default async function OfferPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <OfferDetail id={id} />;
}
