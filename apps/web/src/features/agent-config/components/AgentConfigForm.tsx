import { Box, Button, Stack, Typography } from '@mui/material';
import {
  AGENT_CONFIG_FORM,
  type AgentConfig,
  type AgentConfigGroup,
  agentConfigMessages,
} from '@portal/contract';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import {
  type FormValues,
  fieldId,
  formValuesOf,
  isChanged,
  secretIsSet,
  validate,
} from '../agent-config-form.ts';
import { type AgentConfigChangeRequest, useChangeAgentConfig } from '../api/change-agent-config.ts';
import { AgentConfigField } from './AgentConfigField.tsx';
import { AgentConfigHistoryPanel } from './AgentConfigHistoryPanel.tsx';

type Pending = { kind: 'apply' } | { kind: 'reset' } | { kind: 'revert'; to: number } | null;

/**
 * The grouped settings with Reset to default and Apply (spec 002 sections 2, 4, 5): Apply only when every value is
 * valid and one differs from the loaded one; Reset only above version 1; both confirmed first.
 */
export function AgentConfigForm({
  sid,
  cfg,
  canWrite,
}: {
  sid: string;
  cfg: AgentConfig;
  canWrite: boolean;
}) {
  const t = useT('agent-config');
  const loaded = useMemo(() => formValuesOf(cfg), [cfg]);
  const [values, setValues] = useState<FormValues>(loaded);
  const [pending, setPending] = useState<Pending>(null);
  const notify = useNotify();
  const change = useChangeAgentConfig({
    onSuccess: (answer, request) => {
      const text =
        request.kind === 'reset'
          ? agentConfigMessages.reset
          : request.kind === 'revert'
            ? answer.message
            : agentConfigMessages.updated;
      notify({ variant: 'success', text });
    },
    onError: (error, request) => {
      notify({
        variant: 'error',
        text: request.kind === 'reset' ? agentConfigMessages.resetFailed : agentConfigMessages.updateFailed,
      });
      if (error instanceof ApiError && error.status === 409)
        notify({ variant: 'warning', text: agentConfigMessages.changedMeanwhile });
    },
  });
  const { input, errors } = useMemo(() => validate(cfg, values), [cfg, values]);
  const changed = isChanged(loaded, values);
  const canApply = canWrite && input !== undefined && changed;
  const canReset = canWrite && cfg.cfv > 1;

  const set = (group: AgentConfigGroup, key: string, value: string | boolean) =>
    setValues((previous) => ({ ...previous, [group]: { ...previous[group], [key]: value } }));

  const confirm = () => {
    const request: AgentConfigChangeRequest | null =
      pending?.kind === 'apply' && input
        ? { kind: 'update', SID: sid, cfg: input }
        : pending?.kind === 'reset'
          ? { kind: 'reset', SID: sid, cfv: cfg.cfv }
          : pending?.kind === 'revert'
            ? { kind: 'revert', SID: sid, cfv: cfg.cfv, to: pending.to }
            : null;
    if (request) change.mutate(request, { onSettled: () => setPending(null) });
  };

  return (
    <Stack sx={{ gap: 2 }}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ flexGrow: 1 }}
          data-testid="agent-config-version"
        >
          {t('version', { cfv: cfg.cfv })}
        </Typography>
        {canWrite ? (
          <>
            <Button variant="outlined" disabled={!canReset} onClick={() => setPending({ kind: 'reset' })}>
              {t('resetToDefault')}
            </Button>
            <Button variant="contained" disabled={!canApply} onClick={() => setPending({ kind: 'apply' })}>
              {t('apply')}
            </Button>
          </>
        ) : null}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            md: 'repeat(2, minmax(0, 1fr))',
            xl: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {AGENT_CONFIG_FORM.map(({ group, title, fields }) => (
          <Box
            component="fieldset"
            key={group}
            aria-label={t(`groups.${group}`, { defaultValue: title })}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 }}
          >
            <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
              {t(`groups.${group}`, { defaultValue: title })}
            </Typography>
            <Stack sx={{ gap: 1.5 }}>
              {fields.map((field) => (
                <AgentConfigField
                  key={field.key}
                  group={group}
                  field={field}
                  values={values}
                  error={errors[fieldId(group, field.key)]}
                  secretSet={field.kind === 'secret' && secretIsSet(cfg, group, field.key)}
                  disabled={!canWrite || change.isPending}
                  onChange={(value) => set(group, field.key, value)}
                />
              ))}
            </Stack>
          </Box>
        ))}
      </Box>
      <AgentConfigHistoryPanel
        sid={sid}
        current={cfg.cfv}
        canWrite={canWrite}
        onGoBack={(to) => setPending({ kind: 'revert', to })}
      />
      {pending ? (
        <ConfirmDialog
          title={
            pending.kind === 'apply'
              ? t('confirm.applyTitle')
              : pending.kind === 'reset'
                ? t('confirm.resetTitle')
                : t('confirm.revertTitle', { cfv: pending.to })
          }
          text={
            pending.kind === 'apply'
              ? t('confirm.applyText')
              : pending.kind === 'reset'
                ? t('confirm.resetText')
                : t('confirm.revertText', { cfv: pending.to })
          }
          confirmLabel={
            pending.kind === 'apply'
              ? t('confirm.apply')
              : pending.kind === 'reset'
                ? t('confirm.reset')
                : t('confirm.revert')
          }
          pending={change.isPending}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </Stack>
  );
}
