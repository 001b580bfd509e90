/**
 * The platform operator's minimal console (/operator/merchant-applications): review merchant
 * applications (pass creates the applicant's shop; reject needs a reason the applicant sees) and
 * freeze, clear or restore sellers (SPEC §6). Every action asks for confirmation first.
 */
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RejectApplicationBody, type OperatorApplication, type OperatorSeller } from '@mall/contracts';
import { useSession } from '../../../shared/session';
import { useDateTime } from '../../../shared/format';
import { errorMessage, notifyError } from '../../../shared/errors';
import { Loading, LoadError } from '../../content/components/States';
import {
  useApplications,
  useMoveSeller,
  usePassApplication,
  useRejectApplication,
  useSellers,
  type ApplicationFilter,
  type SellerEvent,
} from '../api/operator';
import { HeldOrders } from '../../risk/components/HeldOrders';

const STATUS_COLOR = { audit: 'blue', pass: 'green', reject: 'red' } as const;
const STATE_COLOR = { seller: 'green', frozen: 'orange', clear: 'gray' } as const;

function Confirm({
  opened,
  title,
  body,
  onClose,
  onConfirm,
  loading,
  color,
}: {
  opened: boolean;
  title: string;
  body: string;
  onClose: () => void;
  onConfirm: () => void;
  loading: boolean;
  color?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Text mb="md">{body}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('operator.cancel')}
        </Button>
        <Button color={color} loading={loading} onClick={onConfirm}>
          {t('operator.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}

function RejectModal({ app, onClose }: { app: OperatorApplication | null; onClose: () => void }) {
  const { t } = useTranslation();
  const reject = useRejectApplication();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = RejectApplicationBody.safeParse({ reason });
    if (!parsed.success) {
      setError(t('validation.required'));
      return;
    }
    reject.mutate(
      { id: app!.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          setReason('');
          onClose();
        },
        onError: (e) => setError(errorMessage(t, e)),
      },
    );
  };
  return (
    <Modal
      opened={!!app}
      onClose={onClose}
      title={app ? t('operator.rejectTitle', { shop: app.shopName }) : ''}
      centered
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!reject.isPending) submit();
        }}
      >
        <Stack>
          <Textarea
            label={t('operator.reason')}
            required
            autosize
            minRows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('operator.cancel')}
            </Button>
            <Button type="submit" color="red" loading={reject.isPending}>
              {t('operator.rejectAction')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function Applications() {
  const { t } = useTranslation();
  const date = useDateTime();
  const [filter, setFilter] = useState<ApplicationFilter>('audit');
  const q = useApplications(filter);
  const pass = usePassApplication();
  const [passing, setPassing] = useState<OperatorApplication | null>(null);
  const [rejecting, setRejecting] = useState<OperatorApplication | null>(null);
  const statuses: ApplicationFilter[] = ['audit', 'pass', 'reject', 'all'];
  return (
    <Stack>
      <SegmentedControl
        aria-label={t('operator.filter')}
        value={filter}
        onChange={(v) => setFilter(v)}
        data={statuses.map((s) => ({ value: s, label: t(`operator.status.${s}`) }))}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
      />
      {q.isLoading ? (
        <Loading />
      ) : q.error ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : !q.data?.length ? (
        <Text c="dimmed">{t('operator.empty')}</Text>
      ) : (
        q.data.map((a) => (
          <Card key={a.id} withBorder padding="md" data-testid="application">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600}>{a.shopName}</Text>
                  <Badge color={STATUS_COLOR[a.status]} variant="light">
                    {t(`operator.status.${a.status}`)}
                  </Badge>
                </Group>
                <Text size="sm">
                  {t('operator.applicant')}: {a.applicant.nickname} ({a.applicant.email})
                </Text>
                <Text size="sm">
                  {t('operator.contact')}: {a.contactName} · {t('operator.phone')}: {a.phone}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('operator.submitted')}: {date(a.createdAt)}
                  {a.reviewedAt ? ` · ${t('operator.reviewed')}: ${date(a.reviewedAt)}` : ''}
                </Text>
                {a.rejectReason && (
                  <Text size="sm" c="red.8">
                    {t('merchant.rejectReason', { reason: a.rejectReason })}
                  </Text>
                )}
              </Stack>
              {a.status === 'audit' && (
                <Group gap="xs">
                  <Button color="green" onClick={() => setPassing(a)}>
                    {t('operator.passAction')}
                  </Button>
                  <Button color="red" variant="light" onClick={() => setRejecting(a)}>
                    {t('operator.rejectAction')}
                  </Button>
                </Group>
              )}
            </Group>
          </Card>
        ))
      )}
      <Confirm
        opened={!!passing}
        onClose={() => setPassing(null)}
        loading={pass.isPending}
        color="green"
        title={t('operator.confirmPassTitle')}
        body={
          passing
            ? t('operator.confirmPass', {
                name: passing.applicant.nickname || passing.applicant.email,
                shop: passing.shopName,
              })
            : ''
        }
        onConfirm={() =>
          pass.mutate(passing!.id, {
            onSuccess: () => setPassing(null),
            onError: (e) => {
              setPassing(null);
              notifyError(t, e);
            },
          })
        }
      />
      <RejectModal app={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}

function Sellers() {
  const { t } = useTranslation();
  const q = useSellers();
  const move = useMoveSeller();
  const [pending, setPending] = useState<{ seller: OperatorSeller; event: SellerEvent } | null>(null);
  if (q.isLoading) return <Loading />;
  if (q.error) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  if (!q.data?.length) return <Text c="dimmed">{t('operator.noSellers')}</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('operator.sellers')}</Table.Th>
              <Table.Th>{t('operator.shops')}</Table.Th>
              <Table.Th>{t('operator.stateLabel')}</Table.Th>
              <Table.Th>{t('operator.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.map((s) => (
              <Table.Tr key={s.id} data-testid="seller-row">
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {s.nickname}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {s.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{s.shops.map((x) => x.name).join(', ')}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLOR[s.merchantState]} variant="light">
                    {t(`operator.state.${s.merchantState}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {s.events.map((e) => (
                      <Button
                        key={e}
                        size="compact-sm"
                        variant={e === 'RESTORE' ? 'light' : 'outline'}
                        color={e === 'RESTORE' ? 'green' : e === 'CLEAR' ? 'red' : 'orange'}
                        aria-label={`${t(`operator.event.${e}`)} ${s.nickname}`}
                        onClick={() => setPending({ seller: s, event: e })}
                      >
                        {t(`operator.event.${e}`)}
                      </Button>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Confirm
        opened={!!pending}
        onClose={() => setPending(null)}
        loading={move.isPending}
        color={pending?.event === 'RESTORE' ? 'green' : 'red'}
        title={pending ? t(`operator.event.${pending.event}`) : ''}
        body={pending ? t(`operator.confirmEvent.${pending.event}`, { name: pending.seller.nickname }) : ''}
        onConfirm={() =>
          move.mutate(
            { id: pending!.seller.id, event: pending!.event },
            {
              onSuccess: () => setPending(null),
              onError: (e) => {
                setPending(null);
                notifyError(t, e);
              },
            },
          )
        }
      />
    </>
  );
}

export function OperatorPage() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  if (session?.user?.role !== 'OPERATOR') {
    return (
      <Container size="sm" py="md">
        <Alert color="red" role="alert">
          {t('errors.Operator.notOperator')}
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="lg" py="md">
      <Title order={1} size="h2" mb="md">
        {t('operator.title')}
      </Title>
      <Tabs defaultValue="applications" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="applications">{t('operator.applications')}</Tabs.Tab>
          <Tabs.Tab value="sellers">{t('operator.sellers')}</Tabs.Tab>
          <Tabs.Tab value="risk">{t('operator.risk.tab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="applications">
          <Applications />
        </Tabs.Panel>
        <Tabs.Panel value="sellers">
          <Sellers />
        </Tabs.Panel>
        <Tabs.Panel value="risk">
          <HeldOrders />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
