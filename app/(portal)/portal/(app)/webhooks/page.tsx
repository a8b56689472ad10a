import type { Metadata } from 'next';
import { Webhooks } from '@/components/portal/webhooks';
import { translator } from '@/lib/portal/i18n';
import { currentLang } from '@/lib/portal/http/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await currentLang())('webhooksTitle') };
}

export default function WebhooksPage() {
  return <Webhooks />;
}
