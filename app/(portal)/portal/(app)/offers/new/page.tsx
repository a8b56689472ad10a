import type { Metadata } from 'next';
import { CopyOffer } from '@/components/portal/copy-offer';
import { OfferBuilder } from '@/components/portal/offer-builder';
import { translator } from '@/lib/portal/i18n';
import { currentLang } from '@/lib/portal/http/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await currentLang())('builderNewTitle') };
}

/** A new offer; with `?from=<offer id>`, prefilled as a copy of that offer. */
export default async function NewOfferPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { from } = await searchParams;
  if (typeof from === 'string' && from !== '') return <CopyOffer id={from} />;
  return <OfferBuilder />;
}
