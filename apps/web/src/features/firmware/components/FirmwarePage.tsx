import ArrowBack from '@mui/icons-material/ArrowBack';
import {
  Box,
  Button,
  FormControlLabel,
  IconButton,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import type { FirmwareKind, HierarchyNode } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { hierarchyQueryOptions } from '../../../api/get-hierarchy.ts';
import { homePathFor } from '../../../lib/home-path.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useSession } from '../../../lib/session.ts';
import { useFirmwareVersions } from '../api/get-firmware-versions.ts';
import { useLatestVersions } from '../api/get-latest-versions.ts';
import { KIND_PAGES } from '../firmware-kinds.ts';
import { ApplyPanel } from './ApplyPanel.tsx';
import { CustomerPicker, type PickerCustomer } from './CustomerPicker.tsx';
import { MaintenanceWindowDialog } from './MaintenanceWindowDialog.tsx';
import { RolloutDialog } from './RolloutDialog.tsx';
import { UploadPanel } from './UploadPanel.tsx';

/** Every customer below the top of the tree (root's own tenant is not a customer to update). */
function customersOf(tree: HierarchyNode | undefined): PickerCustomer[] {
  if (!tree) return [];
  const out: PickerCustomer[] = [];
  const walk = (node: HierarchyNode) => {
    for (const child of node.children) {
      out.push({ id: child.scope.id, name: child.scope.name });
      walk(child);
    }
  };
  walk(tree);
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The three firmware pages (spec 001 section 2): back arrow and BACK TO CUSTOMERS, the Apply/Upload switch,
 * the versions or the upload form on the left, the customers on the right, and the rollout control dialog.
 */
export function FirmwarePage({ kind }: { kind: FirmwareKind }) {
  const t = useT('firmware');
  const page = KIND_PAGES[kind];
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'apply' | 'upload'>('apply');
  const [versionIds, setVersionIds] = useState<string[]>([]);
  const [customerIds, setCustomerIds] = useState<string[]>([]);
  const [uploadKey, setUploadKey] = useState(0);
  const [controlOpen, setControlOpen] = useState(false);
  const [windowOpen, setWindowOpen] = useState(false);
  const versions = useFirmwareVersions(kind);
  const latest = useLatestVersions(kind);
  const tree = useQuery(hierarchyQueryOptions());
  const customers = customersOf(tree.data);
  const back = () => navigate(homePathFor(session) ?? '/');
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['firmware', kind] });
  };

  const switchMode = (next: 'apply' | 'upload') => {
    if (next === 'upload') setVersionIds([]);
    else {
      setCustomerIds([]);
      setUploadKey((k) => k + 1);
    }
    setMode(next);
  };

  return (
    <Paper component="section" aria-labelledby="page-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Tooltip title={t('page.back')}>
          <IconButton aria-label={t('page.back')} onClick={back}>
            <ArrowBack />
          </IconButton>
        </Tooltip>
        <Typography id="page-title" variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t(`kinds.${kind}.title`)}
        </Typography>
        <Button variant="outlined" onClick={() => setControlOpen(true)}>
          {t(`kinds.${kind}.controlTitle`)}
        </Button>
        <Button variant="outlined" onClick={() => setWindowOpen(true)}>
          {t('page.maintenanceWindow')}
        </Button>
        <Button variant="outlined" onClick={back}>
          {t('page.backToCustomers')}
        </Button>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Box>
          <RadioGroup
            row
            aria-label={t('page.mode')}
            value={mode}
            onChange={(event) => switchMode(event.target.value as 'apply' | 'upload')}
            sx={{ mb: 2 }}
          >
            <FormControlLabel value="apply" control={<Radio />} label={t('page.apply')} />
            <FormControlLabel value="upload" control={<Radio />} label={t('page.upload')} />
          </RadioGroup>
          {mode === 'apply' ? (
            <ApplyPanel
              kind={kind}
              versions={versions.data ?? []}
              selected={versionIds}
              onSelect={setVersionIds}
              customers={customers.filter((c) => customerIds.includes(c.id))}
              onDone={refresh}
            />
          ) : (
            <UploadPanel
              key={uploadKey}
              kind={kind}
              existing={versions.data ?? []}
              customers={customers.filter((c) => customerIds.includes(c.id))}
              latest={latest.data ?? {}}
              onDone={refresh}
            />
          )}
        </Box>
        <CustomerPicker
          customers={customers}
          selected={customerIds}
          onChange={setCustomerIds}
          versions={latest.data ?? {}}
          typeLabel={page.typeLabel}
        />
      </Box>
      {windowOpen && (
        <MaintenanceWindowDialog
          customers={customers}
          initialScopeId={customerIds[0]}
          onClose={() => setWindowOpen(false)}
        />
      )}
      {controlOpen && (
        <RolloutDialog kind={kind} customers={customers} onClose={() => setControlOpen(false)} />
      )}
    </Paper>
  );
}
