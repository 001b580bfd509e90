/**
 * PayPal's own buttons in the payment section, when PayPal's script loads. The redirect button
 * (PayPal's approval page) stays until the buttons have drawn, and for good when the script cannot
 * be loaded: PayPal is never unusable for want of its script. The order the buttons approve is the
 * one the shop created (firstPay's clientSession.orderId); the shop captures it when the buyer
 * reaches the pay-result page.
 */
import { useState, type ReactNode } from 'react';
import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';

export interface PaypalButtonsProps {
  clientId: string;
  currency: string;
  /** The redirect button, shown until PayPal's buttons are there. */
  fallback: ReactNode;
  /** Starts the payment at the shop: PayPal's order id, or null when the buyer was sent elsewhere or asked first. */
  createOrder: () => Promise<string | null>;
  onApprove: () => void;
}

export default function PaypalButtons(props: PaypalButtonsProps) {
  return (
    <PayPalScriptProvider
      options={{ clientId: props.clientId, currency: props.currency, intent: 'capture', components: 'buttons' }}
    >
      <ButtonsOrRedirect {...props} />
    </PayPalScriptProvider>
  );
}

function ButtonsOrRedirect({ fallback, createOrder, onApprove }: PaypalButtonsProps) {
  const { t } = useTranslation();
  const [{ isPending, isResolved }] = usePayPalScriptReducer();
  const [drawn, setDrawn] = useState(false);
  return (
    <>
      {isResolved && (
        <Box mt="sm">
          <PayPalButtons
            style={{ layout: 'vertical' }}
            onInit={() => setDrawn(true)}
            createOrder={async () => {
              const orderId = await createOrder();
              // PayPal's window closes without an order: nothing was started.
              if (!orderId) throw new Error('no order');
              return orderId;
            }}
            onApprove={async () => onApprove()}
          />
        </Box>
      )}
      {!drawn && fallback}
      {isPending && (
        <Text size="xs" c="dimmed" mt={4} data-testid="script-loading">
          {t('payment.buttonsLoading')}
        </Text>
      )}
    </>
  );
}
