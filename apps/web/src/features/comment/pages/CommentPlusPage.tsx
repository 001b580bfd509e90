/**
 * /buyer/comment-plus/:id (SPEC §2 Reviews, §5, §8): the follow-up of one of the buyer's reviews:
 * text (required, at most 300, with a counter) and up to 6 photos, no rating. Cancel goes back;
 * publish sends one batch call with topId = the review; a failure is shown as a message; on
 * success the review's detail.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Box, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, REVIEW } from '@mall/contracts/constants';
import type { CreateReviewInput } from '@mall/contracts';
import { reviewSchemas } from '../api/reviewSchemas';
import { useSchemasOnInteraction } from '../../../shared/zodForm';
import { ApiError } from '../../../shared/api';
import { errorMessage } from '../../../shared/errors';
import { LoadError, PageSkeleton } from '../../../shared/States';
import phone from '../../../shared/phoneLayout.module.css';
import { useCreateReviews } from '../api/createReviews';
import { isId } from '../api/keys';
import { useReview, type ReviewEntry } from '../api/pageMyReviews';
import { clearDraft, loadDraft, saveDraft, type Draft } from '../components/drafts';
import { capText, draftErrors, textLength, type DraftErrors } from '../components/labels';
import { BackLink, ReviewNotFound } from '../components/PageParts';
import { ProductLine } from '../components/ProductLine';
import { counterStyles } from '../components/ReviewBlock';
import { ReadOnlyStars, ReviewDate } from '../components/ReviewParts';
import { ReviewImagesInput } from '../components/ReviewImages';

export function CommentPlusPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data, isLoading, error, refetch } = useReview(id);
  const detail = `/buyer/comment-detail/${id}`;
  const back = <BackLink to={isId(id) ? detail : '/buyer/comments?status=comment'} />;
  if (!isId(id) || data === null)
    return (
      <Stack>
        {back}
        <ReviewNotFound />
      </Stack>
    );
  if (isLoading) return <PageSkeleton testId="review-loading" />;
  if (error || !data)
    return (
      <Stack>
        {back}
        <LoadError error={error} onRetry={() => void refetch()} />
      </Stack>
    );
  if (data.reviewComments.length > 0) {
    return (
      <Stack>
        {back}
        <Alert color="blue" variant="light" data-testid="follow-up-exists">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dark.7">
              {t('errors.Review.followUpExists')}
            </Text>
            <Anchor component={Link} to={detail} size="sm" c="blue.8">
              {t('comment.plus.toDetail')}
            </Anchor>
          </Group>
        </Alert>
      </Stack>
    );
  }
  return <FollowUpForm entry={data} />;
}

function FollowUpForm({ entry }: { entry: ReviewEntry }) {
  useSchemasOnInteraction(reviewSchemas);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const c = entry.comment;
  const draftKey = `follow-up-${c.id}`;
  const detail = `/buyer/comment-detail/${c.id}`;
  const create = useCreateReviews();
  const sending = useRef(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState<Draft>(() => loadDraft(draftKey));
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<DraftErrors>({});
  const busy = create.isPending;
  const len = textLength(draft.content);

  useEffect(() => saveDraft(draftKey, draft), [draftKey, draft]);

  const change = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => ({
      ...e,
      ...(patch.content !== undefined ? { content: undefined } : {}),
      ...(patch.images !== undefined ? { images: undefined } : {}),
    }));
  };

  const cancel = () => (location.key !== 'default' ? navigate(-1) : navigate(detail));

  const publish = (ev?: FormEvent) => {
    ev?.preventDefault();
    if (sending.current || busy || uploading) return;
    const schemas = reviewSchemas.current();
    if (!schemas) {
      reviewSchemas.load().then(
        () => publish(),
        () => {},
      );
      return;
    }
    const errs = draftErrors(t, { rate: 0, content: draft.content, imageCount: draft.images.length }, true);
    setErrors(errs);
    if (errs.content) {
      textRef.current?.focus();
      return;
    }
    if (errs.images) return;
    const body: CreateReviewInput[] = [
      {
        postId: c.postId,
        postTypeDict: 'ORDER_LINE',
        content: draft.content.trim(),
        images: { files: draft.images },
        topId: c.id,
        parentId: -1,
      },
    ];
    if (!schemas.CreateReviewsBody.safeParse(body).success) {
      notifications.show({ color: 'red', message: t('errors.Common.invalidRequest') });
      return;
    }
    sending.current = true;
    create.mutate(body, {
      onSuccess: () => {
        clearDraft(draftKey);
        notifications.show({ color: 'green', message: t('comment.plus.success') });
        void navigate(detail, { replace: true });
      },
      onError: (e) => {
        // SPEC §8: a failed follow-up is shown as a message.
        notifications.show({ color: 'red', message: errorMessage(t, e) });
        if (e instanceof ApiError && e.code === ERROR_CODES.reviewFollowUpExists) {
          clearDraft(draftKey);
          void navigate(detail, { replace: true });
        }
      },
      onSettled: () => {
        sending.current = false;
      },
    });
  };

  return (
    <Stack gap="md" data-testid="comment-plus-page">
      <BackLink to={detail} />
      <Title order={1} size="h2">
        {t('comment.plus.title')}
      </Title>
      <form noValidate onSubmit={publish} aria-label={t('comment.plus.title')}>
        <Stack gap="md">
          <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="follow-up-product">
            <Stack gap="sm">
              <div id="follow-up-product">
                <ProductLine
                  name={c.sku.item.itemName}
                  image={c.sku.image}
                  sku={c.sku}
                  urlKey={c.sku.item.urlKey}
                  size={{ base: 56, sm: 64 }}
                  headingOrder={2}
                />
              </div>
              <Box p="sm" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }} data-testid="first-review">
                <Text size="xs" fw={600} c="gray.8" mb={4}>
                  {t('comment.plus.yourReview')}
                </Text>
                <Group gap="sm" mb={4}>
                  {c.rateDict !== null && <ReadOnlyStars value={c.rateDict} />}
                  <ReviewDate iso={c.createdAt} />
                </Group>
                <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {c.content}
                </Text>
              </Box>
            </Stack>
          </Paper>

          <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
            <Stack gap="md">
              <Textarea
                ref={textRef}
                label={t('comment.plus.contentLabel')}
                withAsterisk
                required
                placeholder={t('comment.plus.contentPlaceholder')}
                autosize
                minRows={4}
                maxRows={12}
                value={draft.content}
                disabled={busy}
                error={errors.content}
                onChange={(e) => change({ content: capText(e.currentTarget.value) })}
                data-testid="follow-up-content"
                description={
                  <span data-testid="review-counter">{t('comment.form.counter', { n: len, max: REVIEW.textMax })}</span>
                }
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                styles={counterStyles(len)}
              />
              <ReviewImagesInput
                value={draft.images}
                onChange={(images) => change({ images })}
                error={errors.images}
                onBusyChange={setUploading}
                disabled={busy}
              />
            </Stack>
          </Paper>

          <Paper className={phone.stickyBarOnPhone} data-testid="follow-up-bar">
            <Group justify="flex-end" wrap="nowrap" gap="sm" className={phone.growOnPhone}>
              <Button
                variant="default"
                onClick={cancel}
                disabled={busy}
                className={phone.buttonMdOnPhone}
                data-testid="follow-up-cancel"
              >
                {t('comment.plus.cancel')}
              </Button>
              <Button
                type="submit"
                loading={busy}
                disabled={busy || uploading}
                className={phone.buttonMdOnPhone}
                data-testid="follow-up-publish"
              >
                {t('comment.plus.publish')}
              </Button>
            </Group>
          </Paper>
        </Stack>
      </form>
    </Stack>
  );
}
