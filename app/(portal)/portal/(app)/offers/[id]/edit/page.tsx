import type { Metadata } from 'next';
import { EditOffer } from '@/components/portal/edit-offer';
import { translator } from '@/lib/portal/i18n';
import { currentLang } from '@/lib/portal/http/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await currentLang())('edit') };
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
