/**
 * Report a review to the platform: says that sellers cannot edit or hide reviews, asks why
 * (required, at most 300 characters) and confirms. The platform decides what happens to it.
 */
import { useEffect, useState } from 'react';
import { Alert, Blockquote, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ReportBody, type SellerReview } from '@mall/contracts';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { useReportReview, useSellerReviewsError } from '../../api/seller';
import { MUTED } from '../ReviewParts';

const REASON_MAX = 300;

export function ReportReviewDialog({ review, onClose }: { review: SellerReview | null; onClose: () => void }) {
  const { t } = useTranslation();
  const apiError = useSellerReviewsError();
  const report = useReportReview();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  // A fresh form for every review.
  useEffect(() => {
    setReason('');
    setError(null);
    report.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [review?.id]);

  const close = () => {
    if (!report.isPending) onClose();
  };
  const confirm = () => {
    if (!review || report.isPending) return;
    const parsed = ReportBody.safeParse({ reason });
    if (!parsed.success) {
      setError(
        reason.trim() ? t('sellerReviews.report.tooLong', { max: REASON_MAX }) : t('sellerReviews.report.required'),
      );
      return;
    }
    report.mutate(
      { id: review.id, body: parsed.data },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('sellerReviews.report.success') });
          onClose();
        },
      },
    );
  };
  const left = REASON_MAX - reason.length;

  return (
    <ConfirmDialog
      opened={!!review}
      onClose={close}
      busy={report.isPending}
      onConfirm={confirm}
      danger
      title={t('sellerReviews.report.title')}
      confirmLabel={t('sellerReviews.report.confirm')}
    >
      {review && (
        <>
          <Text size="sm">{t('sellerReviews.report.text')}</Text>
          <Blockquote
            p="xs"
            color="gray"
            radius="sm"
            data-testid="report-quote"
            styles={{ root: { fontSize: 'var(--mantine-font-size-sm)' } }}
          >
            <Text size="xs" c={MUTED} mb={2}>
              {t('sellerReviews.report.quoteBy', { buyer: review.buyerName })}
            </Text>
            <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {review.content}
            </Text>
          </Blockquote>
          {report.isError && (
            <Alert color="red" role="alert" p="xs">
              <Text size="sm">{apiError(report.error)}</Text>
            </Alert>
          )}
          <Textarea
            label={t('sellerReviews.report.reason')}
            placeholder={t('sellerReviews.report.reasonPlaceholder')}
            required
            data-autofocus
            value={reason}
            maxLength={REASON_MAX}
            autosize
            minRows={3}
            maxRows={6}
            error={error}
            data-testid="report-reason"
            onChange={(e) => {
              setReason(e.currentTarget.value);
              if (error) setError(null);
            }}
          />
          <Text size="xs" c={left <= 20 ? 'red.8' : MUTED} aria-live={left <= 20 ? 'polite' : 'off'}>
            {t('common.remaining', { count: left })}
          </Text>
        </>
      )}
    </ConfirmDialog>
  );
}
