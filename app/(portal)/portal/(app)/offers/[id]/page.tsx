import type { Metadata } from 'next';
import { OfferDetail } from '@/components/portal/offer-detail';
import { idParamSchema } from '@/lib/shared/id-schema';
import { offerPageMetadata } from '@/lib/portal/http/offer-title';
import { requirePortalContext } from '@/lib/portal/http/server';
import { offerElsewhere } from '@/lib/portal/use-cases/offer-title';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return offerPageMetadata(params, 'detailTitle');
}

/** The offer of the chosen environment; one of the other environment offers to switch there and open it. */
export default async function OfferPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await requirePortalContext();
  const parsed = idParamSchema.safeParse(id);
  const elsewhere = parsed.success ? await offerElsewhere({ dealerId: ctx.dealerId, environment: ctx.environment }, parsed.data, ctx.productionAccess) : undefined;
  return <OfferDetail id={id} elsewhere={elsewhere} />;
}
