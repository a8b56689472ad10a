import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { ActionLog } from '@/components/console/action-log';
import { BackLink } from '@/components/console/back-link';
import { BoundsEditor } from '@/components/console/bounds-editor';
import { LeaseTermsEditor } from '@/components/console/lease-terms-editor';
import { PolicyEditor, RegisterEmployeeForm, type CategoryOption } from '@/components/console/employer-forms';
import { EmployeeTable } from '@/components/console/record-tables';
import { StaffPanel } from '@/components/console/staff-panel';
import { staffOf } from '@/lib/auth/accounts';
import { Card, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { StatusPage } from '@/components/ui/status-page';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import { employerDetail, employerName } from '@/lib/console/use-cases/employers';
import { consoleLang, consoleTranslator, formatDateTime, LANG_COOKIE } from '@/lib/console/i18n';
import { operatorOrNull } from '@/lib/console/http/auth';
import { consolePage } from '@/lib/console/http/page';
import { idParamSchema } from '@/lib/shared/id-schema';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  // Nothing of a record before the operator check: a stranger gets the console's title for any id.
  if (!(await operatorOrNull())) return {};
  const { id } = await params;
  const parsed = idParamSchema.safeParse(id);
  const name = parsed.success ? await employerName(parsed.data) : undefined;
  return { title: name ?? consoleTranslator(consoleLang((await cookies()).get(LANG_COOKIE)?.value))('employerNotFound') };
}

const num = (v: string | null) => (v === null ? null : Number(v));

export default async function EmployerPage({ params }: { params: Promise<{ id: string }> }) {
  const { lang, t } = await consolePage();
  const { id } = await params;
  const parsed = idParamSchema.safeParse(id);
  const detail = parsed.success ? await employerDetail(parsed.data) : null;
  if (!detail) {
    return <StatusPage brand={`${t('appName')} · ${t('console')}`} title={t('employerNotFound')} text={t('notFoundText')} backHref="/console/employers" backLabel={t('backToEmployers')} />;
  }
  const { employer, employees, actions, excluded, leaseTerms } = detail;
  const [catalogue, staff] = await Promise.all([loadCatalogue(), staffOf({ employerId: employer.id })]);
  const categories: CategoryOption[] = catalogue.nodes.map((n) => ({
    code: n.bidexCode,
    parent: n.parentCode,
    kind: n.kind,
    name: lang === 'en' ? n.nameEn : n.nameDe,
    depth: catalogue.lineage(n.bidexCode).length - 1,
  }));

  return (
    <div className="space-y-section">
      <PageHeader back={<BackLink href="/console/employers">{t('backToEmployers')}</BackLink>} title={employer.name} />

      <Card aria-labelledby="policy-heading">
        <CardHeader id="policy-heading" title={t('policyTitle')} description={t('policyIntro')} />
        <PolicyEditor employerId={employer.id} categories={categories} excluded={excluded} />
      </Card>

      <Card aria-labelledby="lease-terms-heading">
        <CardHeader id="lease-terms-heading" title={t('leaseTermsTitle')} description={t('leaseTermsIntro')} />
        <LeaseTermsEditor employerId={employer.id} employerName={employer.name} terms={leaseTerms} />
      </Card>

      <Card aria-labelledby="bounds-heading">
        <CardHeader id="bounds-heading" title={t('rulesBoundsTitle')} description={t('rulesBoundsIntro')} />
        <BoundsEditor
          employerId={employer.id}
          bounds={{ maxTotalPriceGross: num(employer.maxTotalPriceGross), totalPriceFloorGross: num(employer.totalPriceFloorGross), totalPriceCeilingGross: num(employer.totalPriceCeilingGross), bicyclesAtOnceCeiling: employer.bicyclesAtOnceCeiling }}
          hr={{ minTotalPriceGross: num(employer.minTotalPriceGross), maxTotalPriceGross: num(employer.maxTotalPriceGross), maxBicyclesAtOnce: employer.maxBicyclesAtOnce }}
        />
      </Card>

      <Card aria-labelledby="employees-heading" className="space-y-3">
        <CardHeader id="employees-heading" title={t('employees')} />
        <RegisterEmployeeForm employerId={employer.id} />
        {employees.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('noEmployees')}</p>
        ) : (
          <EmployeeTable rows={employees.map((e) => ({ email: e.email, name: e.name ?? t('none'), registered: formatDateTime(e.createdAt.toISOString(), lang) }))} />
        )}
      </Card>

      <StaffPanel
        employerId={employer.id}
        users={staff.map((u) => ({
          ...u,
          createdAt: u.createdAt.toISOString(),
          disabledAt: u.disabledAt ? u.disabledAt.toISOString() : null,
          lastSeenAt: u.lastSeenAt ? u.lastSeenAt.toISOString() : null,
        }))}
      />

      <Card aria-labelledby="log-heading">
        <CardHeader id="log-heading" title={t('logTitle')} />
        <ActionLog actions={actions} lang={lang} t={t} />
      </Card>
    </div>
  );
}
