/**
 * /buyer/comment-add?orderId=&orderLineIds=[json array] (SPEC §2 Reviews, §4, §5): one block per
 * order line with a 1-5 star rating, the text (required, at most 300) and up to 6 photos. Lines
 * already reviewed are shown as done (with a link to their review) and not sent. One submit
 * sends every review in one batch call (all or none); problems are shown at the block that has
 * them and the focus moves to the first. On success: a message and the 'reviewed' tab.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '@mall/contracts/constants';
import type { CreateReviewInput, OrderLineForReview } from '@mall/contracts';
import { reviewSchemas } from '../api/reviewSchemas';
import { useSchemasOnInteraction } from '../../../shared/zodForm';
import { ApiError } from '../../../shared/api';
import { EmptyBlock } from '../../../shared/EmptyBlock';
import { errorMessage } from '../../../shared/errors';
import { LoadError, PageSkeleton } from '../../../shared/States';
import phone from '../../../shared/phoneLayout.module.css';
import { errorIndex, useCreateReviews } from '../api/createReviews';
import { isId } from '../api/keys';
import { useLinesForReview } from '../api/linesForReview';
import { clearDraft, loadDraft, saveDraft, type Draft } from '../components/drafts';
import { draftErrors } from '../components/labels';
import { ProductLine } from '../components/ProductLine';
import { blockIds, ReviewBlock, type BlockErrors } from '../components/ReviewBlock';

/** orderLineIds is a JSON array of ids (numbers or strings); anything else gives no lines. */
function parseLineIds(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v)) return [];
    return [
      ...new Set(
        (v as unknown[]).map((x) => (typeof x === 'number' && Number.isSafeInteger(x) ? String(x) : x)).filter(isId),
      ),
    ].slice(0, 50);
  } catch {
    return [];
  }
}

export function CommentAddPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const ids = parseLineIds(params.get('orderLineIds'));
  if (!ids.length) {
    return (
      <EmptyBlock title={t('comment.form.noLines')}>
        <Anchor component={Link} to="/buyer/comments" c="blue.8">
          {t('comment.form.toList')}
        </Anchor>
      </EmptyBlock>
    );
  }
  return <ReviewForm key={ids.join(',')} orderId={isId(orderId) ? orderId : null} ids={ids} />;
}

type Errors = Record<string, BlockErrors>;
const hasError = (e: BlockErrors | undefined) => !!e && Object.values(e).some(Boolean);

/** Where a server error of a review belongs in its block. */
function fieldOf(code: string): keyof BlockErrors {
  if (code === ERROR_CODES.reviewRateRequired) return 'rate';
  if (code === ERROR_CODES.reviewContentRequired || code === ERROR_CODES.reviewContentTooLong) return 'content';
  if (code === ERROR_CODES.reviewImageNotFound || code === 'Upload.fileType') return 'images';
  return 'block';
}

