import type { ReactNode } from 'react';
import { AppShell, type NavItem } from '@/components/ui/app-shell';

// The frame every signed-in face (portal, console, employer) puts its pages in: the app shell with
// the brand "Spoke · <face>", the shell's texts in the reader's language, and who is signed in
// beside the face's own controls (environment, language, sign-out).

/** The shell's words, which every face's translator has. */
type ShellKey = 'appName' | 'skipToContent' | 'mainNav' | 'openMenu' | 'close' | 'menu';

export type SignedIn = {
  /** What the name is, for the screen reader ("Händler", "Angemeldet als"). */
  label: string;
  name: string;
  testId: string;
  /** After the name, e.g. the person of a company account. */
  detail?: string;
};

export function FaceLayout({
  lang,
  t,
  face,
  homeHref,
  nav,
  signedIn,
  controls,
  actions,
  notice,
  children,
}: {
  lang: string;
  t: (key: ShellKey) => string;
  face: string;
  homeHref: string;
  nav: NavItem[];
  signedIn: SignedIn;
  controls: ReactNode;
  actions?: ReactNode;
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <AppShell
      lang={lang}
      homeHref={homeHref}
      brand={
        <>
          {t('appName')} <span className="font-medium text-ink-muted">· {face}</span>
        </>
      }
      nav={nav}
      texts={{ skipToContent: t('skipToContent'), mainNav: t('mainNav'), openMenu: t('openMenu'), closeMenu: t('close'), menu: t('menu') }}
      tools={
        <>
          <p className="text-sm text-ink-muted">
            <span className="sr-only">{signedIn.label}: </span>
            <span className="font-semibold text-ink" data-testid={signedIn.testId}>
              {signedIn.name}
            </span>
            {signedIn.detail !== undefined ? <span> · {signedIn.detail}</span> : null}
          </p>
          {controls}
        </>
      }
      actions={actions}
      notice={notice}
    >
      {children}
    </AppShell>
  );
}
