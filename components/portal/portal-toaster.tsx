'use client';

import dynamic from 'next/dynamic';

/** The portal's toasts, loaded after the page (a toast is never part of a page's first paint). */
export const PortalToaster = dynamic(() => import('@/components/ui/toaster').then((m) => m.Toaster), { ssr: false });
