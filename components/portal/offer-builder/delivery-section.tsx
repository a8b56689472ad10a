'use client';

import { useWatch } from 'react-hook-form';
import { NativeCheckbox } from '@/components/ui/native-checkbox';
import { Textarea } from '@/components/ui/input';
import { usePortal } from '../providers';
import { useBuilderFields } from './builder-context';
import { DateField, FieldMessage, MoneyField, Section } from './fields';
import { fieldId } from './form-rules';

/** Delivery: shipping (its cost only with shipping), installation, the delivery day. */
export function DeliverySection() {
  const { t } = usePortal();
  const { form } = useBuilderFields();
  const { control, register, setValue } = form;
  const withShipping = useWatch({ control, name: 'withShipping' });
  return (
    <Section title={t('sectionDelivery')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex items-center gap-2 sm:col-span-2">
          <NativeCheckbox
            id={fieldId('withShipping')}
            {...register('withShipping', {
              onChange: (e: { target: { checked: boolean } }) => {
                if (!e.target.checked) setValue('shippingCostGross', '');
              },
            })}
          />
          <label htmlFor={fieldId('withShipping')} className="flex min-h-11 flex-1 cursor-pointer items-center text-sm font-medium text-ink">
            {t('withShipping')}
          </label>
        </div>
        {withShipping ? <MoneyField name="shippingCostGross" label="shippingCostGross" /> : null}
        <MoneyField name="installationCostGross" label="installationCostGross" />
        <DateField name="deliveryDate" label="deliveryDate" />
      </div>
    </Section>
  );
}

export function NotesSection() {
  const { t } = usePortal();
  const { form, messageFor } = useBuilderFields();
  const id = fieldId('notes');
  const msg = messageFor('notes');
  return (
    <Section title={t('sectionNotes')}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {t('notes')} <span className="font-normal text-ink-muted">({t('optional')})</span>
      </label>
      <Textarea
        id={id}
        rows={3}
        maxLength={4000}
        aria-invalid={msg ? true : undefined}
        aria-describedby={msg ? `${id}-msg` : undefined}
        className="mt-1"
        {...form.register('notes')}
      />
      <FieldMessage id={`${id}-msg`} msg={msg} />
    </Section>
  );
}
