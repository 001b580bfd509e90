/**
 * BRAINTREE's panel: Braintree's hosted fields (card number, expiry date, security code), each a
 * frame of Braintree's in the page, mounted with a client token from SPEC §7 authority for the
 * order's currency. Invalid fields are flagged ('Invalid card number', 'Invalid Expiry date');
 * paying starts the attempt at the shop (firstPay, behind the repeat-payment guard), tokenizes the
 * card into a nonce and hands it to the shop, which makes the sale; the result page follows. When
 * Braintree's script cannot be loaded the panel shows SPEC §8's loading error and the other
 * channels stay usable.
 */
import { useEffect, useRef, useState } from 'react';
import { Box, Button, Input, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { AuthorityResult, PayResult } from '@mall/contracts';
import { api } from '../../shared/api';
import { ScriptError, ScriptLoading } from './ScriptState';
import {
  invalidFields,
  useBraintreeScript,
  type BraintreeWebGlobal,
  type HostedFieldName,
  type HostedFieldsInstance,
} from './braintreeWeb';

const FIELDS: { name: HostedFieldName; label: string; error: string; placeholder: string }[] = [
  {
    name: 'number',
    label: 'payment.hostedFields.number',
    error: 'payment.hostedFields.invalidNumber',
    placeholder: '4111 1111 1111 1111',
  },
  {
    name: 'expirationDate',
    label: 'payment.hostedFields.expirationDate',
    error: 'payment.hostedFields.invalidExpiry',
    placeholder: 'MM/YY',
  },
  { name: 'cvv', label: 'payment.hostedFields.cvv', error: 'payment.hostedFields.invalidCvv', placeholder: '123' },
];

export function BraintreePay(props: {
  open: boolean;
  amount: { value: string; currency: string };
  /** The contract of an attempt already started for this panel (the Notice's "pay again"). */
  started?: string;
  /** Starts the payment at the shop: the contract id, or null when the buyer was asked first or sent elsewhere. */
  start: () => Promise<string | null>;
  onDone: (contractId: string) => void;
}) {
  const script = useBraintreeScript(props.open);
  if (script.status === 'failed') return <ScriptError />;
  if (script.status !== 'ready') return props.open ? <ScriptLoading /> : null;
  return (
    <HostedFields
      braintree={script.braintree}
      amount={props.amount}
      started={props.started}
      start={props.start}
      onDone={props.onDone}
    />
  );
}

function HostedFields({
  braintree,
  amount,
  started,
  start,
  onDone,
}: {
  braintree: BraintreeWebGlobal;
  amount: { value: string; currency: string };
  started?: string;
  start: () => Promise<string | null>;
  onDone: (contractId: string) => void;
}) {
  const { t } = useTranslation();
  const containers = useRef<Partial<Record<HostedFieldName, HTMLDivElement | null>>>({});
  const [fields, setFields] = useState<HostedFieldsInstance | null>(null);
  const [failed, setFailed] = useState(false);
  const [invalid, setInvalid] = useState<HostedFieldName[]>([]);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const left = useRef(new Set<HostedFieldName>());
  const queries = useQueryClient();
  /** The buyer pressed pay and was asked first (the Notice): its "pay again" starts the attempt, and the card pays it then. */
  const asked = useRef(false);

  useEffect(() => {
    let live = true;
    let instance: HostedFieldsInstance | null = null;
    // The client token is for the merchant account of the order's currency.
    api<AuthorityResult>('/sapi/mall-pay/payment/authority', {
      body: { channel: 'BRAINTREE', tradeAmt: { type: amount.currency, value: amount.value } },
    })
      .then(({ channelToken }) => {
        const c = containers.current;
        if (!live || !channelToken || !c.number || !c.expirationDate || !c.cvv) throw new Error('no client token');
        return braintree.hostedFields.create({
          authorization: channelToken,
          fields: Object.fromEntries(
            FIELDS.map((f) => [f.name, { container: c[f.name]!, placeholder: f.placeholder }]),
          ) as never,
          styles: { input: { 'font-size': '14px' }, '.invalid': { color: '#c92a2a' } },
        });
      })
      .then((hf) => {
        instance = hf;
        if (!live) {
          void hf.teardown();
          return;
        }
        hf.on('validityChange', (e) => setInvalid(invalidFields(e.fields, false, left.current)));
        hf.on('blur', (e) => {
          left.current.add(e.emittedBy);
          setInvalid(invalidFields(e.fields, false, left.current));
        });
        setFields(hf);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      void instance?.teardown().catch(() => undefined);
    };
  }, [braintree, amount.currency, amount.value]);

  const pay = async () => {
    if (!fields || paying) return;
    const wrong = invalidFields(fields.getState().fields, true);
    setInvalid(wrong);
    setError(null);
    if (wrong.length) return;
    setPaying(true);
    try {
      const contractId = started ?? (await start());
      if (!contractId) {
        asked.current = true;
        return;
      }
      const { nonce } = await fields.tokenize();
      // The shop makes the sale and answers the pay result: the result page shows it at once (not an
      // earlier attempt's result it may hold); without an answer it asks again.
      await api<PayResult>('/api/payments/braintree/nonce', { body: { contractId, paymentMethodNonce: nonce } }).then(
        (result) => queries.setQueryData(['pay-result', contractId], result),
        () => queries.removeQueries({ queryKey: ['pay-result', contractId] }),
      );
      onDone(contractId);
    } catch {
      setError(t('payment.hostedFields.failed'));
    } finally {
      setPaying(false);
    }
  };

  useEffect(() => {
    if (!started || !asked.current) return;
    asked.current = false;
    void pay();
  }, [started]); // eslint-disable-line react-hooks/exhaustive-deps

  if (failed) return <ScriptError />;
  return (
    <Stack gap="xs" mt="sm" data-testid="braintree-hosted-fields">
      {FIELDS.map((f) => (
        <Input.Wrapper
          key={f.name}
          label={t(f.label)}
          error={invalid.includes(f.name) ? t(f.error) : undefined}
          data-testid={`hosted-${f.name}`}
        >
          <Box
            ref={(el: HTMLDivElement | null) => {
              containers.current[f.name] = el;
            }}
            h={36}
            px="xs"
            style={{
              border: `1px solid var(--mantine-color-${invalid.includes(f.name) ? 'red-8' : 'gray-4'})`,
              borderRadius: 4,
            }}
          />
        </Input.Wrapper>
      ))}
      {!fields && <ScriptLoading />}
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Button
        mt="xs"
        w="fit-content"
        onClick={() => void pay()}
        loading={paying}
        disabled={!fields}
        data-testid="pay-BRAINTREE"
      >
        {t('payment.payNow')}
      </Button>
    </Stack>
  );
}