function ReviewForm({ orderId, ids }: { orderId: string | null; ids: string[] }) {
  useSchemasOnInteraction(reviewSchemas);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useLinesForReview(ids);
  const create = useCreateReviews();
  const sending = useRef(false);
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() =>
    Object.fromEntries(ids.map((id) => [id, loadDraft(id)])),
  );
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [focusTarget, setFocusTarget] = useState<{ selectors: string[]; n: number } | null>(null);

  const lines = useMemo(
    () => (query.data ?? []).filter((l) => !orderId || l.tradeOrderId === orderId),
    [query.data, orderId],
  );
  const open = lines.filter((l) => !l.commentId);
  const done = lines.filter((l) => l.commentId);
  const notFinished = lines.some((l) => l.orderStatus !== 'COMPLETE');
  const busy = create.isPending;
  const anyUploading = Object.values(uploading).some(Boolean);

  // Drafts of lines still to review are kept; a line reviewed meanwhile needs none.
  const doneIds = lines
    .filter((l) => l.commentId)
    .map((l) => l.id)
    .join(',');
  useEffect(() => {
    const gone = doneIds.split(',');
    for (const [id, d] of Object.entries(drafts)) {
      if (gone.includes(id)) clearDraft(id);
      else saveDraft(id, d);
    }
  }, [drafts, doneIds]);

  // Focus the first field with a problem once it is on screen.
  useEffect(() => {
    if (!focusTarget) return;
    const el = focusTarget.selectors.map((q) => document.querySelector<HTMLElement>(q)).find(Boolean);
    el?.focus({ preventScroll: true });
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [focusTarget]);

  const change = (id: string, patch: Partial<Draft>) => {
    setDrafts((d) => ({ ...d, [id]: { ...d[id]!, ...patch } }));
    setServerError(null);
    setErrors((e) => {
      if (!e[id]) return e;
      const next = { ...e[id], block: undefined };
      if (patch.rate !== undefined) next.rate = undefined;
      if (patch.content !== undefined) next.content = undefined;
      if (patch.images !== undefined) next.images = undefined;
      return { ...e, [id]: next };
    });
  };

  const focusFirst = (errs: Errors) => {
    const first = open.find((l) => hasError(errs[l.id]));
    if (!first) return;
    const e = errs[first.id]!;
    const b = blockIds(first.id);
    const rate = drafts[first.id]?.rate || 1;
    const selectors = e.rate
      ? [`#${b.rating} input[value="${rate}"]`]
      : e.content
        ? [`#${b.content}`]
        : e.images
          ? [`#${b.block} [data-testid="review-images-add"]`, `#${b.block} [data-testid="review-images-list"] button`]
          : [];
    setFocusTarget({ selectors: [...selectors, `#${b.block}`], n: Date.now() });
  };

  const submit = (ev?: FormEvent) => {
    ev?.preventDefault();
    // A second click (or Enter) while the first is on its way sends nothing.
    if (sending.current || busy || anyUploading || !open.length) return;
    const schemas = reviewSchemas.current();
    if (!schemas) {
      reviewSchemas.load().then(
        () => submit(),
        () => {},
      );
      return;
    }
    const errs: Errors = {};
    for (const l of open) {
      const d = drafts[l.id]!;
      const e = draftErrors(t, { rate: d.rate, content: d.content, imageCount: d.images.length }, false);
      if (hasError(e)) errs[l.id] = e;
    }
    setErrors(errs);
    setChecked(true);
    setServerError(null);
    if (Object.keys(errs).length) {
      focusFirst(errs);
      return;
    }
    const body: CreateReviewInput[] = open.map((l) => {
      const d = drafts[l.id]!;
      return {
        postId: l.id,
        postTypeDict: 'ORDER_LINE',
        rateDict: d.rate,
        content: d.content.trim(),
        images: { files: d.images },
        topId: -1,
      };
    });
    if (!schemas.CreateReviewsBody.safeParse(body).success) {
      setServerError(t('errors.Common.invalidRequest'));
      return;
    }
    sending.current = true;
    create.mutate(body, {
      onSuccess: () => {
        for (const l of open) clearDraft(l.id);
        notifications.show({
          color: 'green',
          title: t('comment.form.successTitle'),
          message: t('comment.form.successText', { count: open.length }),
        });
        void navigate('/buyer/comments?status=comment', { replace: true });
      },
      onError: (e) => {
        const msg = errorMessage(t, e);
        const i = errorIndex(e);
        const line = i !== null ? open[i] : undefined;
        if (line && e instanceof ApiError) {
          const next = { [line.id]: { [fieldOf(e.code)]: msg } };
          setErrors(next);
          focusFirst(next);
        }
        setServerError(msg);
        // Reviewed meanwhile (another tab): the line shows as done and is not sent again.
        if (
          e instanceof ApiError &&
          (e.code === ERROR_CODES.reviewAlreadyExists || e.code === ERROR_CODES.reviewOrderNotFinished)
        )
          void query.refetch();
      },
      onSettled: () => {
        sending.current = false;
      },
    });
  };

  const back = (
    <Anchor
      component={Link}
      to={orderId ? `/buyer/order/detail/${orderId}` : '/buyer/comments'}
      size="sm"
      w="fit-content"
      c="blue.8"
    >
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {orderId ? t('orders.backToOrder') : t('comment.form.toList')}
      </Group>
    </Anchor>
  );

  if (query.isLoading) return <PageSkeleton testId="review-loading" />;
  if (query.error && !query.data)
    return (
      <Stack>
        {back}
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );
  if (!lines.length) {
    return (
      <Stack>
        {back}
        <EmptyBlock title={t('comment.form.noLines')}>
          <Anchor component={Link} to="/buyer/comments" c="blue.8">
            {t('comment.form.toList')}
          </Anchor>
        </EmptyBlock>
      </Stack>
    );
  }

  // The summary follows what is left to fix; a refusal of the server stays until the next change.
  const bad = open.filter((l) => hasError(errors[l.id])).length;
  const summary = serverError ?? (checked && bad ? t('comment.form.fixErrors', { count: bad }) : null);
  const errorRegion = (
    <Box role="alert" aria-live="assertive" data-testid="review-errors">
      {summary && (
        <Alert color="red" variant="light" data-testid="review-error-summary">
          <Text size="sm" c="dark.7">
            {summary}
          </Text>
        </Alert>
      )}
    </Box>
  );
  const first = lines[0]!;
  // Without an orderId the lines may come from several orders: then no single order is named.
  const oneOrder = lines.every((l) => l.tradeOrderId === first.tradeOrderId);
  const ready = open.filter(
    (l) =>
      !hasError(
        draftErrors(
          t,
          { rate: drafts[l.id]!.rate, content: drafts[l.id]!.content, imageCount: drafts[l.id]!.images.length },
          false,
        ),
      ),
  ).length;

  return (
    <Stack gap="md" data-testid="comment-add-page">
      {back}
      <Box>
        <Title order={1} size="h2">
          {t('comment.form.title')}
        </Title>
        {oneOrder && (
          <Text size="sm" c="gray.7">
            {t('orders.orderNumber', { code: first.tradeOrderCode })} · {first.shopName}
          </Text>
        )}
      </Box>

      {notFinished && (
        <Alert color="orange" variant="light" data-testid="not-finished">
          <Text size="sm" c="dark.7">
            {t('errors.Review.orderNotFinished')}
          </Text>
        </Alert>
      )}

      {done.map((l) => (
        <DoneBlock key={l.id} line={l} />
      ))}

      {/* Also when nothing is left to send (another tab reviewed the line meanwhile): the refusal stays readable. */}
      {open.length === 0 && errorRegion}
      {open.length === 0 ? (
        <Alert color="teal" variant="light" data-testid="all-done">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dark.7">
              {t(oneOrder ? 'comment.form.allDone' : 'comment.form.allDoneLines')}
            </Text>
            <Anchor component={Link} to="/buyer/comments?status=comment" size="sm" c="blue.8">
              {t('comment.form.toReviewed')}
            </Anchor>
          </Group>
        </Alert>
      ) : (
        !notFinished && (
          <form noValidate onSubmit={submit} aria-label={t('comment.form.title')}>
            <Stack gap="md">
              {open.map((l, i) => (
                <ReviewBlock
                  key={l.id}
                  line={l}
                  draft={drafts[l.id]!}
                  onChange={(p) => change(l.id, p)}
                  errors={errors[l.id] ?? {}}
                  index={i}
                  total={open.length}
                  onBusyChange={(b) => setUploading((u) => ({ ...u, [l.id]: b }))}
                  disabled={busy}
                />
              ))}

              {errorRegion}

              {/* Phones: the button stays at the bottom of the screen while the form scrolls. */}
              <Paper className={phone.stickyBarOnPhone} data-testid="review-submit-bar">
                <Group justify="flex-end" wrap="nowrap" gap="md" className={phone.spaceBetweenOnPhone}>
                  {open.length > 1 && (
                    <Text size="sm" c="gray.7" data-testid="review-progress">
                      {t('comment.form.progress', { done: ready, total: open.length })}
                    </Text>
                  )}
                  <Button
                    type="submit"
                    loading={busy}
                    disabled={busy || anyUploading}
                    miw={{ base: 140, sm: 120 }}
                    className={`${phone.buttonMdOnPhone} ${open.length === 1 ? phone.buttonFullWidthOnPhone : ''}`}
                    data-testid="review-submit"
                  >
                    {t('comment.form.submit')}
                  </Button>
                </Group>
              </Paper>
            </Stack>
          </form>
        )
      )}
    </Stack>
  );
}

/** A line reviewed before: marked done, with a link to its review; it is not sent again. */
function DoneBlock({ line }: { line: OrderLineForReview }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} bg="gray.0" data-testid="review-block-done" data-line-id={line.id}>
      <Group justify="space-between" gap="xs" className={phone.wrapOnPhone}>
        <ProductLine
          name={line.name}
          image={line.image}
          sku={line}
          urlKey={line.sku.item.urlKey}
          size={{ base: 56, sm: 64 }}
        />
        <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
          <Badge variant="outline" color="teal.9" tt="none" leftSection={<IconCircleCheck size={12} aria-hidden />}>
            {t('comment.list.lineReviewed')}
          </Badge>
          <Anchor
            component={Link}
            to={`/buyer/comment-detail/${line.commentId}`}
            size="sm"
            c="blue.8"
            aria-label={t('comment.list.viewReviewOf', { name: line.name })}
          >
            {t('comment.list.viewReview')}
          </Anchor>
        </Group>
      </Group>
    </Paper>
  );
}
