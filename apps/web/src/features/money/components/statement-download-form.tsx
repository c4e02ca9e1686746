import Button from 'antd-mobile/es/components/button';
import { STATEMENT_EXPORT_MAX_DAYS } from '@wallet/contract/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatementExport } from '../api/money-mutations';
import { calendarDay, earliestStart, lastThirtyDays, rangeProblem, type DayRange } from '../model/statement-range';
import { AppForm } from '../../../components/form/app-form';
import { withFormErrors } from '../../../components/form/form-call';
import { required } from '../../../components/form/rules';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../components/form/use-form';
import { saveFile } from '../../../components/save-file';
import { showToast } from '../../../components/toast';
import { useGuardedAction } from '../../../components/use-guarded-action';
import '../../account/account.css';

/** The days to download, the last 30 at first, as a CSV file of the statement. */
export default function StatementDownloadForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const statementExport = useStatementExport();
  const [today] = useState(() => calendarDay(new Date()));
  const form = useForm<DayRange>(() => lastThirtyDays(new Date()), {
    from: required(t('money.statement.export.required')),
    to: required(t('money.statement.export.required')),
  });

  const submit = useGuardedAction(async () => {
    if (!(await form.validate())) return;
    const days = { from: form.values.from, to: form.values.to };
    const problem = rangeProblem(days);
    if (problem) return form.setErrors({ to: t(`money.statement.export.${problem}`, { max: STATEMENT_EXPORT_MAX_DAYS }) });
    saveFile(await withFormErrors(form, () => statementExport.mutateAsync(days)), `statement-${days.from}-${days.to}.csv`);
    showToast(t('money.statement.export.saved'));
    onClose();
  });

  return (
    <AppForm name="statement-export" onSubmit={submit.run}>
      <div className="app-form-card" data-testid="statement-export">
        <TextField type="date" label={t('money.statement.export.from')} field={form.field('from')} min={form.values.to && earliestStart(form.values.to)} max={form.values.to || today} />
        <TextField type="date" label={t('money.statement.export.to')} field={form.field('to')} min={form.values.from} max={today} />
      </div>
      <p className="app-money-hint">{t('money.statement.export.hint', { max: STATEMENT_EXPORT_MAX_DAYS })}</p>
      <div className="app-statement-export-actions">
        <Button type="submit" color="primary" loading={submit.pending} disabled={submit.pending} data-testid="statement-export-submit">
          {t('money.statement.export.submit')}
        </Button>
        <Button fill="none" onClick={onClose}>
          {t('common.cancel')}
        </Button>
      </div>
    </AppForm>
  );
}
