import type { MenuItemProps } from '@mui/material';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { userDetailsQueryOptions } from '../../api/get-user-details.ts';
import { saveUserLanguage } from '../../api/save-user-language.ts';
import { changeLanguage, useCurrentLanguage } from '../../lib/i18n/index.ts';
import { ChoiceMenuItem } from './ChoiceMenuItem.tsx';

interface LanguageMenuItemProps extends Omit<MenuItemProps, 'onChange'> {
  icon: ReactNode;
  label: string;
}

/**
 * The account menu's Language entry (ours, docs/i18n.md): it shows the language and opens a small menu of the
 * portal's languages, each by its own name. A choice shows at once, is kept on this device and on the user
 * (PUT /api/user-details/language), so the user's other devices and the portal's mails follow it.
 */
export function LanguageMenuItem(props: LanguageMenuItemProps) {
  const current = useCurrentLanguage();
  const queryClient = useQueryClient();
  const choose = async (language: Language) => {
    await changeLanguage(language);
    await saveUserLanguage(language);
    await queryClient.invalidateQueries(userDetailsQueryOptions());
  };
  return (
    <ChoiceMenuItem
      {...props}
      menuId="language-menu"
      choices={LANGUAGES}
      current={current}
      nameOf={(language) => LANGUAGE_NAMES[language]}
      langOf={(language) => language}
      onChoose={(language) => void choose(language)}
    />
  );
}
