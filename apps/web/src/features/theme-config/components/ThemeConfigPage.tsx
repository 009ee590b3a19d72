import { Alert, Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { customerMessages, type Scope, THEME_DEFAULTS } from '@portal/contract';
import { type Control, Controller, useForm } from 'react-hook-form';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { useThemeCustomers } from '../api/get-theme-customers.ts';
import { useUpdateScope } from '../api/update-scope.ts';
import {
  canApplyTheme,
  currentColors,
  initialThemeForm,
  type ThemeFormValues,
  themeCustomerSource,
  themeFormFor,
  themeUpdateBody,
} from '../theme-form.ts';

/** Spec 000 section 9: the customer dropdown is at most 150 px high. */
const DROPDOWN_MAX_HEIGHT = 150;

function Swatch({ label, color }: { label: string; color: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box
        aria-hidden
        sx={{ width: 20, height: 20, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: color }}
      />
      <Typography variant="body2" color="text.secondary">
        {label} {color}
      </Typography>
    </Stack>
  );
}

function CurrentColors({ customer }: { customer: Scope }) {
  const t = useT('theme-config');
  const colors = currentColors(customer);
  return (
    <Stack direction="row" spacing={3} aria-label={t('currentColours', { name: customer.name })} role="group">
      <Swatch label={t('currentPrimary')} color={colors.primaryThemeColor} />
      <Swatch label={t('currentSecondary')} color={colors.secondaryThemeColor} />
    </Stack>
  );
}

interface ColorFieldProps {
  name: 'primaryThemeColor' | 'secondaryThemeColor';
  label: string;
  control: Control<ThemeFormValues>;
}

function ColorField({ name, label, control }: ColorFieldProps) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          {...field}
          type="color"
          label={label}
          helperText={field.value}
          sx={{ width: 200 }}
          slotProps={{ inputLabel: { shrink: true }, input: { sx: { height: 56 } } }}
        />
      )}
    />
  );
}

function ThemeForm({ customers, ownScopeId }: { customers: Scope[]; ownScopeId: string | undefined }) {
  const t = useT('theme-config');
  const notify = useNotify();
  const updateScope = useUpdateScope();
  const { control, handleSubmit, watch, reset } = useForm<ThemeFormValues>({
    defaultValues: initialThemeForm(customers, ownScopeId),
  });
  const values = watch();
  const chosen = customers.find((customer) => customer.id === values.scopeId);

  const apply = handleSubmit((submitted) => {
    const customer = customers.find((candidate) => candidate.id === submitted.scopeId);
    if (!customer) return;
    updateScope.mutate(themeUpdateBody(customer, submitted), {
      onSuccess: () => notify({ variant: 'success', text: customerMessages.themeUpdated }),
      onError: () => notify({ variant: 'error', text: customerMessages.themeFailed }),
    });
  });

  return (
    <Stack component="form" noValidate onSubmit={apply} spacing={3} sx={{ maxWidth: 480 }}>
      <Controller
        name="scopeId"
        control={control}
        render={({ field }) => (
          <TextField
            {...field}
            // Choosing a customer loads its current colours into both pickers.
            onChange={(event) =>
              reset(themeFormFor(customers.find((customer) => customer.id === event.target.value)))
            }
            select
            label={t('selectCustomer')}
            slotProps={{
              select: {
                MenuProps: { slotProps: { paper: { sx: { maxHeight: DROPDOWN_MAX_HEIGHT } } } },
              },
            }}
          >
            {customers.map((customer) => (
              <MenuItem key={customer.id} value={customer.id}>
                {customer.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {chosen && <CurrentColors customer={chosen} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
        <ColorField name="primaryThemeColor" label={t('primaryColor')} control={control} />
        <ColorField name="secondaryThemeColor" label={t('secondaryColor')} control={control} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('defaults', { primary: THEME_DEFAULTS.primary, secondary: THEME_DEFAULTS.secondary })}
      </Typography>
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={!canApplyTheme(values, customers) || updateScope.isPending}
        >
          {t('apply')}
        </Button>
      </Box>
    </Stack>
  );
}

function ThemeCustomers() {
  const t = useT('theme-config');
  const messageText = useMessageText();
  const session = useSession();
  const source = themeCustomerSource(session);
  const customers = useThemeCustomers(source, session.user?.scopeId ?? '');
  if (customers.isPending) return <CenteredProgress label={t('loading')} />;
  if (customers.isError) return <Alert severity="error">{messageText(customers.error.message)}</Alert>;
  return <ThemeForm customers={customers.data} ownScopeId={session.user?.scopeId} />;
}

/**
 * /theme-config: a customer's primary and secondary colours (spec 000 section 2 'Theme Configuration').
 * A root user sees this page in the default colours and logo (branding.ts).
 */
export function ThemeConfigPage() {
  const t = useT('theme-config');
  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="page-title" variant="h5" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      <ThemeCustomers />
    </Paper>
  );
}
