import {
  Checkbox,
  FormControl,
  InputLabel,
  ListItemText,
  MenuItem,
  OutlinedInput,
  Select,
  Tooltip,
} from '@mui/material';
import type { FileStore } from '@portal/contract';
import { formatDay } from '../../../lib/date-time.ts';
import { useT } from '../../../lib/i18n/index.ts';

/** A version as the pages show it: the version plus its formatted date. */
export const versionLabel = (file: Pick<FileStore, 'version' | 'date'>) =>
  `${file.version} (${formatDay(Date.parse(file.date))})`;

interface VersionSelectProps {
  versions: FileStore[];
  selected: string[];
  onChange: (ids: string[]) => void;
}

/** Spec 001 section 2: a multi-select of versions (version plus date, the description as tooltip). */
export function VersionSelect({ versions, selected, onChange }: VersionSelectProps) {
  const t = useT('firmware');
  const byId = new Map(versions.map((v) => [v.id, v]));
  return (
    <FormControl fullWidth>
      <InputLabel id="firmware-versions-label">{t('versions.label')}</InputLabel>
      <Select
        labelId="firmware-versions-label"
        multiple
        value={selected}
        onChange={(event) => {
          const value = event.target.value;
          onChange(typeof value === 'string' ? value.split(',') : value);
        }}
        input={<OutlinedInput label={t('versions.label')} />}
        renderValue={(ids) =>
          ids
            .map((id) => byId.get(id))
            .filter((v) => v !== undefined)
            .map((v) => v.version)
            .join(', ')
        }
      >
        {versions.length === 0 && (
          <MenuItem disabled value="">
            {t('versions.none')}
          </MenuItem>
        )}
        {versions.map((file) => (
          <MenuItem key={file.id} value={file.id}>
            <Tooltip title={file.description || ''} placement="right">
              <span style={{ display: 'flex', alignItems: 'center', width: '100%' }}>
                <Checkbox checked={selected.includes(file.id)} size="small" />
                <ListItemText primary={versionLabel(file)} secondary={file.description || undefined} />
              </span>
            </Tooltip>
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
