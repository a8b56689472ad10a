import type { Metadata } from 'next';
import { EditOffer } from '@/components/portal/edit-offer';
import { offerPageMetadata } from '@/lib/portal/http/offer-title';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return offerPageMetadata(params, 'builderEditTitle');
}

export default async function EditOfferPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  const { focus } = await searchParams;
  return <EditOffer id={id} focus={typeof focus === 'string' ? focus : undefined} />;
}
