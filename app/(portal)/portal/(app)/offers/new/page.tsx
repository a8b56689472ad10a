import type { Metadata } from 'next';
import { OfferBuilder } from '@/components/portal/offer-builder';
import { translator } from '@/lib/portal/i18n';
import { currentLang } from '@/lib/portal/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await currentLang())('builderNewTitle') };
}

export default function NewOfferPage() {
  return <OfferBuilder />;
}
