import { Alert, Box, Divider, List, ListItem, Stack, Typography } from '@mui/material';
import { FEEDBACK_PAGE_SIZE } from '@portal/contract';
import { useMemo, useState } from 'react';
import { CenteredProgress } from '../../../components/CenteredProgress.tsx';
import { ListPagination } from '../../../components/ListPagination.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useMessageText, useT } from '../../../lib/i18n/index.ts';
import { rowsPerPageFor, useSession } from '../../../lib/session.ts';
import { useFeedback } from '../api/get-feedback.ts';
import { safeFeedbackHtml } from '../safe-html.ts';

const LIST_NAME = 'feedback';
const PAGE_SIZES = [10, 20, 50, 100] as const;

function FeedbackBody({ html }: { html: string }) {
  const safe = useMemo(() => safeFeedbackHtml(html), [html]);
  return (
    <Box
      className="feedback-body"
      sx={{ '& p': { my: 0.5 }, '& blockquote': { borderLeft: 3, borderColor: 'divider', pl: 1, ml: 0 } }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server, checked again by safeFeedbackHtml.
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}

/** The feedback received, newest first (root and support users). */
export function FeedbackList() {
  const t = useT('feedback');
  const messageText = useMessageText();
  const [page, setPage] = useState(0);
  const pageSize = rowsPerPageFor(useSession(), LIST_NAME, FEEDBACK_PAGE_SIZE);
  const feedback = useFeedback(page, pageSize);
  if (feedback.isPending) return <CenteredProgress label={t('loading')} />;
  if (feedback.isError) return <Alert severity="error">{messageText(feedback.error.message)}</Alert>;
  const { items, total } = feedback.data;
  return (
    <Stack spacing={1}>
      {items.length === 0 ? (
        <Typography color="text.secondary">{t('none')}</Typography>
      ) : (
        <List aria-label={t('received')} disablePadding>
          {items.map((item, index) => (
            <Box component="li" key={item.id} sx={{ listStyle: 'none' }}>
              {index > 0 && <Divider component="div" />}
              <ListItem component="div" sx={{ display: 'block', px: 0 }}>
                <Typography variant="subtitle2" component="p">
                  {item.email}
                  {item.tenantName ? ` (${item.tenantName})` : ''}
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                    {formatDateTime(Date.parse(item.createdAt))}
                  </Typography>
                </Typography>
                <FeedbackBody html={item.body} />
              </ListItem>
            </Box>
          ))}
        </List>
      )}
      <ListPagination
        listName={LIST_NAME}
        count={total}
        page={page}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        onPageChange={setPage}
      />
    </Stack>
  );
}
