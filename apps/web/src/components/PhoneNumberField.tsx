import { Autocomplete, Box, createFilterOptions, Stack, TextField } from '@mui/material';
import { PHONE_MAX_DIGITS } from '@portal/contract';
import { useMemo } from 'react';
import { currentLocale, useMessageText, useT } from '../lib/i18n/index.ts';
import {
  type CountryOption,
  countryOptions,
  phoneDigits,
  phoneValue,
  sanitizePhoneDigits,
  selectedCountry,
} from './phone-number.ts';

interface PhoneNumberFieldProps {
  /** '+<calling code> <digits>', or ''. */
  value: string;
  /** ISO code of the picked country ('DE'), or ''. */
  countryShortCode: string;
  onChange: (phoneNumber: string, countryShortCode: string) => void;
  error?: boolean;
  helperText?: string;
  /** Marks the country picker as the part in error (a number typed without its country). */
  countryError?: boolean;
  disabled?: boolean;
  /** Label of the number input; 'Phone number' (in the language shown) unless given. */
  label?: string;
}

const filterCountries = createFilterOptions<CountryOption>({
  stringify: (option) => `${option.name} ${option.callingCode} ${option.code}`,
});

/** A country picker (flag, name, calling code) beside a digits-only number input (at most 15 digits). */
export function PhoneNumberField({
  value,
  countryShortCode,
  onChange,
  error,
  helperText,
  countryError,
  disabled,
  label,
}: PhoneNumberFieldProps) {
  const t = useT('components');
  const messageText = useMessageText();
  // Countries are named in the language shown.
  const locale = currentLocale();
  const options = useMemo(() => countryOptions(locale), [locale]);
  const country = selectedCountry(options, value, countryShortCode);
  const digits = phoneDigits(value);
  const change = (nextCountry: CountryOption | null, nextDigits: string) => {
    const next = phoneValue(nextCountry, nextDigits);
    onChange(next.phoneNumber, next.countryShortCode);
  };

  return (
    // In a narrow form (the sign-up card on a phone) the number goes below the country instead of shrinking
    // to 'Phone…'.
    <Stack direction="row" useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 1 }}>
      <Autocomplete
        options={options}
        value={country}
        onChange={(_event, option) => change(option, digits)}
        filterOptions={filterCountries}
        getOptionLabel={(option) => `${option.flag} ${option.callingCode}`}
        isOptionEqualToValue={(option, selected) => option.code === selected.code}
        renderOption={({ key, ...optionProps }, option) => (
          <Box component="li" key={key} {...optionProps} sx={{ gap: 1 }}>
            <span aria-hidden="true">{option.flag}</span>
            {option.name} ({option.callingCode})
          </Box>
        )}
        renderInput={(params) => <TextField {...params} label={t('phone.country')} error={countryError} />}
        autoHighlight
        disabled={disabled}
        sx={{ flex: '1 0 150px' }}
        slotProps={{ popper: { sx: { minWidth: 300 } } }}
      />
      <TextField
        label={label ?? t('phone.number')}
        type="tel"
        value={digits}
        onChange={(event) => change(country, sanitizePhoneDigits(event.target.value))}
        error={error}
        helperText={helperText && messageText(helperText)}
        disabled={disabled}
        sx={{ flex: '3 1 180px' }}
        slotProps={{
          htmlInput: { inputMode: 'numeric', autoComplete: 'tel-national', maxLength: PHONE_MAX_DIGITS },
        }}
      />
    </Stack>
  );
}
