/**
 * Klarna's panel with Klarna's own widget, when Klarna's script loads: the payment is started at
 * the shop (firstPay), the attempt's session is read with SPEC §7 /api/payments/v1/sessions
 * (client_token, Klarna's payment method category), the widget is loaded with it, and the
 * buyer's authorisation (Klarna.Payments.authorize) gives an authorization_token the shop turns
 * into the order (/api/payments/v1/authorizations) before the result page. While the script loads,
 * and for good when it cannot be loaded (SPEC §8 says so in this panel), the pay button sends the
 * buyer to Klarna's hosted payment page instead: Klarna is never unusable for want of its script.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PayLaterSession, PayResult } from '@mall/contracts';
import { api } from '../../shared/api';
import { ScriptError, ScriptLoading } from './ScriptState';
import { useKlarnaScript, type KlarnaPaymentsGlobal } from './klarnaPayments';

export function KlarnaPay(props: {
  open: boolean;
  /** The hosted page's pay button (a redirect). */
  payButton: () => ReactNode;
  /** Starts the payment at the shop: the contract id when the widget can go on, null when the buyer was sent elsewhere or asked first. */
  start: () => Promise<string | null>;
  onDone: (contractId: string) => void;
}) {
  const script = useKlarnaScript(props.open);
  const { t } = useTranslation();
  const [contractId, setContractId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  if (script.status === 'failed')
    return (
      <>
        {props.payButton()}
        <ScriptError />
      </>
    );
  if (script.status !== 'ready')
    return (
      <>
        {props.payButton()}
        {props.open && <ScriptLoading />}
      </>
    );
  if (contractId)
    return <Widget klarna={script.klarna} contractId={contractId} onDone={props.onDone} fallback={props.payButton} />;
  return (
    <Button
      mt="sm"
      loading={starting}
      data-testid="klarna-start"
      onClick={() => {
        setStarting(true);
        void props
          .start()
          .then(setContractId, () => undefined)
          .finally(() => setStarting(false));
      }}
    >
      {t('payment.payNow')}
    </Button>
  );
}

function Widget({
  klarna,
  contractId,
  onDone,
  fallback,
}: {
  klarna: KlarnaPaymentsGlobal;
  contractId: string;
  onDone: (contractId: string) => void;
  fallback: () => ReactNode;
}) {
  const { t } = useTranslation();
  const el = useRef<HTMLDivElement>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [paying, setPaying] = useState(false);
  useEffect(() => {
    let live = true;
    api<PayLaterSession>('/api/payments/v1/sessions', { body: { type: 'KLARNA', contractId } }).then(
      (s) => {
        const first = s.payment_method_categories[0]?.identifier;
        if (!live || !el.current || !first) {
          if (live) setFailed(true);
          return;
        }
        klarna.init({ client_token: s.client_token });
        klarna.load({ container: el.current, payment_method_category: first }, {}, (res) => {
          if (!live) return;
          if (res.show_form) setCategory(first);
          else setFailed(true);
        });
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [klarna, contractId]);
  const authorize = () => {
    if (!category) return;
    setPaying(true);
    klarna.authorize({ payment_method_category: category }, {}, (res) => {
      if (!res.approved || !res.authorization_token) {
        setPaying(false);
        return;
      }
      // Authorized or not, the result page asks the shop for the payment's state.
      const done = () => onDone(contractId);
      void api<PayResult>('/api/payments/v1/authorizations', {
        body: { contractId, authorization_token: res.authorization_token },
      }).then(done, done);
    });
  };
  if (failed)
    return (
      <>
        {fallback()}
        <ScriptError />
      </>
    );
  return (
    <Box mt="sm">
      <div ref={el} data-testid="klarna-widget" />
      {category && (
        <Button mt="sm" loading={paying} onClick={authorize} data-testid="klarna-authorize">
          {t('payment.payNow')}
        </Button>
      )}
    </Box>
  );
}
