/**
 * ADYEN_PC's panel: Adyen's Drop-in mounted with the session firstPay started (session id and
 * data, the public client key). The Drop-in takes the card (with 3-D Secure) or the method chosen
 * and tells the page when it is done; the pay-result page reads the outcome (Adyen's
 * notification, or adyenDetails after a redirect). When Adyen's script cannot be loaded the panel
 * shows SPEC §8's loading error and the other channels stay usable.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScriptError, ScriptLoading } from './ScriptState';
import { useAdyenScript, type AdyenWebGlobal } from './adyenWeb';

export interface AdyenSession {
  contractId: string;
  sessionId: string;
  sessionData: string;
  clientKey: string;
  environment: string;
}

export function AdyenPay(props: {
  open: boolean;
  session: AdyenSession | undefined;
  payButton: () => ReactNode;
  onDone: (contractId: string, sessionResult?: string) => void;
}) {
  const script = useAdyenScript(props.open || !!props.session);
  if (script.status === 'failed') return <ScriptError />;
  if (script.status !== 'ready') return props.open || props.session ? <ScriptLoading /> : null;
  if (!props.session) return props.payButton();
  return <DropIn adyen={script.adyen} session={props.session} onDone={props.onDone} />;
}

function DropIn({
  adyen,
  session,
  onDone,
}: {
  adyen: AdyenWebGlobal;
  session: AdyenSession;
  onDone: (contractId: string, sessionResult?: string) => void;
}) {
  const { i18n } = useTranslation();
  const el = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    let dropin: { unmount: () => void } | null = null;
    let live = true;
    adyen
      .AdyenCheckout({
        environment: session.environment,
        clientKey: session.clientKey,
        locale: i18n.language,
        session: { id: session.sessionId, sessionData: session.sessionData },
        // The sessionResult lets the result page read Adyen's outcome at once, before the notification.
        onPaymentCompleted: (result) => done.current(session.contractId, result.sessionResult),
        onPaymentFailed: () => done.current(session.contractId),
        onError: () => {
          if (live) setFailed(true);
        },
      })
      .then(
        (checkout) => {
          if (!live || !el.current) return;
          const d = new adyen.Dropin(checkout, {});
          d.mount(el.current);
          dropin = d;
        },
        () => {
          if (live) setFailed(true);
        },
      );
    return () => {
      live = false;
      dropin?.unmount();
    };
  }, [adyen, session, i18n.language]);
  if (failed) return <ScriptError />;
  return <div ref={el} data-testid="adyen-dropin" />;
}
